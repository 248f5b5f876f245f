"""Merging the forms of a topic: numbers, wording checks, wiki pages."""

from __future__ import annotations

from pathlib import Path

from rulesite.core.corpus import Corpus
from rulesite.core.loaders.facts import Facts
from rulesite.core.loaders.markdown import parse_markdown
from rulesite.core.loaders.rule_cards import parse_rule_cards
from rulesite.core.merge import merge_lrr, number_rules, plain_text
from rulesite.core.model import Location, Topic
from tests.generator.content_folder import CARDS, PROSE, errors, load

WIKI = "Category: Tactical Action\nWiki intro.\nTips[]\n- A tip.\nFAQ[]\nQ: Why?\nA: Because.\n"


def _topic(corpus: Corpus, slug: str) -> Topic:
    return next(t for t in corpus.topics if t.slug == slug and t.edition == "4e")


def _merge_errors(tmp_path: Path, prose: str = PROSE, cards: str = CARDS) -> list[str]:
    return errors(tmp_path, {"rules/seven.md": prose, "rules/seven.yaml": cards})


def _numbers(rules) -> list[str]:
    return [n for rule in rules for n in (rule.number, *_numbers(rule.subrules))]


def test_cards_give_the_numbers_and_prose_the_wording(real_corpus: Corpus) -> None:
    topic = _topic(real_corpus, "tactical_action")
    assert topic.number == 89
    assert _numbers(topic.rules) == [
        "89.1", "89.1.1", "89.1.2", "89.2", "89.2.1", "89.2.2", "89.2.3",
        "89.3", "89.3.1", "89.4", "89.5", "89.5.1",
    ]  # fmt: skip
    assert topic.rules[1].subrules[2].text.startswith("After the <b>Move Ships</b> step")
    assert topic.rules[0].location == Location("content/rules/tactical_action.md", 12)
    assert [note.number for note in topic.notes] == [1, 2]
    assert len(topic.related) == 9


def test_prose_alone_is_numbered_from_its_list_when_the_number_is_known(
    real_corpus: Corpus,
) -> None:
    topic = _topic(real_corpus, "action_phase")
    assert topic.number == 3
    assert _numbers(topic.rules) == [
        "3.1", "3.2", "3.3", "3.3.1", "3.3.2", "3.3.3", "3.4", "3.4.1", "3.5",
    ]  # fmt: skip
    assert [note.number for note in topic.notes] == [1, 2, 3, 4]


def test_prose_alone_without_a_number_is_a_notice_and_stays_unnumbered(tmp_path: Path) -> None:
    corpus = load(tmp_path, {"rules/seven.md": PROSE})
    (topic,) = corpus.topics
    assert _numbers(topic.rules) == [None, None, None]
    assert corpus.warnings == ()  # a newer expansion's topic is no mistake: --strict passes
    assert [str(w) for w in corpus.notices] == [
        "content/rules/seven.md:1: topic 'Seven' is not in the topic index: its rules are left "
        "unnumbered (give its number in seven.meta.yaml as 'number: N')"
    ]


def test_number_rules_follows_nesting() -> None:
    topic = parse_markdown("---\ntitle: T\n---\n## Rules Reference\n1. a\n    1. b\n2. c\n", "t.md")
    assert _numbers(number_rules(topic.rules, "4")) == ["4.1", "4.1.1", "4.2"]


def test_formatting_differences_are_not_mismatches(tmp_path: Path) -> None:
    corpus = load(tmp_path, {"rules/seven.md": PROSE, "rules/seven.yaml": CARDS})
    (topic,) = corpus.topics
    assert _numbers(topic.rules) == ["7.1", "7.1.1", "7.2"]
    assert topic.rules[0].text == "<b>First</b> rule."
    assert corpus.warnings == ()


def test_plain_text_drops_tags_emphasis_and_line_breaks() -> None:
    assert plain_text("<b>Step 1</b>:  a *b*\n **c** _d_") == "Step 1: a b c d"


def test_rule_in_the_cards_only_names_both_places(tmp_path: Path) -> None:
    cards = CARDS.replace("- name: Notes", "    '7.3':\n      rule: Third.\n- name: Notes")
    assert _merge_errors(tmp_path, cards=cards) == [
        "content/rules/seven.yaml:11: rule 7.3 is in the rule cards only "
        "(see content/rules/seven.md:1)"
    ]


