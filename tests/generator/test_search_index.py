"""The search index the build writes: ranking aids, direct entries, number files.

Ranking like a reader, entries written from the model, and a rule-number fast
path. The browser side is in
tests/browser/test_search_ranking.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulesite.adapters.search_worker import MATERIAL, ZENSICAL, search_workers
from rulesite.adapters.zensical.search import zensical_search
from rulesite.core.corpus import load_content
from rulesite.core.links import link_corpus
from rulesite.core.render.pages import render_site
from rulesite.core.search_index import (
    NOTE_RANK,
    NUMBERS_DIR,
    TOPIC_BOOST,
    number_files,
    page_documents,
    rule_boost,
    search_records,
    topic_documents,
    with_search_records,
)
from rulesite.core.search_terms import search_names
from tests.generator.content_folder import write_content

ROOT = Path(__file__).resolve().parents[2]
LINKED = link_corpus(load_content(ROOT / "content").topics)


def _docs() -> list[dict]:
    material = [{"location": "rules/tactical-action/", "title": "89 Tactical Action", "text": ""}]
    return with_search_records({"docs": material}, search_records(LINKED.anchors))["docs"]


def _by_location(location: str) -> dict:
    return next(d for d in _docs() if d["location"] == location)


def test_a_topic_page_outranks_its_own_rules() -> None:
    """``89`` must give topic 89 before 89.5: its page is boosted above any rule's boost."""
    page = _by_location("rules/tactical-action/")
    assert page["boost"] == TOPIC_BOOST > rule_boost("89.5")
    assert page["tags"] == ["Tactical Action"]


def test_a_rule_is_tagged_with_the_abilities_and_units_it_names() -> None:
    """89.2.3 names Space Cannon abilities, which PDS units have: both are its tags."""
    assert _by_location("rules/tactical-action/?rule=89.2.3")["tags"] == ["PDS", "Space Cannon"]


def test_89_2_c_a_third_level_rule_is_found_by_its_printed_letter_form() -> None:
    assert _by_location("rules/tactical-action/?rule=89.2.3")["text"].endswith(" (89.2c)")
    # 89.4 names Bombardment: "dreadnought" finds it though the rule never says dreadnought.
    assert {"Bombardment", "Dreadnought", "War Sun"} <= set(
        _by_location("rules/tactical-action/?rule=89.4")["tags"]
    )


def test_names_match_whole_words_plurals_and_case() -> None:
    names = search_names(["Tactical Action"])
    assert names.named_in("Dreadnoughts may not bombard.") == ["Dreadnought"]
    assert names.named_in("a TACTICAL ACTION, then space cannons") == [
        "PDS",
        "Space Cannon",
        "Tactical Action",
    ]
    assert names.named_in("Tactically, an action") == []


def test_names_sharing_first_words_are_each_found_at_their_own_length() -> None:
    """Names that start alike, shorter and longer, are all named where their words all are."""
    names = search_names(["Space", "Space Dock Rules", "Space Cannon Offense", "Beacon Legion"])
    assert names.named_in("Space cannon offense after the space dock") == [
        "PDS",
        "Space",
        "Space Cannon",
        "Space Cannon Offense",
        "Space Dock",
    ]
    assert names.named_in("two Beacon Legions") == ["Beacon Legion"]
    assert names.named_in("beacon") == []


def test_pages_skipped_by_material_get_their_entries_from_the_model() -> None:
    """Numbered rules pages without walkthroughs are indexed directly, not parsed from HTML."""
    pages = render_site(LINKED, lambda slug: "")
    direct = {linked.page.url for linked in pages.directly_indexed}
    assert "rules/tactical-action/" in direct
    assert "search:\n  exclude: true" in pages.files["rules/tactical-action.md"]
    assert not any(url.startswith(("ti3/", "rules/movement")) for url in direct)
    docs = page_documents(pages.directly_indexed)
    page = next(d for d in docs if d["location"] == "rules/tactical-action/")
    assert page["title"] == "89 Tactical Action"
    assert "primary method by which players produce units" in page["text"]
    notes = next(d for d in docs if d["location"] == "rules/tactical-action/#notes")
    assert notes["text"].startswith("<ol><li>") and "<a " not in notes["text"]
    with_walkthrough = render_site(LINKED, lambda slug: "<div>walkthrough</div>")
    assert "search:" not in with_walkthrough.files["rules/tactical-action.md"]


