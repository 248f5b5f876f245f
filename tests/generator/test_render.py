"""Golden render tests: a topic (built here, independent of the loaders) → its exact page text.

Set ``UPDATE_GOLDEN=1`` to rewrite the files under ``golden_render/`` after a deliberate change,
then read the diff.
"""

from __future__ import annotations

import html
import os
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from rulesite.core.generate import generate
from rulesite.core.links import link_corpus
from rulesite.core.model import (
    ComparisonRow,
    Edition,
    FaqEntry,
    Location,
    Note,
    Origin,
    RelatedTopic,
    Rule,
    Section,
    Topic,
)
from rulesite.core.render.comparison import render_comparison
from rulesite.core.render.groups import sort_name
from rulesite.core.render.inline import inline_html
from rulesite.core.render.pages import grouped_nav, numbered_nav, render_site
from tests.generator.content_folder import CARDS, PROSE, write_content

GOLDEN = Path(__file__).parent / "golden_render"


def at(line: int, path: str = "content/rules/tactical_action.md") -> Location:
    return Location(path, line)


TACTICAL = Topic(
    slug="tactical_action",
    title="Tactical Action",
    origin=Origin.LRR_MARKDOWN,
    location=at(1),
    number=89,
    intro=("The tactical action is the *primary* method.",),
    rules=(
        Rule(
            "89.1",
            "<b>Step 1 – Activation</b>: activate a system.",
            at(8),
            (Rule("89.1.1", "Place a command token; see 3.1.", at(10)),),
        ),
        Rule("89.2", "<b>Step 2 – Movement</b>: move ships & land.", at(12)),
    ),
    notes=(Note(1, "Each step happens during every Tactical Action.", at(20)),),
    related=(
        RelatedTopic("Action Phase", "action_phase", at(30)),
        RelatedTopic("Space Combat", "space_combat", at(31)),
    ),
    sections=(
        Section(
            "Community Notes",
            ("A tip.",),
            at(40),
            (at(40),),
            (True,),
            community=True,
        ),
    ),
)
ACTION = Topic(
    slug="action_phase",
    title="Action Phase",
    origin=Origin.LRR_MARKDOWN,
    location=at(1, "content/rules/action_phase.md"),
    number=3,
    rules=(Rule("3.1", "A player may perform a Tactical Action (89.2).", at(9)),),
)
WIKI = "content/wiki/movement.txt"
MOVEMENT = Topic(
    slug="movement",
    title="Movement",
    origin=Origin.WIKI,
    location=at(1, WIKI),
    intro=("Ships move during a tactical action.",),
    sections=(
        Section(
            "Step 1: Move Ships",
            ("Rules:", "End in the active system.", "Never through enemy ships.", "Transport."),
            at(3, WIKI),
            (at(4, WIKI), at(5, WIKI), at(6, WIKI), at(7, WIKI)),
            (False, True, True, False),
        ),
        Section("Gallery", (), at(10, WIKI)),
    ),
    faq=(FaqEntry("Can fighters block ship movement?", "Yes (see 89.2).", at(12, WIKI)),),
)
TI3_PATH = "content/ti3/action_phase.txt"
TI3 = Topic(
    slug="tactical_action",
    title="Tactical Action",
    origin=Origin.TI3_SUMMARY,
    location=at(4, TI3_PATH),
    edition=Edition.THIRD,
    counterpart="tactical_action",
    sections=(
        Section(
            "Activation sequence",
            ("Activate a system - place a command counter.",),
            at(5, TI3_PATH),
            (at(6, TI3_PATH),),
        ),
    ),
)
TOPICS = (ACTION, TACTICAL, MOVEMENT, TI3)
ROWS = (
    ComparisonRow(
        "Activate a system",
        "Activate a system - place a command counter.",
        at(6, TI3_PATH),
        (TACTICAL.rules[0],),
        at(3, "content/ti3/tactical_action.comparison.yaml"),
    ),
    ComparisonRow("PROBE", "PROBE planets.", at(7, TI3_PATH), (), at(5, "x.yaml")),
)


def _walkthrough(slug: str) -> str:
    return '<div class="walkthrough" data-id="demo"></div>' if slug == "tactical-action" else ""


def rendered() -> dict[str, str]:
    corpus = link_corpus(TOPICS)
    return dict(render_site(corpus, _walkthrough, render_comparison(ROWS, corpus)).files)


PAGES = sorted(rendered())


@pytest.mark.parametrize("path", PAGES)
def test_page_text_matches_its_golden_file(path: str) -> None:
    golden = GOLDEN / path
    text = rendered()[path]
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")


def test_every_page_has_a_golden_file_and_no_golden_file_is_stale() -> None:
    on_disk = sorted(p.relative_to(GOLDEN).as_posix() for p in GOLDEN.rglob("*.md"))
    assert on_disk == PAGES


def test_each_rule_is_anchored_by_exactly_its_number_with_a_visible_permalink() -> None:
    page = rendered()["rules/tactical-action.md"]
    for number in ("89.1", "89.1.1", "89.2"):
        assert f'<li class="rule" id="{number}">' in page
        assert (
            f'<a class="rule-number" href="#{number}" title="Link to rule {number}">{number}</a>'
            in page
        )


