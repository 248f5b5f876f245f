"""Rule-number search: one search document per numbered rule in Material's search index.

Material's search plugin makes one document per heading; rules are list items,
so without help typing ``89.2.3`` would only find the whole "Rules" section.
Each rule gets its own document, titled with its number alone (so a number
query matches the title field, which Material boosts a thousandfold).

Its location has no ``#``: Material's search groups a ``page/#id`` document
under its page and always lists the page first, so the rule would never be the
first result. ``page/?rule=89.2.3`` is a result of its own, and the site's
``rules.js`` turns it into the ``#89.2.3`` anchor on arrival.

Ranking as a reader expects: a topic's page outranks its rules, so ``89``
gives topic 89 first, and a rule or topic page that names a topic, an ability
or a unit (:mod:`rulesite.core.search_terms`) carries that name as a tag, a field
Material weighs above titles, so ``space cannon`` gives the rules about it
before a page that only has the words in a heading.
"""

from __future__ import annotations

import html
import json
from functools import partial
from typing import Any

from rulesite.core.anchors import Anchor
from rulesite.core.links import LinkedTopic
from rulesite.core.render.preview import preview
from rulesite.core.render.sanitise import safe_inline
from rulesite.core.search_terms import Names, search_names
from rulesite.core.sources.registry import notes_folders
from rulesite.core.step_reuse import Reused


def rule_location(anchor: Anchor) -> str:
    """The search location of a rule anchor: ``rules/tactical-action/?rule=89.2.3``."""
    page = anchor.url.partition("#")[0]
    return f"{page}?rule={anchor.id}"


def rule_boost(number: str) -> float:
    """Shallower rules rank higher: typing ``89.2`` lists 89.2 before 89.2.1, 89.2.2, …"""
    return 1 + 2.0 ** (3 - number.count(".") - 1)


# Above every rule's boost (at most rule_boost("89.5") == 3): a topic before its own rules.
TOPIC_BOOST = 8.0
# A topic the build lacks: above rules, so its name answers, below any page the build has.
GAP_BOOST = 4.0


def _is_topic(anchor: Anchor) -> bool:
    # A topic's anchor is its number and links to the page itself, not to a place on it.
    return anchor.id.isdigit() and "#" not in anchor.url


def _tagged(document: dict[str, Any], tags: list[str]) -> dict[str, Any]:
    # Escaped: Material draws tags as HTML, and a tag is a topic's title, source text.
    # Its dashes are hyphens: the search splits words at a hyphen, not at the transcription's
    # en dash, so "anti-fighter" found nothing in "Anti–Fighter Barrage" and topic 10 came
    # after the rules that mention it.
    escaped = [html.escape(tag.translate(_DASHES)) for tag in tags]
    return {**document, "tags": escaped} if tags else document


_DASHES = str.maketrans({"–": "-", "—": "-", "‑": "-"})


def rule_documents(anchors: tuple[Anchor, ...], names: Names | None = None) -> list[dict[str, Any]]:
    """A search document for each numbered rule among ``anchors``, tagged with the names it uses."""
    names = names or _names(anchors)
    # A rule's letter form is the alias anchored beside it, where the LRR prints one.
    aliases = {anchor.label: anchor.id for anchor in anchors if anchor.is_alias}
    return [
        _RULE_DOCUMENTS.get(
            (anchor, names),
            aliases.get(anchor.id),
            partial(_rule_document, anchor, names, aliases.get(anchor.id)),
        )
        for anchor in anchors
        if anchor.is_rule
    ]


def _rule_document(anchor: Anchor, names: Names, alias: str | None) -> dict[str, Any]:
    text = _plain_html(anchor.text)
    document = {
        "location": rule_location(anchor),
        "title": anchor.id,
        # The printed LRR's letter form is searchable in the text, not as a tag: tags
        # outweigh titles, and "89" would list rules tagged "89.2c" before topic 89.
        "text": f"{text} ({alias})" if alias else text,
        "boost": rule_boost(anchor.id),
    }
    return _tagged(document, names.named_in(text))


