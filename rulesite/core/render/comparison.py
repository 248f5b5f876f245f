"""The side-by-side page: a 3rd-edition procedure step by step against the 4th-edition rules."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from rulesite.core.anchors import item_id, relative_href
from rulesite.core.links import LinkedCorpus
from rulesite.core.model import ComparisonRow, Edition, Location
from rulesite.core.render.pages import COMPARISON
from rulesite.core.render.templating import template

_URL = COMPARISON.removesuffix(".md") + "/"


@dataclass(frozen=True)
class Side:
    """One edition's half of a row: a link to its source and the words there."""

    label: str
    href: str | None
    text: str


@dataclass(frozen=True)
class Row:
    """A step as the page shows it."""

    step: str
    third: Side
    fourth: tuple[Side, ...]


def _ti3_items(corpus: LinkedCorpus) -> dict[Location, tuple[str, str]]:
    """Where each 3rd-edition item's line is anchored: location → (page title, URL)."""
    found: dict[Location, tuple[str, str]] = {}
    for linked in corpus.topics:
        topic = linked.topic
        if topic.edition is not Edition.THIRD:
            continue
        for section in topic.sections:
            for n, location in enumerate(section.item_locations, start=1):
                found[location] = (
                    linked.page.title,
                    f"{linked.page.url}#{item_id(topic, section, n)}",
                )
    return found


def render_comparison(
    rows: tuple[ComparisonRow, ...], corpus: LinkedCorpus, player: str = ""
) -> str:
    """The text of the comparison page for ``rows``.

    ``player``: the generator's own HTML of the two-pane player ("" for none), escaped there.
    """
    anchors = {anchor.id: anchor.url for anchor in corpus.anchors}
    items = _ti3_items(corpus)
    shown = []
    for row in rows:
        page_title, url = items.get(row.ti3_location, ("3rd edition", None))
        third = Side(page_title, relative_href(_URL, url) if url else None, row.ti3_text)
        fourth = tuple(
            Side(
                rule.number or "",
                relative_href(_URL, anchors[rule.number]) if rule.number in anchors else None,
                rule.text,
            )
            for rule in row.rules
        )
        shown.append(Row(row.step, third, fourth))
    return template("comparison.md.j2").render(rows=shown, player=Markup(player))
