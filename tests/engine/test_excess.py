"""Capacity (LRR 16) and fleet pool (37): the owner chooses which excess units are removed.

Also the production planet for ground forces (68.3) and boards that no combat
between two players could leave (three players' ships in one system).
"""

from __future__ import annotations

from typing import Any

from engine_table import Table, scenario, system

from engine import api

BLUE_PLANET = {"name": "Arc", "resources": 1, "influence": 1, "controller": "blue"}


def _arrive(red: dict[str, int], active: dict[str, Any] | None = None, fleet: int = 3) -> Table:
    data = scenario(
        [system("mid", 0, 0, space={"red": red}), system("active", 1, 0, **(active or {}))]
    )
    data["players"][0]["fleet"] = fleet
    table = Table(data)
    table.do("activate", system="active")
    return table


def _params(choice: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in choice.items() if k not in ("kind", "label", "rules")}


def test_16_3_player_chooses_which_excess_unit_goes() -> None:
    table = _arrive({"carrier": 1, "fighter": 3, "infantry": 1})
    table.do(
        "move", unit="red-carrier-1", path=["active"], carry=["red-fighter-1", "red-infantry-1"]
    )
    # What the carrier leaves behind is checked when Move Ships ends (58.6).
    assert "remove_excess" not in table.kinds()
    table.do("end_movement")
    (offer,) = table.choices
    assert offer["count"] == 2 and offer["player"] == "red" and offer["system"] == "mid"
    assert set(offer["candidates"]) == {"red-fighter-2", "red-fighter-3"}
    refusal = table.refused("remove_excess", player="red", units=["red-fighter-2"])
    assert "exactly 2" in refusal["reason"] and "16.3" in refusal["rules"]
    assert table.refused("roll")["rules"] == ["16.3", "16.3.1"]
    table.do("remove_excess", player="red", units=["red-fighter-3", "red-fighter-2"])
    assert table.space_ids("mid") == []


def test_16_3_the_player_may_keep_fighters_and_remove_ground_forces() -> None:
    # Two fighters and two infantry stay with one space dock (3 fighter slots) and no ship.
    planets = [{"name": "Jord", "resources": 1, "influence": 1, "controller": "red"}]
    data = scenario(
        [
            system(
                "mid",
                0,
                0,
                planets=planets,
                space={"red": {"carrier": 1, "fighter": 2, "infantry": 2}},
                ground={"Jord": {"red": {"space_dock": 1}}},
            ),
            system("active", 1, 0),
        ]
    )
    table = Table(data)
    table.do("activate", system="active")
    table.do("move", unit="red-carrier-1", path=["active"])
    table.do("end_movement")
    (offer,) = table.choices
    assert offer["count"] == 2
    # The docks hold the fighters, so removing them would not help.
    refusal = table.refused("remove_excess", player="red", units=["red-fighter-1", "red-fighter-2"])
    assert "would still have" in refusal["reason"]
    assert offer["units"] == ["red-infantry-1", "red-infantry-2"]
    table.do("remove_excess", **_params(offer))
    assert table.space_ids("mid") == ["red-fighter-1", "red-fighter-2"]


def test_37_3_player_chooses_which_ships_exceed_the_fleet_pool() -> None:
    table = _arrive({"carrier": 1, "cruiser": 1, "destroyer": 1}, fleet=2)
    for unit in ("red-carrier-1", "red-cruiser-1", "red-destroyer-1"):
        table.do("move", unit=unit, path=["active"])
    table.do("end_movement")
    (offer,) = table.choices
    assert offer["kind"] == "remove_excess" and offer["count"] == 1
    assert offer["units"] == ["red-destroyer-1"]  # the suggestion: the cheapest ship
    assert set(offer["rules"]) >= {"37.1", "37.3"}
    refusal = table.refused("remove_excess", player="red", units=["red-fighter-9"])
    assert "37.1" in refusal["rules"]
    events = table.do("remove_excess", player="red", units=["red-cruiser-1"])
    assert events[0]["units"] == ["red-cruiser-1"]
    assert set(table.space_ids("active")) == {"red-carrier-1", "red-destroyer-1"}
    assert table.view["step"] != "movement"