def _names(anchors: tuple[Anchor, ...]) -> Names:
    titles = tuple(anchor.text for anchor in anchors if _is_topic(anchor))
    # The same titles give the same object: each rule's document is kept by it.
    return _NAMES.get((), titles, partial(search_names, titles))


def topic_titles(anchors: tuple[Anchor, ...]) -> dict[str, str]:
    """Each topic page's URL → its title, the tag its search entry carries."""
    return {anchor.url: anchor.text for anchor in anchors if _is_topic(anchor)}


def topic_documents(docs: list[dict[str, Any]], topics: dict[str, str]) -> list[dict[str, Any]]:
    """``docs`` with each topic's page (``topics``: URL → title) boosted above its rules and
    tagged with its title."""
    return [
        {**_tagged(doc, [topics[doc["location"]]]), "boost": TOPIC_BOOST}
        if doc["location"] in topics
        else doc
        for doc in docs
    ]


def _plain_html(text: str) -> str:
    # Sanitised first: Material draws search results as HTML.
    return safe_inline(text).text


def page_documents(topics: tuple[LinkedTopic, ...]) -> list[dict[str, Any]]:
    """The page and notes entries of pages Material's search skips, written from the model.

    Their rules are entries of their own (:func:`rule_documents`); the link
    lists (related topics, referenced by) only mention other topics in passing.
    """
    return [
        document
        for linked in topics
        for document in _PAGE_DOCUMENTS.get((linked,), None, partial(_page_documents, linked))
    ]


def _page_documents(linked: LinkedTopic) -> list[dict[str, Any]]:
    url, intro = linked.page.url, linked.topic.intro
    text = "".join(f"<p>{_plain_html(paragraph)}</p>" for paragraph in intro)
    # Escaped: Material draws a result's title as HTML, and a title is source text.
    title = html.escape(linked.page.title)
    documents = [{"location": url, "title": title, "text": text}]
    if linked.topic.notes:
        items = "".join(f"<li>{_plain_html(note.text)}</li>" for note in linked.topic.notes)
        documents.append(
            {"location": f"{url}#notes", "title": "Notes", "text": f"<ol>{items}</ol>"}
        )
    return documents


def with_search_records(index: dict[str, Any], records: dict[str, Any]) -> dict[str, Any]:
    """``index`` (a parsed ``search_index.json``) ranked for readers, with ``records``
    (:func:`search_records`): a document per rule and the entries of directly indexed pages."""
    return {**index, "docs": merge_search_records(index["docs"], records)}


def gap_documents(gaps: Gaps) -> list[dict[str, Any]]:
    """A search entry per topic of the index this build lacks: its number, its name and
    "not in this reference yet", leading to its row on the coverage page."""
    return [
        _tagged(
            {
                # A result of its own (a "#" would group it under the Coverage page, listed
                # first); rules.js lands ?rule=topic-78 on its row, as it lands a rule.
                "location": f"{_GAP_SEARCH}{number}",
                "title": html.escape(f"{number} {name}"),
                "text": f"<p>{html.escape(name)}: {NOT_HERE}. See Coverage.</p>",
                "boost": GAP_BOOST,
            },
            [name],
        )
        for number, name in gaps
    ]


_GAP_SEARCH = "coverage/?rule=topic-"


def is_gap_location(location: str) -> bool:
    """Whether a search entry's ``location`` is that of a topic the build lacks."""
    return location.startswith(_GAP_SEARCH)


def gap_location(number: int) -> str:
    """Where a lacking topic is named: its row on the coverage page."""
    return f"coverage/#topic-{number}"


def search_records(
    anchors: tuple[Anchor, ...],
    directly_indexed: tuple[LinkedTopic, ...] = (),
    gaps: Gaps = (),
) -> dict[str, Any]:
    """The build's own search entries, for any site engine (the generated tree's
    ``search-records.json``): ``pages``, entries of pages the engine's indexer skips and
    of the topics the build lacks; ``rules``, one per numbered rule; ``topics``, each
    topic page's URL → its title.
    """
    return {
        "pages": page_documents(directly_indexed) + gap_documents(gaps),
        "rules": rule_documents(anchors, _names(anchors)),
        "topics": topic_titles(anchors),
    }


