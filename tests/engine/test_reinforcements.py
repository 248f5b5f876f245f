"""Every limit: reinforcements bound production (LRR 67.5, 23.4, 36.3, 46.3, 96.2) and
structures per planet (85.4, 85.5) hold at load."""

from __future__ import annotations

from typing import Any

from engine_table import Table, scenario, system

from engine import api

JORD = {"name": "Jord", "resources": 4, "influence": 2, "controller": "red"}
MOLL = {"name": "Moll", "resources": 8, "influence": 1, "controller": "red"}


def _table(home: dict[str, int], far: dict[str, int], far_token: bool = False, **red: Any) -> Table:
    """Red produces at home (a dock on Jord); ``far`` is red's fleet elsewhere, on a row of
    systems q = 2, 3, ... one unit type per system."""
    systems = [
        system(
            "home",
            0,
            0,
            planets=[JORD],
            ground={"Jord": {"red": {"space_dock": 1}}},
            space={"red": home},
        ),
        system("other", 1, 0, planets=[MOLL]),
        system("far", 0, 1, space={"red": far}, tokens=["red"] if far_token else []),
    ]
    data = scenario(systems)
    data["players"][0].update({"fleet": 9, "trade_goods": 20, **red})
    table = Table(data)
    table.do("activate", system="home")
    table.do("end_movement")
    return table


def _offered(table: Table, unit: str) -> list[dict[str, Any]]:
    return [c for c in table.choices if c["kind"] == "produce" and unit in c["units"]]


def test_67_5_production_is_limited_by_units_in_reinforcements() -> None:
    # Five dreadnoughts a colour (96.2): four at home, one far away under red's token.
    table = _table({"dreadnought": 4}, {"dreadnought": 1}, far_token=True)
    assert _offered(table, "dreadnought") == []
    refusal = table.refused("produce", units={"dreadnought": 1}, pay=["Jord"])
    assert refusal["rules"][:2] == ["67.5", "67.5.1"]
    assert "0 dreadnought left in your reinforcements" in refusal["reason"]
    # And the far one cannot be taken back: its system holds red's command token.
    refusal = table.refused(
        "produce", units={"dreadnought": 1}, pay=["Jord"], reclaim=["red-dreadnought-5"]
    )
    assert refusal["rules"] == ["67.5.1"] and "command token" in refusal["reason"]


def test_67_5_1_units_are_taken_off_systems_without_a_command_token_and_produced() -> None:
    table = _table({"dreadnought": 4}, {"dreadnought": 1})
    (offer,) = _offered(table, "dreadnought")
    assert offer["reclaim"] == ["red-dreadnought-5"] and "67.5.1" in offer["label"]
    events = table.do(
        "produce", units={"dreadnought": 1}, pay=["Jord"], reclaim=["red-dreadnought-5"]
    )
    assert {"67.5", "67.5.1"} <= set(events[0]["rules"])
    assert table.space_ids("far") == []
    assert table.space_ids("home").count("red-dreadnought-5") == 1


def test_67_5_1_units_taken_back_must_be_produced_at_once() -> None:
    table = _table({"cruiser": 6}, {"cruiser": 2})
    refusal = table.refused(
        "produce", units={"cruiser": 1}, pay=["Jord"], reclaim=["red-cruiser-7", "red-cruiser-8"]
    )
    assert refusal["rules"] == ["67.5.1"] and "produced at once" in refusal["reason"]
    refusal = table.refused(
        "produce", units={"cruiser": 1}, pay=["Jord"], reclaim=["red-destroyer-1"]
    )
    assert refusal["rules"] == ["67.5.1"]


def test_67_5_2_fighter_tokens_stand_in_only_beside_a_plastic_fighter() -> None:
    """23.4b: tokens "must be accompanied by at least one plastic piece of the same type"; 36.3:
    a fighter token in a system without a plastic fighter is replaced by plastic."""
    # Red's fighters stand in 10 systems: all 10 plastic fighters are out; only 4 carriers.
    data = scenario(
        [
            system(
                "home",
                0,
                0,
                planets=[JORD],
                ground={"Jord": {"red": {"space_dock": 1}}},
            ),
            *[
                system(f"s{i}", i + 1, 0, space={"red": {"fighter": 1}}, tokens=["red"])
                for i in range(10)
            ],
        ]
    )
    data["players"][0]["trade_goods"] = 5
    table = Table(data)
    table.do("activate", system="home")
    table.do("end_movement")
    assert _offered(table, "fighter") == []
    refusal = table.refused("produce", units={"fighter": 2}, pay=["Jord"])
    assert {"67.5", "67.5.2", "23.4.2"} <= set(refusal["rules"])


