"""Faction abilities in the exact odds' combat rounds (``engine.odds.general`` calls these).

Roll modifiers (Supercharge, Arvicon Rex, Mordred, Iconoclast, Shield Paling), extra dice
(Visz El Vir), hits made after a round's hits (Valkyrie Exoskeleton) and what happens at
the end of a round (Devotion, Exotrireme II, Harrow, Emergency Repairs). The options are those of
:mod:`engine.ti4.abilities`; each acts only when the side holds it.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import TYPE_CHECKING

from engine.core.casualties import absorbable, casualty_rank
from engine.core.combat import BOMBARDMENT
from engine.core.units import UnitType
from engine.odds.exact import graded
from engine.odds.parts import GRADED, Piece, Side, side_of
from engine.odds.rolls import convolve, die, near_die
from engine.odds.taking import holds_flagship, take
from engine.ti4.abilities.breakthroughs import EIDOLON_MAXIMUM, GRAVLEASH_MANEUVERS
from engine.ti4.abilities.cards import EMERGENCY_REPAIRS
from engine.ti4.abilities.faction_abilities import DEVOTION
from engine.ti4.abilities.faction_technologies import SUPERCHARGE
from engine.ti4.abilities.faction_units import EXOTRIREME_II_SACRIFICE, LAST_DISPATCH
from engine.ti4.abilities.flagships import ARVICON_REX, HEAVENS_EYE, THE_EGEIRO, VISZ_EL_VIR
from engine.ti4.abilities.leaders import EVELYN_DELOUIS, VISCOUNT_UNLENN
from engine.ti4.abilities.mechs import ICONOCLAST, MORDRED, SHIELD_PALING, VALKYRIE_EXOSKELETON
from engine.ti4.abilities.technologies import X89_BACTERIAL_WEAPON_OMEGA

if TYPE_CHECKING:
    from engine.odds.fight import Fight, Setup

__all__ = [
    "DYNAMO",
    "TRADE_GOOD",
    "agents_die",
    "deploy",
    "dynamo",
    "end_of_round",
    "exoskeleton",
    "extra_dice",
    "gravleash",
    "last_dispatch",
    "roll_bonus",
    "sacrifice",
    "special_rolls",
    "spend",
]

Pair = tuple[Side, Side]

TRADE_GOOD = Piece("card|trade_good")
"""A trade good kept for Wrath of Kenara, held in its side until spent (it is never hit)."""
DYNAMO = Piece("card|dynamo")
"""One repair (2 influence) kept for Dynamo, held in its side until spent."""


def roll_bonus(fight: Fight, piece: Piece, spec: UnitType, side: Side, own: Setup, rnd: int) -> int:
    """What the side's faction options add to ``piece``'s combat rolls in round ``rnd``."""
    if not own.options:
        return 0
    plus = int(own.has(SUPERCHARGE, rnd))
    if spec.name == "flagship" and own.has(ARVICON_REX):
        plus += 2
    if spec.name == "flagship":
        plus += own.count(THE_EGEIRO)
    if spec.name == "mech" and (own.has(MORDRED) or own.has(ICONOCLAST)):
        plus += 2
    if (
        fight.ground
        and spec.name == "infantry"
        and own.has(SHIELD_PALING)
        and any(GRADED[p.type].name == "mech" for p in side)
    ):
        plus += 1  # Fragile's -1 is in the infantry's value: taken back
    return plus


def agents_die(
    fight: Fight, dice: list[tuple[Piece, int, bool, bool]], own: Setup, rnd: int
) -> list[tuple[Piece, int, bool, bool]]:
    """Viscount Unlenn (a ship) or Evelyn Delouis (a ground force) in the round named: the
    unit with the best die rolls 1 more."""
    agent = EVELYN_DELOUIS if fight.ground else VISCOUNT_UNLENN
    if not dice or not own.has(agent, rnd):
        return []
    return [min(dice, key=lambda d: (d[1], not d[3]))]


def gravleash(
    fight: Fight, side: Side, own: Setup, dice: list[tuple[Piece, int, bool, bool]]
) -> list[tuple[Piece, int, bool, bool]]:
    """Gravleash Maneuvers: +X to one ship's rolls, X the ship types the side has; the
    ship whose dice gain most hits (each die gains up to what still misses)."""
    if fight.ground or not dice or not own.has(GRAVLEASH_MANEUVERS):
        return dice
    plus = len({GRADED[p.type].name for p in side if GRADED[p.type].is_ship})
    per_unit = {piece: sum(d[0] == piece for d in dice) // side.count(piece) for piece in side}

    def gain(piece: Piece) -> tuple[int, Piece]:
        value = next(d[1] for d in dice if d[0] == piece)
        return per_unit[piece] * min(plus, max(0, value - 1)), piece

    chosen = max((p for p in per_unit if per_unit[p]), key=gain, default=None)
    if chosen is None:
        return dice
    out, left = [], per_unit[chosen]
    for piece, value, reroll, triple in dice:
        if piece == chosen and left:
            left -= 1
            value -= plus
        out.append((piece, value, reroll, triple))
    return out


def deploy(side: Side) -> Side:
    """Dunlain Reaper: 1 infantry (an undamaged one first) replaced with a Letnev mech."""
    infantry = [p for p in side if GRADED[p.type].name == "infantry"]
    if not infantry:
        return side
    rest = list(side)
    rest.remove(min(infantry, key=lambda p: p.damaged))
    return side_of([*rest, Piece("mech|letnev")])


def extra_dice(fight: Fight, spec: UnitType, own: Setup) -> int:
    """Visz El Vir: each of the side's mechs rolls 1 more die (a Z-Grav Eidolon in space)."""
    return int(spec.name == "mech" and own.has(VISZ_EL_VIR))


