"""3rd edition: invasion combat (content/ti3/action_phase.txt, Invasion Combat).

Each test is named after the anchor of the 3rd-edition item it enforces.
"""

from __future__ import annotations

from typing import Any

from engine_table import Table, scenario, system

from engine.ti3 import anchors

RED_HOME = {"name": "Jord", "resources": 4, "influence": 2, "controller": "red"}
BLUE_WORLD = {"name": "Arinam", "resources": 1, "influence": 2, "controller": "blue"}


def invade(
    ships: dict[str, int], blue: dict[str, int], dice: list[int], land: int = 2, **extra: Any
) -> Table:
    """Red brings ships and ground forces to Blue's planet; lands ``land`` of them (0: none)."""
    table = Table(
        scenario(
            [
                system(
                    "s0",
                    0,
                    0,
                    planets=[RED_HOME],
                    space={"red": {**ships, "carrier": 1}},
                    ground={"Jord": {"red": {"ground_force": 3}}},
                ),
                system("s1", 1, 0, planets=[BLUE_WORLD], ground={"Arinam": {"blue": blue}}),
            ],
            edition=3,
            dice=dice,
            **extra,
        )
    )
    table.do("tactical_action")
    table.do("activate", system="s1")
    forces = [f"red-ground_force-{n}" for n in (1, 2, 3)]
    for unit in table.space_ids("s0"):
        table.do("move", unit=unit, carry=forces if unit == "red-carrier-1" else [])
    table.do("end_movement")
    if table.view["step"] == "ti3_pds_fire":
        table.do("pds_fire", player="blue", fire=False)
    if land:
        table.do("land", planet="Arinam", units=forces[:land])
    table.do("end_landings")
    return table


def test_ti3_invasion_combat_combat_sequence_1_bombardment_removes_ground_forces() -> None:
    """ "Roll dice equal to the units combat strength multiplier, and remove a Ground Force on
    the contested planet for each hit scored on a result equal to or higher than the bombarding
    unit's combat value.\""""
    table = invade({"war_sun": 1}, {"ground_force": 3}, dice=[3, 2, 9])
    events = table.do("bombard", unit="red-war_sun-1", planet="Arinam")
    assert [r["hit"] for r in events[0]["rolls"]] == [True, False, True]
    left = [u for u in table.planet("s1", "Arinam")["units"] if u["owner"] == "blue"]
    assert len(left) == 1 and events[1]["rules"] == [anchors.BOMBARDMENT]


def test_ti3_invasion_combat_combat_sequence_2_no_dreadnought_bombardment_past_pds() -> None:
    """ "Dreadnoughts may not bombard planets that contain at least 1 enemy PDS unit.\""""
    table = invade({"dreadnought": 1, "war_sun": 1}, {"ground_force": 1, "pds": 1}, dice=[])
    assert {c["unit"] for c in table.choices if c["kind"] == "bombard"} == {"red-war_sun-1"}
    refusal = table.refused("bombard", unit="red-dreadnought-1", planet="Arinam")
    assert refusal["rules"] == [anchors.DREADNOUGHT_PDS]


def test_ti3_invasion_combat_combat_sequence_3_war_sun_bombards_without_invasion() -> None:
    """ "War Suns may bombard planets even if there will be no Invasion combat.\""""
    table = invade({"war_sun": 1, "dreadnought": 1}, {"ground_force": 2}, dice=[3, 3, 3], land=0)
    offered = [c for c in table.choices if c["kind"] == "bombard"]
    assert [c["unit"] for c in offered] == ["red-war_sun-1"]
    assert anchors.WAR_SUN_BOMBARD in offered[0]["rules"]
    assert (
        "no invasion"
        in table.refused("bombard", unit="red-dreadnought-1", planet="Arinam")["reason"]
    )
    table.do("bombard", unit="red-war_sun-1", planet="Arinam")
    assert not [u for u in table.planet("s1", "Arinam")["units"] if u["owner"] == "blue"]
    assert table.planet("s1", "Arinam")["controller"] == "blue"


def test_ti3_invasion_combat_combat_sequence_4_each_pds_fires_one_shot() -> None:
    """ "the defending player may fire a single shot with each PDS unit on the contested planet.
    For each hit scored, an invading Ground Force is destroyed.\""""
    table = invade({}, {"ground_force": 1, "pds": 2}, dice=[6, 5])
    shots = [
        e for e in table.events if e["kind"] == "roll" and e["attack"] == "PDS fire at invaders"
    ]
    assert len(shots) == 1 and [r["result"] for r in shots[0]["rolls"]] == [6, 5]
    landed = [u for u in table.planet("s1", "Arinam")["units"] if u["owner"] == "red"]
    assert len(landed) == 1
    assert table.cited(anchors.INVASION_PDS)


def test_ti3_invasion_combat_combat_sequence_5_both_roll_ground_forces() -> None:
    """ "both players simultaneously roll dice according to each units combat strength multiplier,
    and score hits on results equal to or higher than the combat value.\""""
    table = invade({}, {"ground_force": 1}, dice=[8, 7, 1])
    table.do("roll")
    red, blue = [e for e in table.events if e["kind"] == "roll"][-2:]
    assert [r["hit"] for r in red["rolls"]] == [True, False]
    assert [r["hit"] for r in blue["rolls"]] == [False]
    assert red["rules"] == [anchors.INVASION_ROLL]


def test_ti3_invasion_combat_combat_sequence_6_rounds_go_on() -> None:
    """ "Casualties are returned to the reinforcement pile, and if there are still units from
    both players present, another invasion combat round begins.\""""
    table = invade({}, {"ground_force": 2}, dice=[1, 1, 1, 1, 8, 8, 1, 1])
    table.do("roll")
    assert table.view["combat"]["round"] == 2
    assert table.cited(anchors.INVASION_CASUALTIES)
    table.do("roll")
    assert table.view["combat"] is None


def test_ti3_invasion_combat_combat_sequence_7_success_destroys_pds_and_docks() -> None:
    """ "if all defending Ground Forces were destroyed, and at least one attacking Ground Force
    survives the battle, the invasion is a success. All defending PDS units and Space Docks are
    immediately destroyed. [...] places exhausted into his play area.\""""
    table = invade({}, {"ground_force": 1, "pds": 1, "space_dock": 1}, dice=[1, 8, 1, 1])
    table.do("roll")
    arinam = table.planet("s1", "Arinam")
    assert {u["owner"] for u in arinam["units"]} == {"red"}
    assert (arinam["controller"], arinam["exhausted"]) == ("red", True)
    success = table.cited(anchors.INVASION_SUCCESS)[0]
    assert set(success["destroyed"]) == {"blue-pds-1", "blue-space_dock-1"}


def test_ti3_invasion_combat_combat_sequence_7_defender_keeps_when_all_fall() -> None:
    """ "If all forces were destroyed, and no attacking Ground Force survived the last round of
    battle, then the defender retains control of the contested planet.\""""
    table = invade({}, {"ground_force": 1}, dice=[8, 9], land=1)
    table.do("roll")
    arinam = table.planet("s1", "Arinam")
    assert arinam["units"] == [] and arinam["controller"] == "blue"
