"""The topic index's numbering facts: where the LRR numbers a topic other than from 1, the
build numbers the prose as the LRR does and says where the prose's own list disagrees.

The fixture is written in the transcription's form with this project's own words: only the
layout of Movement's lists (a sub-heading, then items numbered from 2) follows the source.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.core.corpus import load_content
from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
from rulesite.core.loaders.topic_index import DEFAULT_LABEL, load_default_index, parse_topic_index
from rulesite.core.merge import plain_text
from rulesite.core.model import iter_rules

REPO = Path(__file__).resolve().parents[2]

# Topic 58 as the transcription lays it out: a sub-heading, then a list numbered from 2.
MOVEMENT = """\
---
title: Movement
---

## Rules Reference

Opening words about moving.

### First Heading
2. Words of the move value rule.

Words before the steps:

3. <b>Step 1 – Go</b>: Words of the first step.

    1. First words under the step.
    2. Second words under the step.

4. Words of the capacity rule.
5. Words of the declaring rule.
6. <b>Step 2 – Shoot</b>: Words of the second step.

### Second Heading
8. Words of the ability rule.

## Notes

1. A note.

## Related Topics

 - [Tactical Action](r_tactical_action)
"""

# A topic whose list skips a number the LRR does not skip.
ABILITIES = """\
---
title: Abilities
---

## Rules Reference

1. Words one.
2. Words two.
4. Words four.

## Notes

## Related Topics

