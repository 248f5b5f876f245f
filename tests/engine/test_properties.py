"""Property tests: random fleets, hits and play never break the engine's invariants."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.combat import (
    ANTI_FIGHTER_BARRAGE,
    BOMBARDMENT,
    GROUND_COMBAT,
    SPACE_CANNON_DEFENSE,
    SPACE_CANNON_OFFENSE,
    SPACE_COMBAT,
    CasualtyPolicy,
    casualty_plan,
    take_chosen_hits,
    take_hits,
)
from engine.dice import Dice, roll
from engine.odds import combat_odds
from engine.units import UNIT_TYPES

SHIPS = [t for t in UNIT_TYPES if UNIT_TYPES[t].is_ship]
GROUND = [t for t in UNIT_TYPES if UNIT_TYPES[t].is_ground_force]
ATTACKS = [
    SPACE_COMBAT,
    GROUND_COMBAT,
    ANTI_FIGHTER_BARRAGE,
    BOMBARDMENT,
    SPACE_CANNON_OFFENSE,
    SPACE_CANNON_DEFENSE,
]
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass(frozen=True)
class Unit:
    id: str
    type: str
    damaged: bool = False


units_strategy = st.lists(
    st.tuples(st.sampled_from(sorted(UNIT_TYPES)), st.booleans()), max_size=8
).map(lambda pairs: tuple(Unit(f"u{i}", t, d) for i, (t, d) in enumerate(pairs)))


@QUICK
@given(seed=st.integers(0, 2**63), start=st.integers(0, 10**6), count=st.integers(0, 30))
def test_rolls_are_die_faces_and_advance_the_counter(seed: int, start: int, count: int) -> None:
    results, dice = roll(Dice(seed, start), count)
    assert len(results) == count
    assert all(1 <= r <= 10 for r in results)
    assert dice == Dice(seed, start + count)


@QUICK
@given(
    units=units_strategy,
    hits=st.integers(0, 12),
    attack=st.sampled_from(ATTACKS),
    policy=st.sampled_from(list(CasualtyPolicy)),
)
def test_every_hit_is_taken_once_and_units_are_conserved(
    units: tuple[Unit, ...], hits: int, attack: object, policy: CasualtyPolicy
) -> None:
    plan = casualty_plan(units, hits, attack, policy)  # type: ignore[arg-type]
    assert len(plan.sustained) + len(plan.destroyed) + plan.excess == hits
    assert len(set(plan.destroyed)) == len(plan.destroyed)
    assert len(set(plan.sustained)) == len(plan.sustained)
    for i in plan.sustained:
        kind = UNIT_TYPES[units[i].type]
        assert kind.sustain_damage and not units[i].damaged and attack.sustain  # type: ignore[attr-defined]
    for i in (*plan.sustained, *plan.destroyed):
        assert attack.targets(UNIT_TYPES[units[i].type])  # type: ignore[attr-defined]
    taken = take_hits(units, hits, attack, "P", policy)  # type: ignore[arg-type]
    assert sorted(u.id for u in (*taken.survivors, *taken.destroyed)) == sorted(u.id for u in units)
    # A player choosing the same casualties gets the same result.
    chosen = [units[i].id for i in plan.sustained] + [units[i].id for i in plan.destroyed]
    by_hand = take_chosen_hits(units, hits, attack, "P", chosen)  # type: ignore[arg-type]
    assert by_hand.survivors == taken.survivors


@QUICK
@given(units=units_strategy, hits=st.integers(1, 12))
def test_sustain_first_destroys_nothing_while_a_sustain_is_left(
    units: tuple[Unit, ...], hits: int
) -> None:
    plan = casualty_plan(units, hits, SPACE_COMBAT, CasualtyPolicy.SUSTAIN_FIRST)
    can_sustain = [
        i
        for i, u in enumerate(units)
        if UNIT_TYPES[u.type].is_ship and UNIT_TYPES[u.type].sustain_damage and not u.damaged
    ]
    if plan.destroyed:
        assert set(can_sustain) <= set(plan.sustained)


fleet = st.lists(st.sampled_from(SHIPS), min_size=1, max_size=4)


@QUICK
@given(
    attacker=fleet,
    defender=st.lists(st.sampled_from([*SHIPS, "pds"]), max_size=4),
    policy=st.sampled_from(list(CasualtyPolicy)),
)
def test_space_odds_are_a_distribution(
    attacker: list[str], defender: list[str], policy: CasualtyPolicy
) -> None:
    odds = combat_odds(attacker, defender, casualties=policy)
    assert min(odds.attacker_wins, odds.defender_wins, odds.both_destroyed) >= 0
    assert odds.attacker_wins + odds.defender_wins + odds.both_destroyed == pytest.approx(
        1, abs=1e-9
    )
    assert sum(odds.defender_survivors.values()) == pytest.approx(1, abs=1e-9)


@QUICK
@given(
    attacker=st.lists(st.sampled_from([*GROUND, "dreadnought", "war_sun"]), max_size=4).filter(
        lambda units: any(u in GROUND for u in units)
    ),
    defender=st.lists(st.sampled_from([*GROUND, "pds", "space_dock"]), max_size=4),
)
def test_ground_odds_are_a_distribution(attacker: list[str], defender: list[str]) -> None:
    odds = combat_odds(attacker, defender, ground=True)
    assert odds.attacker_wins + odds.defender_wins + odds.both_destroyed == pytest.approx(
        1, abs=1e-9
    )


@QUICK
@given(fleet_a=fleet, extra=st.sampled_from(SHIPS))
def test_more_ships_never_hurt(fleet_a: list[str], extra: str) -> None:
    defender = ["cruiser", "destroyer", "fighter"]
    base = combat_odds(fleet_a, defender, barrage=False).attacker_wins
    more = combat_odds([*fleet_a, extra], defender, barrage=False).attacker_wins
    assert more >= base - 1e-12