def test_rule_in_the_prose_only_names_both_places(tmp_path: Path) -> None:
    prose = PROSE.replace("    1. A *subrule*.", "    1. A *subrule*.\n    2. Extra.")
    assert _merge_errors(tmp_path, prose=prose) == [
        "content/rules/seven.md:12: rule in the prose only: no rule card in its place "
        "under rule 7.1 (see content/rules/seven.yaml:4)"
    ]


def test_note_in_the_prose_only_names_both_places(tmp_path: Path) -> None:
    prose = PROSE.replace("1. A note.", "1. A note.\n2. Another note.")
    assert _merge_errors(tmp_path, prose=prose) == [
        "content/rules/seven.md:19: note 2 is in the prose only (see content/rules/seven.yaml:1)"
    ]


def test_note_in_the_cards_only_names_both_places(tmp_path: Path) -> None:
    cards = CARDS.replace("      rule: A note.", "      rule: A note.\n    '2':\n      rule: More.")
    assert _merge_errors(tmp_path, cards=cards) == [
        "content/rules/seven.yaml:15: note 2 is in the rule cards only "
        "(see content/rules/seven.md:1)"
    ]


def test_changed_wording_names_both_places(tmp_path: Path) -> None:
    cards = CARDS.replace("rule: A subrule.", "rule: A different subrule.")
    assert _merge_errors(tmp_path, cards=cards) == [
        "content/rules/seven.md:11: rule 7.1.1 is worded differently in the prose and the "
        "rule cards (see content/rules/seven.yaml:7)"
    ]


def test_changed_note_names_both_places(tmp_path: Path) -> None:
    cards = CARDS.replace("rule: A note.", "rule: Another note.")
    assert _merge_errors(tmp_path, cards=cards) == [
        "content/rules/seven.md:18: note 1 is worded differently in the prose and the "
        "rule cards (see content/rules/seven.yaml:13)"
    ]


def test_fact_number_disagreeing_with_the_cards(tmp_path: Path) -> None:
    files = {"rules/seven.yaml": CARDS, "rules/seven.meta.yaml": "number: 8\n"}
    assert errors(tmp_path, files) == [
        "content/rules/seven.meta.yaml:1: number 8 disagrees with the rule cards' topic "
        "number 7 (see content/rules/seven.yaml:1)"
    ]


def test_merge_lrr_with_cards_alone_takes_the_fact_title() -> None:
    cards = parse_rule_cards(CARDS, "content/rules/seven.yaml")
    facts = Facts(location=Location("content/rules/seven.meta.yaml", 1), title="The Seventh")
    merged = merge_lrr(None, cards, facts)
    assert merged.topic.title == "The Seventh"
    assert merged.errors == merged.warnings == ()


def test_wiki_page_alone_is_its_topic_page(real_corpus: Corpus) -> None:
    topic = _topic(real_corpus, "movement")
    assert (topic.title, topic.number, topic.rules) == ("Movement", None, ())
    assert topic.intro[0].startswith("A player can move their ships")
    assert all(section.community for section in topic.sections)


def test_wiki_and_rules_of_one_topic_merge_rules_first_wiki_as_community(tmp_path: Path) -> None:
    files = {
        "rules/seven.md": PROSE,
        "rules/seven.yaml": CARDS,
        "wiki/seven.txt": WIKI,
    }
    (topic,) = load(tmp_path, files).topics
    assert _numbers(topic.rules) == ["7.1", "7.1.1", "7.2"]
    assert topic.intro == ("Intro.",)
    assert [(s.title, s.items, s.community) for s in topic.sections] == [
        ("Overview", ("Wiki intro.",), True),
        ("Tips", ("A tip.",), True),
    ]
    assert [(entry.question, entry.answer) for entry in topic.faq] == [("Why?", "Because.")]
    assert topic.category == "Tactical Action"
    assert [source.path for source in topic.sources] == [
        "content/rules/seven.md",
        "content/rules/seven.yaml",
        "content/wiki/seven.txt",
    ]
