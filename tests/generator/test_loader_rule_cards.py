"""The rule-card loader on the real seed and on small variations."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.core.generate import generate
from rulesite.core.loaders.rule_cards import load_rule_cards, parse_rule_cards
from tests.generator.content_folder import CARDS, diagnostics, with_seven
from tests.generator.golden_model import CONTENT, assert_matches_golden


def test_seed_cards_match_golden_model() -> None:
    topic = load_rule_cards(
        CONTENT / "rules" / "tactical_action.yaml", "content/rules/tactical_action.yaml"
    )
    assert_matches_golden(topic, "rule_cards_tactical_action.json")


def test_topic_number_is_the_leading_number_of_the_rules() -> None:
    topic = load_rule_cards(
        CONTENT / "rules" / "tactical_action.yaml", "content/rules/tactical_action.yaml"
    )
    assert topic.number == 89
    assert topic.title == "Tactical Action"


def test_quoted_and_unquoted_numbers_read_alike_and_never_as_floats() -> None:
    text = (
        "cards:\n- name: Rules Reference\n  rules:\n"
        "    '7.1': {rule: A}\n    7.10:\n      rule: B\n"
        "      subrules:\n        7.10.1: {rule: C}\n"
        "- name: Notes\n  rules:\n    1: {rule: N1}\n    '2': {rule: N2}\n"
    )
    topic = parse_rule_cards(text, "t.yaml")
    assert [rule.number for rule in topic.rules] == ["7.1", "7.10"]
    assert topic.rules[1].subrules[0].number == "7.10.1"
    assert [(note.number, note.text) for note in topic.notes] == [(1, "N1"), (2, "N2")]


def test_folded_line_breaks_read_as_spaces() -> None:
    text = "cards:\n- name: Rules Reference\n  rules:\n    '5.1':\n      rule: one\n        two\n"
    assert parse_rule_cards(text, "t.yaml").rules[0].text == "one two"


def test_rule_locations_are_the_lines_of_their_numbers() -> None:
    topic = load_rule_cards(
        CONTENT / "rules" / "tactical_action.yaml", "content/rules/tactical_action.yaml"
    )
    assert topic.rules[1].subrules[2].location.line == 25
    assert topic.notes[1].location.line == 52


LOOK_ALIKES = ["7.1.1\u200b", "7.1.\u202e1", "7.1.\u0661", "7.1.1\u00a0"]


@pytest.mark.parametrize(("key", "card"), [("'²'", "rules"), ("'¹'", "notes")])
def test_rule_and_note_keys_must_be_ascii_numbers(tmp_path: Path, key: str, card: str) -> None:
    """A rule key ``'²'`` or note key ``'¹'`` passed ``str.isdigit`` and then
    ``int()`` raised a traceback at rule_cards.py."""
    cards = CARDS.replace("'7.2'", key) if card == "rules" else CARDS.replace("'1':", f"{key}:")
    content = with_seven(tmp_path, {"rules/seven.yaml": cards})
    expected = (
        f"content/rules/seven.yaml:9: rule number {key} is not ASCII digits and dots (like 89.5.1)"
        if card == "rules"
        else f"content/rules/seven.yaml:13: note number {key} is not a whole number"
    )
    assert diagnostics(lambda: generate(content)) == [expected]


@pytest.mark.parametrize("number", LOOK_ALIKES)
def test_a_look_alike_rule_number_is_refused(tmp_path: Path, number: str) -> None:
    """``89.5.1\\u200b``, ``89.5.\\u202e1``, ``89.5.١`` and ``89.5.1\\u00a0``
    became separate anchors beside 89.5.1."""
    cards = CARDS.replace("        7.1.1:", f"        '{number}':")
    content = with_seven(tmp_path, {"rules/seven.yaml": cards})
    assert diagnostics(lambda: generate(content)) == [
        f"content/rules/seven.yaml:7: rule number {number!r} is not ASCII digits and dots "
        "(like 89.5.1)"
    ]
