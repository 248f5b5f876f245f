"""The topic index's ``numbers:`` fact: where the prose nests rules other than the LRR, each
mapped rule takes the LRR's number and the topic's rules are nested again by them.

The fixture is written in the transcription's form with this project's own words: only the
layout of Capture's list (an item 3 with three items under it, then items 4 to 6) follows
the source, whose item 3.1 the LRR 2.0 numbers 17.4 (LRR/lrr.txt, topic 17).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.core.corpus import load_content
from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
from rulesite.core.loaders.facts import Facts
from rulesite.core.loaders.markdown import parse_markdown
from rulesite.core.loaders.topic_index import load_default_index, parse_topic_index
from rulesite.core.merge import merge_lrr, plain_text
from rulesite.core.model import Rule

REPO = Path(__file__).resolve().parents[2]

CAPTURE = """\
---
title: Capture
---

## Rules Reference

Opening words about taking.

1. Words of the taking rule.
2. Words of the giving-back rule:

    1. First way back.
    2. Second way back.
    3. Third way back.

3. Words of the small-pieces rule.

    1. Words the LRR gives a number of its own.
    2. First words under it.
    3. Second words under it.

4. Third words under it, as a rule of the list.
5. Words of the fifth rule.
6. Words of the sixth rule.

## Notes

1. A note.

## Related Topics

 - [Blockaded](r_blockaded)
"""

FACT = ", numbers: {3.1: 4, 3.2: 4a, 3.3: 4b, 4: 4c}}"


def _content(tmp_path: Path, fact: str | None = FACT, capture: str = CAPTURE) -> Path:
    """A content folder with Capture and the seed index, its Capture fact ``fact`` (none:
    the index lists Capture without one)."""
    content = tmp_path / "content"
    (content / "rules").mkdir(parents=True)
    (content / "rules" / "R_capture.md").write_text(capture, encoding="utf-8")
    topics = (REPO / "content/topics.yaml").read_text(encoding="utf-8")
    assert FACT in topics
    (content / "topics.yaml").write_text(topics.replace(FACT, fact or "}"), encoding="utf-8")
    return content


def _tree(rules: tuple[Rule, ...]) -> list[tuple[str, str, list[object]]]:
    return [(r.number or "", plain_text(r.text), _tree(r.subrules)) for r in rules]


def _capture(content: Path) -> list[tuple[str, str, list[object]]]:
    corpus = load_content(content)
    return _tree(next(t for t in corpus.topics if t.slug == "capture").rules)


def test_17_4_the_rule_the_list_nests_as_3_1_is_17_4_with_17_4a_to_c_under_it(
    tmp_path: Path,
) -> None:
    rules = _capture(_content(tmp_path))
    assert [(number, words) for number, words, _ in rules] == [
        ("17.1", "Words of the taking rule."),
        ("17.2", "Words of the giving-back rule:"),
        ("17.3", "Words of the small-pieces rule."),
        ("17.4", "Words the LRR gives a number of its own."),
        ("17.5", "Words of the fifth rule."),
        ("17.6", "Words of the sixth rule."),
    ]
    assert rules[2][2] == []
    assert rules[3][2] == [
        ("17.4.1", "First words under it.", []),
        ("17.4.2", "Second words under it.", []),
        ("17.4.3", "Third words under it, as a rule of the list.", []),
    ]
    assert [number for number, _, _ in rules[1][2]] == ["17.2.1", "17.2.2", "17.2.3"]


def test_17_4_without_the_fact_the_list_numbers_it_17_3_1(tmp_path: Path) -> None:
    """The fact is what renumbers: an index without it (and no shipped index behind it)
    leaves the list's own nesting."""
    content = _content(tmp_path, fact="}")
    index = parse_topic_index((content / "topics.yaml").read_text(encoding="utf-8"), "t")
    assert index.by_slug("capture").numbers == ()  # type: ignore[union-attr]
    merged = merge_lrr(parse_markdown(CAPTURE, "R_capture.md"), None, Facts(), index)
    rules = _tree(merged.topic.rules)
    assert rules[2][2][0] == ("17.3.1", "Words the LRR gives a number of its own.", [])
    assert rules[3][:2] == ("17.4", "Third words under it, as a rule of the list.")


def test_17_4_a_folders_older_index_without_the_fact_takes_the_shipped_indexs(
    tmp_path: Path,
) -> None:
    rules = _capture(_content(tmp_path, fact="}"))
    assert rules[3][:2] == ("17.4", "Words the LRR gives a number of its own.")


def test_17_4_the_short_links_and_letter_forms_follow_the_new_numbers(tmp_path: Path) -> None:
    anchors = {a.id: a for a in generate(_content(tmp_path)).anchors}
    assert plain_text(anchors["17.4"].text) == "Words the LRR gives a number of its own."
    assert plain_text(anchors["17.4c"].text) == "Third words under it, as a rule of the list."
    assert "17.3.1" not in anchors and "17.3a" not in anchors


