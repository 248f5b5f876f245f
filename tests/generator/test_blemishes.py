"""Small faults of the site built from the transcription: search for a dashed name,
a navigation group of one page, faction pages sorted under "The"."""

from __future__ import annotations

from dataclasses import replace

from rulesite.core.links import link_corpus
from rulesite.core.model import Location, Origin, Rule, Topic
from rulesite.core.render.pages import grouped_nav, sort_name
from rulesite.core.search_index import topic_documents


def test_10_anti_fighter_barrage_is_tagged_with_hyphens_so_the_search_splits_its_words() -> None:
    docs = [{"location": "rules/anti-fighter-barrage/", "title": "10 x", "text": ""}]
    tagged = topic_documents(docs, {"rules/anti-fighter-barrage/": "Anti–Fighter Barrage"})
    assert tagged[0]["tags"] == ["Anti-Fighter Barrage"]


def test_a_last_navigation_range_of_one_page_is_that_page_not_a_group() -> None:
    pages = [(str(n), f"rules/{n}.md") for n in range(1, 102)]
    nav = grouped_nav(pages)
    assert [next(iter(entry)) for entry in nav[:2]] == ["1–50", "51–100"]
    assert nav[2] == "rules/101.md"
    assert not any(isinstance(e, dict) and "101–101" in e for e in nav)


def test_faction_names_sort_without_their_leading_the() -> None:
    titles = ["The L1Z1X Mindnet", "Sardakk N'orr", "The Arborec", "Mahact Gene-Sorcerers"]
    assert sorted(titles, key=sort_name) == [
        "The Arborec",
        "The L1Z1X Mindnet",
        "Mahact Gene-Sorcerers",
        "Sardakk N'orr",
    ]


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
