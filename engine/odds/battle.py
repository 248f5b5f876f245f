"""A combat with factions, options, a round limit or a retreat: its steps and its summary.

The steps are those of ``engine.odds.exact`` (space cannon offense 77.2-77.5,
anti-fighter barrage 10 and combat rounds 78 in space; bombardment 15, space
cannon defense 77.6-77.8 and ground combat rounds 42 in an invasion) with the
options of :mod:`engine.odds.options` applied where their cards say. The rounds an
option names are fought state by state (:mod:`engine.odds.general`), the rest by the
dense sweep of ``engine.odds.rounds`` unless an option changes every round its own
way (:mod:`engine.odds.paths` decides).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.core.casualties import CasualtyPolicy, casualty_rank
from engine.core.combat import (
    ANTI_FIGHTER_BARRAGE,
    BOMBARDMENT,
    GROUND_COMBAT,
    SPACE_CANNON_DEFENSE,
    SPACE_CANNON_OFFENSE,
    SPACE_COMBAT,
    Attack,
    bombardment_blocked,
)
from engine.odds.abilities import last_dispatch
from engine.odds.direct import CARD, direct_hits, van_hauge
from engine.odds.exact import FleetError, _check, _volleys, graded
from engine.odds.fight import Fight, Setup
from engine.odds.general import Dist
from engine.odds.kept import held_cards
from engine.odds.notes import ARMAMENTS, cavalry, lightrail
from engine.odds.openings import (
    alastor_joins,
    as_ships,
    committed,
    eidolons,
    galvanized,
    indoctrinate,
    raid_barrage,
    start_of_space_combat,
    tokens,
)
from engine.odds.options import OPTIONS, option_json
from engine.odds.parts import GRADED, Piece, Side, side_of
from engine.odds.paths import folded, named_rounds, rounds_by_state
from engine.odds.rounds import combat_rounds
from engine.odds.settle import Progress, one_round, to_the_end
from engine.odds.summary import summary
from engine.odds.taking import owners_hit, take, without_sustain
from engine.odds.unit_dice import Roll, ability_hits, cannon, changes_barrage
from engine.ti4.abilities.agendas import CONVENTIONS_OF_WAR, PUBLICIZE_WEAPON_SCHEMATICS
from engine.ti4.abilities.anomalies import NEBULA
from engine.ti4.abilities.cards import (
    BLITZ,
    BUNKER,
    DIRECT_HIT,
    DISABLE,
    EXPERIMENTAL_BATTLESTATION,
    SOLAR_FLARE,
)
from engine.ti4.abilities.faction_abilities import HARROW, INDOCTRINATION, RAID_FORMATION
from engine.ti4.abilities.faction_technologies import L4_DISRUPTORS, NON_EUCLIDEAN_SHIELDING
from engine.ti4.abilities.flagships import MATRIARCH
from engine.ti4.abilities.leaders import TWO_RAM
from engine.ti4.abilities.mechs import ICONOCLAST_OMEGA
from engine.ti4.abilities.promissory_notes import STRIKE_WING_AMBUSCADE
from engine.ti4.abilities.relics import METALI_VOID_ARMAMENTS
from engine.ti4.abilities.technologies import (
    ASSAULT_CANNON,
    GRAVITON_LASER_SYSTEM,
    MAGEN_DEFENSE_GRID_OMEGA,
    PLASMA_SCORING,
    X89_BACTERIAL_WEAPON_OMEGA,
)

__all__ = ["battle"]


def battle(
    attackers: list[Piece],
    defenders: list[Piece],
    *,
    ground: bool,
    policy: CasualtyPolicy,
    attacker: Setup,
    defender: Setup,
    rounds: int | None = None,
    retreat: str | None = None,
    opening: bool = True,
    defender_bonus: int = 0,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """The exact odds, JSON-ready: results, survivors, what applied and its rules.

    ``opening=False``: the combat rounds only (a combat already under way: no space
    cannon, start-of-combat abilities, barrage, bombardment); ``defender_bonus`` is added
    to the defender's space combat rolls (+1 in a nebula, 59.3). ``progress``: told the
    share of the rounds to the end done, and may stop them (``engine.odds.settle``).
    """
    attackers = galvanized(attackers, attacker, ground)
    defenders = galvanized(defenders, defender, ground)
    if ground:
        start, dist, fight = _ground(attackers, defenders, policy, attacker, defender)
    else:
        start, dist, fight = _space(attackers, defenders, policy, attacker, defender)
    if not opening:
        dist = {start: 1.0}
    if defender.has(NEBULA):
        defender_bonus = 1
    if defender_bonus and not ground:
        fight = replace(fight, defender_bonus=defender_bonus)
    by_state = rounds_by_state(attackers, defenders, attacker, defender)
    named = named_rounds(attacker, defender)
    # A round limit's rounds, else those the options name, state by state; then the rest.
    for rnd in range(1, (named if rounds is None else rounds) + 1):
        dist = one_round(fight, dist, rnd)
    if rounds is None and by_state:
        dist = to_the_end(fight, dist, progress)
    elif rounds is None:
        attacking, defending = folded(fight)
        ends = combat_rounds(dist, attacking, policy, defending)
        a_sides, d_sides = ends.attackers.sides, ends.defenders.sides
        dist = {(a_sides[a], d_sides[d]): p for (a, d), p in ends.chances.items()}
    left = last_dispatch(fight, dist, retreat == "attacker") if retreat else None
    return summary(dist, bool(start[1]), fight.attack, retreat, left)


def _space(
    attackers: list[Piece], defenders: list[Piece], policy: CasualtyPolicy, a: Setup, d: Setup
) -> tuple[tuple[Side, Side], Dist, Fight]:
    attackers, a_join = as_ships(attackers, a)
    defenders, d_join = as_ships(defenders, d)
    for role, pieces in (("attacker", attackers), ("defender", defenders)):
        _check(pieces, role, "a space combat", lambda t: t.is_ship or t.space_cannon is not None)
    a_ships = side_of(p for p in attackers if GRADED[p.type].is_ship)
    d_ships = side_of(p for p in defenders if GRADED[p.type].is_ship)
    if not a_ships and not a_join:
        raise FleetError("attacker", "the attacker needs at least one ship for a space combat")
    start = (a_ships, d_ships)
    if d.has(PUBLICIZE_WEAPON_SCHEMATICS) or a.has(PUBLICIZE_WEAPON_SCHEMATICS):
        start = tuple(side_of(_no_sustain(p) for p in s) for s in start)  # type: ignore[assignment]
    held = tuple(
        side_of(
            [
                *s,
                *([CARD] if own.has(DIRECT_HIT) else []),
                *tokens(own),
                *held_cards(own),
            ]
        )
        for s, own in zip(start, (a, d), strict=True)
    )
    dist: Dist = {held: 1.0}  # type: ignore[dict-item]
    offense = graded(SPACE_CANNON_OFFENSE)
    a_cannon = [p for p in attackers if GRADED[p.type].space_cannon]
    d_cannon = [p for p in defenders if GRADED[p.type].space_cannon]
    if d.has(EXPERIMENTAL_BATTLESTATION):
        d_cannon.append(Piece("space_dock|battlestation"))
    a_cannon += lightrail(a, ground=False)
    d_cannon += lightrail(d, ground=False)
    # Quetzecoatl: no space cannon against the Argent Flight's ships in its system.
    if _has_flagship(a_ships, "argent") or a.has(SOLAR_FLARE):
        d_cannon = []
    if _has_flagship(d_ships, "argent"):
        a_cannon = []
    # Strike Wing Ambuscade: played on the side's first roll for a unit ability.
    a_note, d_note = (own.has(STRIKE_WING_AMBUSCADE) for own in (a, d))
    dist = _exchange(
        dist,
        cannon(a_cannon, a, d, played=a_note and bool(a_cannon)),
        cannon(d_cannon, d, a, played=d_note and bool(d_cannon)),
        _taker(_fourth_moon(offense, a_ships), policy, d, graviton=a.has(GRAVITON_LASER_SYSTEM)),
        _taker(_fourth_moon(offense, d_ships), policy, a, graviton=d.has(GRAVITON_LASER_SYSTEM)),
        direct=True,
    )
    dist = alastor_joins(dist, a_join, d_join)
    dist = cavalry(dist, a, d)  # start of combat, before the barrage
    # Start of combat (78.2): the active player's abilities first, then the other's.
    dist = start_of_space_combat(dist, policy, a, d, attacker=True)
    if a.has(ASSAULT_CANNON) or d.has(ASSAULT_CANNON):
        dist = _merged([(_assault(pair, a, d), p) for pair, p in dist.items()])
    dist = start_of_space_combat(dist, policy, d, a, attacker=False)
    notes = (a_note and not a_cannon, d_note and not d_cannon)
    changed = any(map(changes_barrage, (a, d), notes))
    if changed or any(o.has(RAID_FORMATION) or o.has(ICONOCLAST_OMEGA) for o in (a, d)):
        dist = raid_barrage(dist, policy, a, d, notes)
    else:
        dist = _volleys(dist, policy, graded(ANTI_FIGHTER_BARRAGE))
    # Metali Void Armaments: its barrage, alike whether rolled with the units' or after.
    if a.has(METALI_VOID_ARMAMENTS) and not d.has(ICONOCLAST_OMEGA):
        dist = _volleys(dist, policy, graded(ANTI_FIGHTER_BARRAGE), (ARMAMENTS,), ())
    if d.has(METALI_VOID_ARMAMENTS) and not a.has(ICONOCLAST_OMEGA):
        dist = _volleys(dist, policy, graded(ANTI_FIGHTER_BARRAGE), (), (ARMAMENTS,))
    fight = Fight(graded(SPACE_COMBAT), False, a, d, policy)
    return start, dist, fight


def _ground(
    attackers: list[Piece], defenders: list[Piece], policy: CasualtyPolicy, a: Setup, d: Setup
) -> tuple[tuple[Side, Side], Dist, Fight]:
    _check(attackers, "attacker", "an invasion", lambda t: t.is_ship or t.is_ground_force)
    _check(defenders, "defender", "a ground combat", lambda t: not t.is_ship)
    if a.has(MATRIARCH) and any(p.type.startswith("flagship|naalu") for p in attackers):
        attackers = [committed(p) for p in attackers]
    a_ground = side_of(p for p in attackers if GRADED[p.type].is_ground_force)
    d_ground = side_of(p for p in defenders if GRADED[p.type].is_ground_force)
    if not a_ground:
        raise FleetError("attacker", "the attacker needs at least one ground force for an invasion")
    a_ships = [p for p in attackers if GRADED[p.type].is_ship]
    if a.has(DISABLE):  # the defender's PDS lose Planetary Shield and Space Cannon
        defenders = [p for p in defenders if GRADED[p.type].name != "pds"]
    d_cannon = [p for p in defenders if GRADED[p.type].space_cannon] + lightrail(d, ground=True)
    start = (a_ground, d_ground)
    (a_ground, a_max), (d_ground, d_max) = eidolons(a_ground, a), eidolons(d_ground, d)
    dist: Dist = {
        (
            side_of([*a_ground, *tokens(a), *held_cards(a, ground=True)]),
            side_of([*d_ground, *tokens(d), *held_cards(d, ground=True)]),
        ): 1.0
    }
    bombard = graded(BOMBARDMENT)
    harrow: tuple[float, ...] = ()
    blocked = bombardment_blocked(a_ships, defenders) and not a.has(TWO_RAM)
    if not d.has(CONVENTIONS_OF_WAR) and not blocked:
        minus = 4 if d.has(BUNKER) else 0
        plasma, blitz = a.has(PLASMA_SCORING), a.has(BLITZ)
        rolled = ability_hits(a_ships, "bombardment", a, extra=plasma, minus=minus, blitz=blitz)
        harrow = rolled if a.has(HARROW) else ()
        if a.has(STRIKE_WING_AMBUSCADE) and len(rolled) > 1:  # its first roll: 1 more die
            rolled = ability_hits(
                a_ships, "bombardment", a, extra=plasma + 1, minus=minus, blitz=blitz
            )
        dist = _exchange(
            dist,
            lambda *_: rolled,
            lambda *_: (1.0,),
            _taker(bombard, policy, d),
            _taker(bombard, policy, a),
        )
        if a.has(X89_BACTERIAL_WEAPON_OMEGA):
            dist = _merged([((x, _x89(y, d_ground)), p) for (x, y), p in dist.items()])
    if not a.has(L4_DISRUPTORS):
        defense = graded(SPACE_CANNON_DEFENSE)
        dist = _exchange(
            dist,
            lambda *_: (1.0,),
            cannon(d_cannon, d, a, played=d.has(STRIKE_WING_AMBUSCADE) and bool(d_cannon)),
            _taker(defense, policy, d),
            _taker(defense, policy, a),
        )
    dist = alastor_joins(dist, a_max, d_max)  # Eidolon Maximum, spared those hits
    attack = graded(GROUND_COMBAT)
    if a.has(INDOCTRINATION) or d.has(INDOCTRINATION):
        dist = indoctrinate(dist, yin_attacks=a.has(INDOCTRINATION))
    structures = any(GRADED[p.type].is_structure for p in defenders)
    if d.has(MAGEN_DEFENSE_GRID_OMEGA) and structures:
        # The defender assigns its hit (engine.odds.taking.owners_hit).
        dist = _merged([((owners_hit(x, attack), y), p) for (x, y), p in dist.items()])
    shielded = any(GRADED[p.type].planetary_shield for p in defenders)
    return start, dist, Fight(attack, True, a, d, policy, shielded, harrow)


Take = Callable[[Side, int], tuple[Side, tuple[Piece, ...]]]


def _exchange(
    dist: Dist, a_roll: Roll, d_roll: Roll, d_take: Take, a_take: Take, direct: bool = False
) -> Dist:
    """One simultaneous volley: each side's hits taken by the other (``d_take``: the defender).

    ``direct``: a held Direct Hit is played on a ship that sustains one of these hits.
    """
    out: Dist = defaultdict(float)
    for (a, d), mass in dist.items():
        a_hits, d_hits = a_roll(a, d), d_roll(d, a)
        for i, pa in enumerate(a_hits):
            for j, pd in enumerate(d_hits):
                if pa and pd:
                    (a_left, a_sus), (d_left, d_sus) = a_take(a, j), d_take(d, i)
                    if direct:
                        a_left, d_left = direct_hits(a_left, d_left, a_sus, d_sus)
                        a_left, d_left = van_hauge((a, d), (a_left, d_left))
                    out[(a_left, d_left)] += mass * pa * pd
    return dict(out)


def _taker(attack: Attack, policy: CasualtyPolicy, own: Setup, graviton: bool = False) -> Take:
    double = own.has(NON_EUCLIDEAN_SHIELDING)
    chosen = own.policy or policy

    def taken(side: Side, hits: int) -> tuple[Side, tuple[Piece, ...]]:
        if not hits:
            return side, ()
        return take(side, hits, attack, chosen, double, graviton=graviton, keep=own.keep)

    return taken


def _assault(pair: tuple[Side, Side], a: Setup, d: Setup) -> tuple[Side, Side]:
    """Assault Cannon: with 3+ non-fighter ships, the opponent destroys 1 non-fighter ship."""
    att, dfn = pair

    def big(side: Side) -> list[Piece]:
        return [p for p in side if GRADED[p.type].is_ship and GRADED[p.type].name != "fighter"]

    def lose(side: Side) -> Side:
        ships = big(side)
        if not ships:
            return side
        worst = min(ships, key=lambda p: (casualty_rank(GRADED[p.type]), not p.damaged))
        rest = list(side)
        rest.remove(worst)
        return tuple(rest)

    new_d = lose(dfn) if a.has(ASSAULT_CANNON) and len(big(att)) >= 3 else dfn
    new_a = lose(att) if d.has(ASSAULT_CANNON) and len(big(dfn)) >= 3 else att
    return new_a, new_d


def _x89(side: Side, before: Side) -> Side:
    infantry = [p for p in side if GRADED[p.type].name == "infantry"]
    if len(infantry) < sum(GRADED[p.type].name == "infantry" for p in before):
        return tuple(p for p in side if GRADED[p.type].name != "infantry")
    return side


def _no_sustain(piece: Piece) -> Piece:
    if GRADED[piece.type].name != "war_sun":
        return piece
    unit, _, grade = piece.type.partition("|")
    return Piece(f"{unit}|{grade} nosustain".replace("| ", "|"), False)


def _fourth_moon(attack: Attack, side: Side) -> Attack:
    """``attack`` against the other side's ships while ``side`` has the Fourth Moon."""
    return without_sustain(attack) if _has_flagship(side, "mentak") else attack


def _has_flagship(side: Side, faction: str) -> bool:
    return Piece(f"flagship|{faction}") in side or Piece(f"flagship|{faction}", True) in side


def _merged(dist: Any) -> Dist:
    out: Dist = defaultdict(float)
    items = dist.items() if isinstance(dist, dict) else dist
    for pair, p in items:
        out[tuple(side_of(s) for s in pair)] += p  # type: ignore[index]
    return dict(out)


def applied(setup: Setup) -> list[dict[str, Any]]:
    """The options a side used, with their names and rules, JSON-ready."""
    return [
        {**option_json(OPTIONS[o]), "rounds": list(r)}
        if not OPTIONS[o].amount
        else {**option_json(OPTIONS[o]), "rounds": [], "count": r[0]}
        for o, r in sorted(setup.options.items())
    ]
