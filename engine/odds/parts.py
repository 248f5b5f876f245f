"""Building blocks of exact combat odds: anonymous units, hit chances, casualty chains.

Exact odds (``engine.odds``) and any other edition's odds built on the same
engine use these three pieces:

* ``hit_distribution``: the chance of 0, 1, 2, ... hits from a group of
  shooters, with ``capped_hits`` folding hits beyond what the target can take;
* ``casualty_chain``: the units a side has left after 0, 1, 2, ... hits,
  chosen by the engine's own casualty policy (``engine.core.casualties.casualty_plan``),
  walked one hit at a time by ``casualty_walk``.

The chain is built one hit at a time: the policy assigns hits one after the
other, each to the unit it picks among those still standing, so taking k + 1
hits leaves what taking k hits and then one more leaves.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Iterable, Iterator
from dataclasses import replace
from functools import lru_cache
from itertools import islice
from typing import NamedTuple

from engine.core.casualties import CasualtyPolicy, casualty_plan
from engine.core.combat import Attack
from engine.core.units import DiceAbility, UnitKind, UnitType
from engine.ti4.factions import FACTIONS, unit_spec
from engine.ti4.units import UNIT_TYPES


class Piece(NamedTuple):
    """An anonymous unit: its type and whether it is damaged.

    Immutable, compared and ordered by (type, damaged). A named tuple rather than
    a frozen dataclass: sides of pieces are hashed and sorted all through the
    odds, and a tuple does both in C.
    """

    type: str
    damaged: bool = False

    @property
    def id(self) -> str:
        return self.type


class _Graded(dict[str, UnitType]):
    """Standard unit types by name, and graded ones (``type|grade``) made when first asked.

    A grade is a faction's id and ``ii`` (``engine.ti4.factions.unit_spec``); a
    name always stands for the same values, so caches keyed by name stay right.
    """

    def __missing__(self, name: str) -> UnitType:
        unit, _, grade = name.partition("|")
        parts = grade.split()
        if unit == "card":  # an action card held through the combat (Direct Hit)
            spec = UnitType(name, UnitKind.STRUCTURE, cost=None, printed=grade)
            if grade == "void_armaments":  # the relic's barrage: a shooter, never hit
                spec = replace(spec, kind=UnitKind.SHIP, anti_fighter_barrage=DiceAbility(6, 3))
            if grade == "progenitor":  # Ul the Progenitor's planet: a shooter, never hit
                spec = replace(spec, space_cannon=DiceAbility(5, 3), printed="Elysium")
        elif "lightrail" in parts:  # Lightrail Ordnance: a space dock firing 5 (x2)
            spec = replace(
                UNIT_TYPES["space_dock"],
                space_cannon=DiceAbility(5, 2),
                printed="Space Dock (Lightrail Ordnance)",
            )
        elif "battlestation" in parts:  # Experimental Battlestation: a dock firing 5 (x3)
            spec = replace(
                UNIT_TYPES["space_dock"],
                space_cannon=DiceAbility(5, 3),
                printed="Experimental Battlestation",
            )
        else:
            spec = unit_spec(unit, grade)
        self[name] = spec
        return spec


GRADED: dict[str, UnitType] = _Graded(UNIT_TYPES)
"""Every unit type the odds may meet: the standard ones, then graded ones as they come."""


def graded_label(name: str) -> str:
    """How a fleet lists a piece: ``cruiser ii``, ``Exotrireme II``, ``C'morran N'orr``."""
    unit, _, grade = name.partition("|")
    spoken = unit.replace("_", " ")
    parts = grade.split()
    faction = next((FACTIONS[p] for p in parts if p in FACTIONS), None)
    upgraded = "ii" in parts
    own = faction is not None and (unit in faction.units or (upgraded and unit in faction.upgrades))
    if unit == "flagship" or own or "galvanized" in parts:
        return GRADED[name].printed
    return f"{spoken} ii" if upgraded else spoken


Side = tuple[Piece, ...]
"""A side's units in canonical (sorted) order, so equal sides compare and hash equal."""


