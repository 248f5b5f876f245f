"""Anomalies (LRR 9, 11 Asteroid Field, 41 Gravity Rift, 59 Nebula, 86 Supernova).

Board: a row a (0,0) – b (1,0) – c (2,0) – d (3,0); ``d`` is the active system
unless a test says otherwise; ``n`` (1,-1) touches a and b.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_table import Table, scenario, system

from engine import api


def _table(
    systems: dict[str, dict[str, Any]], active: str = "d", dice: list[int] | None = None
) -> Table:
    coords = {"a": (0, 0), "b": (1, 0), "c": (2, 0), "d": (3, 0), "n": (1, -1)}
    extra: dict[str, Any] = {"dice": dice} if dice is not None else {"seed": 7}
    table = Table(
        scenario(
            [system(k, *coords[k], **systems.get(k, {})) for k in coords],
            **extra,
        )
    )
    table.do("activate", system=active)
    return table


def _paths(table: Table, unit: str) -> list[list[str]]:
    return [c["path"] for c in table.choices if c["kind"] == "move" and c["unit"] == unit]


RED_CRUISER = {"space": {"red": {"cruiser": 1}}}
RED_CARRIER = {"space": {"red": {"carrier": 1}}}


# --- loading -------------------------------------------------------------------------


def test_9_2_a_scenario_names_each_systems_anomalies_and_the_view_carries_them() -> None:
    table = _table({"b": {"anomaly": "nebula"}, "c": {"anomaly": ["gravity_rift", "nebula"]}})
    assert table.system("b")["anomalies"] == ["nebula"]
    assert table.system("c")["anomalies"] == ["gravity_rift", "nebula"]
    assert table.system("a")["anomalies"] == []


def test_9_2_an_unknown_anomaly_is_refused_with_its_path() -> None:
    result = api.load_scenario(scenario([system("a", 0, 0, anomaly="black_hole")]))
    assert not result["ok"]
    assert result["error"]["path"] == "systems[0].anomaly"
    assert "unknown anomaly 'black_hole'" in result["error"]["message"]
    listed = api.load_scenario(scenario([system("a", 0, 0, anomaly=["nebula", "wormhole"])]))
    assert listed["error"]["path"] == "systems[0].anomaly[1]"


def test_9_2_1_an_anomaly_may_hold_a_planet() -> None:
    planet = {"name": "Cormund", "resources": 2, "influence": 0}
    table = _table({"b": {"anomaly": "gravity_rift", "planets": [planet]}})
    assert table.system("b")["planets"][0]["name"] == "Cormund"


def test_86_1_a_planet_in_a_supernova_is_refused_at_load() -> None:
    planet = {"name": "Nowhere", "resources": 1, "influence": 1}
    result = api.load_scenario(scenario([system("a", 0, 0, anomaly="supernova", planets=[planet])]))
    assert not result["ok"]
    assert result["error"]["path"] == "systems[0].planets"
    assert "86.1" in result["error"]["message"]


# --- asteroid field and supernova ----------------------------------------------------------


def test_11_1_no_ship_moves_into_or_through_an_asteroid_field() -> None:
    table = _table({"b": {"anomaly": "asteroid_field", **RED_CRUISER}, "c": RED_CRUISER})
    # The cruiser in b may leave the field; nothing goes through it.
    assert _paths(table, "red-cruiser-1") == [["c", "d"]]
    through = _table({"c": {"anomaly": "asteroid_field"}, "b": RED_CRUISER})
    assert _paths(through, "red-cruiser-1") == []
    refusal = through.refused("move", unit="red-cruiser-1", path=["c", "d"])
    assert "11.1" in refusal["rules"]
    into = _table({"d": {"anomaly": "asteroid_field"}, "c": RED_CRUISER})
    assert into.refused("move", unit="red-cruiser-1", path=["d"])["rules"] == ["11.1"]


def test_86_1_no_ship_moves_into_or_through_a_supernova() -> None:
    through = _table({"c": {"anomaly": "supernova"}, "b": RED_CRUISER})
    assert _paths(through, "red-cruiser-1") == []
    assert "86.1" in through.refused("move", unit="red-cruiser-1", path=["c", "d"])["rules"]
    into = _table({"d": {"anomaly": "supernova"}, "c": RED_CRUISER})
    assert _paths(into, "red-cruiser-1") == []
    assert into.refused("move", unit="red-cruiser-1", path=["d"])["rules"] == ["86.1"]


# --- nebula ----------------------------------------------------------------------------


def test_59_1_a_ship_moves_into_a_nebula_that_is_the_active_system() -> None:
    table = _table({"d": {"anomaly": "nebula"}, "b": RED_CRUISER})
    assert _paths(table, "red-cruiser-1") == [["c", "d"]]
    events = table.do("move", unit="red-cruiser-1", path=["c", "d"])
    assert "59.1" in events[0]["rules"]
    assert table.space_ids("d") == ["red-cruiser-1"]


def test_59_1_1_a_ship_cannot_move_through_a_nebula() -> None:
    table = _table({"c": {"anomaly": "nebula"}, "b": RED_CRUISER})
    assert _paths(table, "red-cruiser-1") == []
    refusal = table.refused("move", unit="red-cruiser-1", path=["c", "d"])
    assert refusal["rules"] == ["59.1", "59.1.1"]


def test_59_1_1_a_ship_cannot_leave_the_active_nebula_and_come_back() -> None:
    # A war sun in the rift b has move 2 + 1: enough for c → d → c, but that path moves
    # into and out of the nebula c.
    table = _table(
        {
            "c": {"anomaly": "nebula"},
            "b": {"anomaly": "gravity_rift", "space": {"red": {"war_sun": 1}}},
        },
        active="c",
    )
    paths = _paths(table, "red-war_sun-1")
    assert ["c"] in paths and ["c", "d", "c"] not in paths
    refusal = table.refused("move", unit="red-war_sun-1", path=["c", "d", "c"])
    assert refusal["rules"] == ["59.1.1"]


def test_59_2_a_ship_starting_in_a_nebula_has_move_1() -> None:
    table = _table({"b": {"anomaly": "nebula", **RED_CRUISER}}, active="d")
    assert _paths(table, "red-cruiser-1") == []
    refusal = table.refused("move", unit="red-cruiser-1", path=["c", "d"])
    assert "59.2" in refusal["rules"] and "is 1" in refusal["reason"]
    near = _table({"b": {"anomaly": "nebula", **RED_CRUISER}}, active="c")
    assert _paths(near, "red-cruiser-1") == [["c"]]
    events = near.do("move", unit="red-cruiser-1", path=["c"])
    assert "59.2" in events[0]["rules"]


def test_59_2_1_a_rift_adds_to_the_nebulas_move_1() -> None:
    # A cruiser in a system that is both nebula and rift: move 1 (59.2), +1 leaving the rift.
    table = _table({"b": {"anomaly": ["nebula", "gravity_rift"], **RED_CRUISER}}, dice=[9])
    assert _paths(table, "red-cruiser-1") == [["c", "d"]]
    events = table.do("move", unit="red-cruiser-1", path=["c", "d"])
    assert {"59.2", "41.1"} <= set(events[0]["rules"])


def _nebula_battle(dice: list[int]) -> Table:
    table = _table(
        {"d": {"anomaly": "nebula", "space": {"blue": {"cruiser": 1}}}, "c": RED_CRUISER},
        dice=dice,
    )
    table.do("move", unit="red-cruiser-1", path=["d"])
    table.do("end_movement")
    table.do("no_retreat", player="blue")
    table.do("no_retreat", player="red")
    return table


def test_59_3_the_defender_in_a_nebula_adds_1_to_each_combat_roll() -> None:
    # Red rolls 6 (cruiser hits on 7: a miss); blue rolls 6, a hit with +1.
    table = _nebula_battle([6, 6])
    events = table.do("roll")
    red, blue = events[0], events[1]
    assert red["hits"] == 0 and "59.3" not in red["rules"]
    assert blue["hits"] == 1 and "59.3" in blue["rules"]
    assert "+1 to each roll" in blue["text"]


def test_59_3_the_combat_odds_count_the_defenders_bonus() -> None:
    table = _nebula_battle([1, 1])
    odds = table.view["combat"]["odds"]
    # One cruiser each: red hits 0.4, blue 0.5 a round; rounds with no hit repeat.
    assert abs(odds["attacker_wins"] - 0.2 / 0.7) < 1e-9
    assert abs(odds["defender_wins"] - 0.3 / 0.7) < 1e-9


def test_59_1_no_retreat_into_a_nebula() -> None:
    red_planet = {"name": "Home", "resources": 1, "influence": 1, "controller": "red"}
    table = _table(
        {
            "c": {"space": {"blue": {"cruiser": 1}}},
            "b": {"space": {"red": {"cruiser": 1}}, "planets": [{**red_planet, "name": "B"}]},
            "d": {"anomaly": "nebula", "planets": [red_planet]},
        },
        active="c",
        dice=[1, 1],
    )
    table.do("move", unit="red-cruiser-1", path=["c"])
    table.do("end_movement")
    table.do("no_retreat", player="blue")
    announce = [c["to"] for c in table.choices if c["kind"] == "announce_retreat"]
    assert announce == ["b"]


# --- gravity rift -----------------------------------------------------------------------


def test_41_1_a_ship_moving_through_a_rift_gets_1_more_move_and_rolls() -> None:
    # A carrier (move 1) in b passes through the rift c to d; the rift die is 7.
    table = _table({"c": {"anomaly": "gravity_rift"}, "b": RED_CARRIER}, dice=[7])
    assert _paths(table, "red-carrier-1") == [["c", "d"]]
    label = next(c["label"] for c in table.choices if c["kind"] == "move")
    assert "+1 move from the gravity rift" in label
    events = table.do("move", unit="red-carrier-1", path=["c", "d"])
    assert "41.1" in events[0]["rules"]
    roll = events[1]
    assert roll["kind"] == "rift_roll" and roll["result"] == 7 and "41.2" in roll["rules"]
    assert table.space_ids("d") == ["red-carrier-1"]


def test_41_1_moving_out_of_a_rift_gets_1_more_move() -> None:
    table = _table({"b": {"anomaly": "gravity_rift", **RED_CARRIER}}, dice=[4])
    assert _paths(table, "red-carrier-1") == [["c", "d"]]
    events = table.do("move", unit="red-carrier-1", path=["c", "d"])
    assert events[1]["kind"] == "rift_roll" and events[1]["result"] == 4


def test_41_1_moving_into_a_rift_gives_no_move_and_no_roll() -> None:
    table = _table({"d": {"anomaly": "gravity_rift"}, "b": RED_CARRIER})
    assert _paths(table, "red-carrier-1") == []
    near = _table({"d": {"anomaly": "gravity_rift"}, "c": RED_CARRIER}, dice=[])
    events = near.do("move", unit="red-carrier-1", path=["d"])
    assert [e["kind"] for e in events] == ["move"]


def test_41_2_a_roll_of_1_to_3_removes_the_ship() -> None:
    table = _table({"c": {"anomaly": "gravity_rift"}, "b": RED_CARRIER}, dice=[3])
    events = table.do("move", unit="red-carrier-1", path=["c", "d"])
    assert events[-1]["kind"] == "rift_removed" and events[-1]["result"] == 3
    assert "41.2.3" in events[-1]["rules"]
    assert not any(u["id"] == "red-carrier-1" for s in table.view["systems"] for u in s["space"])


def test_41_2_1_and_41_2_2_a_carrier_lost_to_a_rift_takes_its_fighters() -> None:
    table = _table(
        {
            "c": {"anomaly": "gravity_rift"},
            "b": {"space": {"red": {"carrier": 1, "fighter": 2}}},
        },
        dice=[2],
    )
    events = table.do(
        "move", unit="red-carrier-1", path=["c", "d"], carry=["red-fighter-1", "red-fighter-2"]
    )
    # One die only: the fighters roll none (41.2.1); they go with the carrier (41.2.2).
    assert [e["kind"] for e in events] == ["move", "rift_removed"]
    assert events[-1]["removed"] == ["red-carrier-1", "red-fighter-1", "red-fighter-2"]
    assert "41.2.2" in events[-1]["rules"]
    assert table.space_ids("b") == [] and table.space_ids("d") == []


def test_41_2_2_units_the_ship_would_pick_up_after_the_rift_stay() -> None:
    # A war sun from a through the rift b picks up fighters in c; the rift removes it in b.
    table = _table(
        {
            "a": {"space": {"red": {"war_sun": 1, "fighter": 1}}},
            "b": {"anomaly": "gravity_rift"},
            "c": {"space": {"red": {"fighter": 1}}},
        },
        dice=[1],
    )
    events = table.do(
        "move", unit="red-war_sun-1", path=["b", "c", "d"], carry=["red-fighter-1", "red-fighter-2"]
    )
    assert events[-1]["removed"] == ["red-war_sun-1", "red-fighter-1"]
    assert table.space_ids("c") == ["red-fighter-2"]


def test_41_3_a_rift_left_twice_rolls_twice() -> None:
    # Carrier (move 1) in the rift b: out of b (+1), through a? No: b → c → b → c is 3
    # systems with 2 exits of b, move 1 + 2 = 3; active c.
    table = _table({"b": {"anomaly": "gravity_rift", **RED_CARRIER}}, active="c", dice=[5, 8])
    assert ["c", "b", "c"] in _paths(table, "red-carrier-1")
    events = table.do("move", unit="red-carrier-1", path=["c", "b", "c"])
    rolls = [e for e in events if e["kind"] == "rift_roll"]
    assert [r["result"] for r in rolls] == [5, 8]
    assert "41.3" in rolls[1]["rules"]


def test_41_2_rift_rolls_use_the_seeded_dice_and_replay() -> None:
    def results() -> list[int]:
        table = _table({"c": {"anomaly": "gravity_rift"}, "b": RED_CARRIER})
        events = table.do("move", unit="red-carrier-1", path=["c", "d"])
        return [e["result"] for e in events if e["kind"].startswith("rift")]

    assert results() == results()
    assert len(results()) == 1


def test_41_4_a_system_is_one_gravity_rift_however_often_it_is_named() -> None:
    result = api.load_scenario(
        scenario([system("a", 0, 0, anomaly=["gravity_rift", "gravity_rift"])])
    )
    assert not result["ok"]
    assert result["error"]["path"] == "systems[0].anomaly[1]"
    # One rift in b: a carrier leaving it rolls once and gets +1 once.
    table = _table({"b": {"anomaly": "gravity_rift", **RED_CARRIER}}, dice=[6])
    events = table.do("move", unit="red-carrier-1", path=["c", "d"])
    assert [e["kind"] for e in events] == ["move", "rift_roll"]


def test_41_2_ships_retreating_out_of_a_rift_roll() -> None:
    """A retreat moves ships out of the rift: each rolls as it leaves (41.2)."""
    blue_planet = {"name": "Arc", "resources": 1, "influence": 1, "controller": "blue"}
    table = _table(
        {
            "c": {"anomaly": "gravity_rift", "space": {"blue": {"cruiser": 2}}},
            "d": {"planets": [blue_planet]},
            "b": RED_CRUISER,
        },
        active="c",
        # Combat dice: red 1; blue 1, 1. Rift dice for blue's two cruisers: 2, then 9.
        dice=[1, 1, 1, 2, 9],
    )
    table.do("move", unit="red-cruiser-1", path=["c"])
    table.do("end_movement")
    table.do("announce_retreat", player="blue", to="d")
    events = table.do("roll")
    rift = [e for e in events if e["kind"].startswith("rift")]
    assert [(e["unit"], e["result"]) for e in rift] == [
        ("blue-cruiser-1", 2),
        ("blue-cruiser-2", 9),
    ]
    assert rift[0]["kind"] == "rift_removed" and "41.2" in rift[0]["rules"]
    assert table.space_ids("d") == ["blue-cruiser-2"]


def test_59_3_the_bonus_is_for_space_combat_rolls_only() -> None:
    """Not barrage (10.1.3: combat modifiers do not apply) nor a ground combat in a nebula."""
    from engine.core.state import System
    from engine.ti4.anomalies import defender_bonus

    nebula = System("n", "N", 0, 0, anomalies=("nebula",))
    assert defender_bonus(nebula, "space") == 1
    assert defender_bonus(nebula, "ground") == 0
    assert defender_bonus(System("e", "E", 0, 0), "space") == 0
    table = _table(
        {
            "d": {"anomaly": "nebula", "space": {"blue": {"destroyer": 1}}},
            "c": {"space": {"red": {"carrier": 1, "fighter": 2}}},
        },
        dice=[8, 8, 1, 1, 1, 1],
    )
    table.do("move", unit="red-carrier-1", path=["d"], carry=["red-fighter-1", "red-fighter-2"])
    events = table.do("end_movement")
    barrage = next(e for e in events if e.get("attack") == "anti-fighter barrage")
    # Two 8s: the destroyer's barrage hits on 9 and gets no +1.
    assert barrage["hits"] == 0 and "59.3" not in barrage["rules"]


def test_9_2_a_3rd_edition_board_refuses_anomalies_it_does_not_model() -> None:
    data = scenario([system("a", 0, 0, anomaly="nebula")], edition=3)
    result = api.load_scenario(data)
    assert not result["ok"]
    assert result["error"]["path"] == "systems[0].anomaly"
    assert "3rd edition" in result["error"]["message"]


@pytest.mark.parametrize(
    ("key", "value"),
    [("faction", "sardakk"), ("upgrades", ["cruiser"]), ("technologies", ["antimass_deflectors"])],
)
def test_a_3rd_edition_board_refuses_4th_edition_player_components(key: str, value: Any) -> None:
    data = scenario([system("a", 0, 0)], edition=3)
    data["players"][0][key] = value
    result = api.load_scenario(data)
    assert not result["ok"]
    assert result["error"]["path"] == f"players[0].{key}"
    assert "3rd-edition" in result["error"]["message"]
