"""Exact odds of a 3rd-edition space battle or invasion, on a small Markov chain of its own.

Space battle, in the order the tactical action plays it: the defender's PDS
in the system fire (one die each), space mines (one die per attacking
non-fighter ship, a hit on 9-10), the anti-fighter barrage, then combat
rounds until one side has no ships (nobody withdraws).

Invasion: every war sun and dreadnought of the attacker bombards (a
dreadnought not when the planet has a PDS), each defending PDS fires a
single shot at the invading ground forces, then ground forces fight rounds
until one side is gone.

Casualties follow the engine's own suggestion (``engine.combat.casualty_plan``
with the 3rd-edition attacks), so the odds describe the battle a player who
accepts the suggested choices plays; the Monte Carlo test plays exactly that
through the real action. Probabilities are summed exactly (no sampling).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from engine.combat import Attack, casualty_plan
from engine.dice import SIDES
from engine.odds import parse_fleet
from engine.odds_parts import Piece, Side, side_of
from engine.ti3.hits import (
    ANTI_FIGHTER_BARRAGE,
    BOMBARDMENT,
    INVASION_COMBAT,
    INVASION_PDS,
    PDS_FIRE,
    SPACE_BATTLE,
)
from engine.ti3.mines import MINE_HITS_ON
from engine.ti3.units import UNIT_TYPES, counts_for_fleet_supply, unit_type

MAX_UNITS = 20
"""More units than this on a side is refused: the chain grows with every unit."""

VIEW_MAX_UNITS = 16
"""The VIEW shows the odds of a combat of at most this many fighting units, both sides
together. It recomputes them after every choice, in a reader's browser too:
``bench/ti3_view_odds.py`` times 8 against 8 at a few pure-Python baseline loops, 10
against 10 already about three times that."""


Dist = dict[tuple[Side, Side], float]


def parse(text: str) -> tuple[str, ...]:
    """A side written like ``"2 dreadnought, 3 ground force"`` in 3rd-edition unit names."""
    types = parse_fleet(text, unit_type)
    if len(types) > MAX_UNITS:
        raise ValueError(f"more than {MAX_UNITS} units in {text!r}")
    return types


def _side(types: Iterable[str]) -> Side:
    return side_of(Piece(t) for t in types)


def _hit_chance(value: int) -> float:
    return max(0, SIDES - value + 1) / SIDES


@lru_cache(maxsize=65536)
def hits_distribution(side: Side, attack: Attack) -> tuple[float, ...]:
    """Probability of 0, 1, 2, ... hits from every die ``side`` rolls in ``attack``."""
    dist = [1.0]
    for piece in side:
        ability = attack.dice_of(UNIT_TYPES[piece.type])
        if ability is None:
            continue
        p = _hit_chance(ability.value)
        for _ in range(ability.dice):
            nxt = [0.0] * (len(dist) + 1)
            for k, q in enumerate(dist):
                nxt[k] += q * (1 - p)
                nxt[k + 1] += q * p
            dist = nxt
    return tuple(dist)


@lru_cache(maxsize=262144)
def take(side: Side, hits: int, attack: Attack) -> Side:
    """The side after taking ``hits`` as the engine suggests."""
    plan = casualty_plan(side, hits, attack)
    damaged = set(plan.sustained)
    gone = set(plan.destroyed)
    return tuple(
        sorted(
            Piece(p.type, p.damaged or i in damaged) for i, p in enumerate(side) if i not in gone
        )
    )


def _fires(dist: Dist, shooter: int, attack: Attack) -> Dist:
    """Side ``shooter`` (0 attacker, 1 defender) fires ``attack`` at the other side."""
    out: Dist = defaultdict(float)
    for sides, p in dist.items():
        target = 1 - shooter
        for k, q in enumerate(hits_distribution(sides[shooter], attack)):
            if q:
                hit = take(sides[target], k, attack)
                nxt = (sides[0], hit) if target == 1 else (hit, sides[1])
                out[nxt] += p * q
    return dict(out)


def _mines(dist: Dist) -> Dist:
    """Each attacking non-fighter ship rolls; on 9-10 it takes a hit (sustain if it can)."""
    chance = _hit_chance(MINE_HITS_ON)
    out: Dist = defaultdict(float)
    for (attacker, defender), p in dist.items():
        # Ships keep their places while the mines are rolled; a destroyed one becomes None.
        branches: dict[tuple[Piece | None, ...], float] = {attacker: 1.0}
        for index, piece in enumerate(attacker):
            if not counts_for_fleet_supply(UNIT_TYPES[piece.type]):
                continue
            step: dict[tuple[Piece | None, ...], float] = defaultdict(float)
            for ships, q in branches.items():
                step[ships] += q * (1 - chance)
                hit = list(ships)
                sustains = UNIT_TYPES[piece.type].sustain_damage and not piece.damaged
                hit[index] = Piece(piece.type, True) if sustains else None
                step[tuple(hit)] += q * chance
            branches = dict(step)
        for ships, q in branches.items():
            out[(tuple(sorted(u for u in ships if u is not None)), defender)] += p * q
    return dict(out)


@lru_cache(maxsize=65536)
def _rounds(attacker: Side, defender: Side, attack: Attack) -> tuple[tuple[Side, Side, float], ...]:
    """Final (attacker, defender) sides and their probabilities, fighting rounds to the end."""
    fights = attack.targets
    if not any(fights(UNIT_TYPES[p.type]) for p in attacker) or not any(
        fights(UNIT_TYPES[p.type]) for p in defender
    ):
        return ((attacker, defender, 1.0),)
    on_defender = hits_distribution(attacker, attack)
    on_attacker = hits_distribution(defender, attack)
    stay = on_defender[0] * on_attacker[0]
    if stay >= 1.0:
        return ((attacker, defender, 1.0),)
    out: dict[tuple[Side, Side], float] = defaultdict(float)
    for i, pi in enumerate(on_defender):
        for j, pj in enumerate(on_attacker):
            if (i, j) == (0, 0) or not pi * pj:
                continue
            nxt = (take(attacker, j, attack), take(defender, i, attack))
            if nxt == (attacker, defender):
                stay += pi * pj
                continue
            for a, d, q in _rounds(nxt[0], nxt[1], attack):
                out[(a, d)] += pi * pj * q
    scale = 1 / (1 - stay)
    return tuple((a, d, q * scale) for (a, d), q in out.items())


def _fight(dist: Dist, attack: Attack) -> Dist:
    out: Dist = defaultdict(float)
    for (attacker, defender), p in dist.items():
        for a, d, q in _rounds(attacker, defender, attack):
            out[(a, d)] += p * q
    return dict(out)


def space_battle(
    attacker: Iterable[str], defender: Iterable[str], *, mines: bool = False
) -> dict[str, Any]:
    """Odds of a space battle; PDS listed with the defender fire before it."""
    defender = tuple(defender)
    ships_d = _side(t for t in defender if UNIT_TYPES[t].is_ship)
    pds = _side(t for t in defender if t == "pds")
    attacker_side = _side(t for t in attacker if UNIT_TYPES[t].is_ship)
    dist: Dist = {(attacker_side, pds): 1.0}
    dist = _fires(dist, 1, PDS_FIRE)
    dist = {(a, ships_d): p for (a, _), p in dist.items()}
    if mines:
        dist = _mines(dist)
    dist = _fires(dist, 0, ANTI_FIGHTER_BARRAGE)
    dist = _fires(dist, 1, ANTI_FIGHTER_BARRAGE)
    return summarise(_fight(dist, SPACE_BATTLE), SPACE_BATTLE)


def invasion(attacker: Iterable[str], defender: Iterable[str]) -> dict[str, Any]:
    """Odds of an invasion: the attacker's bombarding ships and ground forces, the defender's."""
    attacker = tuple(attacker)
    defender = tuple(defender)
    has_pds = "pds" in defender
    bombarders = _side(
        t for t in attacker if t == "war_sun" or (t == "dreadnought" and not has_pds)
    )
    invaders = _side(t for t in attacker if t == "ground_force")
    guards = _side(t for t in defender if t == "ground_force")
    pds = _side(t for t in defender if t == "pds")
    dist: Dist = {(bombarders, guards): 1.0}
    dist = _fires(dist, 0, BOMBARDMENT)
    dist = {(invaders, d): p for (_, d), p in dist.items()}
    if invaders:
        staged: Dist = defaultdict(float)
        for (a, d), p in dist.items():
            for (a2, _), q in _fires({(a, pds): 1.0}, 1, INVASION_PDS).items():
                staged[(a2, d)] += p * q
        dist = dict(staged)
    return summarise(_fight(dist, INVASION_COMBAT), INVASION_COMBAT)


def from_here(
    attacker: Iterable[tuple[str, bool]], defender: Iterable[tuple[str, bool]], *, ground: bool
) -> dict[str, float] | None:
    """Odds of the combat rounds still to fight, from each side's ``(type, damaged)`` units.

    Only the units that fight count (ships in space, ground forces on a planet);
    ``None`` past :data:`VIEW_MAX_UNITS` of them.
    """
    attack = INVASION_COMBAT if ground else SPACE_BATTLE
    sides = [
        side_of(Piece(t, d) for t, d in units if attack.targets(UNIT_TYPES[t]))
        for units in (attacker, defender)
    ]
    if len(sides[0]) + len(sides[1]) > VIEW_MAX_UNITS:
        return None
    result = summarise(_fight({(sides[0], sides[1]): 1.0}, attack), attack)
    return {k: result[k] for k in ("attacker_wins", "defender_wins", "both_destroyed")}


def summarise(final: Dist, attack: Attack) -> dict[str, Any]:
    fights = attack.targets

    def standing(side: Side) -> bool:
        return any(fights(UNIT_TYPES[p.type]) for p in side)

    wins = {"attacker_wins": 0.0, "defender_wins": 0.0, "both_destroyed": 0.0}
    survivors: list[dict[str, float]] = [defaultdict(float), defaultdict(float)]
    for (a, d), p in final.items():
        key = (
            "attacker_wins"
            if standing(a) and not standing(d)
            else "both_destroyed"
            if not standing(a) and not standing(d)
            else "defender_wins"
        )
        wins[key] += p
        survivors[0][_label(a)] += p
        survivors[1][_label(d)] += p
    return {
        "ok": True,
        "edition": 3,
        **wins,
        "attacker_survivors": dict(sorted(survivors[0].items(), key=lambda kv: -kv[1])),
        "defender_survivors": dict(sorted(survivors[1].items(), key=lambda kv: -kv[1])),
    }


def _label(side: Side) -> str:
    counts: dict[str, int] = defaultdict(int)
    for piece in side:
        counts[piece.type + (" (damaged)" if piece.damaged else "")] += 1
    return ", ".join(f"{n} {t}" for t, n in sorted(counts.items())) or "nothing"


def odds(
    attacker: str, defender: str, *, ground: bool = False, mines: bool = False
) -> dict[str, Any]:
    """Odds from two sides written as text; the ``odds`` command's and the API's entry.

    Raises:
        ValueError: a side cannot be read, or a space mine is asked for in an invasion.
    """
    if ground and mines:
        raise ValueError("space mines go off before a space battle, not an invasion")
    first, second = parse(attacker), parse(defender)
    return invasion(first, second) if ground else space_battle(first, second, mines=mines)


def render_table(result: dict[str, Any]) -> str:
    """The odds as a small plain-text table for a terminal."""
    lines = [
        f"{'attacker wins':<16}{result['attacker_wins']:>8.2%}",
        f"{'defender wins':<16}{result['defender_wins']:>8.2%}",
        f"{'both destroyed':<16}{result['both_destroyed']:>8.2%}",
    ]
    for title in ("attacker_survivors", "defender_survivors"):
        lines += ["", title.replace("_", " ")]
        lines += [f"  {p:>8.2%}  {side}" for side, p in result[title].items()]
    return "\n".join(lines)