def test_number_files_hold_one_topic_each_in_page_order() -> None:
    files = number_files(LINKED.anchors)
    numbers = json.loads(files[f"{NUMBERS_DIR}/89.json"])
    assert list(numbers)[:3] == ["89", "89.1", "89.1.1"]
    assert numbers["89"] == ["rules/tactical-action/", "89 Tactical Action"]
    location, text = numbers["89.2.3"]
    assert location == "rules/tactical-action/?rule=89.2.3"
    assert text.startswith("89.2.3 After the Move Ships step")
    assert all(key.split(".")[0] == "89" for key in numbers)
    # The list of topics with a file: the fast path fetches no file that is not there.
    assert json.loads(files[f"{NUMBERS_DIR}.json"]) == [3, 89]


_NAVIGATES = "<meta http-equiv='refresh' content='0;url=//evil.example/x'><form action=x>Quokka"
_WORDS = "meta http-equiv refresh content 0 url evil example x form action x Quokka"


def test_search_tags_are_plain_text() -> None:
    """A topic's title reached ``tags`` raw (topic_documents, named_in), and
    Material draws tags as HTML: a title's ``<meta http-equiv="refresh">`` navigated."""
    from rulesite.core.model import Location, Origin, Rule, Topic

    topic = Topic(
        slug="quokka",
        title=_NAVIGATES,
        origin=Origin.LRR_YAML,
        location=Location("content/rules/quokka.yaml", 1),
        number=9,
        # The title's words, as a rule naming the topic has them once its markup is gone.
        rules=(Rule("9.1", _WORDS, Location("content/rules/quokka.yaml", 2)),),
    )
    anchors = link_corpus((topic,)).anchors
    material = [{"location": "rules/quokka/", "title": "9 Quokka", "text": ""}]
    docs = with_search_records({"docs": material}, search_records(anchors))["docs"]
    tags = [tag for doc in docs for tag in doc.get("tags", [])]
    assert len(tags) == 2  # the page's own title and the rule that names it
    for tag in tags:
        assert "<" not in tag and ">" not in tag
        assert tag.startswith("&lt;meta http-equiv=&#x27;refresh&#x27;")


def test_a_card_or_faction_rulings_entry_is_marked_to_rank_after_rules() -> None:
    """An entry of a notes page's section (a card's rulings) carries rank 2, which the
    search worker ranks after rules and topics; the notes page itself and the rest do not."""
    engine = [
        {"location": "components/action-cards/", "title": "Action Cards", "text": ""},
        {"location": "components/action-cards/#skilled-retreat", "title": "Skilled Retreat"},
        {"location": "factions/norr/#unrelenting", "title": "Unrelenting", "text": ""},
        {"location": "rules/tactical-action/#notes", "title": "Notes", "text": ""},
    ]
    docs = with_search_records({"docs": engine}, search_records(LINKED.anchors))["docs"]
    ranks = {doc["location"]: doc.get("rank") for doc in docs}
    assert ranks["components/action-cards/#skilled-retreat"] == NOTE_RANK == 2
    assert ranks["factions/norr/#unrelenting"] == NOTE_RANK
    assert ranks["components/action-cards/"] is None
    assert ranks["rules/tactical-action/#notes"] is None
    assert ranks["rules/tactical-action/?rule=89.2.3"] is None


