"""Faction abilities before the first combat round: at the start of combat and in the barrage.

Ambush, Dimensional Splicer and Impulse Core at the start of a space combat (78.2; the
active player's, the attacker's, before Assault Cannon, the defender's after), Raid
Formation in the anti-fighter barrage (10) and Indoctrination at the start of a ground
combat. The options are those of :mod:`engine.ti4.abilities`.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.casualties import CasualtyPolicy, absorbable, casualty_rank
from engine.core.combat import ANTI_FIGHTER_BARRAGE, SPACE_COMBAT, Attack
from engine.odds.abilities import DYNAMO, TRADE_GOOD, sacrifice
from engine.odds.exact import graded
from engine.odds.parts import GRADED, Piece, Side, capped_hits, side_of
from engine.odds.rolls import convolve, die
from engine.odds.taking import holds_flagship, owners_hit, take, without_sustain
from engine.odds.unit_dice import barrage_hits
from engine.ti4.abilities.breakthroughs import EIDOLON_MAXIMUM
from engine.ti4.abilities.derived import STARTS
from engine.ti4.abilities.faction_abilities import AMBUSH, PHOENIX_STANDARD, RAID_FORMATION
from engine.ti4.abilities.faction_technologies import (
    DIMENSIONAL_SPLICER,
    IMPULSE_CORE,
    NON_EUCLIDEAN_SHIELDING,
)
from engine.ti4.abilities.flagships import DYNAMO as DYNAMO_FLAGSHIP
from engine.ti4.abilities.flagships import THE_ALASTOR, WRATH_OF_KENARA
from engine.ti4.abilities.mechs import ICONOCLAST_OMEGA, QUANTUM_MANIPULATOR, Z_GRAV_EIDOLON

if TYPE_CHECKING:
    from engine.odds.fight import Setup

Dist = dict[tuple[Side, Side], float]

__all__ = [
    "alastor_joins",
    "as_ships",
    "committed",
    "indoctrinate",
    "raid_barrage",
    "start_of_space_combat",
    "tokens",
]


def start_of_space_combat(
    dist: Dist, policy: CasualtyPolicy, own: Setup, foe: Setup, attacker: bool
) -> Dist:
    """``dist`` after one side's start-of-combat abilities (``attacker``: the attacker's)."""
    if not any(own.has(o) for o in STARTS):
        return dist
    out: Dist = defaultdict(float)
    for pair, mass in dist.items():
        mine, theirs = pair if attacker else pair[::-1]
        for (m, t), p in _start(mine, theirs, policy, own, foe).items():
            out[(m, t) if attacker else (t, m)] += mass * p
    return dict(out)


def _start(
    mine: Side, theirs: Side, policy: CasualtyPolicy, own: Setup, foe: Setup
) -> dict[tuple[Side, Side], float]:
    attack = graded(SPACE_COMBAT)
    if holds_flagship(mine, "mentak"):
        attack = without_sustain(attack)  # the Fourth Moon: no Sustain Damage against it
    chosen = foe.policy or policy

    def hit(side: Side, hits: int, graviton: bool = False) -> Side:
        if not hits or not side:
            return side
        double = foe.has(NON_EUCLIDEAN_SHIELDING)
        return take(side, hits, attack, chosen, double, graviton=graviton, keep=foe.keep)[0]

    outcomes: dict[tuple[Side, Side], float] = {(mine, theirs): 1.0}
    if own.has(AMBUSH):
        # The 2 cruisers or destroyers with the best combat values roll 1 die each.
        values = sorted(
            GRADED[p.type].combat.value  # type: ignore[union-attr]
            for p in mine
            if GRADED[p.type].name in ("cruiser", "destroyer")
        )[:2]
        hits = convolve(tuple(die(v, False, False) for v in values))
        outcomes = _spread(outcomes, hits, hit)
    if own.has(DIMENSIONAL_SPLICER) and any(GRADED[p.type].is_ship for p in mine):
        # Creuss assigns the hit (engine.odds.taking.owners_hit).
        split: dict[tuple[Side, Side], float] = defaultdict(float)
        for (m, t), p in outcomes.items():
            split[(m, owners_hit(t, attack))] += p
        outcomes = split
    if own.has(IMPULSE_CORE):
        cored: dict[tuple[Side, Side], float] = defaultdict(float)
        for (m, t), p in outcomes.items():
            left, gone = sacrifice(m, ("destroyer", "cruiser"))
            cored[(left, hit(t, 1, graviton=True) if gone else t)] += p
        outcomes = cored
    return outcomes


def _spread(
    outcomes: dict[tuple[Side, Side], float],
    hits: tuple[float, ...],
    hit: Callable[[Side, int], Side],
) -> dict[tuple[Side, Side], float]:
    out: dict[tuple[Side, Side], float] = defaultdict(float)
    for (m, t), p in outcomes.items():
        for k, q in enumerate(hits):
            if q:
                out[(m, hit(t, k))] += p * q
    return out


def raid_barrage(
    dist: Dist,
    policy: CasualtyPolicy,
    a: Setup,
    d: Setup,
    notes: tuple[bool, bool] = (False, False),
) -> Dist:
    """Anti-fighter barrage (10) where a side's hits beyond the fighters damage ships (Raid
    Formation), its dice are changed (``engine.odds.unit_dice``; ``notes``: each side
    plays Strike Wing Ambuscade on it) or it is not rolled (Iconoclast Ω)."""
    barrage = graded(ANTI_FIGHTER_BARRAGE)
    out: Dist = defaultdict(float)
    for (att, dfn), mass in dist.items():
        if not att or not dfn:
            out[(att, dfn)] += mass
            continue
        a_hits, d_hits = barrage_hits(att, a, notes[0]), barrage_hits(dfn, d, notes[1])
        if d.has(ICONOCLAST_OMEGA):  # no barrage against the Naalu's units
            a_hits = (1.0,)
        if a.has(ICONOCLAST_OMEGA):
            d_hits = (1.0,)
        if not a.has(RAID_FORMATION):
            a_hits = capped_hits(a_hits, absorbable(dfn, barrage))
        if not d.has(RAID_FORMATION):
            d_hits = capped_hits(d_hits, absorbable(att, barrage))
        for i, pa in enumerate(a_hits):
            for j, pd in enumerate(d_hits):
                if pa and pd:
                    new_a = _barraged(att, j, barrage, d.policy or policy, d.has(RAID_FORMATION))
                    new_d = _barraged(dfn, i, barrage, a.policy or policy, a.has(RAID_FORMATION))
                    out[(new_a, new_d)] += mass * pa * pd
    return dict(out)


def _barraged(side: Side, hits: int, barrage: Attack, policy: CasualtyPolicy, raid: bool) -> Side:
    fighters = absorbable(side, barrage)
    left = take(side, min(hits, fighters), barrage, policy)[0] if hits else side
    if not raid or hits <= fighters:
        return left
    rest = list(left)
    for _ in range(hits - fighters):
        sound = [p for p in rest if GRADED[p.type].sustain_damage and not p.damaged]
        if not sound:
            break
        best = max(sound, key=lambda p: casualty_rank(GRADED[p.type]))
        rest.remove(best)
        rest.append(Piece(best.type, True))
    return side_of(rest)


def indoctrinate(dist: Dist, yin_attacks: bool) -> Dist:
    """Indoctrination: 1 of the opponent's infantry becomes 1 of the Yin side's infantry."""
    out: Dist = defaultdict(float)
    for pair, mass in dist.items():
        mine, theirs = pair if yin_attacks else pair[::-1]
        infantry = [p for p in theirs if GRADED[p.type].name == "infantry"]
        if infantry and mine:
            rest = list(theirs)
            rest.remove(infantry[0])
            own = next((p.type for p in mine if GRADED[p.type].name == "infantry"), "infantry|yin")
            mine, theirs = side_of([*mine, Piece(own)]), tuple(rest)
        out[(mine, theirs) if yin_attacks else (theirs, mine)] += mass
    return dict(out)


def as_ships(pieces: list[Piece], own: Setup) -> tuple[list[Piece], list[Piece]]:
    """A side's pieces less the ground forces that join its ships at the start of space
    combat, and those as ships: all of them (The Alastor) or its mechs (Z-Grav Eidolon);
    Quantum Manipulator mechs stay in the side, as mechs."""

    def word(piece: Piece) -> str:
        spec = GRADED[piece.type]
        if not spec.is_ground_force or spec.is_ship:
            return ""
        if spec.name == "mech" and own.has(EIDOLON_MAXIMUM):
            return "ship eidolonmax"  # the last word: it joins without The Alastor
        if spec.name == "mech" and own.has(Z_GRAV_EIDOLON):
            return "zgrav"
        if spec.name == "mech" and own.has(QUANTUM_MANIPULATOR):
            return "keep"
        return "ship" if own.has(THE_ALASTOR) else ""

    rest, join = [], []
    for piece in pieces:
        kind = word(piece)
        if kind in ("ship", "zgrav", "ship eidolonmax"):
            join.append(Piece(f"{piece.type} {kind}", piece.damaged))
        elif kind == "keep":
            join.append(Piece(f"{piece.type} qm", piece.damaged))
        else:
            rest.append(piece)
    return rest, join


def alastor_joins(dist: Dist, a_join: list[Piece], d_join: list[Piece]) -> Dist:
    """At the start of space combat the ground forces join their side: The Alastor's only
    while the side still holds it."""
    if not a_join and not d_join:
        return dist
    out: Dist = defaultdict(float)
    for (a, d), mass in dist.items():
        a = side_of([*a, *_joining(a, a_join)])
        d = side_of([*d, *_joining(d, d_join)])
        out[(a, d)] += mass
    return dict(out)


def _joining(side: Side, join: list[Piece]) -> list[Piece]:
    alastor = holds_flagship(side, "nekro")
    return [p for p in join if alastor or not p.type.endswith(" ship")]


def eidolons(pieces: Side, own: Setup) -> tuple[Side, list[Piece]]:
    """A side's ground forces less its Eidolon Maximum, and it (it joins the ground combat
    after the bombardment and space cannon, whose hits cannot fall on it)."""
    if not own.has(EIDOLON_MAXIMUM):
        return pieces, []
    mechs = [p for p in pieces if GRADED[p.type].name == "mech"]
    rest = side_of(p for p in pieces if p not in mechs)
    return rest, [Piece(_graded(p.type, "eidolonmax"), p.damaged) for p in mechs]


def galvanized(pieces: list[Piece], own: Setup, ground: bool) -> list[Piece]:
    """``pieces`` with as many bearing a galvanize token as the side names (Phoenix
    Standard): the units fighting this combat with the best combat value, then the dearest."""
    count = own.count(PHOENIX_STANDARD)
    if not count:
        return pieces

    def worth(at: int) -> tuple[bool, int, float]:
        spec = GRADED[pieces[at].type]
        fights = spec.is_ground_force if ground else spec.is_ship
        return (fights, -(spec.combat.value if spec.combat else 11), spec.cost or 0.0)

    chosen = sorted(range(len(pieces)), key=worth, reverse=True)[:count]
    return [
        Piece(_graded(p.type, "galvanized"), p.damaged) if at in chosen else p
        for at, p in enumerate(pieces)
    ]


def _graded(name: str, word: str) -> str:
    return f"{name} {word}" if "|" in name else f"{name}|{word}"


def committed(piece: Piece) -> Piece:
    """Matriarch: a fighter committed to the planet, fighting as a ground force."""
    if GRADED[piece.type].name != "fighter":
        return piece
    return Piece(f"{piece.type} ground" if "|" in piece.type else f"{piece.type}|ground")


def tokens(own: Setup) -> list[Piece]:
    """The trade goods (Wrath of Kenara) and repairs (Dynamo) a side holds, as pieces."""
    return [
        *[TRADE_GOOD] * own.count(WRATH_OF_KENARA),
        *[DYNAMO] * own.count(DYNAMO_FLAGSHIP),
    ]
