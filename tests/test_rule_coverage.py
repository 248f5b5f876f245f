"""Every rule the seeds state has an engine test named for it.

The rule ids come from the generator's own reading of the seed sources, so the
engine's tests and the site's anchors use one numbering: "89.2.3", "89-note-1",
"movement-step-1-move-ships-3", "movement-faq-1". A test covers a rule when its
name starts with the id in underscores followed by a word ("test_89_2_3_..."
covers 89.2.3, "test_89_2_3_1_..." does not).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from rulesite.core.corpus import Corpus
from rulesite.core.model import Rule, Topic
from rulesite.core.slugs import faq_anchor, note_anchor, section_anchor

ROOT = Path(__file__).resolve().parent.parent
# The topics the engine models; every rule they state must be enforced and tested.
ENGINE_TOPICS = ("tactical_action", "action_phase", "movement")


def _rule_ids(rules: tuple[Rule, ...]) -> Iterator[str]:
    for rule in rules:
        assert rule.number, f"unnumbered rule at {rule.location}"
        yield rule.number
        yield from _rule_ids(rule.subrules)


def topic_rule_ids(topic: Topic) -> list[str]:
    """Every anchor id of a topic that states a rule: rules, notes, section items, FAQ."""
    ids = list(_rule_ids(topic.rules))
    ids += [note_anchor(topic.number, note.number) for note in topic.notes if topic.number]
    ids += [
        section_anchor(topic.slug, section.title, n)
        for section in topic.sections
        if section.title != "Overview"
        for n in range(1, len(section.items) + 1)
    ]
    ids += [faq_anchor(topic.slug, n) for n in range(1, len(topic.faq) + 1)]
    return ids


@pytest.fixture(scope="module")
def seed_rule_ids(real_corpus: Corpus) -> list[str]:
    corpus = real_corpus
    topics = {t.slug: t for t in corpus.topics if t.edition.value == "4e"}
    return [rule for slug in ENGINE_TOPICS for rule in topic_rule_ids(topics[slug])]


def engine_test_names() -> list[str]:
    names: list[str] = []
    for path in (ROOT / "tests" / "engine").glob("test_*.py"):
        text = path.read_text(encoding="utf-8")
        names += re.findall(r"^def (test_\w+)", text, re.MULTILINE)
    return names


def test_seed_rule_ids_cover_all_three_sources(seed_rule_ids: list[str]) -> None:
    for expected in (
        "89.1.2",
        "89.5.1",
        "89-note-2",
        "3.3.3",
        "3.4.1",
        "3-note-4",
        "movement-step-1-move-ships-7",
        "movement-step-2-space-cannon-offense-1",
        "movement-ability-movement-1",
        "movement-transport-3",
        "movement-faq-1",
    ):
        assert expected in seed_rule_ids
    assert len(seed_rule_ids) == len(set(seed_rule_ids))


def test_every_seed_rule_has_an_engine_test_named_for_it(seed_rule_ids: list[str]) -> None:
    names = engine_test_names()
    missing = []
    for rule in seed_rule_ids:
        stem = "test_" + re.sub(r"[.\-]", "_", rule) + "_"
        if not any(re.match(re.escape(stem) + r"(?!\d)", name) for name in names):
            missing.append(rule)
    assert not missing, f"rules without an engine test named for them: {missing}"
