"""Taking hits in the exact odds: casualties one hit at a time, with the options that change them.

``take`` is what a side has left after a number of hits and the pieces that used
Sustain Damage for them; Non-Euclidean Shielding, Graviton Laser System and a unit
type kept for last change the walk (``engine.odds.general`` and the faction abilities
of ``engine.odds.abilities`` call it).
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from engine.core.casualties import CasualtyPolicy
from engine.core.combat import Attack
from engine.odds.parts import GRADED, Piece, Side, casualty_walk, side_of

__all__ = ["holds_flagship", "take", "without_sustain"]


def holds_flagship(side: Side, faction: str) -> bool:
    return any(p.type == f"flagship|{faction}" for p in side)


@lru_cache(maxsize=64)
def without_sustain(attack: Attack) -> Attack:
    """``attack`` whose hits no Sustain Damage cancels (compared apart from ``attack``)."""
    return replace(attack, name=f"{attack.name} (no sustain)", sustain=False)


def take(
    side: Side,
    hits: int,
    attack: Attack,
    policy: CasualtyPolicy,
    double: bool = False,
    *,
    graviton: bool = False,
    keep: str | None = None,
) -> tuple[Side, tuple[Piece, ...]]:
    """``side`` after ``hits`` from ``attack`` and the pieces that sustained.

    ``double``: each sustain cancels 2 hits (Non-Euclidean Shielding, 87.1).
    ``graviton``: fighters are hit only once no other ship is left to hit; ``keep``:
    units of that type only once nothing else is left to hit.
    """
    if not graviton and not keep:
        return _walk(side, hits, attack, policy, double)
    return _tiered(side, hits, attack, policy, double, graviton, keep)


@lru_cache(maxsize=65536)
def _tiered(
    side: Side,
    hits: int,
    attack: Attack,
    policy: CasualtyPolicy,
    double: bool,
    graviton: bool,
    keep: str | None,
) -> tuple[Side, tuple[Piece, ...]]:
    def tier(piece: Piece) -> int:
        name = GRADED[piece.type].name
        return 2 * (graviton and name == "fighter") + (name == keep)

    left = hits
    kept: list[Piece] = []
    sustained: list[Piece] = []
    for level in sorted({tier(p) for p in side}):
        group = side_of(p for p in side if tier(p) == level)
        taken = min(left, _capacity(group, attack, double))
        after, sus = _walk(group, taken, attack, policy, double)
        left -= taken
        kept += after
        sustained += sus
    return side_of(kept), tuple(sustained)


def _capacity(side: Side, attack: Attack, double: bool) -> int:
    """How many hits ``side`` can take from ``attack`` before nothing is left to hit."""
    total = 0
    for piece in side:
        spec = GRADED[piece.type]
        if attack.targets(spec):
            sustains = attack.sustain and spec.sustain_damage and not piece.damaged
            total += 1 + sustains * (2 if double else 1)
    return total


def _walk(
    side: Side, hits: int, attack: Attack, policy: CasualtyPolicy, double: bool
) -> tuple[Side, tuple[Piece, ...]]:
    walked = _walks(side, attack, policy, double)
    return walked[min(hits, len(walked) - 1)]


@lru_cache(maxsize=16384)
def _walks(
    side: Side, attack: Attack, policy: CasualtyPolicy, double: bool
) -> tuple[tuple[Side, tuple[Piece, ...]], ...]:
    """``side`` after 0, 1, 2, ... hits and the pieces that sustained, up to all it can take:
    one walk for every number of hits (a round's outcomes ask for each in turn)."""
    walked: list[tuple[Side, tuple[Piece, ...]]] = [(side, ())]
    sustained: tuple[Piece, ...] = ()
    for after, chosen, sustains in casualty_walk(side, attack, policy):
        if sustains:
            sustained = (*sustained, chosen)
        # Non-Euclidean Shielding: a sustain takes 2 hits, and 1 hit uses it up as well.
        walked += [(after, sustained)] * (2 if sustains and double else 1)
    return tuple(walked)
