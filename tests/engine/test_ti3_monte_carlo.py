"""Seeded 3rd-edition actions played through the engine agree with the exact 3rd-edition odds.

Each run is a real 3rd-edition tactical action: Red activates Blue's system
and moves in; Blue's PDS fire and space mine go off; both sides fight to the
end with the engine's suggested casualties and no withdrawals; or Red lands
ground forces, its war sun bombards, Blue's PDS fire single shots and the
invasion is fought out. Outcome shares must match ``engine.ti3.odds`` within
four standard errors.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from engine.core import flow
from engine.core.scenario import build
from engine.core.state import Game
from engine.ti3 import odds

RUNS = 300
PLAN = (
    "assign_hits",
    "tactical_action",
    "activate",
    "move",
    "end_movement",
    "pds_fire",
    "no_retreat",
    "roll",
    "land",
    "end_landings",
    "bombard",
    "invade",
    "skip",
)


def scenario(
    seed: int,
    red: dict[str, int],
    blue_space: dict[str, int],
    blue_ground: dict[str, int],
    mine: bool,
) -> dict[str, Any]:
    return {
        "edition": 3,
        "seed": seed,
        "players": [{"id": "red", "initiative": 1, "fleet": 8}, {"id": "blue", "initiative": 2}],
        "systems": [
            {
                "id": "home",
                "q": 0,
                "r": 0,
                "planets": [{"name": "Jord", "controller": "red"}],
                "space": {"red": red},
                "ground": {"Jord": {"red": {"ground_force": 3}}},
            },
            {
                "id": "front",
                "q": 1,
                "r": 0,
                "planets": [{"name": "Arinam", "controller": "blue"}],
                "space": {"blue": blue_space} if blue_space else {},
                "ground": {"Arinam": {"blue": blue_ground}},
            },
        ],
        "mines": [{"system": "front", "owner": "blue"}] if mine else [],
        "start": {"phase": "tactical_action", "active_player": "red"},
    }


def pick(choices: list[dict[str, Any]], pds_fires: bool) -> dict[str, Any]:
    for kind in PLAN:
        for choice in choices:
            if choice["kind"] != kind or choice.get("system", "front") != "front":
                continue
            if kind == "pds_fire" and choice["fire"] != pds_fires:
                continue
            return choice
    raise AssertionError(f"no planned choice among {[c['kind'] for c in choices]}")


def play(game: Game, pds_fires: bool) -> Game:
    game, _ = flow.advance(game)
    while flow.current_step(game) not in ("ti3_production", "ti3_end", "finished"):
        game, _ = flow.apply(game, pick(flow.choices(game), pds_fires))
    return game


def listed(units: dict[str, int]) -> list[str]:
    return [name for name, count in units.items() for _ in range(count)]


def agree(tally: dict[str, int], exact: dict[str, Any]) -> None:
    for outcome, count in tally.items():
        p = exact[outcome]
        tolerance = 4 * math.sqrt(p * (1 - p) / RUNS) + 1e-9
        assert abs(count / RUNS - p) <= tolerance, (outcome, count / RUNS, p)


@pytest.mark.parametrize(
    ("red", "blue", "pds", "mine"),
    [
        ({"dreadnought": 1, "cruiser": 2}, {"cruiser": 2, "fighter": 2}, 1, True),
        ({"destroyer": 2, "carrier": 1}, {"cruiser": 1, "fighter": 3}, 0, True),
        ({"war_sun": 1}, {"dreadnought": 2}, 2, False),
        # Past the former 16-unit bound of the exact odds: 8 ships against 10 and a mine.
        (
            {"dreadnought": 3, "cruiser": 3, "destroyer": 2},
            {"dreadnought": 3, "cruiser": 3, "destroyer": 2, "fighter": 2},
            1,
            True,
        ),
    ],
)
def test_space_battles_match_exact_odds(
    red: dict[str, int], blue: dict[str, int], pds: int, mine: bool
) -> None:
    ground = {"pds": pds} if pds else {"ground_force": 1}
    exact = odds.space_battle(listed(red), listed(blue) + ["pds"] * pds, mines=mine)
    tally = {"attacker_wins": 0, "defender_wins": 0, "both_destroyed": 0}
    for seed in range(RUNS):
        game = play(build(scenario(seed, red, blue, ground, mine)).game, pds_fires=True)
        owners = {u.owner for u in game.system("front").space if u.type != "ground_force"}
        if "red" in owners:
            tally["attacker_wins"] += 1
        else:
            tally["defender_wins" if "blue" in owners else "both_destroyed"] += 1
    agree(tally, exact)


@pytest.mark.parametrize(
    ("red", "blue"),
    [
        ({"war_sun": 1, "carrier": 1}, {"ground_force": 4, "pds": 2}),
        ({"dreadnought": 1, "carrier": 1}, {"ground_force": 2}),
    ],
)
def test_invasions_match_exact_odds(red: dict[str, int], blue: dict[str, int]) -> None:
    exact = odds.invasion(listed(red) + ["ground_force"] * 3, listed(blue))
    tally = {"attacker_wins": 0, "defender_wins": 0, "both_destroyed": 0}
    for seed in range(RUNS):
        # Blue holds its space-area PDS fire so only the invasion's own single shots count.
        game = play(build(scenario(seed, red, {}, blue, False)).game, pds_fires=False)
        arinam = game.system("front").planet("Arinam")
        if arinam.controller == "red":
            tally["attacker_wins"] += 1
        elif any(u.type == "ground_force" for u in arinam.units):
            tally["defender_wins"] += 1
        else:
            tally["both_destroyed"] += 1
    agree(tally, exact)
