"""3rd edition: the transfer action (content/ti3/action_phase.txt, Transfer Action).

Each test is named after the anchor of the 3rd-edition item it enforces.
"""

from __future__ import annotations

from typing import Any

from engine_table import Table, scenario, system

from engine.ti3 import anchors

RED_HOME = {"name": "Jord", "resources": 4, "influence": 2, "controller": "red"}
RED_COLONY = {"name": "Mars", "resources": 2, "influence": 1, "controller": "red"}
EMPTY_WORLD = {"name": "Lodor", "resources": 3, "influence": 1}


def transfer(systems: list[dict[str, Any]], **extra: Any) -> Table:
    table = Table(scenario(systems, edition=3, **extra))
    table.do("transfer_action")
    return table


def home_and_colony(**extra: Any) -> list[dict[str, Any]]:
    return [
        system(
            "home",
            0,
            0,
            planets=[RED_HOME],
            space={"red": {"carrier": 1, "cruiser": 1}},
            ground={"Jord": {"red": {"ground_force": 2, "space_dock": 1}}},
        ),
        system(
            "colony",
            1,
            0,
            planets=[RED_COLONY, EMPTY_WORLD],
            ground={"Mars": {"red": {"ground_force": 1}}},
            **extra,
        ),
        system("far", 3, 0, space={"red": {"destroyer": 1}}),
    ]


def test_ti3_transfer_action_transfer_sequence_as_follows_1_two_adjacent_friendly_systems() -> None:
    """ "place a command counter from the Command Pool into a system that was not previously
    activated by the active player. Then place a command counter from reinforcements into an
    adjacent system that contains no enemy units. Both systems must contain at least 1 friendly
    unit each.\""""
    table = transfer(home_and_colony())
    assert {(c["system"], c["second"]) for c in table.choices} == {
        ("home", "colony"),
        ("colony", "home"),
    }
    assert "not adjacent" in table.refused("activate", system="home", second="far")["reason"]
    table.do("activate", system="home", second="colony")
    assert "red" in table.system("home")["tokens"] and "red" in table.system("colony")["tokens"]
    assert table.player("red")["tactic"] == 2
    hostile = transfer(home_and_colony(space={"blue": {"fighter": 1}}))
    refusal = hostile.refused("activate", system="home", second="colony")
    assert "enemy units" in refusal["reason"] and refusal["rules"] == [anchors.TRANSFER_ACTIVATE]


def test_ti3_transfer_action_transfer_sequence_as_follows_2_move_between_the_two() -> None:
    """ "move units respecting all movement rules between the two activated systems.\""""
    table = transfer(home_and_colony())
    table.do("activate", system="home", second="colony")
    assert {c["to"] for c in table.choices if c["kind"] == "move"} == {"colony"}
    table.do("move", unit="red-carrier-1", to="colony", carry=["red-ground_force-1"])
    assert "red-carrier-1" in table.space_ids("colony")
    refusal = table.refused("move", unit="red-destroyer-1", to="colony")
    assert refusal["rules"] == [anchors.TRANSFER_MOVE]


def test_ti3_transfer_action_transfer_sequence_as_follows_3_pds_fires_at_one_system() -> None:
    """ "enemy PDS in range may fire at the player's fleets in any of the two activated systems.
    PDS in range of both systems may only fire in 1 of the 2 activated systems.\""""
    systems = home_and_colony()
    systems[1]["space"] = {"red": {"destroyer": 1}}
    # Blue's PDS stands next to both systems and reaches them with Deep Space Cannon.
    systems.append(
        system(
            "blue_base",
            1,
            -1,
            planets=[{"name": "Arinam", "resources": 1, "influence": 1, "controller": "blue"}],
            ground={"Arinam": {"blue": {"pds": 1}}},
        )
    )
    table = transfer(systems, deep_space_cannon=["blue"], dice=[1])
    table.do("activate", system="home", second="colony")
    table.do("end_movement")
    assert [(c["player"], c["system"]) for c in table.choices] == [
        ("blue", "home"),
        ("blue", "home"),
    ]
    events = table.do("pds_fire", player="blue", system="home", fire=True)
    assert events[0]["rules"] == [anchors.TRANSFER_PDS]
    # Its one PDS has fired: it may not fire at the colony too.
    assert table.view["step"] == "ti3_landings"


def test_ti3_transfer_action_transfer_sequence_as_follows_4_friendly_landings_only() -> None:
    """ "The active player may not invade any planets (neutral or belonging to an enemy) during a
    transfer action.\""""
    table = transfer(home_and_colony())
    table.do("activate", system="home", second="colony")
    table.do("move", unit="red-carrier-1", to="colony", carry=["red-ground_force-1"])
    table.do("end_movement")
    assert [c["planet"] for c in table.choices if c["kind"] == "land"] == ["Mars"]
    refusal = table.refused("land", planet="Lodor", units=["red-ground_force-1"])
    assert refusal["rules"] == [anchors.TRANSFER_LANDINGS] and "neutral" in refusal["reason"]
    table.do("land", planet="Mars", units=["red-ground_force-1"])
    assert len(table.planet("colony", "Mars")["units"]) == 2


def test_ti3_transfer_action_transfer_sequence_as_follows_5_one_system_no_new_dock() -> None:
    """ "the active player may produce new units in one of the two systems, at one or more
    friendly SPACE DOCKS. Cannot build a new SPACE DOCK during a transfer action.\""""
    systems = home_and_colony()
    systems[1]["ground"] = {"Mars": {"red": {"space_dock": 1}}}
    table = transfer(systems, dice=[])
    table.do("activate", system="home", second="colony")
    table.do("end_movement")
    table.do("end_landings")
    assert not [c for c in table.choices if c["kind"] == "build_dock"]
    refusal = table.refused("build_dock", planet="Mars", pay=["Jord"])
    assert refusal["rules"] == [anchors.TRANSFER_PRODUCE]
    table.do("produce", system="home", units={"cruiser": 1}, pay=["Mars"])
    refusal = table.refused("produce", system="colony", units={"cruiser": 1}, pay=["Jord"])
    assert "one of its two systems" in refusal["reason"]
