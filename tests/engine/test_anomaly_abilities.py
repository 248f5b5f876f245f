"""Abilities that change the anomaly rules (LRR 1.2: a card takes precedence over the rules).

Gashlai Physiology and Magmus Reactor (Muaat: through and into supernovas, 86.1),
Voidborn (Empyrean: nebulae do not affect movement, 59.1, 59.2), Antimass Deflectors
(into and through asteroid fields, 11.1), Chaos Mapping (Saar: others cannot activate an
asteroid field with Saar ships) and Dimensional Tear (Vuil'raith Cabal: its system is a
gravity rift, 9.4, and the Cabal's ships do not roll for it, 41.2).

Board: a row a (0,0) – b (1,0) – c (2,0) – d (3,0); ``d`` is the active system.
"""

from __future__ import annotations

from typing import Any

from engine_table import Table, scenario, system

from engine import api

RED_CRUISER = {"space": {"red": {"cruiser": 1}}}
RED_CARRIER = {"space": {"red": {"carrier": 1}}}
WORLD = {"name": "Tear", "resources": 1, "influence": 1}


def _data(
    systems: dict[str, dict[str, Any]],
    dice: list[int] | None = None,
    **red: Any,
) -> dict[str, Any]:
    coords = {"a": (0, 0), "b": (1, 0), "c": (2, 0), "d": (3, 0)}
    extra: dict[str, Any] = {"dice": dice} if dice is not None else {"seed": 7}
    data = scenario([system(k, *coords[k], **systems.get(k, {})) for k in coords], **extra)
    data["players"][0].update(red)
    return data


def _table(systems: dict[str, dict[str, Any]], dice: list[int] | None = None, **red: Any) -> Table:
    table = Table(_data(systems, dice, **red))
    table.do("activate", system="d")
    return table


def _paths(table: Table, unit: str) -> list[list[str]]:
    return [c["path"] for c in table.choices if c["kind"] == "move" and c["unit"] == unit]


# --- supernovas: Gashlai Physiology, Magmus Reactor --------------------------------------


def test_86_1_gashlai_physiology_takes_muaat_ships_through_a_supernova() -> None:
    board = {"c": {"anomaly": "supernova"}, "b": RED_CRUISER}
    assert _paths(_table(board), "red-cruiser-1") == []
    table = _table(board, faction="muaat")
    assert _paths(table, "red-cruiser-1") == [["c", "d"]]
    events = table.do("move", unit="red-cruiser-1", path=["c", "d"])
    assert {"1.2", "86.1"} <= set(events[0]["rules"])
    label = next(c for c in _table(board, faction="muaat").choices if c["kind"] == "move")
    assert "Gashlai Physiology: through C" in label["label"]


def test_86_1_gashlai_physiology_is_not_into_a_supernova() -> None:
    table = _table({"d": {"anomaly": "supernova"}, "c": RED_CRUISER}, faction="muaat")
    assert _paths(table, "red-cruiser-1") == []
    refusal = table.refused("move", unit="red-cruiser-1", path=["d"])
    assert "86.1" in refusal["rules"]
    assert "Gashlai Physiology lets ships move through one, not into" in refusal["reason"]


def test_86_1_magmus_reactor_takes_muaat_ships_into_a_supernova() -> None:
    for tech in ("magmus_reactor", "magmus_reactor_omega"):
        table = _table(
            {"d": {"anomaly": "supernova"}, "c": RED_CRUISER},
            faction="muaat",
            technologies=[tech],
        )
        assert _paths(table, "red-cruiser-1") == [["d"]]
        events = table.do("move", unit="red-cruiser-1", path=["d"])
        assert {"1.2", "86.1"} <= set(events[0]["rules"])
        assert table.space_ids("d") == ["red-cruiser-1"]


def test_86_1_a_retreat_goes_into_a_supernova_only_with_magmus_reactor() -> None:
    """78.7c's destination is a system the ships move into: Gashlai Physiology (through)
    does not open a supernova to a retreat, Magmus Reactor (into) does."""

    def retreat_targets(**blue: Any) -> list[str]:
        data = scenario(
            [
                system("c", 2, 0, anomaly="supernova", space={"blue": {"carrier": 1}}),
                system("d", 3, 0, space={"blue": {"cruiser": 1}}),
                system("e", 3, -1, space={"red": {"cruiser": 1}}),
            ],
            dice=[1] * 4,
        )
        data["players"][1].update(blue)
        table = Table(data)
        table.do("activate", system="d")
        table.do("move", unit="red-cruiser-1", path=["d"])
        table.do("end_movement")
        return [c["to"] for c in table.choices if c["kind"] == "announce_retreat"]

    assert retreat_targets() == []
    assert retreat_targets(faction="muaat") == []
    assert retreat_targets(faction="muaat", technologies=["magmus_reactor"]) == ["c"]


