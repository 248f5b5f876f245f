"""The prose loader on the real seed pages and on small variations."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.core.loaders.markdown import load_markdown, parse_markdown
from tests.generator.content_folder import diagnostics, write_content
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


_DEEP = "".join(f"{'    ' * depth}1. Level {depth + 1}.\n" for depth in range(12))


@pytest.mark.parametrize(
    ("name", "page"),
    [
        (
            "rules/R_deep.md",
            "---\ntitle: Deep\n---\n\n## Rules Reference\n\n"
            f"{_DEEP}\n2. A later rule.\n\n## Notes\n\n1. A note.\n",
        ),
        (
            "components/C_deep.md",
            f"---\ntitle: Deep\n---\n\n## Unit\n\n{_DEEP}\n## Later\n\n1. N\n",
        ),
    ],
)
def test_a_list_nested_past_the_parsers_limit_is_an_error_at_its_line(
    tmp_path: Path, name: str, page: str
) -> None:
    """markdown-it reads no deeper than its nesting limit and silently dropped the rest of
    the page (later rules, Notes, Related Topics): the build went on, exit 0."""
    content = write_content(tmp_path, {name: page})
    from rulesite.core.corpus import load_content

    messages = diagnostics(lambda: load_content(content))
    first_line = page.splitlines().index("1. Level 1.") + 1
    assert len(messages) == 1, messages
    assert messages[0].startswith(f"content/{name}:"), messages
    line = int(messages[0].split(":")[1])
    assert first_line < line <= first_line + 12
    assert "nested" in messages[0]


@pytest.mark.parametrize("separator", ["\u2028", "\u2029"])
def test_a_line_or_paragraph_separator_does_not_shift_the_lines_of_diagnostics(
    separator: str,
) -> None:
    """``str.splitlines`` split at U+2028 and U+2029 where the Markdown parser reads text:
    every line named after one was off by one."""
    from rulesite.core.loaders.markdown import parse_markdown

    page = (
        f'---\ntitle: "T{separator}x"\n---\n\n## Rules Reference\n\n'
        f"Intro{separator}more{separator}text.\n\n## Bogus\n"
    )
    line = page.split("\n").index("## Bogus") + 1
    [message] = diagnostics(lambda: parse_markdown(page, "p.md"))
    assert message.startswith(f"p.md:{line}: unknown section 'Bogus'")
