"""Short links of numbers that do not name one rule of this reference: each says why.

- A rule removed since the earlier sources (``--previous``): ``r/93.7/`` says it was
  removed, when (the earlier and the newer sources' dates), its old words, and links
  its topic and the What changed page.
- A number another rule holds now (``r/78.2/`` once 78.1 was inserted above it): the
  page names the rule that holds it now, first, and the rule it named until then (under
  its new number, or removed), instead of silently sending to a different rule.
- A topic the topic index numbers and this build lacks: ``r/78/`` says "not in this
  reference yet" and links its row on Coverage. (Its rules' numbers, which no file
  lists, are answered the same way by the 404 page: ``rules.js``.)

Each is a page to read, not a redirect: an old link must not land on the wrong rule.
Every value is escaped; the words are sanitised plain text.
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from dataclasses import dataclass

from rulesite.core.anchors import Anchor, letter_alias, relative_href
from rulesite.core.changes import Changes
from rulesite.core.render.sanitise import safe_inline
from rulesite.core.search_index import NOT_HERE, gap_location
from rulesite.core.short_links import short_url

__all__ = ["Former", "FormerRule", "former_numbers", "notice_pages", "notice_paths"]

_PREVIEW = 280  # as a short link's preview


@dataclass(frozen=True)
class FormerRule:
    """What a number named in the earlier sources, where it no longer names that rule."""

    number: str
    topic: str  # the topic's title then
    text: str  # its words then (plain)
    now: str | None  # the number that rule has now; None: removed


@dataclass(frozen=True)
class Former:
    """The numbers that changed hands since the earlier sources, and both sources' dates."""

    rules: tuple[FormerRule, ...] = ()
    earlier_date: str = ""
    date: str = ""


def former_numbers(changes: Changes, earlier_date: str, date: str) -> Former:
    """The removed rules and the moved ones (their old numbers) of ``changes``."""
    removed = [FormerRule(r.number, r.topic, r.text, None) for r in changes.removed]
    moved = [FormerRule(o.number, o.topic, o.text, n.number) for o, n in changes.moved]
    return Former(tuple(removed + moved), earlier_date, date)


def _words(text: str) -> str:
    words = html.unescape(safe_inline(text).words)
    return words if len(words) <= _PREVIEW else words[: _PREVIEW - 1].rstrip() + "…"


def _page(policy: str, site_url: str, here: str, heading: str, summary: str, body: str) -> str:
    csp = f'<meta http-equiv="Content-Security-Policy" content="{policy}">' if policy else ""
    og_url = (
        f'<meta property="og:url" content="{html.escape(site_url + here)}">' if site_url else ""
    )
    title, words = html.escape(heading), html.escape(summary)
    return (
        '<!doctype html>\n<html lang="en"><head>'
        f'{csp}<meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title>"
        '<link rel="icon" href="../../assets/images/favicon.png">'
        '<meta name="robots" content="noindex">'
        f'<meta property="og:type" content="article">{og_url}'
        f'<meta property="og:title" content="{title}">'
        f'<meta property="og:description" content="{words}">'
        '<meta name="twitter:card" content="summary">'
        f'<meta name="twitter:title" content="{title}">'
        f'<meta name="twitter:description" content="{words}">'
        f"</head><body><main><h1>{title}</h1>{body}</main></body></html>\n"
    )


def _link(here: str, url: str, text: str) -> str:
    return f'<a href="{html.escape(relative_href(here, url))}">{html.escape(text)}</a>'


def _paths(number: str) -> list[str]:
    alias = letter_alias(number)
    return [short_url(number), *([short_url(alias)] if alias else [])]


def _noticed(former: Former, rules: dict[str, Anchor]) -> Iterator[FormerRule]:
    """The rules of ``former`` whose old number gets a notice: removed, or held by another
    rule now. A number a rule moved from that no rule holds now is a plain short link to
    the rule's new number (:func:`rulesite.core.short_links.short_link_pages`)."""
    return (rule for rule in former.rules if rule.number in rules or rule.now is None)


def notice_paths(
    former: Former, anchors: tuple[Anchor, ...], gaps: tuple[tuple[int, str], ...] = ()
) -> frozenset[str]:
    """The paths :func:`notice_pages` writes, known before any page is: the plain short
    links of those numbers are left out."""
    rules = {a.id: a for a in anchors if a.is_rule}
    numbers = [rule.number for rule in _noticed(former, rules)]
    return frozenset(
        [f"{here}index.html" for number in numbers for here in _paths(number)]
        + [f"{short_url(str(number))}index.html" for number, _ in gaps]
    )


def notice_pages(
    former: Former,
    anchors: tuple[Anchor, ...],
    gaps: tuple[tuple[int, str], ...] = (),
    policy: str = "",
    site_url: str = "",
) -> Iterator[tuple[str, str]]:
    """(``r/<number>/index.html``, its page), one at a time, for each number of ``former``
    that is removed or held by another rule now (and its letter form), and for each topic
    of ``gaps`` ((number, name) of the index's topics this build lacks)."""
    rules = {a.id: a for a in anchors if a.is_rule}
    topics = {a.id: a for a in anchors if a.id.isdigit() and "#" not in a.url}
    for rule in _noticed(former, rules):
        for here in _paths(rule.number):
            heading, summary, body = _former_rule(here, rule, former, rules, topics)
            yield f"{here}index.html", _page(policy, site_url, here, heading, summary, body)
    for number, name in gaps:
        here = short_url(str(number))
        heading = f"{number} {name}: {NOT_HERE}"
        coverage = _link(here, gap_location(number), "Coverage")
        body = (
            f"<p>This reference does not hold topic {number}, {html.escape(name)}, yet: "
            f"none of its rules has a page here. {coverage} lists what it holds and where to "
            "read the rest.</p>"
        )
        yield f"{here}index.html", _page(policy, site_url, here, heading, heading + ".", body)


def _former_rule(
    here: str,
    rule: FormerRule,
    former: Former,
    rules: dict[str, Anchor],
    topics: dict[str, Anchor],
) -> tuple[str, str, str]:
    """The heading, preview and body of the notice at ``here`` for ``rule``'s old number."""
    until = (
        f"the sources of {former.earlier_date}" if former.earlier_date else "the earlier sources"
    )
    changes = _link(here, "changes/", "What changed")
    if rule.now is not None:
        then = _link(here, rules[rule.now].url, rule.now) if rule.now in rules else rule.now
        before = f"Until {until}, {rule.number} was the rule now numbered {then}: "
    else:
        when = f"the sources of {former.date}" if former.date else "these sources"
        before = (
            f"Until {until}, {rule.number} was a rule of {html.escape(rule.topic)}; "
            f"{when} no longer have it. Its words were:"
        )
    old = f"<blockquote><p>{html.escape(_words(rule.text))}</p></blockquote>"
    holder = rules.get(rule.number)
    if holder is not None:
        current = (
            f"<p>Now: {_link(here, holder.url, holder.title)}: "
            f"{html.escape(_words(holder.text))}</p>"
        )
        summary = f"Now: {_words(holder.text)} (Until {until}, another rule.)"
        return (
            f"{rule.number} now names another rule",
            summary,
            (f"{current}<p>{before}</p>{old}<p>{changes}</p>"),
        )
    topic = topics.get(rule.number.partition(".")[0])
    where = _link(here, topic.url, topic.title) if topic else ""
    body = f"<p>{before}</p>{old}<p>{' · '.join(filter(None, (where, changes)))}</p>"
    return f"{rule.number} was removed", f"Removed since {until}: {_words(rule.text)}", body
