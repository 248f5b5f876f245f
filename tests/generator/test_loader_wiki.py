"""The wiki-export loader on the real seed and on small variations."""

from __future__ import annotations

from rulesite.core.loaders.wiki import load_wiki, parse_wiki
from tests.generator.golden_model import CONTENT, assert_matches_golden


def _movement():
    return load_wiki(CONTENT / "wiki" / "movement.txt", "content/wiki/movement.txt")


def test_seed_page_matches_golden_model() -> None:
    assert_matches_golden(_movement(), "wiki_movement.json")


def test_title_and_slug_come_from_the_file_name() -> None:
    topic = _movement()
    assert (topic.title, topic.slug) == ("Movement", "movement")
    assert parse_wiki("x", "content/wiki/space_combat.txt").title == "Space Combat"


def test_category_and_neighbours_are_read() -> None:
    topic = _movement()
    assert (topic.category, topic.previous, topic.next) == (
        "Tactical Action",
        "Activation",
        "Space Combat",
    )


def test_empty_sections_and_navigation_table_are_dropped() -> None:
    topic = _movement()
    assert [s.title for s in topic.sections] == [
        "Step 1: Move Ships",
        "Step 2: Space Cannon Offense",
        "Ability Movement",
        "Transport",
    ]
    everything = [item for section in topic.sections for item in section.items]
    assert not any("|" in item for item in everything)


def test_bullets_and_paragraphs_are_items_in_order_and_community() -> None:
    move = _movement().sections[0]
    assert move.bulleted == (False, True, True, True, True, True, True, False)
    assert move.items[2] == (
        "The ship cannot move through a system that contains ships controlled by another player."
    )
    assert move.item_locations[2].line == 7
    assert move.community


def test_question_and_answer_become_an_faq_entry() -> None:
    (entry,) = _movement().faq
    assert entry.question == "Can fighters block ship movement?"
    assert entry.answer.startswith("Yes, fighters can block ship movement")
    assert entry.location.line == 23


def test_blank_lines_may_stand_between_question_and_answer() -> None:
    topic = parse_wiki("FAQ[]\nQ: Why?\n\nA: Because.\n", "content/wiki/x.txt")
    assert [(entry.question, entry.answer) for entry in topic.faq] == [("Why?", "Because.")]
