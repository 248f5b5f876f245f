"""The rules as data, for bots and other tools: ``rules.json`` (every topic: its definition,
rules and notes), ``rules.jsonl`` (one topic, rule or note a line), ``r/<id>.json`` (one
rule or note, so "78.7b" is one small request) and ``rules.schema.json`` (the JSON Schema
all of them follow, package data).

A rule has its number, the printed LRR's letter form, its words as plain text (a line per
block or list item) and as sanitised HTML, its page URL, its short link and its file; a
note the same with its anchor id, and on a faction or component page the card it rules
on. Each names what its words link to and what links to it (``refers_to``,
``referenced_by``). URLs are from the site root, or absolute where the site's address is
known. The file says which version of the sources it holds and their date, from the
sources' own facts (git's, or the topic index's: never a file's time).
"""

from __future__ import annotations

import html
import json
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from importlib import resources
from posixpath import normpath
from typing import Any, Protocol

from rulesite.core.anchors import is_notes_page, item_id, note_id, rule_alias
from rulesite.core.links import Link, LinkedCorpus, LinkedTopic
from rulesite.core.model import Edition, Origin, Provenance, iter_rules
from rulesite.core.render.sanitise import safe_inline
from rulesite.core.short_links import SHORT_DIR, short_url
from rulesite.core.step_reuse import Reused

__all__ = ["EXPORT", "FORMAT", "LINES", "SCHEMA", "RulesExport", "build_export", "data_url"]

EXPORT = "rules.json"
LINES = "rules.jsonl"
SCHEMA = "rules.schema.json"
FORMAT = 2
_LEADING_NUMBER = re.compile(r"^(\d+)\s")
# The prose linker's links, in sanitised HTML (whose attributes are always double-quoted).
_LINK_TAG = re.compile(r'<a\b[^>]*\bclass="(?:rule-ref|topic-link)"[^>]*>')
_HREF = re.compile(r'\bhref="([^"]*)"')
_URL_KEYS = frozenset({"url", "short_url", "data_url"})
# Each topic's export by its linked form (and what its links read), then with its backlinks,
# then as text: an unchanged topic is the same object at every step, and nothing is redone.
_TOPICS: Reused[dict[str, Any]] = Reused()
_BACKLINKED: Reused[dict[str, Any]] = Reused()
_PARTS: Reused[_Parts] = Reused()
_KINDS = {
    Origin.COMPONENT_NOTES: "components",
    Origin.FACTION_NOTES: "factions",
    Origin.WIKI: "wiki",
}


def data_url(anchor_id: str) -> str:
    """Where a rule's or note's own file is, from the site root: ``r/78.7.2.json``."""
    return f"{SHORT_DIR}/{anchor_id}.json"


def _text(texts: Iterable[str]) -> dict[str, str]:
    """Plain text (a line per paragraph, block or list item) and sanitised HTML."""
    cleaned = [safe_inline(text) for text in texts]
    if len(cleaned) == 1:
        return {"text": html.unescape(cleaned[0].lines), "html": str(cleaned[0].html)}
    return {
        "text": "\n".join(html.unescape(c.lines) for c in cleaned if c.lines),
        "html": "".join(f"<p>{c.html}</p>" for c in cleaned),
    }


def _root_url(page_url: str, href: str | None) -> str | None:
    """``href`` (relative to ``page_url``) as a URL from the site root."""
    if href is None or "://" in href:
        return href
    path, hash_mark, fragment = href.partition("#")
    joined = normpath(f"{page_url}{path}") if path else page_url.rstrip("/")
    root = "" if joined in (".", "") else joined.lstrip("./") + "/"
    return root + (f"#{fragment}" if hash_mark else "")


def _link(link: Link, page_url: str, numbers: _Lookup) -> dict[str, Any]:
    url = _root_url(page_url, link.href)
    number = numbers.get((url or "").partition("#")[0])
    if number is None:
        found = _LEADING_NUMBER.match(link.title)
        number = int(found.group(1)) if found else None
    return {"name": link.title, "number": number, "url": url}


class _Lookup(Protocol):
    def get(self, key: str, /) -> Any: ...


def _target_ids(corpus: LinkedCorpus) -> dict[str, str]:
    """What a link's root URL names: an anchor's id (a rule's for its letter form), or for
    a page without an anchor of its own (a notes page) its topic's slug."""
    ids = {t.page.url: t.topic.slug for t in corpus.topics}
    for anchor in corpus.anchors:
        ids[anchor.url] = anchor.label if anchor.kind == "alias" else anchor.id
    return ids


