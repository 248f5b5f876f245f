"""Short links: ``r/<number>/`` for every rule number (``r/89.2.3/``, ``r/89.2c/``), and
``r/<anchor>/`` for every note (``r/89-note-1/``, ``r/f-arborec-stymie-omega-promissory-note-1/``).

Each is a small HTML page that sends the reader to the rule's anchor without any
script (a ``<meta http-equiv="refresh">`` to a relative address on the same site,
and a plain link for a browser that does not follow it) and carries Open Graph
and Twitter-card tags with the rule's number, its topic and its words, so a link
pasted into a chat shows what the rule says. Every value is escaped; the words
are the sanitised plain text, cut to a preview's length.

Written as plain files beside the pages, not as pages of the site engine: a
5,000-topic corpus has 100,000 rules, far too many for MkDocs to render.
"""

from __future__ import annotations

import html
import sys
from collections.abc import Iterator
from dataclasses import replace
from functools import partial

from rulesite.core.anchors import Anchor, letter_alias, relative_href
from rulesite.core.render.preview import preview
from rulesite.core.step_reuse import Reused

__all__ = ["SHORT_DIR", "short_link_pages", "short_url"]

_PAGES: Reused[str] = Reused(repeated_only=True)

SHORT_DIR = "r"
_PREVIEW = 280  # about what a chat preview shows of a description


def short_url(number: str) -> str:
    """The short link of rule ``number`` (or a note's anchor) from the site root: ``r/89.2.3/``."""
    return f"{SHORT_DIR}/{number}/"


def _description(text: str) -> str:
    return preview(text, _PREVIEW)  # plain text: escaped where it is written


def _template(policy: str, site_url: str, head: str = "") -> str:
    """The page every short link fills in (``str.format`` fields, each value escaped): built
    once a build, not once a page, with the policy (first in its head) if one is given, and
    ``head``, the site's tags for previews and installing (escaped by their maker), which
    then name the kind of card."""
    csp = f'<meta http-equiv="Content-Security-Policy" content="{policy}">' if policy else ""
    card = "" if head else '<meta name="twitter:card" content="summary">'
    og_url = f'<meta property="og:url" content="{html.escape(site_url)}{{here}}">'
    return (
        "<!doctype html>\n"
        '<html lang="en"><head>'
        + csp.replace("{", "{{").replace("}", "}}")
        + '<meta charset="utf-8">'
        '<meta http-equiv="refresh" content="0; url={href}">'
        "<title>{heading}</title>"
        '<link rel="canonical" href="{href}">'
        # The theme's icon: without one the browser asks for /favicon.ico, which no site has.
        '<link rel="icon" href="../../assets/images/favicon.png">'
        '<meta name="robots" content="noindex">'
        '<meta property="og:type" content="article">'
        + (og_url if site_url else "")
        + '<meta property="og:title" content="{heading}">'
        '<meta property="og:description" content="{words}">'
        + card
        + '<meta name="twitter:title" content="{heading}">'
        '<meta name="twitter:description" content="{words}">'
        + head.replace("{", "{{").replace("}", "}}")
        + "</head><body>"
        '<p>{said}<a href="{href}">{heading}</a>: {words}</p>'
        "</body></html>\n"
    )


def _fill(template: str, anchor: Anchor, target: str | None = None, note: str = "") -> str:
    here = short_url(anchor.id)
    title = html.escape(anchor.title)
    heading = (
        f"{html.escape(anchor.id)} {html.escape(anchor.title.partition(' ')[2])}"
        if anchor.is_alias
        else title
    )
    return template.format(
        here=html.escape(here),
        href=html.escape(relative_href(here, target or anchor.url)),
        heading=heading,
        words=html.escape(_description(anchor.text)),
        said=html.escape(note),
    )


def short_link_page(
    anchor: Anchor, target: str | None = None, note: str = "", policy: str = "", site_url: str = ""
) -> str:
    """The page of ``anchor``'s short link, sending the reader to ``target`` (the anchor's
    own URL unless given: an old number sends to the rule it became), under the
    Content-Security-Policy ``policy`` (first in its head) if one is given. With the
    site's address (``site_url``), it names its own absolute URL (``og:url``)."""
    return _fill(_template(policy, site_url), anchor, target, note)


def short_link_pages(
    anchors: tuple[Anchor, ...],
    policy: str = "",
    moved: tuple[tuple[str, str], ...] = (),
    site_url: str = "",
    head: str = "",
) -> Iterator[tuple[str, str]]:
    """(``r/<id>/index.html``, its page) for every rule number and letter form and every
    note (``r/89-note-1/``, a card's ruling on a notes page by its anchor), and for each
    number a rule ``moved`` from ((old, new) pairs) that no rule holds now.

    ``head``: the site's tags for previews and installing (:func:`_template`).
    One at a time: written straight to the site, 100,000 pages never sit in memory at once
    in a build (under ``serve``, each is kept for the next edit).
    """
    # Interned, the same template is one object: each anchor's page is kept by it and the
    # anchor (the same object while unchanged), once a process generates again (``serve``).
    template = sys.intern(_template(policy, site_url, head))
    held = {anchor.id for anchor in anchors if anchor.is_rule or anchor.is_alias}
    for anchor in anchors:
        if (anchor.id in held and not anchor.id.isdigit()) or anchor.is_note:
            page = _PAGES.get((anchor, template), None, partial(_fill, template, anchor))
            yield f"{short_url(anchor.id)}index.html", page
    rules = {anchor.id: anchor for anchor in anchors if anchor.is_rule}
    for old, new in moved:
        # The old number's letter form too: a link to 78.7b outlives 78.7.2's move.
        for form in (old, letter_alias(old)):
            if form is not None and form not in held and new in rules:
                formerly = replace(rules[new], id=form)
                note = f"{old} is now {new}: "
                yield (
                    f"{short_url(form)}index.html",
                    _fill(template, formerly, rules[new].url, note),
                )