def test_walkthrough_sits_after_the_rule_text_and_before_the_related_topics() -> None:
    # The rules, notes and community text come first: a reader should not scroll past a
    # walkthrough to reach them.
    page = rendered()["rules/tactical-action.md"]
    walkthrough = page.index('class="walkthrough"')
    assert page.index("## Notes") < walkthrough < page.index("## Related topics")
    assert "walkthrough" not in rendered()["ti3/tactical-action.md"]


def test_community_parts_are_marked_and_empty_sections_are_left_out() -> None:
    pages = rendered()
    assert pages["rules/tactical-action.md"].count('class="admonition note community"') == 1
    movement = pages["rules/movement.md"]
    assert movement.count('class="admonition note community"') == 1
    assert "Gallery" not in movement


def test_navigation_groups_editions_and_the_indexes() -> None:
    corpus = link_corpus(TOPICS)
    nav = render_site(corpus, _walkthrough, render_comparison(ROWS, corpus)).nav
    assert nav == [
        {"Home": "index.md"},
        {"4th edition": ["rules/action-phase.md", "rules/tactical-action.md"]},
        {"Community wiki": ["rules/movement.md"]},
        {"3rd edition": ["ti3/tactical-action.md", "ti3/compare-tactical-action.md"]},
        {"Rules by number": "rules-by-number.md"},
        {"Odds calculator": "odds.md"},
    ]


def test_inline_markdown_becomes_html_without_a_paragraph() -> None:
    assert inline_html("plain & simple") == "plain &amp; simple"
    assert inline_html("*em* and <b>bold</b>") == "<em>em</em> and <b>bold</b>"


@pytest.mark.parametrize(
    "text",
    [
        "plain words",
        "R&D and &amp; and &#8212;",
        '<b>Step 1 – Activation</b>: see <a class="rule-ref" href="#89.1">89.1</a>.',
        "*em* and `code` and [link](x)",
        "two\nlines",
        "1. looks like a list",
        "a > b",
    ],
)
def test_the_fast_path_gives_what_markdown_gives(text: str) -> None:
    expected = MarkdownIt("commonmark", {"html": True}).render(text).removesuffix("\n")
    if expected.startswith("<p>") and expected.endswith("</p>"):
        expected = expected[3:-4]
    # The same text in a browser: markdown-it writes "&#8212;" as the character itself.
    assert html.unescape(inline_html(text)) == html.unescape(expected)


def test_navigation_of_a_large_corpus_is_nested_ranges_of_at_most_50_entries() -> None:
    """5,000 topics: two ranges of 2,500, each of 50 ranges of 50 pages; every page once."""
    pages = [(n, f"rules/t{n}.md") for n in range(1, 5001)]
    nav = numbered_nav(pages)
    assert [next(iter(group)) for group in nav] == ["1–2500", "2501–5000"]
    second = nav[1]["2501–5000"]
    assert len(second) == 50 and next(iter(second[0])) == "2501–2550"
    assert second[0]["2501–2550"][:2] == ["rules/t2501.md", "rules/t2502.md"]

    def leaves(entries: list) -> list[str]:
        return [x for e in entries for x in (leaves(*e.values()) if isinstance(e, dict) else [e])]

    assert leaves(nav) == [path for _, path in pages]
    assert numbered_nav(pages[:50]) == [path for _, path in pages[:50]]


def test_a_title_with_a_blank_line_is_one_heading(tmp_path: Path) -> None:
    """A title with a blank line split its ``<h1>`` (the rest became text)."""
    content = write_content(
        tmp_path,
        {
            "rules/seven.yaml": CARDS,
            "rules/seven.meta.yaml": 'number: 7\ntitle: "Seven\\n\\nSplit # {: x}"\n',
            "rules/eight.md": PROSE.replace("7.", "8.").replace(
                "title: Seven", "title: |\n  Eight\n\n  Split"
            ),
            "rules/eight.meta.yaml": "number: 8\n",
        },
    )
    texts = generate(content).texts
    assert "\n# 7 Seven Split # \\{: x\\}\n" in texts["rules/seven.md"]
    assert 'title: "7 Seven Split # {: x}"' in texts["rules/seven.md"]
    assert "\n# 8 Eight Split\n" in texts["rules/eight.md"]


def test_a_last_navigation_range_of_one_page_is_that_page_not_a_group() -> None:
    pages = [(str(n), f"rules/{n}.md") for n in range(1, 102)]
    nav = grouped_nav(pages)
    assert [next(iter(entry)) for entry in nav[:2]] == ["1–50", "51–100"]
    assert nav[2] == "rules/101.md"
    assert not any(isinstance(e, dict) and "101–101" in e for e in nav)


def test_faction_names_sort_without_their_leading_the() -> None:
    titles = ["The L1Z1X Mindnet", "Sardakk N'orr", "The Arborec", "Mahact Gene-Sorcerers"]
    assert sorted(titles, key=sort_name) == [
        "The Arborec",
        "The L1Z1X Mindnet",
        "Mahact Gene-Sorcerers",
        "Sardakk N'orr",
    ]
