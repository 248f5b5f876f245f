"""The prose loader on the real seed pages and on small variations."""

from __future__ import annotations

import pytest

from rulesite.core.loaders.markdown import load_markdown, parse_markdown
from tests.generator.golden_model import CONTENT, assert_matches_golden

SEEDS = ["tactical_action", "action_phase"]


@pytest.mark.parametrize("stem", SEEDS)
def test_seed_page_matches_golden_model(stem: str) -> None:
    topic = load_markdown(CONTENT / "rules" / f"{stem}.md", f"content/rules/{stem}.md")
    assert_matches_golden(topic, f"markdown_{stem}.json")


def test_sublists_indented_four_spaces_become_subrules_despite_space_only_lines() -> None:
    topic = load_markdown(
        CONTENT / "rules" / "tactical_action.md", "content/rules/tactical_action.md"
    )
    assert [len(rule.subrules) for rule in topic.rules] == [2, 3, 1, 0, 1]
    assert all(rule.number is None for rule in topic.rules)


def test_inline_html_is_kept_in_rule_text() -> None:
    topic = load_markdown(
        CONTENT / "rules" / "tactical_action.md", "content/rules/tactical_action.md"
    )
    assert topic.rules[1].subrules[2].text.startswith("After the <b>Move Ships</b> step")


def test_intro_paragraphs_before_the_list_are_kept_apart() -> None:
    text = "---\ntitle: T\n---\n## Rules Reference\nFirst\nline.\n\nSecond.\n\n1. A rule.\n"
    topic = parse_markdown(text, "t.md")
    assert topic.intro == ("First line.", "Second.")
    assert [rule.text for rule in topic.rules] == ["A rule."]


def test_related_topic_links_give_slug_and_title() -> None:
    topic = load_markdown(CONTENT / "rules" / "action_phase.md", "content/rules/action_phase.md")
    assert (topic.related[0].title, topic.related[0].slug) == ("Active Player", "active_player")
    assert topic.related[0].location.line == 39


def test_notes_are_numbered_by_position() -> None:
    text = "---\ntitle: T\n---\n## Notes\n1. One.\n1. Two.\n"
    topic = parse_markdown(text, "t.md")
    assert [(note.number, note.text) for note in topic.notes] == [(1, "One."), (2, "Two.")]