def exoskeleton(
    fight: Fight, pair: Pair, a_sus: tuple[Piece, ...], d_sus: tuple[Piece, ...]
) -> Pair:
    """Valkyrie Exoskeleton: each mech that sustained (and stands) makes 1 hit on the other side."""
    a, d = pair
    for own, sustained, is_attacker in (
        (fight.attacker, a_sus, True),
        (fight.defender, d_sus, False),
    ):
        if not own.has(VALKYRIE_EXOSKELETON):
            continue
        # Mechs that sustained and are still standing (a damaged one is one that sustained).
        left = a if is_attacker else d
        hits = min(
            sum(GRADED[p.type].name == "mech" for p in sustained),
            sum(GRADED[p.type].name == "mech" and p.damaged for p in left),
        )
        if hits:
            if is_attacker:
                d = fight.take(d, hits, fight.defender, a)[0]
            else:
                a = fight.take(a, hits, fight.attacker, d)[0]
    return a, d


def sacrifice(side: Side, names: tuple[str, ...]) -> tuple[Side, Piece | None]:
    """``side`` less its least valuable unit among ``names`` (a damaged one first)."""
    chosen = [p for p in side if GRADED[p.type].name in names]
    if not chosen:
        return side, None
    worst = min(chosen, key=lambda p: (casualty_rank(GRADED[p.type]), not p.damaged))
    rest = list(side)
    rest.remove(worst)
    return tuple(rest), worst


def _destroy_best(side: Side, count: int) -> Side:
    """``side`` less its ``count`` most valuable ships (destroyed, no Sustain Damage)."""
    rest = list(side)
    for _ in range(count):
        ships = [p for p in rest if GRADED[p.type].is_ship]
        if not ships:
            break
        rest.remove(max(ships, key=lambda p: (casualty_rank(GRADED[p.type]), not p.damaged)))
    return tuple(rest)


def last_dispatch(fight: Fight, dist: dict[Pair, float], attacker: bool) -> dict[Pair, float]:
    """Last Dispatch: as the Ral Nel side (``attacker`` or not) retreats with its flagship,
    the opponent's most valuable ship without Sustain Damage is destroyed."""
    faction = (fight.attacker if attacker else fight.defender).faction
    if fight.ground or faction is None or faction != LAST_DISPATCH.owner:
        return dist
    out: dict[Pair, float] = defaultdict(float)
    for (a, d), mass in dist.items():
        mine, theirs = (a, d) if attacker else (d, a)
        up = absorbable(mine, fight.attack) and absorbable(theirs, fight.attack)
        if up and holds_flagship(mine, faction):
            bare = [
                p for p in theirs if GRADED[p.type].is_ship and not GRADED[p.type].sustain_damage
            ]
            if bare:
                rest = list(theirs)
                rest.remove(max(bare, key=lambda p: casualty_rank(GRADED[p.type])))
                theirs = tuple(rest)
        out[(mine, theirs) if attacker else (theirs, mine)] += mass
    return dict(out)


def end_of_round(fight: Fight, pair: Pair, rnd: int) -> dict[Pair, float]:
    """Where the end-of-round abilities take ``pair`` after round ``rnd``, with what chance."""
    a, d = pair
    for own, is_attacker in ((fight.attacker, True), (fight.defender, False)):
        mine, theirs = (a, d) if is_attacker else (d, a)
        if own.has(EMERGENCY_REPAIRS, rnd) and mine:
            mine = _repaired(mine)  # every damaged unit repaired
            a, d = (mine, theirs) if is_attacker else (theirs, mine)
        if own.has(HEAVENS_EYE) and mine:  # the flagship is repaired
            mine = tuple(Piece(p.type, False) if p.type[:9] == "flagship|" else p for p in mine)
            a, d = (mine, theirs) if is_attacker else (theirs, mine)
        if own.has(EIDOLON_MAXIMUM) and mine:  # repaired as the next round starts
            mine = tuple(Piece(p.type, False) if _maximum(p) else p for p in mine)
            a, d = (mine, theirs) if is_attacker else (theirs, mine)
        if not any(GRADED[p.type].is_ship for p in theirs) or fight.ground:
            continue
        foe = fight.defender if is_attacker else fight.attacker
        if own.has(DEVOTION, rnd):
            mine, gone = sacrifice(mine, ("destroyer", "cruiser"))
            if gone is not None:
                theirs = fight.owners_hit(theirs, foe, mine)  # Yin assigns it
        if own.has(EXOTRIREME_II_SACRIFICE, rnd) and theirs:
            exotrireme = [p for p in mine if GRADED[p.type].printed == "Exotrireme II"]
            if exotrireme:
                rest = list(mine)
                rest.remove(max(exotrireme, key=lambda p: p.damaged))
                mine, theirs = tuple(rest), _destroy_best(theirs, 2)
        a, d = (mine, theirs) if is_attacker else (theirs, mine)
    a, d = side_of(a), side_of(d)
    if not fight.harrow or not fight.ground or not d:
        return {(a, d): 1.0}
    out: dict[Pair, float] = defaultdict(float)
    for hits, p in enumerate(fight.harrow):
        if p:
            out[(a, harrowed(fight, d, hits))] += p
    return dict(out)