# --- asteroid fields: Antimass Deflectors, Chaos Mapping ---------------------------------


def test_11_1_antimass_deflectors_take_ships_into_and_through_asteroid_fields() -> None:
    board = {"c": {"anomaly": "asteroid_field"}, "b": RED_CRUISER}
    table = _table(board, technologies=["antimass_deflectors"])
    assert _paths(table, "red-cruiser-1") == [["c", "d"]]
    events = table.do("move", unit="red-cruiser-1", path=["c", "d"])
    assert {"1.2", "11.1"} <= set(events[0]["rules"])
    into = _table(
        {"d": {"anomaly": "asteroid_field"}, "c": RED_CRUISER},
        technologies=["Antimass Deflectors"],
    )
    assert _paths(into, "red-cruiser-1") == [["d"]]
    # Gashlai Physiology does nothing for an asteroid field.
    assert _paths(_table(board, faction="muaat"), "red-cruiser-1") == []


def test_1_6_chaos_mapping_forbids_activating_an_asteroid_field_with_saar_ships() -> None:
    data = _data({"c": {"anomaly": "asteroid_field", "space": {"blue": {"cruiser": 1}}}})
    data["players"][1].update(faction="saar", technologies=["chaos_mapping"])
    table = Table(data)
    offered = {c["system"] for c in table.choices if c["kind"] == "activate"}
    assert "c" not in offered and "d" in offered
    refusal = table.refused("activate", system="c")
    assert {"1.2", "1.6"} <= set(refusal["rules"]) and "Chaos Mapping" in refusal["reason"]
    # Without Saar ships in it, the field may be activated.
    data["systems"][2]["space"] = {}
    Table(data).do("activate", system="c")


# --- nebulae: Voidborn -------------------------------------------------------------------


def test_59_1_1_voidborn_takes_empyrean_ships_through_a_nebula() -> None:
    board = {"c": {"anomaly": "nebula"}, "b": RED_CRUISER}
    assert _paths(_table(board), "red-cruiser-1") == []
    table = _table(board, faction="empyrean")
    assert _paths(table, "red-cruiser-1") == [["c", "d"]]
    events = table.do("move", unit="red-cruiser-1", path=["c", "d"])
    assert {"1.2", "59.1.1"} <= set(events[0]["rules"])


def test_59_2_voidborn_ships_keep_their_move_value_out_of_a_nebula() -> None:
    board = {"b": {"anomaly": "nebula", **RED_CRUISER}}
    plain = _table(board)
    assert _paths(plain, "red-cruiser-1") == []
    assert "59.2" in plain.refused("move", unit="red-cruiser-1", path=["c", "d"])["rules"]
    table = _table(board, faction="empyrean")
    assert _paths(table, "red-cruiser-1") == [["c", "d"]]
    label = next(c["label"] for c in table.choices if c["kind"] == "move")
    assert "Voidborn" in label
    table.do("move", unit="red-cruiser-1", path=["c", "d"])


def test_59_3_voidborn_does_not_change_the_nebulas_combat_bonus() -> None:
    data = _data(
        {"d": {"anomaly": "nebula", "space": {"blue": {"cruiser": 1}}}, "c": RED_CRUISER},
        dice=[6, 6],
        faction="empyrean",
    )
    table = Table(data)
    table.do("activate", system="d")
    table.do("move", unit="red-cruiser-1", path=["d"])
    table.do("end_movement")
    table.do("no_retreat", player="blue")
    table.do("no_retreat", player="red")
    events = table.do("roll")
    # Blue defends in the nebula: its 6 +1 = 7 hits; red's 6 misses.
    assert any("59.3" in e["rules"] for e in events)


# --- gravity rifts: Dimensional Tear -----------------------------------------------------


def _tear(owner: str) -> dict[str, Any]:
    return {"planets": [WORLD], "ground": {"Tear": {owner: {"space_dock": 1}}}}