def test_the_shipped_index_and_the_seed_index_hold_the_same_numbers_facts() -> None:
    seed = parse_topic_index(
        (REPO / "content/topics.yaml").read_text(encoding="utf-8"), "content/topics.yaml"
    )
    shipped = load_default_index()
    assert [t.numbers for t in shipped.topics] == [t.numbers for t in seed.topics]
    assert shipped.by_slug("capture").numbers == (  # type: ignore[union-attr]
        ("3.1", "4"),
        ("3.2", "4.1"),
        ("3.3", "4.2"),
        ("4", "4.3"),
    )


@pytest.mark.parametrize(
    ("numbers", "line", "what"),
    [
        ("{3.1: 4A}", 2, "each maps a number its list gives a rule (3.1) to the LRR's"),
        ("{3.x: 4}", 2, "each maps a number its list gives a rule (3.1) to the LRR's"),
        ("{3.1: true}", 2, "each maps a number its list gives a rule (3.1) to the LRR's"),
        ("{0.1: 4}", 2, "each maps a number its list gives a rule (3.1) to the LRR's"),
        ("{3.1: 4a, 3.2: 4.1}", 2, "4.1 is mapped to twice"),
        ("[3.1, 4]", 2, "a topic's numbers are a mapping of 1 to 200"),
        ("{}", 2, "a topic's numbers are a mapping of 1 to 200"),
        ("\n    3.1: 4\n    3.2: x", 7, "'x' in a topic's numbers"),
    ],
)
def test_a_bad_numbers_fact_is_refused_with_its_file_and_line(
    numbers: str, line: int, what: str
) -> None:
    text = f"topics:\n- number: 17\n  name: Capture\n  slug: capture\n  numbers: {numbers}\n"
    if not numbers.startswith("\n"):
        text = f"topics:\n- {{number: 17, name: Capture, slug: capture, numbers: {numbers}}}\n"
    with pytest.raises(SourceError) as error:
        parse_topic_index(text, "content/topics.yaml")
    found = str(error.value.diagnostics[0])
    assert found.startswith(f"content/topics.yaml:{line}: ")
    assert what in found


def test_a_mapped_number_the_list_lacks_is_warned_of_at_the_index_line(tmp_path: Path) -> None:
    content = _content(tmp_path, fact=", numbers: {3.1: 4, 3.2: 4a, 3.3: 4b, 4: 4c, 9.9: 9}}")
    corpus = load_content(content)
    line = next(
        n
        for n, text in enumerate((content / "topics.yaml").read_text().splitlines(), 1)
        if 'name: "Capture"' in text
    )
    assert [str(w) for w in corpus.warnings] == [
        f"content/topics.yaml:{line}: the topic index numbers rule 17.9.9 of 'Capture' anew, "
        "and its list has no rule 17.9.9"
    ]


def test_two_rules_under_one_number_are_an_error_naming_both_lines(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as error:
        load_content(_content(tmp_path, fact=", numbers: {3.1: 5}}"))
    assert [str(d) for d in error.value.diagnostics] == [
        "content/rules/R_capture.md:23: the topic index's numbers make this rule 17.5, "
        "and another rule is numbered so too (see content/rules/R_capture.md:18)"
    ]


def test_a_number_whose_parent_no_rule_holds_is_an_error_at_the_rule(tmp_path: Path) -> None:
    with pytest.raises(SourceError) as error:
        load_content(_content(tmp_path, fact=", numbers: {3.1: 7.1}}"))
    assert [str(d) for d in error.value.diagnostics] == [
        "content/rules/R_capture.md:18: the topic index's numbers make this rule 17.7.1, "
        "and no rule before it is 17.7"
    ]


def test_a_gap_the_fact_leaves_is_warned_of_at_the_rule_after_it(tmp_path: Path) -> None:
    fact = ", numbers: {3.1: 4, 3.2: 4a, 3.3: 4c, 4: 4d}}"
    corpus = load_content(_content(tmp_path, fact=fact))
    assert [str(w).partition(" (see")[0] for w in corpus.warnings] == [
        "content/rules/R_capture.md:20: the topic index's numbers make this rule 17.4.3, "
        "after 17.4.1",
    ]
    assert _capture(_content(tmp_path / "again", fact=fact))[3][2][2][0] == "17.4.4"


def test_a_fact_leaving_a_list_number_held_twice_is_an_error(tmp_path: Path) -> None:
    """Without mapping the list's item 4, it stays 17.4: the number the fact gave 3.1."""
    with pytest.raises(SourceError) as error:
        load_content(_content(tmp_path, fact=", numbers: {3.1: 4}}"))
    assert [str(d) for d in error.value.diagnostics] == [
        "content/rules/R_capture.md:22: the topic index's numbers make this rule 17.4, "
        "and another rule is numbered so too (see content/rules/R_capture.md:18)"
    ]
