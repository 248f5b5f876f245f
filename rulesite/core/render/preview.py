"""Previews: a source text's first words as plain text, cut short where a reader expects.

A preview (a short link's ``og:description``, a rule-number search answer, a listing's
excerpt) ends at a word boundary, never inside a bracket it opened ("… (89.2b…" reads as
a broken reference), and says it was cut ("…").
"""

from __future__ import annotations

import html
from functools import lru_cache

from rulesite.core.render.sanitise import safe_inline

__all__ = ["ELLIPSIS", "cut", "preview"]

ELLIPSIS = "…"
_OPENING = {"(": ")", "[": "]", "{": "}"}
_CLOSING = {closing: opening for opening, closing in _OPENING.items()}
_TRAILING = " ,;:–—-"  # what a cut leaves dangling before the ellipsis


# Each rule's text is previewed for its number file, its listing and its short link, on
# every generation: kept like its sanitised form (bounded for ``serve``, whose edits would
# otherwise keep every text ever edited).
@lru_cache(maxsize=1 << 18)
def preview(text: str, limit: int) -> str:
    """Inline Markdown ``text`` as plain words (entities decoded), at most ``limit``
    characters (:func:`cut`)."""
    return cut(html.unescape(safe_inline(text).words), limit)


def cut(words: str, limit: int) -> str:
    """``words`` if they fit in ``limit`` characters, else their start, ended at a word
    boundary and before any bracket still open there, with an ellipsis."""
    if len(words) <= limit:
        return words
    room = max(limit - len(ELLIPSIS), 1)
    while True:  # at most ``limit`` rounds, each a shorter start
        start = words[:room]
        # At a space when the next character is one: then no word was cut in two.
        if words[room] != " " and " " in start[room // 2 :]:
            start = start[: start.rindex(" ")]
        opened = _unclosed(start)
        if opened and opened[0] >= room // 2:
            return start[: opened[0]].rstrip(_TRAILING) + ELLIPSIS
        # An early bracket holds most of the preview: it is closed after the ellipsis,
        # within the limit too.
        closers = "".join(_OPENING[start[at]] for at in reversed(opened))
        shown = start.rstrip(_TRAILING) + ELLIPSIS + closers
        if len(shown) <= limit:
            return shown
        room = max(room - (len(shown) - limit), 0)


def _unclosed(text: str) -> list[int]:
    """Where each bracket still open at the end of ``text`` opened, outermost first."""
    stack: list[int] = []
    for at, character in enumerate(text):
        if character in _OPENING:
            stack.append(at)
        elif character in _CLOSING and stack and text[stack[-1]] == _CLOSING[character]:
            stack.pop()
    return stack
