"""Direct Hit, Tellurian and Van Hauge in the exact odds' rounds: what hits do beyond themselves.

A held Direct Hit card (:data:`CARD`) is kept in its holder's side until played on the first
ship of the other side that sustains one of its hits; Van Hauge's loss destroys every ship in
its system (``engine.odds.general`` and ``engine.odds.battle`` apply them).
"""

from __future__ import annotations

from engine.core.casualties import casualty_rank
from engine.odds.parts import GRADED, Piece, Side
from engine.odds.taking import holds_flagship
from engine.ti4.abilities.card_effects import DIRECT_HIT_IMMUNE

__all__ = [
    "CARD",
    "DIRECT_HIT_IMMUNE",
    "TELLURIAN",
    "cancelled",
    "direct_hit",
    "direct_hits",
    "van_hauge",
]

Pair = tuple[Side, Side]


def van_hauge(before: Pair, after: Pair) -> Pair:
    """Van Hauge destroyed: every ship in its system is destroyed with it."""
    gone = any(
        holds_flagship(b, "yin") and not holds_flagship(a, "yin")
        for b, a in zip(before, after, strict=True)
    )
    if not gone:
        return after
    a, d = (tuple(p for p in s if not GRADED[p.type].is_ship) for s in after)
    return a, d


TELLURIAN = Piece("card|tellurian")
"""Tellurian, the Titans of Ul's agent, ready to cancel a hit (``Fight.take`` plays it)."""


def cancelled(side: Side, hits: int) -> tuple[Side, int]:
    """Tellurian: the first hit against a side that holds it is cancelled, and it is spent."""
    if not hits or TELLURIAN not in side:
        return side, hits
    rest = list(side)
    rest.remove(TELLURIAN)
    return tuple(rest), hits - 1


CARD = Piece("card|direct_hit")
"""A held Direct Hit card, kept in its holder's side until played (it is never hit)."""


def direct_hits(a: Side, d: Side, a_sus: tuple[Piece, ...], d_sus: tuple[Piece, ...]) -> Pair:
    """Each side's Direct Hit, played on the first ship of the other that sustains a hit."""
    a, d = direct_hit(a, d, d_sus)
    d, a = direct_hit(d, a, a_sus)
    return a, d


def direct_hit(holder: Side, target: Side, sustained: tuple[Piece, ...]) -> Pair:
    if CARD not in holder:
        return holder, target
    ships = [
        p
        for p in sustained
        if GRADED[p.type].is_ship and GRADED[p.type].printed not in DIRECT_HIT_IMMUNE
    ]
    victim = (
        Piece(max(ships, key=lambda p: casualty_rank(GRADED[p.type])).type, True) if ships else None
    )
    if victim is None or victim not in target:
        return holder, target
    rest = list(target)
    rest.remove(victim)
    return tuple(p for p in holder if p != CARD), tuple(rest)
