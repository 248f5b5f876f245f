"""Relics and promissory notes played on the board: each held from a scenario's ``relics``
or ``promissory_notes``, offered in its window, acting as its card says (``engine.api``)."""

from __future__ import annotations

from typing import Any

from board_play import PDS_PLANET, ability_choices, fight, play_until, take
from engine_table import Table, scenario, system

ONES = [1] * 20


def _rolls(events: list[dict[str, Any]], unit: str) -> list[dict[str, Any]]:
    return [r for e in events if e["kind"] == "roll" for r in e["rolls"] if r["unit"] == unit]


def _round_one(table: Any) -> list[dict[str, Any]]:
    return take(table, play_until(table, "roll"))


def test_78_2_the_cavalry_lends_memoria_i_to_the_ship_that_gains_most() -> None:
    table = fight(
        {"cruiser": 1, "destroyer": 1},
        {"cruiser": 1},
        ONES,
        red_holds={"promissory_notes": ["the_cavalry"]},
    )
    ways = play_until(table, "the_cavalry") and ability_choices(table, "the_cavalry")
    assert ways[0]["unit"] == "red-destroyer-1" and ways[-1]["use"] is False
    events = take(table, ways[0])
    assert "78.2" in events[0]["rules"]
    red = next(p for p in table.state["players"] if p["id"] == "red")
    assert not red.get("promissory_notes")  # played: it goes back to the Nomad
    barrage = _rolls(events, "red-destroyer-1")
    assert [r["value"] for r in barrage] == [8, 8, 8]  # Memoria I's barrage 8 (x3)
    combat = _rolls(_round_one(table), "red-destroyer-1")
    assert [r["value"] for r in combat] == [7, 7]  # Memoria I's combat 7 (x2)


def test_78_2_the_cavalry_ii_lends_memoria_iis_values() -> None:
    table = fight(
        {"cruiser": 1},
        {"destroyer": 1, "cruiser": 1},
        ONES,
        blue_holds={"promissory_notes": ["the_cavalry_ii"]},
    )
    take(table, play_until(table, "the_cavalry_ii"))
    combat = _rolls(_round_one(table), "blue-destroyer-1")
    assert [r["value"] for r in combat] == [5, 5]  # Memoria II's combat 5 (x2)


def test_78_2_the_cavalry_is_not_offered_against_the_nomad() -> None:
    table = fight(
        {"cruiser": 1, "destroyer": 1},
        {"cruiser": 1},
        ONES,
        red_holds={"promissory_notes": ["the_cavalry"]},
        blue_holds={"faction": "nomad"},
    )
    take(table, play_until(table, "roll"))
    assert ability_choices(table, "the_cavalry") == []


def test_10_1_metali_void_armaments_rolls_barrage_6_three_times_at_the_fighters() -> None:
    table = fight(
        {"cruiser": 2},
        {"carrier": 1, "fighter": 2},
        [6, 10, 5, *ONES],
        red_holds={"relics": ["metali_void_armaments"]},
    )
    play_until(table, "metali_void_armaments")
    ways = ability_choices(table, "metali_void_armaments")
    assert ways[0]["player"] == "red" and ways[-1]["use"] is False
    events = take(table, ways[0])
    assert [r["value"] for r in events[0]["rolls"]] == [6, 6, 6] and events[0]["hits"] == 2
    assert "10.1" in events[0]["rules"]
    blue = [u["type"] for u in table.system("front")["space"] if u["owner"] == "blue"]
    assert blue == ["carrier"]  # both fighters destroyed


def test_10_1_metali_void_armaments_is_not_offered_without_fighters_to_hit() -> None:
    table = fight(
        {"cruiser": 2}, {"cruiser": 1}, ONES, red_holds={"relics": ["metali_void_armaments"]}
    )
    take(table, play_until(table, "roll"))
    assert ability_choices(table, "metali_void_armaments") == []


def test_87_1_metali_void_shielding_lets_the_cheapest_ship_sustain_one_hit() -> None:
    table = fight(
        {"cruiser": 2, "destroyer": 1},
        {"cruiser": 1},
        [1, 1, 1, 1, 1, 10, *ONES],  # Red's barrage and rolls miss; Blue's cruiser hits
        red_holds={"relics": ["metali_void_shielding"]},
    )
    play_until(table, "metali_void_shielding")
    ways = ability_choices(table, "metali_void_shielding")
    assert ways[0]["unit"] == "red-destroyer-1" and ways[-1]["use"] is False
    events = take(table, ways[0])
    assert "87.1" in events[0]["rules"]
    damaged = [u["id"] for u in table.system("front")["space"] if u["damaged"]]
    assert damaged == ["red-destroyer-1"]
    assert not [c for c in table.choices if c["kind"] == "assign_hits"]  # the hit is cancelled


def test_77_3_lightrail_ordnance_gives_a_space_dock_space_cannon_5_x2() -> None:
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"space_dock": 1}}}}
    table = fight(
        {"cruiser": 2},
        {"cruiser": 1},
        [5, 4, *ONES],
        blue_holds={"relics": ["lightrail_ordnance"]},
        front=front,
    )
    events = take(table, play_until(table, "space_cannon"))
    rolled = _rolls(events, "blue-space_dock-1")
    assert [r["value"] for r in rolled] == [5, 5]
    assert sum(r["hit"] for r in rolled) == 1


def test_77_3_without_lightrail_ordnance_a_space_dock_has_no_space_cannon() -> None:
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"space_dock": 1}}}}
    table = fight({"cruiser": 2}, {"cruiser": 1}, ONES, front=front)
    take(table, play_until(table, "roll"))
    assert not [c for c in table.choices if c["kind"] == "space_cannon"]


def test_77_3_3_lightrail_ordnance_docks_fire_at_ships_in_the_next_system() -> None:
    """ "You may use your space dock's SPACE CANNON against ships that are adjacent to their
    system": Blue's dock at home fires at Red's ships arriving in the front system."""
    home = {
        "planets": [{"name": "Home", "resources": 1, "influence": 1, "controller": "blue"}],
        "ground": {"Home": {"blue": {"space_dock": 1}}},
    }
    players = [
        {"id": "red", "initiative": 1, "tactic": 3, "fleet": 5},
        {"id": "blue", "initiative": 2, "relics": ["lightrail_ordnance"]},
    ]
    systems = [
        system("home", 0, 0, **home),
        system("front", 1, 0, space={"red": {"cruiser": 2}, "blue": {"cruiser": 1}}),
    ]
    table = Table(scenario(systems, dice=[5, 5, *ONES], players=players))
    table.do("activate", system="front")
    events = take(table, play_until(table, "space_cannon"))
    rolled = _rolls(events, "blue-space_dock-1")
    assert [r["value"] for r in rolled] == [5, 5] and all(r["hit"] for r in rolled)
