"""Step 2 – Movement (89.2, 89.2.1, 89.2.2) and the Movement page's Move Ships and Transport items.

Board: home (0,0) – mid (1,0) – active (2,0) in a row; side (1,-1) touches
home and mid but not active.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine_table import Table, scenario, system

from engine.core.scenario import build
from engine.ti4.movement import legal_paths
from engine.ti4.records import Tactical


def _table(
    home: dict[str, Any] | None = None,
    mid: dict[str, Any] | None = None,
    active: dict[str, Any] | None = None,
    side: dict[str, Any] | None = None,
) -> Table:
    table = Table(
        scenario(
            [
                system("home", 0, 0, **(home or {})),
                system("mid", 1, 0, **(mid or {})),
                system("active", 2, 0, **(active or {})),
                system("side", 1, -1, **(side or {})),
            ]
        )
    )
    table.do("activate", system="active")
    return table


def _moves(table: Table, unit: str) -> list[list[str]]:
    return [c["path"] for c in table.choices if c["kind"] == "move" and c["unit"] == unit]


def test_89_2_ships_with_enough_move_reach_the_active_system() -> None:
    table = _table(home={"space": {"red": {"cruiser": 1, "carrier": 1}}})
    assert _moves(table, "red-cruiser-1") == [["mid", "active"]]
    assert _moves(table, "red-carrier-1") == []
    events = table.do("move", unit="red-cruiser-1", path=["mid", "active"])
    assert table.space_ids("active") == ["red-cruiser-1"]
    assert "89.2" in events[0]["rules"]


def test_movement_step_1_move_ships_1_any_number_of_eligible_ships_move_in() -> None:
    table = _table(
        home={"space": {"red": {"cruiser": 2}}}, mid={"space": {"red": {"destroyer": 1}}}
    )
    for unit, path in (
        ("red-cruiser-1", ["mid", "active"]),
        ("red-cruiser-2", ["mid", "active"]),
        ("red-destroyer-1", ["active"]),
    ):
        events = table.do("move", unit=unit, path=path)
        assert "movement-step-1-move-ships-1" in events[0]["rules"]
    assert table.space_ids("active") == ["red-cruiser-1", "red-cruiser-2", "red-destroyer-1"]


def test_movement_step_1_move_ships_8_ship_with_capacity_transports() -> None:
    table = _table(mid={"space": {"red": {"carrier": 1, "cruiser": 1, "infantry": 1}}})
    refusal = table.refused("move", unit="red-cruiser-1", path=["active"], carry=["red-infantry-1"])
    assert "movement-step-1-move-ships-8" in refusal["rules"]
    assert "has no capacity" in refusal["reason"]
    events = table.do("move", unit="red-carrier-1", path=["active"], carry=["red-infantry-1"])
    assert "movement-step-1-move-ships-8" in events[1]["rules"]
    assert "red-infantry-1" in table.space_ids("active")


def test_89_2_carrier_lacks_move_value_for_two_systems() -> None:
    table = _table(home={"space": {"red": {"carrier": 1}}})
    refusal = table.refused("move", unit="red-carrier-1", path=["mid", "active"])
    assert refusal["rules"] == ["89.2", "movement-step-1-move-ships-7"]
    assert "move value is 1" in refusal["reason"]


def test_89_2_ships_already_in_active_system_do_not_move() -> None:
    table = _table(active={"space": {"red": {"destroyer": 1}}})
    assert _moves(table, "red-destroyer-1") == []
    refusal = table.refused("move", unit="red-destroyer-1", path=["mid", "active"])
    assert refusal["rules"] == ["89.2"]
    assert "already in the active system" in refusal["reason"]


def test_89_2_a_ship_that_moved_does_not_move_again() -> None:
    table = _table(mid={"space": {"red": {"destroyer": 1}}})
    table.do("move", unit="red-destroyer-1", path=["active"])
    refusal = table.refused("move", unit="red-destroyer-1", path=["mid", "active"])
    assert refusal["rules"] == ["89.2"]
    assert "already moved" in refusal["reason"]


def test_89_2_1_ships_without_capacity_cannot_transport() -> None:
    table = _table(mid={"space": {"red": {"cruiser": 1, "fighter": 1}}})
    refusal = table.refused("move", unit="red-cruiser-1", path=["active"], carry=["red-fighter-1"])
    assert "89.2.1" in refusal["rules"]
    assert "no capacity" in refusal["reason"]


def test_89_2_1_fighters_have_no_move_value() -> None:
    table = _table(mid={"space": {"red": {"carrier": 1, "fighter": 1}}})
    refusal = table.refused("move", unit="red-fighter-1", path=["active"])
    assert refusal["rules"] == ["89.2", "89.2.1", "movement-transport-1"]
    events = table.do("move", unit="red-carrier-1", path=["active"], carry=["red-fighter-1"])
    assert "89.2.1" in events[1]["rules"]
    assert set(table.space_ids("active")) == {"red-carrier-1", "red-fighter-1"}


def test_89_2_2_player_may_move_no_ships() -> None:
    table = _table(mid={"space": {"red": {"destroyer": 1}}})
    events = table.do("end_movement")
    assert events[0]["rules"] == ["89.2.2"]
    assert "not to move" in events[0]["text"]
    assert table.space_ids("mid") == ["red-destroyer-1"]
    assert table.view["step"] != "movement"


def test_movement_step_1_move_ships_2_must_end_in_active_system() -> None:
    table = _table(home={"space": {"red": {"cruiser": 1}}})
    refusal = table.refused("move", unit="red-cruiser-1", path=["side", "mid"])
    assert refusal["rules"] == ["movement-step-1-move-ships-2"]


def test_movement_step_1_move_ships_3_cannot_move_through_enemy_ships() -> None:
    table = _table(
        home={"space": {"red": {"cruiser": 1}}}, mid={"space": {"blue": {"destroyer": 1}}}
    )
    assert _moves(table, "red-cruiser-1") == []
    refusal = table.refused("move", unit="red-cruiser-1", path=["mid", "active"])
    assert refusal["rules"] == ["movement-step-1-move-ships-3"]
    assert "Blue" in refusal["reason"]


def test_89_2_cannot_move_through_enemy_ships() -> None:
    table = _table(home={"space": {"red": {"war_sun": 1}}}, mid={"space": {"blue": {"carrier": 1}}})
    refusal = table.refused("move", unit="red-war_sun-1", path=["mid", "active"])
    assert "movement-step-1-move-ships-3" in refusal["rules"]


def test_movement_faq_1_fighters_block_movement() -> None:
    table = _table(home={"space": {"red": {"cruiser": 1}}}, mid={"space": {"blue": {"fighter": 1}}})
    refusal = table.refused("move", unit="red-cruiser-1", path=["mid", "active"])
    assert refusal["rules"] == ["movement-step-1-move-ships-3", "movement-faq-1"]


def test_movement_step_1_move_ships_4_cannot_move_from_a_commanded_system() -> None:
    table = _table(home={"tokens": ["red"], "space": {"red": {"cruiser": 1}}})
    assert _moves(table, "red-cruiser-1") == []
    refusal = table.refused("move", unit="red-cruiser-1", path=["mid", "active"])
    assert refusal["rules"] == ["89.2", "movement-step-1-move-ships-4"]
    assert refusal["reason"] == (
        "Cannot move: Cruiser starts in a system holding your command token "
        "(89.2, movement-step-1-move-ships-4)"
    )


def test_movement_step_1_move_ships_5_can_move_through_own_commanded_system() -> None:
    table = _table(home={"space": {"red": {"destroyer": 1}}}, mid={"tokens": ["red"]})
    events = table.do("move", unit="red-destroyer-1", path=["mid", "active"])
    assert "movement-step-1-move-ships-5" in events[0]["rules"]


def test_movement_step_1_move_ships_6_can_leave_and_reenter_active_system() -> None:
    game = build(scenario([system("home", 0, 0), system("active", 1, 0), system("x", 2, 0)])).game
    game = replace(game, action=Tactical(step="movement", active_system="active"))
    paths = legal_paths(game, "home", 3, "red")
    assert ("active", "x", "active") in paths
    assert ("active",) in paths


def test_movement_step_1_move_ships_7_path_of_adjacent_systems_within_move_value() -> None:
    table = _table(home={"space": {"red": {"destroyer": 1}}})
    gap = table.refused("move", unit="red-destroyer-1", path=["active"])
    assert gap["rules"] == ["movement-step-1-move-ships-7"]
    assert "not adjacent" in gap["reason"]
    events = table.do("move", unit="red-destroyer-1", path=["mid", "active"])
    assert "movement-step-1-move-ships-7" in events[0]["rules"]


def test_movement_transport_1_capacity_counts_fighters_and_ground_forces() -> None:
    table = _table(mid={"space": {"red": {"carrier": 1, "fighter": 3, "infantry": 2}}})
    refusal = table.refused(
        "move",
        unit="red-carrier-1",
        path=["active"],
        carry=[
            "red-fighter-1",
            "red-fighter-2",
            "red-fighter-3",
            "red-infantry-1",
            "red-infantry-2",
        ],
    )
    assert refusal["rules"] == ["89.2.1", "movement-transport-1"]
    assert "capacity 4" in refusal["reason"]
    events = table.do(
        "move",
        unit="red-carrier-1",
        path=["active"],
        carry=["red-fighter-1", "red-fighter-2", "red-infantry-1", "red-infantry-2"],
    )
    assert "movement-transport-1" in events[1]["rules"]


def test_movement_transport_2_pick_up_along_the_path_and_from_planets() -> None:
    table = _table(
        home={"space": {"red": {"war_sun": 1, "fighter": 1}}},
        mid={
            "planets": [{"name": "Mid", "resources": 1, "influence": 1, "controller": "red"}],
            "space": {"red": {"fighter": 1}},
            "ground": {"Mid": {"red": {"infantry": 1}}},
        },
        active={"space": {"red": {"fighter": 1}}},
    )
    move = next(c for c in table.choices if c["kind"] == "move" and c["path"] == ["mid", "active"])
    assert set(move["carry_candidates"]) == {
        "red-fighter-1",
        "red-fighter-2",
        "red-fighter-3",
        "red-infantry-1",
    }
    events = table.do(
        "move",
        unit="red-war_sun-1",
        path=["mid", "active"],
        carry=["red-fighter-1", "red-fighter-2", "red-infantry-1", "red-fighter-3"],
    )
    assert "movement-transport-2" in events[1]["rules"]
    assert table.planet("mid", "Mid")["units"] == []


def test_movement_transport_2_no_pickup_from_commanded_system() -> None:
    table = _table(
        home={"space": {"red": {"war_sun": 1}}},
        mid={"tokens": ["red"], "space": {"red": {"fighter": 1}}},
    )
    refusal = table.refused(
        "move", unit="red-war_sun-1", path=["mid", "active"], carry=["red-fighter-1"]
    )
    assert refusal["rules"] == ["movement-transport-2"]
    assert "holds your command token" in refusal["reason"]


def test_movement_transport_3_transported_units_stay_in_space() -> None:
    table = _table(
        mid={"space": {"red": {"carrier": 1, "infantry": 2}}},
        active={"planets": [{"name": "Goal", "resources": 2, "influence": 0}]},
    )
    events = table.do(
        "move", unit="red-carrier-1", path=["active"], carry=["red-infantry-1", "red-infantry-2"]
    )
    assert "movement-transport-3" in events[1]["rules"]
    assert set(table.space_ids("active")) == {"red-carrier-1", "red-infantry-1", "red-infantry-2"}
    assert table.planet("active", "Goal")["units"] == []


def test_16_3_player_chooses_which_cargo_left_behind_is_removed() -> None:
    table = _table(mid={"space": {"red": {"carrier": 1, "fighter": 2}}})
    table.do("move", unit="red-carrier-1", path=["active"])
    table.do("end_movement")
    (offer,) = table.choices
    assert offer["kind"] == "remove_excess" and offer["count"] == 2
    assert "16.3" in offer["rules"]
    events = table.do("remove_excess", **_params(offer))
    assert events[0]["units"] == ["red-fighter-1", "red-fighter-2"]
    assert table.space_ids("mid") == []
    assert "remove_excess" not in table.kinds()


def test_58_6_fighters_a_carrier_leaves_may_be_picked_up_by_another() -> None:
    """58.6: the moving ships "arrive in the active system simultaneously"; the fighters the
    first carrier leaves in mid are not removed before the second one picks them up."""
    table = _table(mid={"space": {"red": {"carrier": 2, "fighter": 6}}})
    fighters = [f"red-fighter-{n}" for n in range(1, 7)]
    table.do("move", unit="red-carrier-1", path=["active"], carry=fighters[:4])
    assert "remove_excess" not in table.kinds()
    table.do("move", unit="red-carrier-2", path=["active"], carry=fighters[4:])
    table.do("end_movement")
    assert "remove_excess" not in table.kinds()
    assert table.space_ids("mid") == []
    assert len(table.space_ids("active")) == 8


def _params(choice: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in choice.items() if k not in ("kind", "label", "rules")}
