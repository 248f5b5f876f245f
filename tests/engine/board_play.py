"""Playing a tactical action through the JSON API (``engine.api``) until an ability or a
step's choice is offered: the set-up the board's technology and card tests share."""

from __future__ import annotations

from typing import Any

from engine_table import Table, scenario, system

NOT_PARAMS = ("label", "rules")

PDS_PLANET = {"planets": [{"name": "Front", "resources": 1, "influence": 1, "controller": "blue"}]}
"""The front system's one planet, Blue's."""


def fight(
    red: dict[str, Any],
    blue: dict[str, Any],
    dice: list[int],
    *,
    red_holds: dict[str, Any] | None = None,
    blue_holds: dict[str, Any] | None = None,
    front: dict[str, Any] | None = None,
) -> Table:
    """Red (active) and Blue with ``red``/``blue`` in the front system's space, each
    player's ``*_holds`` (technologies, action cards) added; Red activates the front."""
    players = [
        {"id": "red", "initiative": 1, "tactic": 3, "fleet": 5, **(red_holds or {})},
        {"id": "blue", "initiative": 2, **(blue_holds or {})},
    ]
    space = {"red": red, "blue": blue}
    systems = [system("home", 0, 0), system("front", 1, 0, space=space, **(front or {}))]
    table = Table(scenario(systems, dice=dice, players=players))
    table.do("activate", system="front")
    return table


def take(table: Table, choice: dict[str, Any]) -> list[dict[str, Any]]:
    return table.do(**{k: v for k, v in choice.items() if k not in NOT_PARAMS})


def play_until(table: Table, wanted: str, limit: int = 40) -> dict[str, Any]:
    """Take the first offered choice until one of kind ``wanted`` (or an ability choice
    naming it) is offered; that choice."""
    for _ in range(limit):
        for choice in table.choices:
            if wanted in (choice["kind"], choice.get("ability")):
                return choice
        take(table, table.choices[0])
    raise AssertionError(f"{wanted} was never offered")


def ability_choices(table: Table, ability: str) -> list[dict[str, Any]]:
    return [c for c in table.choices if c.get("ability") == ability]


def cannon(red: dict[str, Any], blue_holds: dict[str, Any], dice: list[int]) -> Table:
    """Blue's PDS on the front planet; Red's ``red`` already in the front system."""
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"pds": 1}}}}
    return fight(red, {"cruiser": 1}, dice, blue_holds=blue_holds, front=front)


def invade(
    red_holds: dict[str, Any],
    blue_ground: dict[str, int],
    dice: list[int],
    blue_holds: dict[str, Any] | None = None,
) -> Table:
    """Red's carrier and 2 infantry invade Front, where Blue has ``blue_ground``."""
    front = {**PDS_PLANET, "ground": {"Front": {"blue": blue_ground}}}
    table = fight(
        {"carrier": 1, "infantry": 2},
        {},
        dice,
        red_holds=red_holds,
        blue_holds=blue_holds,
        front=front,
    )
    take(table, play_until(table, "commit"))
    return table


def bombard(red_holds: dict[str, Any], blue_holds: dict[str, Any], dice: list[int]) -> Table:
    """Red's dreadnought and 2 infantry over Front, where Blue has 2 infantry."""
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"infantry": 2}}}}
    return fight(
        {"dreadnought": 1, "infantry": 1},
        {},
        dice,
        red_holds=red_holds,
        blue_holds=blue_holds,
        front=front,
    )
