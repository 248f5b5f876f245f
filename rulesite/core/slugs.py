"""Slugs and anchor ids, spelled the one way every part of the site relies on.

A topic's *slug* is its identity across sources and uses underscores
(``tactical_action``), as the Living Rules Reference file names and links do.
Page paths and anchors use dashes (``rules/tactical-action/``,
``movement-step-1-move-ships-2``).
"""

from __future__ import annotations

import re

_NON_WORD = re.compile(r"[^a-z0-9]+")
# Letters a slug would otherwise drop that tell two names apart: "Stymie Ω" is the revised
# card, not "Stymie" (both were "stymie", one anchor for two rulings).
_SPELLED = str.maketrans({"ω": " omega "})
# ASCII digits only, the first part positive: Unicode digits (Arabic-Indic "١"), invisible,
# bidirectional or no-break characters would make look-alike anchors beside "89.5.1".
_RULE_NUMBER = re.compile(r"[1-9][0-9]*(?:\.[0-9]+)*")
_WHOLE_NUMBER = re.compile(r"[1-9][0-9]*")


def is_rule_number(text: str) -> bool:
    """Whether ``text`` is a rule number as anchors spell it: ``89``, ``89.5``, ``89.5.1``."""
    return _RULE_NUMBER.fullmatch(text) is not None


def is_whole_number(text: str) -> bool:
    """Whether ``text`` is a positive whole number in ASCII digits (a note's number)."""
    return _WHOLE_NUMBER.fullmatch(text) is not None


def slugify(text: str) -> str:
    """Lowercase words of ``text`` joined by dashes ("Step 1: Move Ships" → "step-1-move-ships",
    "Stymie Ω" → "stymie-omega")."""
    return _NON_WORD.sub("-", text.lower().translate(_SPELLED)).strip("-")


def topic_slug(title: str) -> str:
    """The topic slug for a title ("Space Battles" → "space_battles")."""
    return slugify(title).replace("-", "_")


def one_line(title: str) -> str:
    """A title as one line: each run of whitespace (line breaks too) one space.

    A title is a heading, a navigation entry and a list item inside a raw HTML block,
    where a blank line would end the heading or the block.
    """
    return " ".join(title.split())


def title_from_slug(slug: str) -> str:
    """A readable title from a file stem or slug ("tactical_action" → "Tactical Action")."""
    return " ".join(word.capitalize() for word in re.split(r"[_\-\s]+", slug) if word)


def page_slug(slug: str) -> str:
    """The dashed form of a topic slug used in page paths and anchors."""
    return slug.replace("_", "-")


def section_anchor(slug: str, section_title: str, n: int) -> str:
    """The anchor id of item ``n`` (1-based) of a section of topic ``slug``."""
    return f"{page_slug(slug)}-{slugify(section_title)}-{n}"


def note_anchor(topic_number: int, n: int) -> str:
    """The anchor id of numbered note ``n`` of topic ``topic_number`` ("89-note-1")."""
    return f"{topic_number}-note-{n}"


def faq_anchor(slug: str, n: int) -> str:
    """The anchor id of FAQ entry ``n`` (1-based) of topic ``slug`` ("movement-faq-1")."""
    return f"{page_slug(slug)}-faq-{n}"
