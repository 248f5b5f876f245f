"""Loading a whole content folder: discovery, order, comparisons."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rulesite.core.corpus import Corpus, load_content
from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
from rulesite.core.model import Edition
from tests.generator.content_folder import (
    CARDS,
    PROSE,
    diagnostics,
    load,
    with_seven,
    write_content,
)
from tests.generator.golden_model import CONTENT, assert_matches_golden


@pytest.fixture(scope="module")
def corpus(real_corpus: Corpus) -> Corpus:
    return real_corpus


def test_real_content_loads_without_warnings(corpus: Corpus) -> None:
    assert corpus.warnings == ()


def test_topics_are_fourth_edition_by_number_then_title_then_third(corpus: Corpus) -> None:
    assert [(t.edition, t.number, t.slug) for t in corpus.topics] == [
        (Edition.FOURTH, 3, "action_phase"),
        (Edition.FOURTH, 89, "tactical_action"),
        (Edition.FOURTH, None, "movement"),
        (Edition.THIRD, None, "action_phase"),
        (Edition.THIRD, None, "strategic_action"),
        (Edition.THIRD, None, "tactical_action"),
        (Edition.THIRD, None, "transfer_action"),
        (Edition.THIRD, None, "space_battles"),
        (Edition.THIRD, None, "pass"),
        (Edition.THIRD, None, "invasion_combat"),
    ]


def test_locations_name_files_from_the_content_folders_parent(corpus: Corpus) -> None:
    assert {str(t.location) for t in corpus.topics[:3]} == {
        "content/rules/action_phase.md:1",
        "content/rules/tactical_action.md:1",
        "content/wiki/movement.txt:1",
    }


def test_tactical_action_comparison_pairs_each_ti3_step_with_its_rules(corpus: Corpus) -> None:
    rows = [
        (row.step, row.ti3_location.line, [r.number for r in row.rules])
        for row in corpus.comparisons
    ]
    assert rows == [
        ("Activate a system", 9, ["89.1"]),
        ("Move ships into the system", 10, ["89.2"]),
        ("PROBE", 12, []),
        ("PDS fire", 13, ["89.2.3"]),
        ("SPACE MINES", 14, []),
        ("Space Battle", 15, ["89.3"]),
        ("Planetary Landings", 16, ["89.4"]),
        ("Invasion Combat", 20, ["89.4"]),
        ("Produce units", 23, ["89.5"]),
    ]
    assert corpus.comparisons[0].ti3_text.startswith("Activate a system - place a command counter")
    assert corpus.comparisons[3].rules[0].text.startswith("After the <b>Move Ships</b> step")


def test_whole_corpus_matches_golden_model(corpus: Corpus) -> None:
    assert_matches_golden(corpus, "corpus_content.json")


def test_a_new_topic_needs_only_its_file_dropped_in(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(CONTENT, content)
    (content / "rules" / "seven.md").write_text(PROSE, encoding="utf-8")
    (content / "rules" / "seven.meta.yaml").write_text("number: 7\n", encoding="utf-8")
    topics = load_content(content).topics
    assert [(t.number, t.slug) for t in topics[:3]] == [
        (3, "action_phase"),
        (7, "seven"),
        (89, "tactical_action"),
    ]


def test_a_file_the_site_does_not_read_is_a_warning(tmp_path: Path) -> None:
    corpus = load(
        tmp_path,
        {"rules/seven.md": PROSE, "rules/seven.meta.yaml": "number: 7\n", "rules/notes.rst": "x"},
    )
    assert [str(w) for w in corpus.warnings] == [
        "content/rules/notes.rst:1: not a source the site reads (ignored)"
    ]


def test_a_missing_content_folder_is_a_source_error(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="content folder not found"):
        load_content(tmp_path / "nowhere")


@pytest.mark.parametrize(
    ("heading", "problem"),
    [
        (
            "Compare Tactical Action",
            "page name 'compare-tactical-action' is reserved (the edition comparison page)",
        ),
        ("☃☃", "the page name of '☃☃' has no letter or digit"),
        ("Index", "page name 'index' is reserved (a folder's index page)"),
    ],
)
def test_a_third_edition_heading_may_not_claim_a_reserved_page(
    tmp_path: Path, heading: str, problem: str
) -> None:
    """``:: Compare Tactical Action ::`` was overwritten by the comparison page,
    and ``:: ☃☃ ::`` became ``ti3/index.html``."""
    ti3 = f":: INTRO :: Intro.\n:: {heading} :: Its text.\n"
    content = write_content(tmp_path, {"ti3/summary.txt": ti3})
    assert diagnostics(lambda: generate(content)) == [f"content/ti3/summary.txt:2: {problem}"]


def test_two_wiki_files_may_not_claim_one_page(tmp_path: Path) -> None:
    """Two sources may not claim one page: ``Movement.txt`` and ``movement.txt`` are both
    the wiki page ``movement``, and one silently replaced the other."""
    content = write_content(
        tmp_path, {"wiki/movement.txt": "One.\n", "wiki/Movement.txt": "Two.\n"}
    )
    assert diagnostics(lambda: generate(content)) == [
        "content/wiki/movement.txt:1: page movement is also content/wiki/Movement.txt's "
        "(see content/wiki/Movement.txt:1)"
    ]


def test_a_topic_file_may_not_be_a_folders_index(tmp_path: Path) -> None:
    """``rules/index.yaml`` or ``README.md`` would be MkDocs's index of ``rules/``."""
    content = with_seven(tmp_path, {"rules/README.yaml": CARDS.replace("7.", "8.")})
    assert diagnostics(lambda: generate(content)) == [
        "content/rules/README.yaml:1: page name 'README' is reserved (a folder's index page)"
    ]


def test_a_rule_page_and_a_notes_page_of_one_page_name_are_refused_naming_both(
    tmp_path: Path,
) -> None:
    """``R_c_units.md`` and ``components/C_units.md`` are both topic ``c_units``: both
    built, links went to one, the other was orphaned, and nothing was said."""
    from rulesite.core.corpus import load_content

    prose = "---\ntitle: Units\n---\n\n## Rules Reference\n\n1. A rule.\n"
    notes = "---\ntitle: Units\n---\n\n## Unit\n\n1. A note.\n"
    content = write_content(tmp_path, {"rules/R_c_units.md": prose, "components/C_units.md": notes})
    messages = diagnostics(lambda: load_content(content))
    assert len(messages) == 1, messages
    assert "content/components/C_units.md" in messages[0]
    assert "content/rules/R_c_units.md" in messages[0]
    assert "c_units" in messages[0]


def test_two_files_of_one_page_are_refused_naming_both(tmp_path: Path) -> None:
    """``a_b.md`` and ``a-b.md`` are both ``rules/a-b/``: one page silently replaced the other."""
    from rulesite.core.corpus import load_content
    from tests.generator.content_folder import PROSE

    content = write_content(
        tmp_path,
        {
            "rules/a_b.md": PROSE.replace("Seven", "One"),
            "rules/a-b.md": PROSE.replace("Seven", "Two"),
        },
    )
    [message] = diagnostics(lambda: load_content(content))
    assert "page rules/a-b/" in message
    assert "content/rules/a_b.md" in message and "content/rules/a-b.md" in message
