"""Every kind of broken source stops the build with ``file:line: what is wrong``."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesite.core.corpus import load_content
from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
from rulesite.core.loaders.source_text import read_source
from rulesite.core.sources.registry import page_patterns
from tests.generator.content_folder import (
    CARDS,
    PROSE,
    diagnostics,
    errors,
    load,
    with_seven,
    write_content,
)

WIKI_Q_WITHOUT_A = "Category: C\nIntro.\nFAQ[]\nQ: Is this answered?\nNotes[]\nText.\n"


def test_yaml_syntax_error_names_the_line(tmp_path: Path) -> None:
    broken = (
        "cards:\n- name: Rules Reference\n  rules:\n    '7.1': {rule: A}\n   '7.2': {rule: B}\n"
    )
    assert errors(tmp_path, {"rules/seven.yaml": broken}) == [
        "content/rules/seven.yaml:5: invalid YAML: did not find expected key"
    ]


def test_duplicate_yaml_key_names_both_lines(tmp_path: Path) -> None:
    broken = CARDS.replace("    '7.2':", "    7.1:")
    assert errors(tmp_path, {"rules/seven.yaml": broken}) == [
        "content/rules/seven.yaml:9: duplicate key '7.1' (first at line 4)"
    ]


def test_quoted_and_unquoted_note_numbers_are_the_same_key(tmp_path: Path) -> None:
    broken = CARDS.replace("- name: Related Topics\n", "    1:\n      rule: Again.\n")
    assert errors(tmp_path, {"rules/seven.yaml": broken}) == [
        "content/rules/seven.yaml:15: duplicate key '1' (first at line 13)"
    ]


def test_duplicate_rule_number_across_cards(tmp_path: Path) -> None:
    broken = CARDS + "- name: Rules Reference\n  rules:\n    '7.1':\n      rule: Again.\n"
    assert errors(tmp_path, {"rules/seven.yaml": broken}) == [
        "content/rules/seven.yaml:18: duplicate rule number 7.1 (first at line 4) "
        "(see content/rules/seven.yaml:4)"
    ]


def test_subrule_numbered_under_another_rule(tmp_path: Path) -> None:
    broken = CARDS.replace("7.1.1:", "7.2.1:")
    assert errors(tmp_path, {"rules/seven.yaml": broken}) == [
        "content/rules/seven.yaml:7: subrule 7.2.1 is not numbered under 7.1"
    ]


def test_missing_title(tmp_path: Path) -> None:
    broken = PROSE.replace("title: Seven", "name: Seven")
    assert errors(tmp_path, {"rules/seven.md": broken}) == [
        "content/rules/seven.md:1: front matter has no title"
    ]


def test_missing_front_matter(tmp_path: Path) -> None:
    assert errors(tmp_path, {"rules/seven.md": "## Notes\n1. A note.\n"}) == [
        "content/rules/seven.md:1: missing front matter with a title"
    ]


def test_unknown_section(tmp_path: Path) -> None:
    broken = PROSE.replace("## Notes", "## Examples")
    assert errors(tmp_path, {"rules/seven.md": broken}) == [
        "content/rules/seven.md:16: unknown section 'Examples' "
        "(expected one of: Rules Reference, Notes, Related Topics)"
    ]


def test_malformed_related_topic_link(tmp_path: Path) -> None:
    broken = PROSE.replace("(/rules/r_tactical_action)", "(tactical_action.html)")
    assert errors(tmp_path, {"rules/seven.md": broken}) == [
        "content/rules/seven.md:22: a related topic must be a bullet linking its page: "
        "'- [Title](r_<slug>)' or '- [Title](/rules/r_<slug>)'"
    ]


def test_wiki_question_without_answer(tmp_path: Path) -> None:
    assert errors(tmp_path, {"wiki/seven.txt": WIKI_Q_WITHOUT_A}) == [
        "content/wiki/seven.txt:4: Q: without an A: after it"
    ]


def test_wiki_answer_without_question(tmp_path: Path) -> None:
    assert errors(tmp_path, {"wiki/seven.txt": "Intro.\nFAQ[]\nA: Yes.\n"}) == [
        "content/wiki/seven.txt:3: A: without a Q: before it"
    ]


TI3 = ":: INTRO ::\n:: TACTICAL ACTION :: activate.\nSteps as follows\nActivate a system - go.\n"
TI3_FACTS = "sections:\n  - at: Steps as follows\n"


def _ti3_with_comparison(comparison: str) -> dict[str, str]:
    return {
        "ti3/summary.txt": TI3,
        "ti3/summary.meta.yaml": TI3_FACTS,
        "ti3/tactical_action.comparison.yaml": comparison,
    }


def test_unknown_ti3_comparison_prefix(tmp_path: Path) -> None:
    comparison = "steps:\n  - ti3: Activate a system\n    rules: []\n"
    comparison += "  - ti3: Roll for mines\n    rules: []\n"
    assert errors(tmp_path, _ti3_with_comparison(comparison)) == [
        "content/ti3/tactical_action.comparison.yaml:4: "
        "no step of Tactical Action (content/ti3/summary.txt) starts with 'Roll for mines'"
    ]


def test_unknown_fourth_edition_rule_in_comparison(tmp_path: Path) -> None:
    comparison = "steps:\n  - ti3: Activate a system\n    rules: [89.1]\n"
    assert errors(tmp_path, _ti3_with_comparison(comparison)) == [
        "content/ti3/tactical_action.comparison.yaml:2: "
        "'Activate a system': no 4th-edition rule 89.1"
    ]


def test_rules_of_a_file_that_failed_to_load_are_not_reported_missing_too(
    tmp_path: Path,
) -> None:
    comparison = "steps:\n  - ti3: Activate a system\n    rules: ['7.1', '7.2']\n"
    files = _ti3_with_comparison(comparison)
    files["rules/seven.yaml"] = CARDS.replace("    '7.2':", "    7.1:")
    assert errors(tmp_path, files) == [
        "content/rules/seven.yaml:9: duplicate key '7.1' (first at line 4)"
    ]


def test_a_comparison_file_of_the_wrong_shape_is_reported_beside_other_errors(
    tmp_path: Path,
) -> None:
    files = _ti3_with_comparison("steps:\n  - ti3: Activate a system\n    rules: 7.1\n")
    files["rules/seven.yaml"] = CARDS.replace("    '7.2':", "    7.1:")
    assert errors(tmp_path, files) == [
        "content/rules/seven.yaml:9: duplicate key '7.1' (first at line 4)",
        "content/ti3/tactical_action.comparison.yaml:3: 'rules' must be a list",
    ]


def test_ti3_fact_naming_a_line_that_is_not_there(tmp_path: Path) -> None:
    facts = "pages:\n  - at: The transfer action\n    title: Transfer\n"
    assert errors(tmp_path, {"ti3/summary.txt": TI3, "ti3/summary.meta.yaml": facts}) == [
        "content/ti3/summary.meta.yaml:2: no line of content/ti3/summary.txt starts with "
        "'The transfer action'"
    ]


def test_ti3_fact_title_that_is_not_text(tmp_path: Path) -> None:
    facts = "sections:\n  - at: Steps as follows\n    title: [Steps]\n"
    assert errors(tmp_path, {"ti3/summary.txt": TI3, "ti3/summary.meta.yaml": facts}) == [
        "content/ti3/summary.meta.yaml:3: title must be text"
    ]


def test_unknown_fact(tmp_path: Path) -> None:
    files = {"rules/seven.md": PROSE, "rules/seven.meta.yaml": "number: 7\nnumbre: 8\n"}
    assert errors(tmp_path, files) == [
        "content/rules/seven.meta.yaml:2: unknown fact 'numbre' "
        "(expected one of: number, title, pages, sections, counterparts)"
    ]


def test_fact_file_without_a_source(tmp_path: Path) -> None:
    files = {"rules/seven.md": PROSE, "rules/eight.meta.yaml": "number: 8\n"}
    assert errors(tmp_path, files) == [
        "content/rules/eight.meta.yaml:1: fact file for 'eight', but no source of that name"
    ]


def test_every_broken_source_is_reported_in_order_of_place(tmp_path: Path) -> None:
    files = {
        "wiki/seven.txt": WIKI_Q_WITHOUT_A,
        "rules/seven.md": PROSE.replace("title: Seven", "name: Seven").replace("## Notes", "## Ex"),
        "rules/eight.yaml": CARDS.replace("    '7.2':", "    7.1:"),
    }
    assert errors(tmp_path, files) == [
        "content/rules/eight.yaml:9: duplicate key '7.1' (first at line 4)",
        "content/rules/seven.md:1: front matter has no title",
        "content/rules/seven.md:16: unknown section 'Ex' "
        "(expected one of: Rules Reference, Notes, Related Topics)",
        "content/wiki/seven.txt:4: Q: without an A: after it",
    ]


def test_two_topics_with_one_number(tmp_path: Path) -> None:
    files = {
        "rules/seven.yaml": CARDS,
        "rules/other.md": PROSE.replace("title: Seven", "title: Other"),
        "rules/other.meta.yaml": "number: 7\n",
    }
    assert errors(tmp_path, files) == [
        "content/rules/seven.yaml:1: topic number 7 is also Other's (see content/rules/other.md:1)"
    ]


def test_two_third_edition_pages_with_one_slug(tmp_path: Path) -> None:
    files = {"ti3/a.txt": ":: INTRO ::\n:: PASS :: a\n", "ti3/b.txt": ":: INTRO ::\n:: PASS :: b\n"}
    assert errors(tmp_path, files) == [
        "content/ti3/b.txt:2: 3rd-edition page pass is also Pass's (see content/ti3/a.txt:2)"
    ]


def test_unknown_card(tmp_path: Path) -> None:
    broken = CARDS.replace("- name: Notes", "- name: Examples")
    assert errors(tmp_path, {"rules/seven.yaml": broken}) == [
        "content/rules/seven.yaml:11: unknown card 'Examples' "
        "(expected one of: Rules Reference, Notes, Related Topics)"
    ]


def test_rule_without_text(tmp_path: Path) -> None:
    broken = CARDS.replace("      rule: Second rule.", "      text: Second rule.")
    assert errors(tmp_path, {"rules/seven.yaml": broken}) == [
        "content/rules/seven.yaml:9: 7.2: missing 'rule' text"
    ]


def test_note_number_that_is_not_whole(tmp_path: Path) -> None:
    broken = CARDS.replace("    '1':\n      rule: A note.", "    1a:\n      rule: A note.")
    assert errors(tmp_path, {"rules/seven.yaml": broken}) == [
        "content/rules/seven.yaml:13: note number '1a' is not a whole number"
    ]


def test_text_after_the_numbered_list_is_read_as_part_of_the_last_item(tmp_path: Path) -> None:
    more = PROSE.replace("## Notes\n\n1. A note.\n", "## Notes\n\n1. A note.\n\nMore.\n")
    (topic,) = load(tmp_path, {"rules/seven.md": more}).topics
    assert [note.text for note in topic.notes] == ["A note. More."]


def test_text_before_the_first_ti3_block(tmp_path: Path) -> None:
    assert errors(tmp_path, {"ti3/summary.txt": "Preface.\n" + TI3}) == [
        "content/ti3/summary.txt:1: text before the first ':: HEADING ::' block"
    ]


def test_counterpart_for_a_page_that_does_not_exist(tmp_path: Path) -> None:
    facts = "counterparts:\n  tactical_action: tactical_action\n  transfer: null\n"
    assert errors(tmp_path, {"ti3/summary.txt": TI3, "ti3/summary.meta.yaml": facts}) == [
        "content/ti3/summary.meta.yaml:3: counterpart for 'transfer', "
        "which is no page of content/ti3/summary.txt"
    ]


def test_control_character_in_yaml_names_its_line(tmp_path: Path) -> None:
    broken = CARDS.replace("      rule: Second rule.", "      rule: Second\x07rule.")
    assert errors(tmp_path, {"rules/seven.yaml": broken}) == [
        # Refused by read_source for every source, YAML or not.
        "content/rules/seven.yaml:10: a control character (U+0007): no source may hold one"
    ]


def test_a_file_that_is_not_utf8_names_the_line_of_the_bad_byte(tmp_path: Path) -> None:
    content = write_content(tmp_path, {})
    (content / "rules").mkdir()
    latin = PROSE.replace("Intro.", "Caf\xe9.").encode("cp1252")
    (content / "rules" / "seven.md").write_bytes(latin)
    with pytest.raises(SourceError) as caught:
        load_content(content)
    assert [str(d) for d in caught.value.diagnostics] == [
        "content/rules/seven.md:7: not UTF-8 text: byte 0xe9 cannot be decoded"
    ]


def test_an_unreadable_file_is_a_source_error(tmp_path: Path) -> None:
    # A folder stands in for an unreadable file: permissions do not stop root, who may run this.
    with pytest.raises(SourceError) as caught:
        read_source(tmp_path, "content/rules/seven.md")
    assert str(caught.value).startswith("content/rules/seven.md:1: cannot read the file: ")


def test_windows_line_ends_count_lines_like_unix_ones(tmp_path: Path) -> None:
    broken = CARDS.replace("    '7.2':", "    7.1:").replace("\n", "\r\n")
    assert errors(tmp_path, {"rules/seven.yaml": broken}) == [
        "content/rules/seven.yaml:9: duplicate key '7.1' (first at line 4)"
    ]


def test_an_empty_content_folder_is_an_error(tmp_path: Path) -> None:
    # Every registered kind's pages are named, from the registry (a new kind adds its own).
    *first, last = page_patterns()
    assert errors(tmp_path, {}) == [
        # The folder itself is named as it was given (here, in full).
        f"{tmp_path / 'content'}:1: no rule sources found (expected {', '.join(first)} or {last})"
    ]
    shipped = ("rules/*.md", "rules/*.yaml", "wiki/*.txt", "components/*.md", "ti3/*.txt")
    assert set(shipped) <= set(page_patterns())


@pytest.mark.parametrize("number", ["-3", "0"])
def test_a_topic_number_must_be_positive(tmp_path: Path, number: str) -> None:
    """``number: -3`` gave a page "-3 Action Phase"."""
    content = write_content(
        tmp_path, {"rules/seven.md": PROSE, "rules/seven.meta.yaml": f"number: {number}\n"}
    )
    assert diagnostics(lambda: generate(content)) == [
        "content/rules/seven.meta.yaml:1: number must be a positive whole number"
    ]


@pytest.mark.parametrize("character", ["\x00", "\x1b", "\x7f", "\x85"])
def test_a_control_character_is_refused_at_its_line(tmp_path: Path, character: str) -> None:
    """A NUL in a wiki heading reached the navigation raw."""
    content = with_seven(
        tmp_path, {"wiki/movement.txt": f"Intro.\nStep {character}1: Move[]\n- x\n"}
    )
    code = f"U+{ord(character):04X}"
    assert diagnostics(lambda: generate(content)) == [
        f"content/wiki/movement.txt:2: a control character ({code}): no source may hold one"
    ]
