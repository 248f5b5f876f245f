"""How an answer writes a fleet: ``"1 dreadnought (1 damaged), 2 cruiser ii"``, the same
way in every process (a walkthrough's worker, a fresh calculator worker, a test)."""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable

from engine.odds.parts import Piece, graded_label
from engine.odds.rounds import Chains
from engine.ti4.units import UNIT_TYPES

__all__ = ["chain_labels", "fleet_label"]


# Where each unit type's count and damaged count sit in a fleet's counts, two places a type:
# UNIT_TYPES's, then each graded name as the process first meets it.
_PLACE = {name: 2 * at for at, name in enumerate(UNIT_TYPES)}
_SPOKEN = [name.replace("_", " ") for name in UNIT_TYPES]
# (rank, slot), sorted: the order a label lists the types in, whatever the process met first
# (UNIT_TYPES's order, a graded name after its own type, other types last), so that the same
# answer reads the same in every process.
_ORDER = [((at, name), at) for at, name in enumerate(UNIT_TYPES)]


def _place(name: str) -> int:
    """Where ``name``'s counts sit, a graded name (``cruiser|ii``) taking the next places."""
    if name not in _PLACE:
        base = name.partition("|")[0]
        rank = _PLACE[base] // 2 if base in UNIT_TYPES else len(UNIT_TYPES)
        insort(_ORDER, ((rank, name), len(_SPOKEN)))
        _PLACE[name] = 2 * len(_SPOKEN)
        _SPOKEN.append(graded_label(name))
    return _PLACE[name]


def fleet_label(side: Iterable[Piece]) -> str:
    """A fleet as a player writes it: ``"1 dreadnought (1 damaged), 2 fighter"``."""
    return _label(_counts(side))


def _counts(side: Iterable[Piece]) -> list[int]:
    """How many units of each type ``side`` has, and how many of them are damaged."""
    side = tuple(side)
    for piece in side:
        _place(piece.type)
    counts = [0] * (2 * len(_SPOKEN))
    for piece in side:
        at = _PLACE[piece.type]
        counts[at] += 1
        counts[at + 1] += piece.damaged
    return counts


def _label(counts: list[int]) -> str:
    parts = []
    for _, at in _ORDER:
        total, damaged = counts[2 * at], counts[2 * at + 1]
        if total:
            parts.append(f"{total} {_SPOKEN[at]}" + (f" ({damaged} damaged)" if damaged else ""))
    return ", ".join(parts) or "none"


def chain_labels(chain: Chains) -> list[str]:
    """Every state's ``fleet_label``, each counted from the state one hit after it.

    The two differ in the one piece the hit fell on: counting it back in costs
    less than counting a whole fleet of up to ``MAX_UNITS`` pieces again.
    """
    for side in chain.sides[:1] + chain.sides[-1:]:
        for piece in side:
            _place(piece.type)
    for hit in chain.taken:
        if hit is not None:
            _place(hit[0].type)
    counts: list[list[int]] = [[]] * len(chain.sides)
    counts[chain.last] = _counts(chain.sides[chain.last])
    for n in range(chain.last - 1, -1, -1):
        hit = chain.taken[n]
        assert hit is not None, "only the last state has nothing left to hit"
        piece, sustained = hit
        before = counts[chain.next[n]][:]
        at = _PLACE[piece.type]
        if sustained:
            before[at + 1] -= 1  # the piece was undamaged before this hit
        else:
            before[at] += 1
            before[at + 1] += piece.damaged
        counts[n] = before
    return list(map(_label, counts))