def test_9_4_a_dimensional_tear_makes_its_system_a_gravity_rift_for_others() -> None:
    data = _data({"c": _tear("blue"), "b": RED_CARRIER}, dice=[2])
    data["players"][1]["faction"] = "vuil_raith"
    table = Table(data)
    table.do("activate", system="d")
    # A carrier (move 1) reaches d from b by leaving the rift c (+1, 41.1) and rolls (41.2).
    assert _paths(table, "red-carrier-1") == [["c", "d"]]
    events = table.do("move", unit="red-carrier-1", path=["c", "d"])
    assert events[-1]["kind"] == "rift_removed" and events[-1]["result"] == 2


def test_9_4_the_view_draws_a_dimensional_tear_as_a_gravity_rift() -> None:
    data = _data({"c": _tear("blue"), "b": RED_CARRIER})
    data["players"][1]["faction"] = "vuil_raith"
    table = Table(data)
    assert table.system("c")["anomalies"] == ["gravity_rift"]
    # Another faction's space dock is no tear.
    data["players"][1]["faction"] = "sol"
    assert Table(data).system("c")["anomalies"] == []


def test_41_2_vuil_raith_ships_do_not_roll_for_their_dimensional_tear() -> None:
    # Scripted dice hold nothing: a roll would fail the test.
    table = _table({"b": {**_tear("red"), **RED_CARRIER}}, dice=[], faction="vuil_raith")
    assert _paths(table, "red-carrier-1") == [["c", "d"]]
    events = table.do("move", unit="red-carrier-1", path=["c", "d"])
    assert [e["kind"] for e in events] == ["move", "rift_no_roll"]
    assert {"9.4", "41.2", "1.2"} <= set(events[1]["rules"])
    assert table.space_ids("d") == ["red-carrier-1"]


def test_16_3_a_dimensional_tear_holds_six_fighters_without_capacity() -> None:
    def left_with(fighters: int) -> Table:
        space = {"space": {"red": {"carrier": 1, "fighter": fighters}}}
        table = _table({"c": {**_tear("red"), **space}}, faction="vuil_raith")
        table.do("move", unit="red-carrier-1", path=["d"])
        table.do("end_movement")
        return table

    assert "remove_excess" not in left_with(6).kinds()
    (offer,) = left_with(7).choices
    assert offer["kind"] == "remove_excess" and offer["count"] == 1


# --- the scenario key ---------------------------------------------------------------------


def test_technologies_are_checked_with_their_path() -> None:
    unknown = api.load_scenario(_data({}, technologies=["gravity_drive"]))
    assert unknown["error"]["path"] == "players[0].technologies[0]"
    assert "antimass_deflectors" in unknown["error"]["message"]
    foreign = api.load_scenario(_data({}, technologies=["magmus_reactor"]))
    assert foreign["error"]["path"] == "players[0].technologies[0]"
    assert "The Embers of Muaat" in foreign["error"]["message"]
    shape = api.load_scenario(_data({}, technologies="antimass_deflectors"))
    assert shape["error"]["path"] == "players[0].technologies"
    fine = api.load_scenario(_data({}, technologies=["Antimass Deflectors"]))
    assert fine["ok"]
    spelled_twice = ["antimass_deflectors", "Antimass Deflectors"]
    twice = api.load_scenario(_data({}, technologies=spelled_twice))
    assert twice["error"]["path"] == "players[0].technologies[1]"
    assert "listed twice (first at players[0].technologies[0])" in twice["error"]["message"]


def test_1_2_antimass_deflectors_take_1_from_space_cannon_rolls_against_their_owner() -> None:
    """The card's second paragraph: other players' space cannon rolls against your units
    get -1. A PDS hits on 6; a 6 misses a fleet with Antimass Deflectors."""

    def fire(**red: Any) -> list[dict[str, Any]]:
        planets = [{"name": "Arc", "resources": 1, "influence": 1, "controller": "blue"}]
        data = _data(
            {"d": {"planets": planets, "ground": {"Arc": {"blue": {"pds": 1}}}}, "c": RED_CRUISER},
            dice=[6],
            **red,
        )
        table = Table(data)
        table.do("activate", system="d")
        table.do("move", unit="red-cruiser-1", path=["d"])
        table.do("end_movement")
        return table.do("space_cannon", player="blue", fire=True, target="red")

    plain = fire()[0]
    assert "hits on 6" in plain["text"] and "1 hit" in plain["text"]
    shielded = fire(technologies=["antimass_deflectors"])[0]
    assert "hits on 7" in shielded["text"] and "0 hits" in shielded["text"]
    assert "Antimass Deflectors" in shielded["text"] and "1.2" in shielded["rules"]
