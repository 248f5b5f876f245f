"""Seeded battles played through engine.api agree with the exact odds.

Each battle is a real tactical action: Red activates Blue's system, moves its
fleet in, and both players fight to the end with the engine's suggested
casualties (the shared policy) and no retreats. The share of attacker wins,
defender wins and mutual destruction must match engine.odds within four
standard errors, so the odds shown before a combat describe the combat the
engine plays.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from engine import api
from engine.odds import combat_odds

FIGHTING_STEPS = ("activation", "movement", "space_cannon_offense", "space_combat")
# In order of preference; the first offered kind is taken.
PLAN = ("activate", "move", "end_movement", "space_cannon", "no_retreat", "roll", "assign_hits")
BATTLES = 400


def scenario(seed: int, red: dict[str, int], blue: dict[str, int]) -> dict[str, Any]:
    players = [
        {"id": pid, "initiative": n, "tactic": 3, "fleet": 5, "strategy": 2}
        for n, pid in enumerate(("red", "blue"), start=1)
    ]
    return {
        "title": "Monte Carlo battle",
        "seed": seed,
        "players": players,
        "systems": [
            {"id": "home", "q": 0, "r": 0, "space": {"red": red}},
            {"id": "front", "q": 1, "r": 0, "space": {"blue": blue}},
        ],
        "start": {"phase": "tactical_action", "active_player": "red"},
    }


def pick(choices: list[dict[str, Any]]) -> dict[str, Any]:
    for kind in PLAN:
        for choice in choices:
            # Only the front is activated; every move goes there; cannons fire when able.
            wanted = choice.get("system", "front") == "front" and choice.get("fire", True)
            if choice["kind"] == kind and wanted:
                return choice
    raise AssertionError(f"no planned choice among {[c['kind'] for c in choices]}")


def battle(seed: int, red: dict[str, int], blue: dict[str, int]) -> str:
    result = api.load_scenario(scenario(seed, red, blue))
    assert result["ok"], result.get("error")
    while result["view"]["step"] in FIGHTING_STEPS:
        result = api.apply(result["state"], pick(result["choices"]))
        assert result["ok"], result.get("refusal")
    front = next(s for s in result["view"]["systems"] if s["id"] == "front")
    owners = {u["owner"] for u in front["space"]}
    if "red" in owners:
        return "attacker_wins"
    return "defender_wins" if "blue" in owners else "both_destroyed"


def fleet_list(fleet: dict[str, int]) -> list[str]:
    return [name for name, count in fleet.items() for _ in range(count)]


@pytest.mark.parametrize(
    ("red", "blue"),
    [
        ({"cruiser": 2, "destroyer": 1}, {"cruiser": 1, "fighter": 2, "destroyer": 1}),
        ({"dreadnought": 1, "cruiser": 1}, {"cruiser": 2, "destroyer": 1}),
        ({"war_sun": 1}, {"dreadnought": 2, "fighter": 2}),
    ],
)
def test_played_battles_match_exact_odds(red: dict[str, int], blue: dict[str, int]) -> None:
    exact = combat_odds(fleet_list(red), fleet_list(blue)).to_json()
    tally = {"attacker_wins": 0, "defender_wins": 0, "both_destroyed": 0}
    for seed in range(BATTLES):
        tally[battle(seed, red, blue)] += 1
    for outcome, count in tally.items():
        p = exact[outcome]
        tolerance = 4 * math.sqrt(p * (1 - p) / BATTLES) + 1e-9
        assert abs(count / BATTLES - p) <= tolerance, (outcome, count / BATTLES, p)