def test_67_5_2_more_fighters_beside_a_plastic_one_need_only_tokens() -> None:
    data = scenario(
        [
            system(
                "home",
                0,
                0,
                planets=[JORD],
                ground={"Jord": {"red": {"space_dock": 1}}},
                space={"red": {"fighter": 1}},
            ),
            *[
                system(f"s{i}", i + 1, 0, space={"red": {"fighter": 1}}, tokens=["red"])
                for i in range(9)
            ],
        ]
    )
    table = Table(data)
    table.do("activate", system="home")
    table.do("end_movement")
    assert _offered(table, "fighter")
    table.do("produce", units={"fighter": 2}, pay=["Jord"])
    assert table.space_ids("home").count("red-fighter-11") == 1


def test_46_3_infantry_places_are_bounded_at_load() -> None:
    planets = [{"name": f"P{i}"} for i in range(13)]
    ground = {f"P{i}": {"red": {"infantry": 1}} for i in range(13)}
    result = api.load_scenario(scenario([system("a", 0, 0, planets=planets, ground=ground)]))
    assert not result["ok"]
    assert result["error"]["path"] == "systems[0].ground.P12.red.infantry"
    assert "46.3" in result["error"]["message"]


def test_36_3_fighters_in_more_than_ten_systems_are_refused_at_load() -> None:
    systems = [system(f"s{i}", i, 0, space={"red": {"fighter": 1}}) for i in range(11)]
    result = api.load_scenario(scenario(systems))
    assert not result["ok"]
    assert result["error"]["path"] == "systems[10].space.red.fighter"
    assert "36.3" in result["error"]["message"]
    ok = api.load_scenario(scenario([system("s", 0, 0, space={"red": {"fighter": 30}})]))
    assert ok["ok"]


def _structures(**counts: int) -> dict[str, Any]:
    return api.load_scenario(
        scenario(
            [system("a", 0, 0, planets=[JORD], ground={"Jord": {"red": counts}})],
        )
    )


def test_85_4_one_space_dock_per_planet_at_load() -> None:
    assert _structures(space_dock=1)["ok"]
    result = _structures(space_dock=2)
    assert not result["ok"]
    assert result["error"]["path"] == "systems[0].ground.Jord.red.space_dock"
    assert "85.4" in result["error"]["message"]


def test_85_5_two_pds_per_planet_at_load() -> None:
    assert _structures(pds=2)["ok"]
    result = _structures(pds=3)
    assert not result["ok"]
    assert result["error"]["path"] == "systems[0].ground.Jord.red.pds"
    assert "85.5" in result["error"]["message"]


def test_46_3_infantry_tokens_go_only_beside_a_plastic_infantry() -> None:
    """Twelve planets hold Red's infantry, all 12 plastic pieces: none goes to a thirteenth."""
    planets = [{"name": f"P{i}", "controller": "red"} for i in range(12)]
    home = [JORD, {"name": "Moll", "resources": 1, "influence": 1, "controller": "red"}]
    data = scenario(
        [
            system(
                "home",
                0,
                0,
                planets=home,
                ground={"Jord": {"red": {"space_dock": 1}}, "Moll": {"red": {"space_dock": 1}}},
            ),
            system(
                "far",
                1,
                0,
                planets=planets,
                ground={f"P{i}": {"red": {"infantry": 1}} for i in range(12)},
            ),
        ]
    )
    table = Table(data)
    table.do("activate", system="home")
    table.do("end_movement")
    assert _offered(table, "infantry") == []
    refusal = table.refused("produce", units={"infantry": 2}, pay=["Jord"], planet="Jord")
    assert {"67.5", "67.5.2"} <= set(refusal["rules"])