def test_37_3_fleet_pool_is_settled_before_capacity() -> None:
    # Removing the carrier for the fleet pool leaves its fighters beyond capacity.
    table = _arrive({"carrier": 1, "cruiser": 1, "fighter": 2}, fleet=1)
    table.do(
        "move", unit="red-carrier-1", path=["active"], carry=["red-fighter-1", "red-fighter-2"]
    )
    table.do("move", unit="red-cruiser-1", path=["active"])
    table.do("end_movement")
    assert "37.1" in table.choices[0]["rules"]
    table.do("remove_excess", player="red", units=["red-carrier-1"])
    (offer,) = table.choices
    assert "16.3" in offer["rules"] and offer["count"] == 2


def test_78_7_2_retreating_player_chooses_cargo_that_does_not_fit() -> None:
    """78.7b: "That player's fighters and ground forces in the space area of the active
    system that are unable to move or be transported are removed." The carrier holds 4 of
    the 6 fighters; the player chooses the two left behind before it leaves."""
    table = Table(
        scenario(
            [
                system("mid", 0, 0, space={"red": {"cruiser": 1}}),
                system("active", 1, 0, space={"blue": {"carrier": 1, "fighter": 6}}),
                system("blue_home", 2, 0, planets=[BLUE_PLANET]),
            ],
            dice=[1] * 8,
        )
    )
    table.do("activate", system="active")
    table.do("move", unit="red-cruiser-1", path=["active"])
    table.do("end_movement")
    table.do("announce_retreat", player="blue", to="blue_home")
    table.do("roll")
    (offer,) = table.choices
    assert offer["player"] == "blue" and offer["system"] == "active" and offer["count"] == 2
    assert "78.7.2" in offer["rules"]
    assert table.space_ids("blue_home") == []  # nothing has left yet
    table.do("remove_excess", player="blue", units=["blue-fighter-1", "blue-fighter-6"])
    kept = {"blue-carrier-1", *(f"blue-fighter-{n}" for n in (2, 3, 4, 5))}
    assert set(table.space_ids("blue_home")) == kept
    assert not [u for u in table.space_ids("active") if u.startswith("blue")]


def _production() -> Table:
    planets = [
        {"name": "Jord", "resources": 4, "influence": 2, "controller": "red"},
        {"name": "Luna", "resources": 1, "influence": 0, "controller": "red"},
        {"name": "Wild", "resources": 1, "influence": 0},
    ]
    data = scenario(
        [system("home", 0, 0, planets=planets, ground={"Jord": {"red": {"space_dock": 1}}})]
    )
    table = Table(data)
    table.do("activate", system="home")
    table.do("end_movement")
    return table


def test_68_3_produced_ground_forces_go_on_a_planet_with_a_producing_unit() -> None:
    """68.3: "When a player produces ground forces, that player must place those unit on
    planets that contain a unit that used its "Production" ability." Luna is controlled by
    the same player but holds no space dock, so it is not offered and is refused."""
    table = _production()
    planets = [c.get("planet") for c in table.choices if c.get("units") == {"infantry": 2}]
    assert planets == ["Jord"]
    for elsewhere in ("Luna", "Wild"):
        refusal = table.refused("produce", units={"infantry": 2}, pay=["Jord"], planet=elsewhere)
        assert refusal["rules"] == ["68.3"]
        assert "(Jord)" in refusal["reason"]
    split = table.refused(
        "produce", units={"infantry": 2}, pay=["Jord"], placement={"Jord": 1, "Luna": 1}
    )
    assert split["rules"] == ["68.3"] and "Luna" in split["reason"]


def test_68_3_ground_forces_default_to_the_space_dock_planet() -> None:
    """68.3 (as above): without a named planet they go on the space dock's planet."""
    table = _production()
    table.do("produce", units={"infantry": 2}, pay=["Jord"])
    assert [u["type"] for u in table.planet("home", "Jord")["units"]].count("infantry") == 2


def test_78_three_players_ships_in_one_system_are_refused_on_load() -> None:
    data = scenario(
        [
            system(
                "active",
                0,
                0,
                space={"red": {"cruiser": 1}, "blue": {"cruiser": 1}, "green": {"cruiser": 1}},
            )
        ]
    )
    data["players"].append({"id": "green", "initiative": 3})
    result = api.load_scenario(data)
    assert not result["ok"]
    assert result["error"]["path"] == "systems[0].space"
    assert "red, blue, green" in result["error"]["message"]
