"""Exact odds of a 3rd-edition space battle or invasion, by the 4th edition's method.

Space battle, in the order the tactical action plays it: the defender's PDS
in the system fire (one die each), space mines (one die per attacking
non-fighter ship, a hit on 9-10), the anti-fighter barrage, then combat
rounds until one side has no ships (nobody withdraws).

Invasion: every war sun and dreadnought of the attacker bombards (a
dreadnought not when the planet has a PDS), each defending PDS fires a
single shot at the invading ground forces, then ground forces fight rounds
until one side is gone.

Casualties follow the engine's own suggestion (``engine.core.casualties.casualty_plan``
with the 3rd-edition attacks), so the odds describe the battle a player who
accepts the suggested choices plays; the Monte Carlo test plays exactly that
through the real action. Probabilities are summed exactly (no sampling), with
the 4th edition's parts: each side's casualty chain (``engine.odds.parts``)
and the combat rounds swept as a grid over two chains
(``engine.odds.rounds``), which read the 3rd-edition unit table through the
attacks. So a battle of any size a board holds is worked out in about the time
the 4th edition's odds take.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from math import comb
from typing import Any

from engine.core.casualties import DEFAULT_POLICY, absorbable
from engine.core.combat import Attack
from engine.core.editions import unit_for
from engine.odds import parse_fleet
from engine.odds.parts import Piece, Side, capped_hits, casualty_chain, hit_distribution, side_of
from engine.odds.rounds import Ends, combat_rounds
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
"""More units than this on a side is refused: a space mine splits the attacker into a
start for each number of hits on each kind of ship, and a barrage each of those again."""

Dist = dict[tuple[Side, Side], float]


def parse(text: str) -> tuple[str, ...]:
    """A side written like ``"2 dreadnought, 3 ground force"`` in 3rd-edition unit names.

    The 4th edition's name for a unit the 3rd edition calls otherwise is read as
    a scenario reads it (``infantry`` is a ground force: ``engine.core.editions``).
    """
    types = parse_fleet(text, lambda name: unit_type(unit_for(name, 3)))
    if len(types) > MAX_UNITS:
        raise ValueError(f"more than {MAX_UNITS} units in {text!r}")
    return types


def _side(types: Iterable[str]) -> Side:
    return side_of(Piece(t) for t in types)


def _fires(dist: Dist, target: int, attack: Attack, shooters: Side | None = None) -> Dist:
    """Each state's side ``target`` (0 attacker, 1 defender) takes ``attack``'s hits from
    ``shooters`` (by default the other side), casualties along its chain."""
    out: Dist = defaultdict(float)
    # Many states share a side: its hits and its chain are worked out once.
    rolled: dict[Side, tuple[float, ...]] = {}
    chains: dict[tuple[Side, int], tuple[Side, ...]] = {}
    for sides, p in dist.items():
        hit = sides[target]
        firing = sides[1 - target] if shooters is None else shooters
        if firing not in rolled:
            rolled[firing] = hit_distribution(firing, attack)
        hits = capped_hits(rolled[firing], absorbable(hit, attack))
        if len(hits) == 1:
            out[sides] += p  # no die rolls, or nothing it could hit
            continue
        if (hit, len(hits)) not in chains:
            chains[(hit, len(hits))] = casualty_chain(hit, attack, DEFAULT_POLICY, len(hits) - 1)
        for after, q in zip(chains[(hit, len(hits))], hits, strict=True):
            out[(sides[0], after) if target else (after, sides[1])] += p * q
    return dict(out)


def _mines(dist: Dist) -> Dist:
    """Each attacking non-fighter ship rolls; on 9-10 it takes a hit (sustain if it can).

    Ships of one kind (type, damaged) are alike, so how many of a kind are hit
    is binomial, and the kinds are independent.
    """
    chance = (11 - MINE_HITS_ON) / 10
    out: Dist = defaultdict(float)
    for (attacker, defender), p in dist.items():
        kept = [piece for piece in attacker if not counts_for_fleet_supply(UNIT_TYPES[piece.type])]
        branches: dict[tuple[Piece, ...], float] = {tuple(kept): p}
        for kind in dict.fromkeys(piece for piece in attacker if piece not in kept):
            count = attacker.count(kind)
            hit_becomes = (
                (Piece(kind.type, True),)
                if UNIT_TYPES[kind.type].sustain_damage and not kind.damaged
                else ()
            )
            step: dict[tuple[Piece, ...], float] = defaultdict(float)
            for hit in range(count + 1):
                q = comb(count, hit) * chance**hit * (1 - chance) ** (count - hit)
                after = (kind,) * (count - hit) + hit_becomes * hit
                for ships, r in branches.items():
                    step[ships + after] += r * q
            branches = step
        for ships, q in branches.items():
            out[(side_of(ships), defender)] += q
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
    dist = _fires(dist, 0, PDS_FIRE)
    dist = {(a, ships_d): p for (a, _), p in dist.items()}
    if mines:
        dist = _mines(dist)
    dist = _fires(dist, 1, ANTI_FIGHTER_BARRAGE)
    dist = _fires(dist, 0, ANTI_FIGHTER_BARRAGE)
    return summarise(combat_rounds(dist, SPACE_BATTLE, DEFAULT_POLICY), SPACE_BATTLE)


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
    dist: Dist = _fires({(invaders, guards): 1.0}, 1, BOMBARDMENT, bombarders)
    # Each PDS on the planet fires a single shot at the invaders (not at the defender's own).
    dist = _fires(dist, 0, INVASION_PDS, pds)
    return summarise(combat_rounds(dist, INVASION_COMBAT, DEFAULT_POLICY), INVASION_COMBAT)


def from_here(
    attacker: Iterable[tuple[str, bool]], defender: Iterable[tuple[str, bool]], *, ground: bool
) -> dict[str, float]:
    """Odds of the combat rounds still to fight, from each side's ``(type, damaged)`` units.

    Only the units that fight count (ships in space, ground forces on a planet).
    """
    attack = INVASION_COMBAT if ground else SPACE_BATTLE
    sides = [
        side_of(Piece(t, d) for t, d in units if attack.targets(UNIT_TYPES[t]))
        for units in (attacker, defender)
    ]
    result = summarise(combat_rounds({(sides[0], sides[1]): 1.0}, attack, DEFAULT_POLICY), attack)
    return {k: result[k] for k in ("attacker_wins", "defender_wins", "both_destroyed")}


def summarise(ends: Ends, attack: Attack) -> dict[str, Any]:
    """The result of combat rounds that ended in ``ends``: who won, and each side's survivors."""
    fights = attack.targets

    def standing(side: Side) -> bool:
        return any(fights(UNIT_TYPES[p.type]) for p in side)

    wins = {"attacker_wins": 0.0, "defender_wins": 0.0, "both_destroyed": 0.0}
    survivors: list[dict[str, float]] = [defaultdict(float), defaultdict(float)]
    chains = (ends.attackers, ends.defenders)
    up = [[standing(side) for side in chain.sides] for chain in chains]
    labels: list[dict[int, str]] = [{}, {}]
    for (a, d), p in ends.chances.items():
        key = (
            "attacker_wins"
            if up[0][a] and not up[1][d]
            else "both_destroyed"
            if not up[0][a] and not up[1][d]
            else "defender_wins"
        )
        wins[key] += p
        for role, n in enumerate((a, d)):
            if n not in labels[role]:
                labels[role][n] = _label(chains[role].sides[n])
            survivors[role][labels[role][n]] += p
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
