"""Cross-links: related topics, rule numbers and topic names in prose, backlinks, anchors."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rulesite.core.anchors import page_ref, relative_href
from rulesite.core.links import LinkedTopic, link_corpus
from rulesite.core.model import (
    Edition,
    FaqEntry,
    Location,
    Note,
    Origin,
    RelatedTopic,
    Rule,
    Section,
    Topic,
)


def at(line: int, path: str = "content/rules/x.md") -> Location:
    return Location(path, line)


def topic(slug: str, title: str, number: int | None = None, **fields: object) -> Topic:
    return Topic(
        slug=slug, title=title, origin=Origin.LRR_MARKDOWN, location=at(1), number=number, **fields
    )  # type: ignore[arg-type]


TACTICAL = topic(
    "tactical_action",
    "Tactical Action",
    89,
    rules=(
        Rule(
            "89.1", "Step 1 – Activation.", at(10), (Rule("89.1.1", "See 89.1.1 and 3.1.", at(11)),)
        ),
        Rule("89.2", "After this, all players can use Space Cannon (89.1.1).", at(12)),
    ),
    notes=(Note(1, "Follows rule 3.1, not 3.", at(20)),),
    related=(
        RelatedTopic("Action Phase", "action_phase", at(30)),
        RelatedTopic("Space Cannon", "space_cannon", at(31)),
    ),
)
ACTION = topic(
    "action_phase",
    "Action Phase",
    3,
    rules=(
        Rule(
            "3.1",
            "A player may perform a Tactical Action; see rule 89.2.",
            at(5),
        ),
        Rule("3.2", "See [Tactical Action](/rules/r_tactical_action): Tactical Action.", at(6)),
    ),
)
MOVEMENT = Topic(
    slug="movement",
    title="Movement",
    origin=Origin.WIKI,
    location=at(1, "content/wiki/movement.txt"),
    sections=(
        Section(
            "Step 1: Move Ships",
            ("First paragraph.", "Ships move (89.2)."),
            at(3, "content/wiki/movement.txt"),
            (at(4, "content/wiki/movement.txt"), at(5, "content/wiki/movement.txt")),
            (False, True),
        ),
    ),
    faq=(FaqEntry("Can fighters block?", "Yes.", at(9, "content/wiki/movement.txt")),),
)
TI3 = Topic(
    slug="tactical_action",
    title="Tactical Action",
    origin=Origin.TI3_SUMMARY,
    location=at(1, "content/ti3/action_phase.txt"),
    edition=Edition.THIRD,
    counterpart="tactical_action",
)


def linked(*topics: Topic) -> dict[str, LinkedTopic]:
    corpus = link_corpus(topics)
    return {t.page.url: t for t in corpus.topics}


def test_pages_live_at_the_conventional_urls() -> None:
    assert page_ref(TACTICAL).url == "rules/tactical-action/"
    assert page_ref(TACTICAL).title == "89 Tactical Action"
    assert page_ref(MOVEMENT).title == "Movement"
    assert page_ref(TI3).url == "ti3/tactical-action/"


def test_relative_hrefs_between_pages_and_anchors() -> None:
    assert relative_href("rules/tactical-action/", "rules/movement/") == "../movement/"
    assert relative_href("rules/tactical-action/", "rules/tactical-action/#89.2") == "#89.2"
    assert relative_href("", "rules/movement/#movement-faq-1") == "rules/movement/#movement-faq-1"
    assert relative_href("ti3/pass/", "rules/action-phase/") == "../../rules/action-phase/"
    assert relative_href("rules-by-number/", "") == "../"


def test_related_topic_with_a_page_resolves_and_one_without_is_reported() -> None:
    corpus = link_corpus((TACTICAL, ACTION))
    tactical = next(t for t in corpus.topics if t.topic.slug == "tactical_action")
    assert [(link.title, link.href) for link in tactical.related] == [
        ("Action Phase", "../action-phase/"),
        ("Space Cannon", None),
    ]
    [missing] = corpus.unresolved
    assert (missing.slug, str(missing.location)) == ("space_cannon", "content/rules/x.md:31")
    assert "no such topic here or in the topic index" in str(missing)  # no index: a mistake


def test_markdown_related_link_in_prose_becomes_a_page_link_and_is_not_doubled() -> None:
    text = linked(TACTICAL, ACTION)["rules/action-phase/"].topic.rules[1].text
    link = '<a class="topic-link" href="../tactical-action/">Tactical Action</a>'
    assert text == f"See {link}: Tactical Action."


def test_markdown_link_to_a_missing_topic_is_plain_text_marked_and_reported() -> None:
    lonely = topic(
        "lonely", "Lonely", 7, rules=(Rule("7.1", "See [Ghost](/rules/r_ghost).", at(4)),)
    )
    corpus = link_corpus((lonely,))
    text = corpus.topics[0].topic.rules[0].text
    assert "<a" not in text
    assert "Ghost</span> <small>(no such topic here or in the topic index)</small>" in text
    assert [str(u.location) for u in corpus.unresolved] == ["content/rules/x.md:4"]


def test_rule_numbers_in_prose_link_to_their_anchor() -> None:
    text = linked(TACTICAL, ACTION)["rules/action-phase/"].topic.rules[0].text
    assert 'rule <a class="rule-ref" href="../tactical-action/#89.2">89.2</a>.' in text


def test_parenthesised_number_links_but_a_rule_never_links_itself() -> None:
    pages = linked(TACTICAL, ACTION)
    [sub] = pages["rules/tactical-action/"].topic.rules[0].subrules
    assert sub.text.startswith("See 89.1.1 and ")
    assert '<a class="rule-ref" href="../action-phase/#3.1">3.1</a>' in sub.text
    rule = pages["rules/tactical-action/"].topic.rules[1]
    assert '(<a class="rule-ref" href="#89.1.1">89.1.1</a>)' in rule.text


def test_a_bare_topic_number_and_unknown_numbers_stay_text() -> None:
    note = linked(TACTICAL, ACTION)["rules/tactical-action/"].topic.notes[0].text
    assert note.endswith("not 3.")
    assert ">3.1</a>" in note
    lone = topic("lone", "Lone", 5, rules=(Rule("5.1", "Version 1.1 and rule 78.4.", at(2)),))
    assert link_corpus((lone,)).topics[0].topic.rules[0].text == "Version 1.1 and rule 78.4."


def test_topic_names_link_once_and_never_to_their_own_page() -> None:
    pages = linked(TACTICAL, ACTION)
    action_text = pages["rules/action-phase/"].topic.rules[0].text
    link = '<a class="topic-link" href="../tactical-action/">Tactical Action</a>'
    assert action_text.startswith(f"A player may perform a {link}")
    self_named = topic(
        "movement_rules", "Tactical Action", 1, rules=(Rule("1.1", "Tactical Action.", at(1)),)
    )
    assert link_corpus((self_named,)).topics[0].topic.rules[0].text == "Tactical Action."


def test_names_inside_existing_links_and_tags_are_left_alone() -> None:
    text = '<a href="x">Tactical Action</a> and <b title="Action Phase">bold</b> `89.2`'
    other = topic("other", "Other", 4, rules=(Rule("4.1", text, at(3)),))
    assert link_corpus((TACTICAL, ACTION, other)).topics[2].topic.rules[0].text == text


def test_wiki_items_and_faq_link_and_are_indexed_by_convention() -> None:
    corpus = link_corpus((TACTICAL, MOVEMENT))
    ids = {anchor.id: anchor.url for anchor in corpus.anchors}
    assert ids["movement-step-1-move-ships-2"] == "rules/movement/#movement-step-1-move-ships-2"
    assert ids["movement-faq-1"] == "rules/movement/#movement-faq-1"
    assert ids["89.1.1"] == "rules/tactical-action/#89.1.1"
    assert ids["89-note-1"] == "rules/tactical-action/#89-note-1"
    assert ids["89"] == "rules/tactical-action/"
    movement = next(t for t in corpus.topics if t.topic.slug == "movement")
    assert "../tactical-action/#89.2" in movement.topic.sections[0].items[1]


def test_third_edition_pages_link_their_counterpart_and_keep_their_ids_apart() -> None:
    ti3 = replace(TI3, sections=(Section("Activation", ("Activate.",), at(2), (at(2),)),))
    corpus = link_corpus((TACTICAL, ti3))
    third = corpus.topics[1]
    assert third.counterpart is not None
    assert third.counterpart.href == "../../rules/tactical-action/"
    assert "ti3-tactical-action-activation-1" in {a.id for a in corpus.anchors}


def test_referenced_by_lists_the_pages_that_link_here() -> None:
    pages = linked(TACTICAL, ACTION, MOVEMENT, TI3)
    referenced = pages["rules/tactical-action/"].referenced_by
    assert [(link.title, link.href) for link in referenced] == [
        ("3 Action Phase", "../action-phase/"),
        ("Movement", "../movement/"),
        ("Tactical Action (3rd edition)", "../../ti3/tactical-action/"),
    ]
    assert pages["rules/movement/"].referenced_by == ()


def test_resolved_links_are_counted() -> None:
    corpus = link_corpus((TACTICAL, ACTION))
    # Tactical: related Action Phase, (89.1.1), 3.1 twice; Action: its name and 89.2 in 3.1,
    # the [Tactical Action] link in 3.2.
    assert corpus.resolved_count == 7


def test_a_counterpart_without_a_page_is_named_but_not_linked() -> None:
    ti3 = replace(TI3, slug="space_battles", title="Space Battles", counterpart="space_combat")
    [linked_ti3] = link_corpus((ti3,)).topics
    assert linked_ti3.counterpart is not None
    assert (linked_ti3.counterpart.title, linked_ti3.counterpart.href) == ("Space Combat", None)


def test_a_topic_name_inside_a_longer_name_is_not_linked() -> None:
    cannon = Topic(
        slug="space_cannon",
        title="Space Cannon",
        origin=Origin.LRR_MARKDOWN,
        location=Location("content/rules/x.md", 1),
        number=77,
    )
    movement = replace(
        cannon,
        slug="movement",
        title="Movement",
        number=58,
        rules=(
            Rule("58.7", "<b>Step 2 – Space Cannon Offense</b>: words.", cannon.location),
            Rule("58.8", "Units with Space Cannon may fire.", cannon.location),
        ),
    )
    texts = [
        rule.text
        for linked in link_corpus((cannon, movement)).topics
        if linked.topic.slug == "movement"
        for rule in linked.topic.rules
    ]
    assert texts[0] == "<b>Step 2 – Space Cannon Offense</b>: words."
    assert 'href="../space-cannon/">Space Cannon</a> may fire.' in texts[1]


def test_a_topic_whose_lookups_answer_alike_is_reused_and_equals_a_fresh_link(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from pathlib import Path

    from rulesite.core import links, step_reuse
    from rulesite.core.corpus import load_content

    corpus = load_content(Path(__file__).resolve().parents[2] / "content")
    first = link_corpus(corpus.topics, corpus.index)
    calls: list[str] = []
    real = links._link_one

    def counted(topic: Topic, page: object, site: object) -> object:
        calls.append(topic.slug)
        return real(topic, page, site)  # type: ignore[arg-type]

    monkeypatch.setattr(links, "_link_one", counted)
    assert link_corpus(corpus.topics, corpus.index) == first
    assert calls == []
    # A retitled topic: it and every page that links to it are linked again (their lookups
    # of its title or page answer otherwise now); no other page is.
    action = next(t for t in first.topics if t.topic.slug == "action_phase")
    linking = {
        t.topic.slug
        for t in first.topics
        if t.page.title in {link.title for link in action.referenced_by}
    }
    retitled = tuple(
        replace(t, title="Renamed Phase") if t.slug == "action_phase" else t for t in corpus.topics
    )
    again = link_corpus(retitled, corpus.index)
    assert linking and {"action_phase", *linking} <= set(calls)
    assert len(calls) < len(retitled)
    step_reuse.forget()
    assert link_corpus(retitled, corpus.index) == again
