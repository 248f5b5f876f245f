"""The two lists every rule appears in: its topic page's rules and the rules-by-number page.

Written here rather than in the templates: they hold every rule of the corpus
(100,000 at 5,000 topics), and a Jinja macro or loop costs a call, a context
and an escape per value, which made these lists most of the rendering time.
Every source text is escaped or sanitised exactly as the templates do it, so
the pages are the same, byte for byte.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial

from markupsafe import Markup, escape

from rulesite.core.anchors import Anchor, rule_alias
from rulesite.core.model import Rule
from rulesite.core.render.preview import preview
from rulesite.core.render.sanitise import safe_inline
from rulesite.core.step_reuse import Reused

_INDEX_ITEMS: Reused[Markup] = Reused()  # a page's rules-by-number items, by its anchors


def rule_items(rules: Iterable[Rule]) -> Markup:
    """The ``<li>`` of each rule, its number a link to itself, its subrules a list inside it."""
    return Markup("".join(_rule_item(rule) for rule in rules))


def _rule_item(rule: Rule) -> str:
    subrules = (
        f'<ol class="rules subrules">{rule_items(rule.subrules)}</ol>' if rule.subrules else ""
    )
    text = f'<span class="rule-text">{safe_inline(rule.text).html}</span>{subrules}</li>'
    # Text the prose puts between two items of its list (not a rule) stays before the rule.
    lead = "".join(f'<span class="rule-lead">{safe_inline(t).html}</span>' for t in rule.lead)
    if not rule.number:
        return f'<li class="rule">{lead}{text}'
    number = escape(rule.number)
    # The printed LRR's letter form, anchored too: #78.7b lands on 78.7.2.
    alias = rule_alias(rule)
    shown = f' <small class="rule-alias" id="{alias}">({alias})</small>' if alias else ""
    return (
        f'<li class="rule" id="{number}">{lead}<a class="rule-number" href="#{number}" '
        f'title="Link to rule {number}">{number}</a>{shown} {text}'
    )


def rule_index_items(anchors: Iterable[Anchor], page_href: str) -> Markup:
    """The ``<li>`` of each rule anchor of one page: its number, linked, and an excerpt.
    The same anchors (unchanged, the same objects) give the same items without a look."""
    listed = tuple(anchors)
    return _INDEX_ITEMS.get(listed, page_href, partial(_index_items, listed, page_href))


def _index_items(anchors: tuple[Anchor, ...], page_href: str) -> Markup:
    href = escape(page_href)
    return Markup(
        "".join(
            f'<li><a href="{href}#{number}">{number}</a> {escape(excerpt(anchor.text))}</li>'
            for anchor in anchors
            for number in (escape(anchor.id),)
        )
    )


def excerpt(text: str, limit: int = 90) -> str:
    """A short plain-text excerpt of inline Markdown, for index listings."""
    return preview(text, limit)
