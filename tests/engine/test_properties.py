"""Property tests: random fleets, hits and play never break the engine's invariants."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core.casualties import CasualtyPolicy, casualty_plan, take_chosen_hits, take_hits
from engine.core.combat import (
    ANTI_FIGHTER_BARRAGE,
    BOMBARDMENT,
    GROUND_COMBAT,
    SPACE_CANNON_DEFENSE,
    SPACE_CANNON_OFFENSE,
    SPACE_COMBAT,
)
from engine.core.dice import Dice, roll
from engine.odds import combat_odds
from engine.ti4.units import UNIT_TYPES

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


# --- Random play through engine.api -------------------------------------------------

PLAY_SCENARIO: dict[str, Any] = {
    "title": "Random play",
    "seed": 0,
    "players": [
        {
            "id": "red",
            "initiative": 1,
            "strategy_cards": ["Leadership", "Construction", "Technology", "Imperial"],
            "technologies": ["antimass_deflectors"],
            "tactic": 3,
            "fleet": 3,
        },
        {
            "id": "blue",
            "initiative": 2,
            "strategy_cards": ["Warfare", "Diplomacy", "Politics", "Trade"],
            "faction": "hacan",
            "home": "arc",
            "tactic": 3,
            "fleet": 3,
        },
    ],
    "systems": [
        {
            "id": "home",
            "q": 0,
            "r": 0,
            "planets": [{"name": "Jord", "resources": 4, "influence": 2, "controller": "red"}],
            "space": {"red": {"carrier": 1, "fighter": 2, "infantry": 2, "war_sun": 1}},
            "ground": {"Jord": {"red": {"infantry": 2, "space_dock": 1, "pds": 1}}},
        },
        {
            "id": "rim",
            "q": 2,
            "r": -1,
            "space": {"red": {"dreadnought": 1, "cruiser": 1, "infantry": 1, "mech": 1}},
        },
        {
            "id": "front",
            "q": 1,
            "r": 0,
            "planets": [
                {"name": "Abyz", "resources": 3, "influence": 0, "controller": "blue"},
                {"name": "Fria", "resources": 2, "influence": 0, "controller": "blue"},
            ],
            "space": {"blue": {"destroyer": 1, "cruiser": 1, "fighter": 2}},
            "ground": {
                "Abyz": {"blue": {"infantry": 1, "mech": 1}},
                "Fria": {"blue": {"infantry": 1, "pds": 1, "space_dock": 1}},
            },
        },
        {
            "id": "arc",
            "q": 2,
            "r": 0,
            "planets": [{"name": "Arc", "resources": 4, "influence": 0, "controller": "blue"}],
            "space": {"blue": {"dreadnought": 1, "carrier": 1, "infantry": 2}},
            "ground": {"Arc": {"blue": {"infantry": 2, "space_dock": 1}}},
        },
    ],
    # The action phase: several turns, strategic and tactical actions, passing.
    "start": {"phase": "action_phase"},
}
KINDS = (
    "activate",
    "move",
    "end_movement",
    "space_cannon",
    "roll",
    "assign_hits",
    "announce_retreat",
    "no_retreat",
    "bombard",
    "commit",
    "skip",
    "produce",
    "end_action",
    "strategic_action",
    "tactical_action",
    "component_action",
    "pass",
    "secondary",
    "action_card",
    "take_token",
)
PLAY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def unit_ids(view: dict[str, Any]) -> list[str]:
    ids = []
    for system in view["systems"]:
        ids += [u["id"] for u in system["space"]]
        for planet in system["planets"]:
            ids += [u["id"] for u in planet["units"]]
    return ids


def reported(events: list[dict[str, Any]]) -> tuple[set[str], set[str]]:
    """Unit ids the events say were destroyed or removed, and ids they say were produced."""
    gone: set[str] = set()
    made: set[str] = set()
    for event in events:
        gone.update(event.get("destroyed", ()))
        if event["kind"] == "removed":
            gone.update(event["units"])
        if event["kind"] in ("produce", "place"):
            made.update(event["units"])
        gone.update(event.get("reclaimed", ()))
    return gone, made


def illegal_choice(data: st.DataObject, ids: list[str], view: dict[str, Any]) -> dict[str, Any]:
    systems = [s["id"] for s in view["systems"]] + ["nowhere"]
    planets = [p["name"] for s in view["systems"] for p in s["planets"]] + ["Atlantis"]
    some_ids = st.lists(st.sampled_from([*ids, "red-titan-1"]), max_size=4)
    return data.draw(
        st.fixed_dictionaries(
            {"kind": st.sampled_from(KINDS)},
            optional={
                "system": st.sampled_from(systems),
                "unit": st.sampled_from([*ids, "ghost-1"]),
                "path": st.lists(st.sampled_from(systems), max_size=3),
                "carry": some_ids,
                "units": some_ids,
                "planet": st.sampled_from(planets),
                "fire": st.booleans(),
                "to": st.sampled_from(systems),
                "player": st.sampled_from(["red", "blue", "green"]),
            },
        ),
        label="illegal attempt",
    )


@PLAY
@given(data=st.data(), seed=st.integers(0, 10**6))
def test_random_play_conserves_units_and_refusals_cite_rules(
    data: st.DataObject, seed: int
) -> None:
    from engine import api

    result = api.load_scenario({**PLAY_SCENARIO, "seed": seed})
    assert result["ok"], result.get("error")
    play_randomly(data, result, illegal_choice, moves=60, cites=bool, events_cite=_any)


def _any(rules: list[str]) -> bool:
    return True


Attempt = Callable[[st.DataObject, list[str], dict[str, Any]], dict[str, Any]]


def play_randomly(
    data: st.DataObject,
    result: dict[str, Any],
    attempt: Attempt,
    moves: int,
    cites: Callable[[list[str]], bool],
    events_cite: Callable[[list[str]], bool],
) -> None:
    """Play random legal choices, with random attempts between them, checking every answer.

    No unit appears twice or vanishes or appears without an event saying so;
    an illegal attempt is refused with rules ``cites`` accepts and leaves the
    state as it was; every event's rules are accepted by ``events_cite``.
    """
    from engine import api

    state, view, choices = result["state"], result["view"], result["choices"]
    for _ in range(moves):
        if not choices:
            break
        ids = unit_ids(view)
        assert len(ids) == len(set(ids)), "a unit id appears twice"
        if data.draw(st.integers(0, 3), label="try an illegal choice first") == 0:
            snapshot = json.dumps(state, sort_keys=True)
            tried = api.apply(state, attempt(data, ids, view))
            assert json.dumps(state, sort_keys=True) == snapshot, "apply changed its input"
            if not tried["ok"]:
                assert cites(tried["refusal"]["rules"]), tried["refusal"]
                assert tried["state"] == state
                continue
            result = tried
        else:
            choice = data.draw(st.sampled_from(choices), label="legal choice")
            result = api.apply(state, choice)
            assert result["ok"], (choice, result.get("refusal"))
        gone, made = reported(result["events"])
        after = set(unit_ids(result["view"]))
        assert set(ids) - after == gone - made
        assert after - set(ids) == made - gone
        for event in result["events"]:
            assert isinstance(event["text"], str) and isinstance(event["rules"], list)
            assert events_cite(event["rules"]), event
        state, view, choices = result["state"], result["view"], result["choices"]