def test_the_site_search_worker_is_written_beside_each_engines_and_loads_it(
    tmp_path: Path,
) -> None:
    workers = tmp_path / "assets/javascripts/workers"
    workers.mkdir(parents=True)
    (workers / "search.0123abcd.min.js").write_text("// the engine's", encoding="utf-8")
    written = search_workers(tmp_path, ZENSICAL)
    assert list(written) == [workers / "rules-search.0123abcd.min.js"]
    script = next(iter(written.values())).decode()
    assert 'self.ENGINE_WORKER = "search.0123abcd.min.js";' in script
    assert "self.rulesSearch = " in script  # common.js
    assert script.index("self.rulesSearch = ") < script.index("importScripts(self.ENGINE_WORKER)")
    # The theme's config block names it where the engine's page names its own worker.
    theme = (ROOT / "rulesite/theme/main.html").read_text(encoding="utf-8")
    assert 'replace("workers/search.", "workers/rules-search.")' in theme
    assert (
        "importScripts(self.ENGINE_WORKER)"
        in next(iter(search_workers(tmp_path, MATERIAL).values())).decode()
    )


HOSTILE = ROOT / "tests" / "fixtures" / "hostile_content"


_RAW_MARKUP = ("<img", "<script", "<meta", "<base", "<form", "<svg", "<iframe")


def _search_strings(item: dict[str, object]) -> list[str]:
    strings = [item.get("title"), item.get("text"), *item.get("path", []), *item.get("tags", [])]  # type: ignore[misc]
    return [text for text in strings if isinstance(text, str)]


# Each search index the site's records are merged into: Material's (MkDocs, ProperDocs), and
# Zensical's; each shape given an empty index and the records, and where its items are.
SEARCH_SHAPES = {
    "material": (with_search_records, {"config": {}, "docs": []}, "docs"),
    "zensical": (zensical_search, {"config": {}, "items": []}, "items"),
}


@pytest.mark.parametrize("shape", sorted(SEARCH_SHAPES))
def test_no_source_markup_reaches_either_engines_search_data_raw(shape: str) -> None:
    """Zensical's rule items took their topic's name as their path unescaped: Zensical draws
    a path as HTML, and a title's ``<script>`` ran from the search results."""
    from rulesite.core.generate import generate
    from rulesite.core.search_index import search_records

    site = generate(HOSTILE)
    records = search_records(site.anchors, site.directly_indexed)
    merge, empty, key = SEARCH_SHAPES[shape]
    items = merge(empty, records)[key]
    assert len(items) >= 8  # the pages, their notes and each rule
    for item in items:
        for text in _search_strings(item):
            assert not any(markup in text for markup in _RAW_MARKUP), (shape, item)


@pytest.mark.parametrize("title", ["Units & Ships", "Units &amp; Ships", "<b>Units</b>"])
def test_a_titles_entity_reaches_search_escaped_once_as_the_page_shows_it(
    tmp_path: Path, title: str
) -> None:
    """A title is words: the page's heading shows ``&amp;`` as written, so every search
    string naming the topic holds it escaped once (``&amp;amp;``), never twice, never raw."""
    import html

    from rulesite.core.generate import generate
    from rulesite.core.search_index import search_records
    from tests.generator.content_folder import CARDS

    content = write_content(
        tmp_path,
        {"rules/seven.yaml": CARDS, "rules/seven.meta.yaml": f"number: 7\ntitle: {title!r}\n"},
    )
    site = generate(content)
    records = search_records(site.anchors, site.directly_indexed)
    page = next(doc for doc in records["pages"] if doc["location"] == "rules/seven/")
    assert html.unescape(page["title"]) == f"7 {title}"
    for item in zensical_search({"config": {}, "items": []}, records)["items"]:
        if item["title"].startswith("7."):
            assert item["path"] == [html.escape(title)]


def test_10_anti_fighter_barrage_is_tagged_with_hyphens_so_the_search_splits_its_words() -> None:
    docs = [{"location": "rules/anti-fighter-barrage/", "title": "10 x", "text": ""}]
    tagged = topic_documents(docs, {"rules/anti-fighter-barrage/": "Anti–Fighter Barrage"})
    assert tagged[0]["tags"] == ["Anti-Fighter Barrage"]