@lru_cache(maxsize=65536)
def _repaired(side: Side) -> Side:
    """``side`` with every damaged unit repaired (asked again for every pair it is in)."""
    if not any(p.damaged for p in side):
        return side
    return side_of(Piece(p.type, False) for p in side)


def _maximum(piece: Piece) -> bool:
    return "eidolonmax" in piece.type


def harrowed(fight: Fight, side: Side, hits: int) -> Side:
    """The defender's ground forces after ``hits`` of bombardment (and X-89 after it); no
    hit falls on an Eidolon Maximum."""
    if not hits:
        return side
    spared = [p for p in side if _maximum(p)]
    rest = tuple(p for p in side if not _maximum(p))
    left = take(rest, hits, graded(BOMBARDMENT), fight.defender.policy or fight.policy)[0]
    left = side_of([*left, *spared])
    if fight.attacker.has(X89_BACTERIAL_WEAPON_OMEGA):
        infantry = [p for p in left if GRADED[p.type].name == "infantry"]
        if len(infantry) < sum(GRADED[p.type].name == "infantry" for p in side):
            left = tuple(p for p in left if GRADED[p.type].name != "infantry")
    return left


def special_rolls(
    own: Setup, side: Side, dice: list[tuple[Piece, int, bool, bool]]
) -> list[tuple[float, int, int, int]]:
    """The outcomes of a side's dice: (chance, hits, hits for non-fighters, trade goods).

    [0.0.1] in the side: hits of the flagship and the dreadnoughts must go to non-fighter
    ships. Wrath of Kenara in the side: a trade good is spent on each die that misses by
    exactly 1, while any is left (the owner's best use: a hit now for 1 trade good).
    """
    if own.faction == "l1z1x" and holds_flagship(side, "l1z1x"):

        def forced(piece: Piece) -> bool:
            return piece.type.startswith("flagship|") or GRADED[piece.type].name == "dreadnought"

        free = convolve(tuple(sorted(die(v, r, t) for p, v, r, t in dice if not forced(p))))
        bound = convolve(tuple(sorted(die(v, r, t) for p, v, r, t in dice if forced(p))))
        return [
            (pf * pb, i, j, 0)
            for i, pf in enumerate(free)
            if pf
            for j, pb in enumerate(bound)
            if pb
        ]
    tokens = side.count(TRADE_GOOD) if holds_flagship(side, "hacan") else 0
    if not tokens:
        hits = convolve(tuple(sorted(die(v, r, t) for _, v, r, t in dice)))
        return [(p, k, 0, 0) for k, p in enumerate(hits) if p]
    joint: dict[tuple[int, int], float] = {(0, 0): 1.0}
    for _, value, reroll, _ in dice:
        miss, near, hit = near_die(value, reroll)
        grown: dict[tuple[int, int], float] = defaultdict(float)
        for (h, n), p in joint.items():
            grown[(h, n)] += p * miss
            grown[(h, n + 1)] += p * near
            grown[(h + 1, n)] += p * hit
        joint = grown
    out: dict[tuple[int, int], float] = defaultdict(float)
    for (h, n), p in joint.items():
        spent = min(n, tokens)
        out[(h + spent, spent)] += p
    return [(p, h, 0, spent) for (h, spent), p in out.items() if p]


def spend(side: Side, tokens: int) -> Side:
    """``side`` less ``tokens`` of its trade goods."""
    if not tokens:
        return side
    rest = list(side)
    for _ in range(tokens):
        rest.remove(TRADE_GOOD)
    return tuple(rest)


def dynamo(side: Side, sustained: tuple[Piece, ...]) -> Side:
    """Dynamo: each unit that sustained is repaired at once while repairs are left."""
    if DYNAMO not in side or not sustained:
        return side
    rest = list(side)
    for piece in sorted(sustained, key=lambda p: casualty_rank(GRADED[p.type]), reverse=True):
        damaged = Piece(piece.type, True)
        if DYNAMO not in rest or damaged not in rest:
            continue
        rest.remove(DYNAMO)
        rest.remove(damaged)
        rest.append(Piece(piece.type, False))
    return side_of(rest)
