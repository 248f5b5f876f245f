"""Rule-number search: one search document per numbered rule in Material's search index.

Material's search plugin makes one document per heading; rules are list items,
so without help typing ``89.2.3`` would only find the whole "Rules" section.
Each rule gets its own document, titled with its number alone (so a number
query matches the title field, which Material boosts a thousandfold).

Its location has no ``#``: Material's search groups a ``page/#id`` document
under its page and always lists the page first, so the rule would never be the
first result. ``page/?rule=89.2.3`` is a result of its own, and the site's
``rules.js`` turns it into the ``#89.2.3`` anchor on arrival.
"""

from __future__ import annotations

import re
from typing import Any

from rulesite.links import Anchor
from rulesite.render.sanitise import safe_inline

_TAG = re.compile(r"<[^>]+>")


def rule_location(anchor: Anchor) -> str:
    """The search location of a rule anchor: ``rules/tactical-action/?rule=89.2.3``."""
    page = anchor.url.partition("#")[0]
    return f"{page}?rule={anchor.id}"


def rule_boost(number: str) -> float:
    """Shallower rules rank higher: typing ``89.2`` lists 89.2 before 89.2.1, 89.2.2, …"""
    return 1 + 2.0 ** (3 - number.count(".") - 1)


def rule_documents(anchors: tuple[Anchor, ...]) -> list[dict[str, Any]]:
    """A search document for each numbered rule among ``anchors``."""
    return [
        {
            "location": rule_location(anchor),
            "title": anchor.id,
            "text": _TAG.sub("", safe_inline(anchor.text).html),
            "boost": rule_boost(anchor.id),
        }
        for anchor in anchors
        if anchor.is_rule
    ]


def add_rule_documents(index: dict[str, Any], anchors: tuple[Anchor, ...]) -> dict[str, Any]:
    """``index`` (a parsed ``search_index.json``) with a document for each numbered rule."""
    return {**index, "docs": [*index["docs"], *rule_documents(anchors)]}