def _refers_to(ids: _Lookup, page_url: str, texts: Iterable[str]) -> list[dict[str, str]]:
    found: dict[str, dict[str, str]] = {}
    for text in texts:
        for tag in _LINK_TAG.findall(str(safe_inline(text).html)):
            href = _HREF.search(tag)
            url = _root_url(page_url, html.unescape(href.group(1))) if href else None
            target = ids.get(url or "")
            if url and target and target not in found:
                found[target] = {"id": target, "url": url}
    return list(found.values())


def _rules(linked: LinkedTopic, ids: _Lookup) -> list[dict[str, Any]]:
    url = linked.page.url
    return [
        {
            "id": rule.number,
            "number": rule.number,
            "letter": rule_alias(rule),
            **_text([rule.text]),
            **({"lead": _text(rule.lead)} if rule.lead else {}),
            "url": f"{url}#{rule.number}",
            "short_url": short_url(rule.number),
            "data_url": data_url(rule.number),
            "refers_to": _refers_to(ids, url, [*rule.lead, rule.text]),
        }
        for rule in iter_rules(linked.topic.rules)
        if rule.number
    ]


def _notes(linked: LinkedTopic, ids: _Lookup) -> list[dict[str, Any]]:
    topic, url = linked.topic, linked.page.url
    notes = []
    for note in topic.notes:
        anchor = note_id(topic, note.number)
        notes.append(
            {
                "id": anchor,
                "number": note.number,
                "card": None,
                **_text([*note.lead, note.text]),
                "subnotes": [_text([sub])["text"] for sub in note.subnotes],
                "url": f"{url}#{anchor}",
                "short_url": short_url(anchor),
                "data_url": data_url(anchor),
                "refers_to": _refers_to(ids, url, [*note.lead, note.text, *note.subnotes]),
            }
        )
    if not is_notes_page(topic):
        return notes
    for section in topic.sections:
        for n, item in enumerate(section.items, start=1):
            anchor = item_id(topic, section, n)
            notes.append(
                {
                    "id": anchor,
                    "number": n,
                    "card": section.title,
                    **_text([item]),
                    "subnotes": [],
                    "url": f"{url}#{anchor}",
                    "short_url": short_url(anchor),
                    "data_url": data_url(anchor),
                    "refers_to": _refers_to(ids, url, [item]),
                }
            )
    return notes


def _topic(linked: LinkedTopic, numbers: _Lookup, ids: _Lookup) -> dict[str, Any]:
    topic, url = linked.topic, linked.page.url
    return {
        "number": topic.number,
        "name": topic.title,
        "slug": topic.slug,
        "kind": _KINDS.get(topic.origin, "rules"),
        "url": url,
        "definition": _text(topic.definition) if topic.definition else None,
        "rules": _rules(linked, ids),
        "notes": _notes(linked, ids),
        "related": [_link(link, url, numbers) for link in linked.related],
        "referenced_by": [_link(link, url, numbers) for link in linked.referenced_by],
    }


