"""``rules.json``: every topic and rule this build holds, for bots and other tools, and
``rules.schema.json`` beside it (the JSON Schema it follows, package data).

Each rule has its number, the printed LRR's letter form, its words as plain text and as
sanitised HTML, its page URL and its short link; each topic its notes, related topics
and the topics that refer to it. The file also says which topic index numbered the
topics (its version) and the date of the newest source.
"""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from posixpath import normpath
from typing import Any

from rulesite.core.anchors import letter_alias, note_id
from rulesite.core.links import Link, LinkedCorpus, LinkedTopic
from rulesite.core.model import Edition, iter_rules
from rulesite.core.render.sanitise import safe_inline
from rulesite.core.short_links import short_url

__all__ = ["EXPORT", "SCHEMA", "export_files", "sources_date"]

EXPORT = "rules.json"
SCHEMA = "rules.schema.json"
_LEADING_NUMBER = re.compile(r"^(\d+)\s")


def _text(text: str) -> dict[str, str]:
    cleaned = safe_inline(text)
    return {"text": html.unescape(cleaned.words), "html": str(cleaned.html)}


def _root_url(page_url: str, href: str | None) -> str | None:
    """``href`` (relative to ``page_url``) as a URL from the site root."""
    if href is None or "://" in href:
        return href
    path, hash_mark, fragment = href.partition("#")
    joined = normpath(f"{page_url}{path}") if path else page_url.rstrip("/")
    root = "" if joined in (".", "") else joined.lstrip("./") + "/"
    return root + (f"#{fragment}" if hash_mark else "")


def _link(link: Link, page_url: str, numbers: dict[str, int | None]) -> dict[str, Any]:
    url = _root_url(page_url, link.href)
    number = numbers.get((url or "").partition("#")[0])
    if number is None:
        found = _LEADING_NUMBER.match(link.title)
        number = int(found.group(1)) if found else None
    return {"name": link.title, "number": number, "url": url}


def _topic(linked: LinkedTopic, numbers: dict[str, int | None]) -> dict[str, Any]:
    topic, url = linked.topic, linked.page.url
    return {
        "number": topic.number,
        "name": topic.title,
        "slug": topic.slug,
        "url": url,
        "rules": [
            {
                "number": rule.number,
                "letter": letter_alias(rule.number),
                **_text(rule.text),
                "url": f"{url}#{rule.number}",
                "short_url": short_url(rule.number),
            }
            for rule in iter_rules(topic.rules)
            if rule.number
        ],
        "notes": [
            {
                "number": note.number,
                **_text(note.text),
                "url": f"{url}#{note_id(topic, note.number)}",
                "subnotes": [_text(sub)["text"] for sub in note.subnotes],
            }
            for note in topic.notes
        ],
        "related": [_link(link, url, numbers) for link in linked.related],
        "referenced_by": [_link(link, url, numbers) for link in linked.referenced_by],
    }


def sources_date(content_dir: Path) -> str:
    """The UTC date the newest file under ``content_dir`` was last changed."""
    newest = max(
        (path.stat().st_mtime for path in content_dir.rglob("*") if path.is_file()), default=0.0
    )
    return datetime.fromtimestamp(newest, UTC).date().isoformat()


def export_files(corpus: LinkedCorpus, date: str) -> dict[str, str]:
    """``rules.json`` (the 4th-edition topics this build holds) and ``rules.schema.json``."""
    fourth = [t for t in corpus.topics if t.topic.edition is Edition.FOURTH]
    numbers = {t.page.url: t.topic.number for t in fourth}
    listed = {t.number for t in corpus.index.topics}
    data = {
        "format": 1,
        "index": {
            "version": corpus.index.version,
            "name": corpus.index.label,
            "topics": len(listed),
            "held": len(listed & {t.topic.number for t in fourth}),
        },
        "sources_date": date,
        "topics": [_topic(t, numbers) for t in fourth],
    }
    schema = resources.files("rulesite.core").joinpath("data", SCHEMA).read_text(encoding="utf-8")
    return {
        EXPORT: json.dumps(data, ensure_ascii=False, separators=(",", ":")),
        SCHEMA: schema,
    }