def merge_search_records(
    documents: list[dict[str, Any]], records: dict[str, Any]
) -> list[dict[str, Any]]:
    """An engine's own search ``documents`` with ``records`` (:func:`search_records`) added:
    topic pages ranked first, then the pages' entries, then a document per rule; the
    entries of a card's or a faction's rulings marked to rank after rules and topics."""
    docs = topic_documents([*documents, *records["pages"]], records["topics"])
    return [*(_ranked(doc) for doc in docs), *records["rules"]]


# The rank of an entry of a notes page's section (a card's, a faction ability's rulings):
# the site's search worker (rulesite/adapters/search_worker/common.js) puts it after the
# rules and topics that match as well, unless its name is what was typed. They mention
# rules' words in passing: "retreat" gave the Skilled Retreat card before rules 78.4, 78.7.
NOTE_RANK = 2
_NOTES_FOLDERS = notes_folders()


def _ranked(doc: dict[str, Any]) -> dict[str, Any]:
    page, hash_mark, _ = str(doc["location"]).partition("#")
    if hash_mark and page.split("/", 1)[0] in _NOTES_FOLDERS:
        return {**doc, "rank": NOTE_RANK}
    return doc


Gaps = tuple[tuple[int, str], ...]  # the index's topics a build lacks: (number, name)
NOT_HERE = "not in this reference yet"
GAP_KEY = "*"  # a number file's entry for a topic the build lacks: any number of it

# One small file per topic: the rule-number fast path in rules.js fetches only the one it needs.
NUMBERS_DIR = "search/numbers"
_SNIPPET = 120


def _snippet(text: str) -> str:
    return preview(text, _SNIPPET)  # shown as text, never as HTML


def number_files(anchors: tuple[Anchor, ...], gaps: Gaps = ()) -> dict[str, str]:
    """``search/numbers/89.json`` per topic: each number of topic 89 → [search location, text].

    The rule-number fast path answers ``89.2.3`` from this file at once, before
    Material's full-text index (megabytes on a large corpus) is loaded. A topic the
    index numbers but the build lacks (``gaps``) has a file whose one entry, ``"*"``,
    answers any of its numbers with its name and "not in this reference yet".
    """
    by_topic: dict[str, tuple[list[str] | None, list[Anchor]]] = {
        str(number): ([gap_location(number), f"{number} {name}: {NOT_HERE}"], [])
        for number, name in gaps
    }
    for anchor in anchors:
        if _is_topic(anchor) or anchor.is_rule or anchor.is_alias:
            by_topic.setdefault(anchor.id.partition(".")[0], (None, []))[1].append(anchor)
    # A topic's file is kept by its anchors (the same objects while it is unchanged).
    files = {
        f"{NUMBERS_DIR}/{topic}.json": _NUMBER_FILES.get(
            tuple(listed), gap, partial(_number_file, gap, tuple(listed))
        )
        for topic, (gap, listed) in by_topic.items()
    }
    # Which topics have a file: the fast path asks for no file that is not there.
    files[f"{NUMBERS_DIR}.json"] = json.dumps(sorted(int(topic) for topic in by_topic))
    return files


def _number_file(gap: list[str] | None, anchors: tuple[Anchor, ...]) -> str:
    entries: dict[str, list[str]] = {GAP_KEY: gap} if gap else {}
    for anchor in anchors:
        if _is_topic(anchor):
            entries[anchor.id] = [anchor.url, anchor.title]
        elif anchor.is_rule:
            entries[anchor.id] = [rule_location(anchor), f"{anchor.id} {_snippet(anchor.text)}"]
        else:
            entries[anchor.id] = [rule_location(anchor), f"{anchor.label} {_snippet(anchor.text)}"]
    return json.dumps(entries, ensure_ascii=False, separators=(",", ":"))


# Each step's results by the anchors or topic they are of (:mod:`rulesite.core.step_reuse`).
_NAMES: Reused[Names] = Reused()
_RULE_DOCUMENTS: Reused[dict[str, Any]] = Reused()
_PAGE_DOCUMENTS: Reused[list[dict[str, Any]]] = Reused()
_NUMBER_FILES: Reused[str] = Reused()