def _with_backlinks(topics: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each rule's and note's ``referenced_by``: the rules and notes whose words link to it.
    A topic whose items' backlinks are as before is the same object (its files are too)."""
    items = [item for t in topics for key in ("rules", "notes") for item in t[key]]
    backlinks: dict[str, list[dict[str, str]]] = {}
    for item in items:
        for target in item["refers_to"]:
            backlinks.setdefault(target["id"], []).append({"id": item["id"], "url": item["url"]})
    return [
        _BACKLINKED.get(
            (topic,),
            [backlinks.get(item["id"], []) for key in ("rules", "notes") for item in topic[key]],
            partial(_backlinked, topic, backlinks),
        )
        for topic in topics
    ]


def _backlinked(
    topic: dict[str, Any], backlinks: dict[str, list[dict[str, str]]]
) -> dict[str, Any]:
    return {
        **topic,
        **{
            key: [{**item, "referenced_by": backlinks.get(item["id"], [])} for item in topic[key]]
            for key in ("rules", "notes")
        },
    }


@dataclass(frozen=True)
class RulesExport:
    """Everything the export files hold, URLs from the site root until written."""

    head: dict[str, Any]
    topics: tuple[dict[str, Any], ...]

    def files(self, site_url: str = "") -> dict[str, str]:
        """``rules.json``, ``rules.jsonl`` and ``rules.schema.json``; URLs absolute under
        ``site_url`` (the site's address, ending in "/") when it is given."""
        parts = self._parts(site_url)
        # Each topic's JSON is kept (an edit changes one): the whole is the head's, then
        # theirs in order, exactly as one dump of it all writes it.
        head = _dump(_absolute({**self.head, "site_url": site_url or None}, site_url))
        whole = f'{head[:-1]},"topics":[{",".join(part.whole for part in parts)}]}}'
        schema = resources.files("rulesite.core").joinpath("data", SCHEMA)
        return {
            EXPORT: whole,
            LINES: "".join(f"{line}\n" for part in parts for line in part.lines),
            SCHEMA: schema.read_text(encoding="utf-8"),
        }

    def item_files(self, site_url: str = "") -> Iterator[tuple[str, str]]:
        """(``r/<id>.json``, its text) for every rule and note, and for every rule's letter
        form (``r/78.7b.json``, the same rule): one at a time, as the short links are.

        An item's file is its line of ``rules.jsonl`` with the format first: made from the
        kept line as it is written, never all held at once (100,000 at 5,000 topics)."""
        for part in self._parts(site_url):
            for line, names in zip(part.lines[1:], part.items, strict=True):
                text = f'{{"format":{FORMAT},{line[1:]}'
                for name in names:
                    yield f"{SHORT_DIR}/{name}.json", text

    def _parts(self, site_url: str) -> list[_Parts]:
        # Interned, an address is one object: the parts under each address asked are kept.
        url = sys.intern(site_url)
        return [
            _PARTS.get((topic, url), None, partial(_parts, topic, url)) for topic in self.topics
        ]


@dataclass(frozen=True)
class _Parts:
    """One topic's share of the export files."""

    whole: str  # its entry in rules.json
    lines: tuple[str, ...]  # its lines of rules.jsonl (the topic's, then its items'), as JSON
    items: tuple[tuple[str, ...], ...]  # each item's file names: its id, its letter form


def _parts(topic: dict[str, Any], site_url: str) -> _Parts:
    owner = {key: topic[key] for key in ("number", "name", "slug", "url")}
    head = {"type": "topic", **{k: v for k, v in topic.items() if k not in ("rules", "notes")}}
    lines = [_dump(_absolute(head, site_url))]
    items: list[tuple[str, ...]] = []
    for kind, key in (("rule", "rules"), ("note", "notes")):
        for item in topic[key]:
            lines.append(_dump(_absolute({"type": kind, **item, "topic": owner}, site_url)))
            items.append((item["id"], item["letter"]) if item.get("letter") else (item["id"],))
    return _Parts(_dump(_absolute(topic, site_url)), tuple(lines), tuple(items))


def _dump(value: Any) -> str:
    # Compact: indented output would leave json's C encoder for its slow pure-Python one.
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _absolute(value: Any, site_url: str) -> Any:
    """``value`` with every URL field made absolute under ``site_url`` (if one is given)."""
    if not site_url:
        return value
    if isinstance(value, list):
        return [_absolute(item, site_url) for item in value]
    if not isinstance(value, dict):
        return value
    return {
        key: (
            f"{site_url}{item}"
            if key in _URL_KEYS and isinstance(item, str) and "://" not in item
            else _absolute(item, site_url)
        )
        for key, item in value.items()
    }


def build_export(corpus: LinkedCorpus, sources: Provenance) -> RulesExport:
    """The export of the 4th-edition topics ``corpus`` holds, from ``sources``."""
    fourth = [t for t in corpus.topics if t.topic.edition is Edition.FOURTH]
    numbers = {t.page.url: t.topic.number for t in fourth}
    listed = {t.number for t in corpus.index.topics}
    ids = _target_ids(corpus)
    # A topic is exported again only where it changed or a link of it reads otherwise.
    topics = _with_backlinks(
        [_TOPICS.read((t,), (numbers, ids), partial(_topic, t)) for t in fourth]
    )
    head = {
        "format": FORMAT,
        "version": sources.version,
        "sources_date": sources.date,
        "sources_from": sources.origin,
        "index": {
            "version": corpus.index.version,
            "name": corpus.index.label,
            "topics": len(listed),
            "held": len(listed & {t.topic.number for t in fourth}),
        },
        "counts": {
            "topics": len(topics),
            "definitions": sum(1 for t in topics if t["definition"]),
            "rules": sum(len(t["rules"]) for t in topics),
            "notes": sum(len(t["notes"]) for t in topics),
        },
    }
    return RulesExport(head, tuple(topics))
