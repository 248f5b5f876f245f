"""The 3rd-edition summary loader on the real seed, with its fact file."""

from __future__ import annotations

from rulesite.core.loaders.facts import Facts, load_facts
from rulesite.core.loaders.ti3_summary import load_ti3_summary, parse_ti3_summary
from rulesite.core.model import Edition, Topic
from tests.generator.golden_model import CONTENT, assert_matches_golden


def _pages() -> tuple[Topic, ...]:
    facts = load_facts(
        CONTENT / "ti3" / "action_phase.meta.yaml", "content/ti3/action_phase.meta.yaml"
    )
    return load_ti3_summary(
        CONTENT / "ti3" / "action_phase.txt", "content/ti3/action_phase.txt", facts
    )


def test_seed_summary_matches_golden_model() -> None:
    assert_matches_golden(_pages(), "ti3_action_phase.json")


def test_each_block_is_a_third_edition_page_and_the_tactical_action_is_split_out() -> None:
    pages = _pages()
    assert [page.slug for page in pages] == [
        "action_phase",
        "strategic_action",
        "tactical_action",
        "transfer_action",
        "space_battles",
        "pass",
        "invasion_combat",
    ]
    assert {page.edition for page in pages} == {Edition.THIRD}
    strategic, tactical = pages[1], pages[2]
    assert not any("tactical action" in line for line in strategic.intro)
    assert tactical.intro[0].startswith("The tactical action is the primary action")
    assert tactical.location.line == 5


def test_lines_with_inner_double_colons_are_not_blocks() -> None:
    tactical = _pages()[2]
    items = [item for section in tactical.sections for item in section.items]
    assert any(item.startswith("Friendly Landing :: land units") for item in items)


def test_counterparts_come_from_the_fact_file() -> None:
    counterparts = {page.slug: page.counterpart for page in _pages()}
    assert counterparts == {
        "action_phase": "action_phase",
        "strategic_action": "strategic_action",
        "tactical_action": "tactical_action",
        "transfer_action": None,
        "space_battles": "space_combat",
        "pass": "action_phase",
        "invasion_combat": "invasion",
    }


def test_without_facts_each_block_is_one_page_and_heading_text_opens_it() -> None:
    pages = parse_ti3_summary(
        ":: INTRO ::\n:: PASS :: may pass.\nMore.\n", "content/ti3/x.txt", Facts()
    )
    assert [(page.title, page.intro) for page in pages] == [
        ("X", ("INTRO",)),
        ("Pass", ("may pass.", "More.")),
    ]
