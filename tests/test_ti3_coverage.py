"""Every 3rd-edition item of the seed that describes a rule has an engine test named for it.

The item ids are the anchors the generator gives the 3rd-edition pages
(``rulesite.core.anchors.topic_anchors``), read from the real seed, so the engine's
citations, its tests and the site share one numbering. An item the engine
cannot play is listed below with why; nothing else may lack a test.
"""

from __future__ import annotations

import re

import pytest

from engine.ti3 import anchors
from rulesite.core.anchors import topic_anchors
from rulesite.core.corpus import Corpus
from rulesite.core.model import Edition
from tests.test_rule_coverage import engine_test_names

NOT_PLAYABLE = {
    "ti3-tactical-action-activation-sequence-as-follows-16": (
        "Scuttle needs the Trans Fabrication technology, which the seed names but does not describe"
    ),
    "ti3-transfer-action-transfer-sequence-as-follows-6": (
        "Scuttle needs the Trans Fabrication technology, which the seed names but does not describe"
    ),
    "ti3-space-battles-battle-sequence-1": (
        "action cards played before a space battle are named, not described"
    ),
    "ti3-space-battles-battle-sequence-3": (
        "Assault Cannon is a technology the seed names but does not describe"
    ),
    "ti3-space-battles-battle-sequence-4": ("the Mentak racial ability is named, not described"),
    "ti3-space-battles-battle-sequence-5": "Sabotage Run is an action card named, not described",
}


@pytest.fixture(scope="module")
def ti3_items(real_corpus: Corpus) -> list[str]:
    corpus = real_corpus
    return [
        anchor.id
        for topic in corpus.topics
        if topic.edition is Edition.THIRD
        for section in topic.sections
        for anchor in topic_anchors(topic)
        if anchor.text in section.items and anchor.id.startswith("ti3-")
    ]


def test_ti3_items_are_read_from_the_seed(ti3_items: list[str]) -> None:
    assert len(set(ti3_items)) == len(ti3_items) >= 40
    for expected in (anchors.ACTIVATE, anchors.TRANSFER_PRODUCE, anchors.INVASION_SUCCESS):
        assert expected in ti3_items


def test_every_cited_anchor_is_an_item_of_the_seed(ti3_items: list[str]) -> None:
    missing = [a for a in anchors.ALL if a not in ti3_items]
    assert not missing, f"the engine cites anchors the site does not have: {missing}"


def test_unplayable_items_exist_and_are_not_cited(ti3_items: list[str]) -> None:
    assert set(NOT_PLAYABLE) <= set(ti3_items)
    assert not set(NOT_PLAYABLE) & set(anchors.ALL)


def test_every_ti3_item_has_an_engine_test_or_a_reason(ti3_items: list[str]) -> None:
    names = engine_test_names()
    missing = []
    for item in ti3_items:
        if item in NOT_PLAYABLE:
            continue
        stem = "test_" + re.sub(r"[.\-]", "_", item) + "_"
        if not any(re.match(re.escape(stem) + r"(?!\d)", name) for name in names):
            missing.append(item)
    assert not missing, f"3rd-edition items without an engine test named for them: {missing}"