"""


def _content(tmp_path: Path, *, index: bool = True, **pages: str) -> Path:
    content = tmp_path / "content"
    (content / "rules").mkdir(parents=True)
    for slug, text in pages.items():
        (content / "rules" / f"R_{slug}.md").write_text(text, encoding="utf-8")
    if index:
        topics = (REPO / "content/topics.yaml").read_text(encoding="utf-8")
        (content / "topics.yaml").write_text(topics, encoding="utf-8")
    return content


def _rules(content: Path, slug: str) -> dict[str, str]:
    topic = next(t for t in load_content(content).topics if t.slug == slug)
    return {r.number or "": plain_text(r.text) for r in iter_rules(topic.rules)}


def test_58_2_movement_starts_at_58_2_with_its_heading_and_ends_at_58_9(tmp_path: Path) -> None:
    rules = _rules(_content(tmp_path, movement=MOVEMENT), "movement")
    assert rules["58.2"] == "First Heading"
    assert rules["58.3"] == "Words of the move value rule."
    assert rules["58.4"].startswith("Step 1 – Go")
    assert rules["58.4.1"] == "First words under the step."
    assert rules["58.7"].startswith("Step 2 – Shoot")
    assert rules["58.8"] == "Second Heading"
    assert rules["58.9"] == "Words of the ability rule."
    assert "58.1" not in rules and "58.3.1" not in rules


@pytest.mark.parametrize("with_index", [True, False])
def test_58_2_a_list_contradicting_the_index_is_warned_of_with_its_file_and_line(
    tmp_path: Path, with_index: bool
) -> None:
    corpus = load_content(_content(tmp_path, index=with_index, movement=MOVEMENT))
    assert [str(w) for w in corpus.warnings] == [
        "content/rules/R_movement.md:9: the list numbers this first rule of 'Movement' 58.1; "
        "the topic index says the LRR's starts at 58.2: every rule of the topic is numbered "
        "+1 to match the LRR"
    ]


def test_a_number_the_list_skips_is_warned_of_at_the_rule_after_the_gap(tmp_path: Path) -> None:
    corpus = load_content(_content(tmp_path, abilities=ABILITIES))
    assert [str(w) for w in corpus.warnings] == [
        "content/rules/R_abilities.md:9: the list numbers this rule 1.4 after 1.2: "
        "the LRR numbers a topic's rules one after another"
    ]


def test_a_folder_without_topics_yaml_is_numbered_by_the_shipped_index_said_once(
    tmp_path: Path,
) -> None:
    site = generate(_content(tmp_path, index=False, movement=MOVEMENT, abilities=ABILITIES))
    assert site.report.notices == ()
    lines = site.report.lines()
    assert lines.count(f"topic index: {DEFAULT_LABEL}") == 1
    assert "LRR topics held: 2 of 101" in lines
    numbers = {a.id for a in site.anchors}
    assert {"58.9", "1.2"} <= numbers


def test_the_shipped_index_holds_the_seed_index_facts() -> None:
    seed = parse_topic_index(
        (REPO / "content/topics.yaml").read_text(encoding="utf-8"), "content/topics.yaml"
    )
    shipped = load_default_index()
    facts = [(t.number, t.name, t.slug, t.start) for t in shipped.topics]
    assert facts == [(t.number, t.name, t.slug, t.start) for t in seed.topics]
    assert len(facts) == 101 and shipped.version == "LRR 2.0"
    assert shipped.by_slug("movement") is not None
    assert shipped.by_slug("movement").first == 2  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "entry",
    [
        "{number: 58, name: Movement, slug: movement, first: 0}",
        "{number: 58, name: M, slug: m, last: 2}",
    ],
)
def test_a_bad_numbering_fact_is_refused_with_its_line(entry: str) -> None:
    with pytest.raises(SourceError) as error:
        parse_topic_index(f"topics:\n- {entry}\n", "content/topics.yaml")
    assert str(error.value.diagnostics[0]).startswith("content/topics.yaml:2: a topic")


def test_58_2_a_folders_older_index_without_the_fact_takes_the_shipped_indexs(
    tmp_path: Path,
) -> None:
    content = _content(tmp_path, movement=MOVEMENT)
    index = content / "topics.yaml"
    index.write_text(
        index.read_text(encoding="utf-8").replace(", first: 2}", "}"), encoding="utf-8"
    )
    assert ", first: 2" not in index.read_text(encoding="utf-8")
    assert _rules(content, "movement")["58.9"] == "Words of the ability rule."


def test_a_folders_own_index_numbering_a_topic_otherwise_keeps_its_own(tmp_path: Path) -> None:
    content = _content(tmp_path, movement=MOVEMENT.replace("### First Heading\n2.", "1."))
    index = content / "topics.yaml"
    index.write_text(
        index.read_text(encoding="utf-8").replace(", first: 2}", ", first: 1}"), encoding="utf-8"
    )
    rules = _rules(content, "movement")
    assert rules["58.1"] == "Words of the move value rule."


@pytest.mark.parametrize(
    ("written", "read_as"),
    [("010", "8"), ("0x10", "16"), ("1_0", "10"), ("1:10", "70"), ("0b1", "1")],
)
def test_a_numbering_fact_yaml_1_1_would_misread_is_refused_at_its_line(
    written: str, read_as: str
) -> None:
    """``numbers: {1: 010}`` made rule 17.8 (octal), ``0x10`` 17.16, ``1_0`` 17.10."""
    text = f"topics:\n- {{number: 17, name: Capture, slug: capture, numbers: {{1: {written}}}}}\n"
    with pytest.raises(SourceError) as error:
        parse_topic_index(text, "content/topics.yaml")
    [problem] = [str(d) for d in error.value.diagnostics]
    assert problem.startswith(f"content/topics.yaml:2: invalid YAML: '{written}' would be read")
    assert f"as {read_as} (YAML 1.1)" in problem


def test_a_topic_number_written_in_octal_is_refused_at_its_line(tmp_path: Path) -> None:
    """``number: 017`` in a ``.meta.yaml`` made topic 15."""
    content = _content(tmp_path, movement=MOVEMENT)
    (content / "rules" / "movement.meta.yaml").write_text("# facts\nnumber: 017\n")
    with pytest.raises(SourceError) as error:
        load_content(content)
    assert [str(d).split(" would")[0] for d in error.value.diagnostics] == [
        "content/rules/movement.meta.yaml:2: invalid YAML: '017'"
    ]


def test_a_number_quoted_is_the_text_it_says() -> None:
    text = "topics:\n- {number: 17, name: Capture, slug: capture, numbers: {3.1: '4'}}\n"
    assert parse_topic_index(text, "t.yaml").by_slug("capture").numbers  # type: ignore[union-attr]


def test_58_the_opening_words_before_a_first_sub_heading_are_the_topics_definition(
    tmp_path: Path,
) -> None:
    topic = next(
        t
        for t in load_content(_content(tmp_path, movement=MOVEMENT)).topics
        if t.slug == "movement"
    )
    assert topic.definition == ("Opening words about moving.",)
    first = topic.rules[0]
    assert first.number == "58.2" and first.lead == ()  # no longer read as the rule's lead


@pytest.mark.parametrize(
    "entry",
    [
        "{number: 8, name: A, slug: a, roman: 2}",
        "{number: 8, name: A, slug: a, roman: []}",
        "{number: 8, name: A, slug: a, roman: [0]}",
        "{number: 8, name: A, slug: a, roman: [true]}",
    ],
)
def test_8_2_a_bad_roman_fact_is_refused_with_its_line(entry: str) -> None:
    with pytest.raises(SourceError) as error:
        parse_topic_index(f"topics:\n- {entry}\n", "content/topics.yaml")
    assert str(error.value.diagnostics[0]).startswith("content/topics.yaml:2: a topic's roman")


def test_8_2_and_66_2_the_shipped_index_says_their_steps_are_roman() -> None:
    shipped = load_default_index()
    assert [(t.number, t.roman) for t in shipped.topics if t.roman] == [(8, ("2",)), (66, ("2",))]


def test_8_2_a_folders_older_index_takes_the_shipped_roman_fact(tmp_path: Path) -> None:
    agenda = (
        "---\ntitle: Agenda Phase\n---\n\n## Rules Reference\n\n1. One.\n2. Two:\n\n"
        "    1. First step.\n    2. Second step.\n\n## Notes\n\n## Related Topics\n"
    )
    content = _content(tmp_path, agenda_phase=agenda)
    index = content / "topics.yaml"
    index.write_text(
        index.read_text(encoding="utf-8").replace(", roman: [2]}", "}"), encoding="utf-8"
    )
    anchors = {a.id for a in generate(content).anchors}
    assert {"8.2.1", "8.2.2"} <= anchors and not {"8.2a", "8.2b"} & anchors