def side_of(pieces: Iterable[Piece]) -> Side:
    """The canonical form of a group of pieces."""
    return tuple(sorted(pieces))


def hit_distribution(shooters: Iterable[Piece], attack: Attack) -> tuple[float, ...]:
    """P(k hits) for k = 0, 1, ...: every die of ``shooters`` that rolls in ``attack``.

    Units that do not roll in ``attack`` add nothing. A damaged unit rolls as
    an undamaged one does.
    """
    dice = []
    for piece in shooters:
        ability = attack.dice_of(attack.units[piece.type])
        if ability is not None:
            dice.append((ability.value, ability.dice))
    # Strongest first: a casualty chain loses the weakest units first, so the
    # groups met along a chain are prefixes of each other and share the cache.
    return _dice_distribution(tuple(sorted(dice)))


@lru_cache(maxsize=4096)
def _dice_distribution(dice: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
    if not dice:
        return (1.0,)
    value, count = dice[-1]
    dist = list(_dice_distribution(dice[:-1]))
    hit = (11 - value) / 10
    miss = 1.0 - hit
    for _ in range(count):
        dist = [a * miss + b * hit for a, b in zip([*dist, 0.0], [0.0, *dist], strict=True)]
    return tuple(dist)


def capped_hits(hits: tuple[float, ...], cap: int) -> tuple[float, ...]:
    """``hits`` with every count above ``cap`` folded into ``cap`` (extra hits change nothing)."""
    if len(hits) <= cap + 1:
        return hits
    return (*hits[:cap], sum(hits[cap:]))


def casualty_chain(
    side: Side, attack: Attack, policy: CasualtyPolicy, hits: int | None = None
) -> tuple[Side, ...]:
    """What ``side`` has left after 0, 1, ... hits from ``attack``, up to all it can absorb.

    Entry k is the side after k hits, casualties chosen by ``policy``; each
    hit costs the side exactly one of the hits it can absorb, so the last
    entry has nothing ``attack`` can hit. ``hits``: stop after that many.
    """
    return (side, *(after for after, _, _ in islice(casualty_walk(side, attack, policy), hits)))


def casualty_walk(
    side: Side, attack: Attack, policy: CasualtyPolicy
) -> Iterator[tuple[Side, Piece, bool]]:
    """Each hit from ``attack`` in turn until ``side`` has nothing left it can hit.

    Yields what the side has left after the hit, the piece the hit fell on,
    and whether that piece sustained damage (if not, it was destroyed).
    """
    # The side is sorted, so its kinds come out sorted in order of first appearance;
    # one hit changes at most two of them, so they are kept, not worked out again.
    kinds = tuple(dict.fromkeys(side))
    while (choice := _casualty_choice(kinds, attack, policy)) is not None:
        chosen, sustained = choice
        at = side.index(chosen)
        side = side[:at] + side[at + 1 :]
        if side[at : at + 1] != (chosen,):
            kinds = tuple(kind for kind in kinds if kind != chosen)
        if sustained:
            damaged = Piece(chosen.type, True)
            # Still sorted: the damaged piece goes where it belongs among the rest.
            at = bisect(side, damaged)
            side = (*side[:at], damaged, *side[at:])
            if damaged not in kinds:
                at = bisect(kinds, damaged)
                kinds = (*kinds[:at], damaged, *kinds[at:])
        yield side, chosen, sustained


@lru_cache(maxsize=4096)
def _casualty_choice(
    kinds: Side, attack: Attack, policy: CasualtyPolicy
) -> tuple[Piece, bool] | None:
    """The kind of piece the next hit falls on and whether it sustains (``None``: no target).

    The policy picks a kind of piece (type, damaged) and never tells identical
    pieces apart, so it is asked about one piece of each kind: the same choice,
    with less to read, and shared by every side along a chain with the same kinds.
    """
    plan = casualty_plan(kinds, 1, attack, policy)
    if not plan.sustained and not plan.destroyed:
        return None
    return kinds[(plan.sustained or plan.destroyed)[0]], bool(plan.sustained)
