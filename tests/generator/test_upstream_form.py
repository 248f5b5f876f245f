"""The community transcription's form, as found (tests/generator/upstream_form.py):
every shape it uses loads, is numbered, linked and rendered, at both versions of its links."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.upstream_corpus import write_upstream_corpus
from rulesite.core.corpus import Corpus
from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
from rulesite.core.links import LinkedCorpus, LinkedTopic, link_corpus
from rulesite.core.loaders.markdown import parse_markdown
from rulesite.core.loaders.markdown_blocks import canonical_target
from rulesite.core.loaders.notes_pages import parse_notes_page
from rulesite.core.model import Origin, Rule, iter_rules
from rulesite.core.search_index import number_files, rule_documents
from tests.generator.upstream_form import (
    LIZIX,
    SPACE_CANNON,
    SPACE_COMBAT,
    UNITS,
    UpstreamSite,
    write_upstream_form,
)

VERSIONS = ("relative", "absolute")


def linked(corpus: LinkedCorpus, slug: str) -> LinkedTopic:
    return next(t for t in corpus.topics if t.topic.slug == slug)


def page(site: UpstreamSite, path: str, version: str = "relative") -> str:
    return site(version).texts[path]


def numbers(corpus: LinkedCorpus, slug: str) -> list[str | None]:
    return [rule.number for rule in iter_rules(linked(corpus, slug).topic.rules)]


@pytest.mark.parametrize("version", VERSIONS)
def test_both_versions_of_the_links_build_every_page_without_a_warning(
    version: str, upstream_site: UpstreamSite
) -> None:
    built = upstream_site(version)
    assert built.report.warnings == ()
    assert {
        "rules/space-cannon.md",
        "rules/space-combat.md",
        "rules/synergy.md",
        "rules/tactical-action.md",
        "components/units.md",
        "factions/lizix.md",
        "coverage.md",
    } <= set(built.texts)


@pytest.mark.parametrize(
    ("target", "canonical"),
    [
        ("r_space_combat", "/rules/r_space_combat"),
        ("/rules/r_space_combat", "/rules/r_space_combat"),
        ("R_purge", "/rules/r_purge"),
        ("../components/c_units", "/components/c_units"),
        ("/factions/f_lizix", "/factions/f_lizix"),
        ("C_units", "/components/c_units"),
        ("https://example.org/r_x", None),
    ],
)
def test_every_spelling_of_a_link_to_the_reference_is_one_link(
    target: str, canonical: str | None
) -> None:
    assert canonical_target(target) == canonical


def test_related_topics_relative_r_prefixed_and_html_links_all_resolve_or_are_gaps(
    upstream_linked: LinkedCorpus,
) -> None:
    related = linked(upstream_linked, "space_cannon").related
    assert [(link.title, link.href) for link in related] == [
        ("Space Combat", "../space-combat/"),
        ("70 Purge", None),  # known to the index, not held: a declared gap
        ("63 PDS", None),
    ]


def test_77_2_a_sub_heading_in_the_number_the_list_skips_is_that_rule(
    upstream_linked: LinkedCorpus,
) -> None:
    rules = {r.number: r for r in iter_rules(linked(upstream_linked, "space_cannon").topic.rules)}
    assert list(rules) == ["77.1", "77.2", "77.3", "77.3.1", "77.3.2", "77.4"]
    assert rules["77.2"].text.startswith("<b>Space Cannon Offense</b><br>Words that belong")
    assert rules["77.2"].location.line == 14


def test_78_3_a_paragraph_between_items_leads_the_next_rule_and_numbering_continues(
    upstream_linked: LinkedCorpus,
) -> None:
    rules = {r.number: r for r in iter_rules(linked(upstream_linked, "space_combat").topic.rules)}
    assert rules["78.3"].lead == ("Words before the steps:",)
    assert rules["78.3"].text.startswith("<b>Step 1 – First Step</b>")
    assert "78.7.2" in rules


def test_78_7_b_the_letter_form_lands_on_78_7_2(upstream_site: UpstreamSite) -> None:
    text = page(upstream_site, "rules/space-combat.md")
    assert 'id="78.7.2"' in text
    assert '<small class="rule-alias" id="78.7b">(78.7b)</small>' in text
    index = json.loads(upstream_site().texts["assets/rules-index.json"])
    assert index["78.7b"]["url"] == "rules/space-combat/#78.7b"
    assert index["78.7b"]["label"] == "78.7.2"
    anchors = upstream_site().anchors
    numbers_78 = json.loads(number_files(anchors)["search/numbers/78.json"])
    assert numbers_78["78.7b"][1].startswith("78.7.2 ")
    documents = {d["title"]: d for d in rule_documents(anchors)}
    assert documents["78.7.2"]["text"].endswith(" (78.7b)")


def test_nested_lists_at_one_four_and_five_spaces_are_sublists(
    upstream_linked: LinkedCorpus,
) -> None:
    assert linked(upstream_linked, "space_cannon").topic.notes[0].subnotes == ("A subnote of it.",)
    units = linked(upstream_linked, "c_units").topic
    assert (
        units.sections[0].items[0] == "A note on war suns.<ol><li>A subnote on war suns.</li></ol>"
    )
    lizix = linked(upstream_linked, "f_lizix").topic
    assert "<li>A subnote indented by five spaces.</li>" in lizix.sections[0].items[0]


def test_a_stray_closing_tag_in_a_heading_is_dropped_from_the_section_title(
    upstream_linked: LinkedCorpus,
) -> None:
    titles = [s.title for s in linked(upstream_linked, "f_lizix").topic.sections]
    assert titles == ["Harrow (Ability)", "Super Dreadnought (Unit)"]


def test_r_prefixed_prose_pairs_with_its_cards_and_the_cards_numbers_win(
    upstream_linked: LinkedCorpus,
) -> None:
    tactical = linked(upstream_linked, "tactical_action").topic
    assert tactical.number == 89
    assert {s.path for s in tactical.sources} >= {
        "content/rules/R_tactical_action.md",
        "content/rules/tactical_action.yaml",
    }


def test_the_topic_index_numbers_prose_by_its_title_with_its_qualifier(
    upstream_linked: LinkedCorpus,
) -> None:
    assert linked(upstream_linked, "space_cannon").topic.number == 77
    assert linked(upstream_linked, "space_cannon").page.title == "77 Space Cannon (Unit Ability)"


def test_a_topic_the_index_does_not_know_builds_unnumbered_with_a_notice_naming_it(
    upstream_site: UpstreamSite, upstream_linked: LinkedCorpus
) -> None:
    assert numbers(upstream_linked, "synergy") == [None]
    notices = [str(n) for n in upstream_site().report.notices]
    assert notices == [
        "content/rules/R_synergy.md:1: topic 'Synergy' is not in the topic index: its rules "
        "are left unnumbered (give its number in synergy.meta.yaml as 'number: N')"
    ]


def test_notes_pages_link_both_ways_with_rule_topics(upstream_site: UpstreamSite) -> None:
    bombardment = page(upstream_site, "rules/bombardment.md")
    assert 'href="../../factions/lizix/">L1Z1X faction notes page</a>' in bombardment
    combat = page(upstream_site, "rules/space-combat.md")
    assert 'href="../../factions/lizix/">faction notes page</a>' in combat
    assert 'href="../../components/units/">unit notes</a>' in combat
    lizix = page(upstream_site, "factions/lizix.md")
    assert 'href="../../rules/space-cannon/">Space Cannon</a>' in lizix  # a note names a topic
    assert "## Referenced by" in lizix and "../../rules/space-combat/" in lizix
    units = page(upstream_site, "components/units.md")
    assert 'href="../../rules/space-cannon/">space cannon page</a>' in units


def test_notes_are_numbered_and_anchored_and_pages_have_their_own_navigation_sections(
    upstream_site: UpstreamSite, upstream_linked: LinkedCorpus
) -> None:
    units = page(upstream_site, "components/units.md")
    assert '<li id="c-units-war-sun-1"><a class="note-number" href="#c-units-war-sun-1"' in units
    assert "search:" not in units.split("---")[1]  # Material's search indexes the page
    nav = {key: value for entry in upstream_site().nav for key, value in entry.items()}
    assert nav["Component notes"] == ["components/units.md"]
    assert nav["Faction notes"] == [
        "factions/arborec.md",
        "factions/firmament.md",
        "factions/lizix.md",
    ]
    assert nav["Topics without a number"] == ["rules/synergy.md"]
    assert nav["Coverage"] == "coverage.md"
    assert linked(upstream_linked, "c_units").page.title == "Units (component notes)"
    assert linked(upstream_linked, "f_lizix").page.title == "The L1Z1X Mindnet (faction notes)"


def test_a_gap_is_named_with_its_number_and_not_linked(upstream_site: UpstreamSite) -> None:
    text = page(upstream_site, "rules/space-cannon.md")
    assert '<span class="missing-topic" title="not in this reference yet">70 Purge</span>' in text
    assert 'href="/rules/r_purge"' not in text


def test_missing_topic_url_links_a_gap_to_its_full_text_elsewhere(
    upstream_site: UpstreamSite,
) -> None:
    text = upstream_site("relative", "https://example.org/{slug}").texts["rules/space-cannon.md"]
    assert '<a href="https://example.org/purge">70 Purge</a>' in text


def test_strict_links_refuse_only_a_link_to_nothing_naming_its_file_and_line(
    tmp_path: Path,
) -> None:
    content = write_upstream_form(tmp_path / "content")
    generate(content, strict_links=True)  # gaps alone: no error
    typo = SPACE_COMBAT.replace("[Tactical Action](r_tactical_action)", "[Tech](r_techonolgy)")
    (content / "rules/R_space_combat.md").write_text(typo, encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        generate(content, strict_links=True)
    assert [str(d) for d in raised.value.diagnostics] == [
        "content/rules/R_space_combat.md:33: link to 'Tech' (techonolgy): "
        "no such topic here or in the topic index"
    ]
    plain = generate(content)  # without strict: a warning with its place
    assert [str(w) for w in plain.report.warnings] == [str(raised.value.diagnostics[0])]


def test_the_transcriptions_page_is_read_over_a_seed_page_of_the_same_topic(
    tmp_path: Path,
) -> None:
    """The whole transcription dropped over content/ that holds the seed pages builds: its
    ``R_x.md`` is read, the ``x.md`` beside it is set aside, and the summary says so."""
    content = write_upstream_form(tmp_path / "content")
    (content / "rules/space_combat.md").write_text(
        SPACE_COMBAT.replace("Space Combat", "Seed Space Combat", 1), encoding="utf-8"
    )
    site = generate(content)
    notices = [str(n) for n in site.report.notices if "space_combat.md" in str(n)]
    assert len(notices) == 1, notices
    assert notices[0].startswith(
        "content/rules/space_combat.md:1: set aside: R_space_combat.md, the transcription's page"
    )
    assert not site.report.warnings
    page = next(text for path, text in site.texts.items() if "space-combat" in path)
    assert "Seed Space Combat" not in page


@pytest.mark.parametrize(
    ("words", "linked_title"),
    [
        ("The Move Ships step", None),  # "Ships" inside a longer name
        ("The Establish Control step", None),
        ("Units are words here.", None),  # a one-word title starting a sentence
        ("the Space Cannon ability", "Space Cannon"),  # a qualified title's name in prose
        ("the Tactical Action", "Tactical Action"),
        ("the Bombardment ability", "Bombardment"),  # a qualified one-word name, alone
        ("Bombardment is a word here.", None),  # ... but not starting a sentence
    ],
)
def test_the_linker_does_not_link_common_words(
    words: str, linked_title: str | None, upstream_corpus: Corpus
) -> None:
    synergy = next(t for t in upstream_corpus.topics if t.slug == "synergy")
    said = replace(synergy, rules=(Rule(None, words, synergy.location),))
    topics = tuple(said if t is synergy else t for t in upstream_corpus.topics)
    (rule,) = next(t for t in link_corpus(topics).topics if t.topic.slug == "synergy").topic.rules
    titles = [part.split(">", 1)[1].split("<", 1)[0] for part in rule.text.split("<a ")[1:]]
    assert titles == ([linked_title] if linked_title else [])


def test_the_coverage_page_lists_topics_held_and_gaps(upstream_site: UpstreamSite) -> None:
    text = page(upstream_site, "coverage.md")
    assert "holds 7 of the 101 topics" in text
    assert '77 <a href="../rules/space-cannon/">Space Cannon (Unit Ability)</a>' in text
    # Each row counts what the topic holds: 77.1–77.4, 77.3.1 and 77.3.2; 13 its notes alone.
    assert "Space Cannon (Unit Ability)</a> <small>(6 rules, 2 notes)</small>" in text
    assert "Attacker</a> <small>(0 rules, 2 notes)</small>" in text
    assert "with 42 numbered rules and 17 notes: not all of its rules yet" in text
    assert (
        "https://www.fantasyflightgames.com/en/products/twilight-imperium-fourth-edition/" in text
    )
    assert "70 Purge <small>(not in this reference yet)</small>" in text
    assert '<a href="../rules/synergy/">Synergy</a>' in text


@pytest.mark.parametrize("absolute", [False, True])
def test_the_benchmarks_150_page_corpus_builds_strictly_with_every_page(
    tmp_path: Path, absolute: bool
) -> None:
    built = generate(write_upstream_corpus(tmp_path / "content", absolute), strict_links=True)
    assert built.report.topics == 150
    assert built.report.warnings == ()
    assert len(built.report.notices) == 9  # the expansion's topics the index lacks
    by_number = built.texts["rules-by-number.md"]
    assert by_number.count("\n## ") == 101  # every numbered topic
    numbers = json.loads(built.texts["assets/rules-index.json"])
    assert {"1.4", "101.12", "50.8.3", "50.8c"} <= set(numbers)


def test_40_1_a_list_that_starts_over_after_an_enumeration_in_the_intro_numbers_the_rules() -> None:
    text = (
        "---\ntitle: Game Round\n---\n\n## Rules Reference\n\nFour phases:\n"
        "1. Strategy Phase\n2. Action Phase\n3. Status Phase\n4. Agenda Phase\n \n\n\n \n"
        "1. First words.\n2. Second words.\n\n## Notes\n\n## Related Topics\n"
    )
    topic = parse_markdown(text, "content/rules/R_game_round.md")
    assert [rule.local for rule in topic.rules] == ["1", "2"]
    assert topic.rules[0].text == "First words."
    assert topic.intro == (
        "Four phases:",
        "<ol><li>Strategy Phase</li><li>Action Phase</li><li>Status Phase</li>"
        "<li>Agenda Phase</li></ol>",
    )


def test_a_list_written_one_one_one_is_numbered_by_position() -> None:
    topic = parse_markdown("---\ntitle: T\n---\n## Rules Reference\n1. A.\n1. B.\n", "t.md")
    assert [rule.local for rule in topic.rules] == ["1", "2"]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from([SPACE_CANNON, SPACE_COMBAT, UNITS, LIZIX]),
    st.integers(min_value=0, max_value=2000),
    st.text(alphabet=st.sampled_from(list("#-*1. \n<>/[]()`_abR0")), max_size=40),
)
def test_a_damaged_page_is_read_or_refused_with_its_file_and_line(
    page_text: str, at: int, inserted: str
) -> None:
    text = page_text[:at] + inserted + page_text[at:]
    for parse in (
        lambda: parse_markdown(text, "content/rules/R_x.md"),
        lambda: parse_notes_page(text, "content/factions/F_x.md", origin=Origin.FACTION_NOTES),
    ):
        try:
            parse()
        except SourceError as error:
            assert all(d.location.line >= 1 for d in error.diagnostics)
