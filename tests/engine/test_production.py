"""Step 5 – Production (89.5, 89.5.1; LRR 67 Producing Units, 68 Production, 37 Fleet Pool)."""

from __future__ import annotations

from engine_table import Table, scenario, system


def _table(dock: bool = True, space: dict[str, int] | None = None, **red: object) -> Table:
    planets = [{"name": "Jord", "resources": 4, "influence": 2, "controller": "red"}]
    others = [{"name": "Moll", "resources": 3, "influence": 1, "controller": "red"}]
    ground = {"Jord": {"red": {"space_dock": 1}}} if dock else {}
    data = scenario(
        [
            system("home", 0, 0, planets=planets, ground=ground, space={"red": space or {}}),
            system("other", 1, 0, planets=others),
        ]
    )
    data["players"][0].update(red)
    table = Table(data)
    table.do("activate", system="home")
    table.do("end_movement")
    return table


def test_89_5_production_needs_a_unit_with_production() -> None:
    table = _table(dock=False)
    assert table.view["step"] == "production"
    assert table.kinds() == {"skip"}
    refusal = table.refused("produce", units={"cruiser": 1}, pay=["Jord"])
    assert refusal["rules"] == ["89.5", "68"]


def test_89_5_1_produce_without_moving_or_landing() -> None:
    table = _table()
    events = table.do("produce", units={"cruiser": 1, "fighter": 2}, pay=["Jord"])
    assert "89.5.1" in events[0]["rules"]
    assert "67.2" in events[0]["rules"]
    assert set(table.space_ids("home")) == {"red-cruiser-1", "red-fighter-1", "red-fighter-2"}
    assert table.planet("home", "Jord")["exhausted"] is True
    assert table.view["step"] == "end_of_action"


def test_89_5_production_limit_is_resources_plus_two() -> None:
    table = _table(trade_goods=10)
    refusal = table.refused("produce", units={"infantry": 7}, pay=["Jord", "Moll"])
    assert refusal["rules"] == ["68.1", "68.1.1", "68.1.2"]
    assert "Production in the active system is 6" in refusal["reason"]


def test_89_5_cost_must_be_paid() -> None:
    table = _table()
    refusal = table.refused("produce", units={"dreadnought": 1, "carrier": 1}, pay=["Jord"])
    assert refusal["rules"] == ["67.1"]
    events = table.do("produce", units={"dreadnought": 1, "carrier": 1}, pay=["Jord", "Moll"])
    assert events[0]["cost"] == 7
    assert table.planet("other", "Moll")["exhausted"] is True


def test_37_3_production_past_the_fleet_pool_then_choose_and_remove_excess() -> None:
    """37.3: "If at any time the number of a player's non-fighter ships in a system exceeds
    the number of tokens in that player's fleet pool, they choose and remove excess ships in
    that system." Producing past the pool is not refused; the player then removes one."""
    table = _table(space={"cruiser": 2}, fleet=3)
    table.do("produce", units={"destroyer": 2}, pay=["Jord"])
    (offer,) = table.choices
    assert offer["kind"] == "remove_excess" and offer["count"] == 1
    assert "37.3" in offer["rules"]
    assert set(offer["candidates"]) == {
        "red-cruiser-1",
        "red-cruiser-2",
        "red-destroyer-1",
        "red-destroyer-2",
    }
    assert table.refused("end_action")["rules"][-1] == "37.3"
    table.do("remove_excess", player="red", units=["red-cruiser-1"])
    assert sorted(table.space_ids("home")) == [
        "red-cruiser-2",
        "red-destroyer-1",
        "red-destroyer-2",
    ]
    assert table.kinds() == {"end_action"}


def test_16_3_production_past_capacity_then_choose_and_remove_excess() -> None:
    """16.3: "If a player has more fighters and ground forces in the space area of a system
    than the total capacity of that player's ships in that system, that player must remove
    the excess units." 16.3a: "A player can choose which of their excess units to remove."
    The space dock holds 3 fighters; 2 more may be produced and then 2 are removed."""
    table = _table(space={"fighter": 3})
    table.do("produce", units={"fighter": 2}, pay=["Jord"])
    (offer,) = table.choices
    assert offer["count"] == 2 and "16.3" in offer["rules"]
    table.do("remove_excess", player="red", units=["red-fighter-1", "red-fighter-5"])
    assert sorted(table.space_ids("home")) == ["red-fighter-2", "red-fighter-3", "red-fighter-4"]
    room = _table(space={"fighter": 3})
    room.do("produce", units={"fighter": 2, "carrier": 1}, pay=["Jord"])
    assert len(room.space_ids("home")) == 6
    assert room.kinds() == {"end_action"}


def test_89_5_ground_forces_go_to_the_dock_planet() -> None:
    table = _table()
    table.do("produce", units={"infantry": 2}, pay=["Moll"])
    units = [u["id"] for u in table.planet("home", "Jord")["units"]]
    assert units == ["red-space_dock-1", "red-infantry-1", "red-infantry-2"]


def test_26_3_a_war_sun_is_produced_only_with_its_technology() -> None:
    """26.3 "If a unit does not have a cost, it cannot be produced." The faction sheet's war
    sun has none (ti-assistant techs.ts: the War Sun is a unit upgrade; AsyncTI4 units.json:
    "Not a War Sun Yet", no cost): it is produced only with the War Sun technology, or by
    the Muaat, whose sheet prints the Prototype War Sun I with its cost."""
    table = _table(trade_goods=8)
    assert not [c for c in table.choices if c.get("units") == {"war_sun": 1}]
    refusal = table.refused("produce", units={"war_sun": 1}, pay=["Jord"], trade_goods=8)
    assert refusal["rules"] == ["26.3"] and "War Sun" in refusal["reason"]
    for red in ({"technologies": ["war_sun_technology"]}, {"faction": "muaat"}):
        table = _table(trade_goods=8, **red)
        events = table.do("produce", units={"war_sun": 1}, pay=["Jord"], trade_goods=8)
        assert events[0]["units"] == ["red-war_sun-1"]


def test_68_1_4_arborec_space_docks_produce_no_infantry() -> None:
    """68.1d "'Production' value from Arborec space docks cannot be used to produce infantry,
    even if the Arborec player controls other units that have 'Production' in the same
    system." (Mitosis: "Your space docks cannot produce infantry.") A Letani Warrior I on
    Jord has Production 1: one infantry, not two; ships still come from the dock."""
    table = _table(faction="arborec")
    assert not [c for c in table.choices if "infantry" in c.get("units", {})]
    refusal = table.refused("produce", units={"infantry": 1}, pay=["Jord"])
    assert refusal["rules"] == ["68.1.4"] and "Production is 0" in refusal["reason"]
    planets = [{"name": "Jord", "resources": 4, "influence": 2, "controller": "red"}]
    data = scenario(
        [
            system(
                "home",
                0,
                0,
                planets=planets,
                ground={"Jord": {"red": {"space_dock": 1, "infantry": 1}}},
            )
        ]
    )
    data["players"][0]["faction"] = "arborec"
    table = Table(data)
    table.do("activate", system="home")
    table.do("end_movement")
    refusal = table.refused("produce", units={"infantry": 2}, pay=["Jord"])
    assert refusal["rules"] == ["68.1.4"] and "Production is 1" in refusal["reason"]
    table.do("produce", units={"infantry": 1, "cruiser": 1}, pay=["Jord"])
    assert len(table.planet("home", "Jord")["units"]) == 3
