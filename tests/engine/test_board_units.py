"""Flagships and mechs on the board beyond their dice: mechs joining a space combat in
another role, repairs and a guard against space cannon, each as its card says and citing
its rule (``engine.api``, dice scripted)."""

from __future__ import annotations

from typing import Any

from board_play import PDS_PLANET, ability_choices, fight, play_until, take
from engine_table import Table, scenario, system

from engine import api


def _unit(table: Table, unit_id: str) -> dict[str, Any]:
    space: list[dict[str, Any]] = table.system("front")["space"]
    return next(u for u in space if u["id"] == unit_id)


def test_78_2_z_grav_eidolon_mechs_fight_as_ships_until_the_combat_ends() -> None:
    # Red's carrier misses (1); the flipped mech's two dice (8, 9) hit: Blue's cruisers go.
    table = fight(
        {"carrier": 1, "mech": 1},
        {"cruiser": 2},
        [1, 8, 9, 1, 1],
        red_holds={"faction": "naaz_rokha"},
    )
    hits = play_until(table, "assign_hits")
    flipped = [e for e in table.cited("78.2") if "Z-Grav Eidolon" in e["text"]]
    assert flipped, table.texts()
    assert hits["player"] == "blue" and len(hits["units"]) == 2  # the mech rolled 2 dice
    take(table, hits)
    mech = _unit(table, "red-mech-1")
    assert "zgrav" not in str(mech["grade"])  # flipped back as the combat ends


def test_87_1_quantum_manipulator_cancels_a_hit_on_the_ships_with_sustain_damage() -> None:
    table = fight(
        {"carrier": 1, "mech": 1},
        {"cruiser": 2},
        [1, 7, 7],
        red_holds={"faction": "nomad"},
    )
    play_until(table, "quantum_manipulator")
    ways = ability_choices(table, "quantum_manipulator")
    assert [w["use"] for w in ways] == [True, False]  # "may": the Nomad's choice
    assert ways[0]["count"] == 1 and ways[0]["player"] == "red"
    events = take(table, ways[0])
    assert "87.1" in events[0]["rules"]
    assert _unit(table, "red-mech-1")["damaged"] is True
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "red" and len(hits["units"]) == 1  # Blue's 2 hits less 1


def test_77_2_quetzecoatl_keeps_other_players_space_cannon_off_its_ships() -> None:
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"pds": 1}}}}
    table = fight(
        {"flagship": 1, "cruiser": 1},
        {"cruiser": 1},
        [1, 1, 1, 1],
        red_holds={"faction": "argent"},
        front=front,
    )
    assert not ability_choices(table, "quetzecoatl")  # no choice: the card says "cannot"
    play_until(table, "roll")
    assert any("no player can fire Space Cannon" in t for t in table.texts())
    guarded = [e for e in table.cited("77.2") if e["text"].startswith("Quetzecoatl")]
    assert guarded and "Blue cannot use Space Cannon against Red" in guarded[0]["text"]


def test_77_2_without_quetzecoatl_the_same_pds_fires() -> None:
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"pds": 1}}}}
    table = fight({"cruiser": 2}, {"cruiser": 1}, [1, 1, 1, 1], front=front)
    assert play_until(table, "space_cannon")["player"] == "blue"


def test_87_1_dynamo_repairs_a_unit_that_sustained_for_2_influence() -> None:
    table = fight(
        {"flagship": 1, "cruiser": 1},
        {"cruiser": 1},
        [1, 1, 1, 10],
        red_holds={"faction": "empyrean", "trade_goods": 3},
    )
    hits = play_until(table, "assign_hits")
    assert hits["sustain"] == ["red-flagship-1"]
    take(table, hits)
    ways = ability_choices(table, "dynamo")
    assert [w["use"] for w in ways] == [True, False]  # "may": only 2 trade goods' worth
    assert ways[0]["units"] == ["red-flagship-1"] and ways[0]["trade_goods"] == 2
    events = take(table, ways[0])
    assert "87.1" in events[0]["rules"]
    assert _unit(table, "red-flagship-1")["damaged"] is False
    assert table.player("red")["trade_goods"] == 1


def test_87_1_dynamo_is_not_offered_without_2_influence_to_spend() -> None:
    table = fight(
        {"flagship": 1, "cruiser": 1},
        {"cruiser": 1},
        [1, 1, 1, 10],
        red_holds={"faction": "empyrean", "trade_goods": 1},
    )
    take(table, play_until(table, "assign_hits"))
    assert not ability_choices(table, "dynamo")
    assert _unit(table, "red-flagship-1")["damaged"] is True


def _firmament(plots: list[str]) -> Table:
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"pds": 1}}}}
    return fight(
        {"flagship": 1, "cruiser": 1},
        {"cruiser": 2},
        [1, 1, 1, 1, 10, 1, 1, 1, 1, 1, 1],
        red_holds={"faction": "firmament", "plots": plots},
        front=front,
    )


def test_87_1_heavens_eye_is_repaired_at_the_end_of_a_round_against_a_puppet() -> None:
    table = _firmament(["blue"])
    take(table, play_until(table, "assign_hits"))  # the flagship sustains Blue's hit
    play_until(table, "no_retreat")  # round 2's announcements: round 1 is over
    repaired = [e for e in table.cited("87.1") if "Heaven's Eye" in e["text"]]
    assert repaired and _unit(table, "red-flagship-1")["damaged"] is False


def test_87_1_heavens_eye_stays_damaged_without_a_token_on_a_plot() -> None:
    table = _firmament([])
    take(table, play_until(table, "assign_hits"))
    play_until(table, "no_retreat")
    assert _unit(table, "red-flagship-1")["damaged"] is True


def _crimson(breaches: list[str]) -> Table:
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"pds": 1}}}}
    table = fight(
        {"flagship": 1, "cruiser": 1},
        {"dreadnought": 1},
        [10, 10, 10, 10, 10, 10],
        red_holds={"faction": "crimson_rebellion", "breaches": breaches},
        front=front,
    )
    take(table, play_until(table, "end_movement"))
    return table


def test_87_1_quietus_takes_the_opponents_unit_abilities_in_an_active_breach() -> None:
    table = _crimson(["front"])
    stripped = [e for e in table.cited("87.1") if e["text"].startswith("Red's flagship")]
    assert stripped and "blue-pds-1" in stripped[0]["text"], table.texts()
    assert any("no player can fire Space Cannon" in t for t in table.texts())
    take(table, play_until(table, "assign_hits"))  # Red's first (78.6)
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "blue" and hits["sustain"] == []  # no Sustain Damage left
    assert hits["can_sustain"] == []
    take(table, hits)
    take(table, play_until(table, "end_action"))
    pds = table.planet("front", "Front")["units"][0]
    assert "noabilities" not in pds.get("grade", "")  # the action is over


def test_87_1_quietus_does_nothing_without_an_active_breach() -> None:
    table = _crimson([])
    assert not table.cited("87.1")
    assert play_until(table, "space_cannon")["player"] == "blue"


def test_scenario_breaches_and_plots_must_name_a_system_and_a_player() -> None:
    for key, bad in (("breaches", "nowhere"), ("plots", "green")):
        players = [
            {"id": "red", "initiative": 1, "faction": "crimson_rebellion", key: [bad]},
            {"id": "blue", "initiative": 2},
        ]
        result = api.load_scenario(scenario([system("front", 0, 0)], players=players))
        assert not result["ok"] and f"players[0].{key}[0]" in str(result), result
