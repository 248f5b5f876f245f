"""3rd edition: the tactical action's activation sequence (content/ti3/action_phase.txt).

Each test is named after the anchor of the 3rd-edition item it enforces.
"""

from __future__ import annotations

from typing import Any

import pytest
from engine_table import Table, scenario, system

from engine import api
from engine.ti3 import anchors

RED_HOME = {"name": "Jord", "resources": 4, "influence": 2, "controller": "red"}
BLUE_WORLD = {"name": "Arinam", "resources": 1, "influence": 2, "controller": "blue"}
EMPTY_WORLD = {"name": "Lodor", "resources": 3, "influence": 1}


def ti3(systems: list[dict[str, Any]], **extra: Any) -> Table:
    """A 3rd-edition table where Red has chosen the tactical action."""
    table = Table(scenario(systems, edition=3, **extra))
    table.do("tactical_action")
    return table


def line(*contents: dict[str, Any]) -> list[dict[str, Any]]:
    """Systems s0, s1, ... in a row of adjacent hexes."""
    return [system(f"s{i}", i, 0, **c) for i, c in enumerate(contents)]


def test_ti3_tactical_action_friendly_and_enemy_clarification_1_all_enemies() -> None:
    """ "All other player's units are for all intents and purposes considered ENEMY units.\""""
    systems = line({"space": {"red": {"cruiser": 1}}}, {"space": {"green": {"fighter": 1}}}, {})
    table = Table(
        scenario(
            systems,
            edition=3,
            players=[
                {"id": "red", "initiative": 1},
                {"id": "green", "initiative": 2},
            ],
        )
    )
    table.do("tactical_action")
    table.do("activate", system="s2")
    refusal = table.refused("move", unit="red-cruiser-1", to="s2")
    assert "enemy territory" in refusal["reason"]


def test_ti3_tactical_action_activation_sequence_as_follows_1_activate_a_fresh_system() -> None:
    """ "place a command counter from the Command pool into a system that was not previously
    activated by the active player\""""
    table = ti3(line({"tokens": ["red"]}, {}))
    assert [c["system"] for c in table.choices] == ["s1"]
    refusal = table.refused("activate", system="s0")
    assert refusal["rules"] == [anchors.ACTIVATE]
    table.do("activate", system="s1")
    assert "red" in table.system("s1")["tokens"]
    assert table.player("red")["tactic"] == 2


def test_ti3_tactical_action_activation_sequence_as_follows_2_only_there() -> None:
    """ "Move ships into the system - within movement range and only into the activated system.\""""
    table = ti3(line({"space": {"red": {"cruiser": 1}}}, {}, {}))
    table.do("activate", system="s2")
    refusal = table.refused("move", unit="red-cruiser-1", to="s1")
    assert refusal["rules"] == [anchors.MOVE]
    out_of_range = ti3(line({"space": {"red": {"carrier": 1}}}, {}, {}))
    out_of_range.do("activate", system="s2")
    assert "out of range" in out_of_range.refused("move", unit="red-carrier-1")["reason"]


def test_ti3_tactical_action_activation_sequence_as_follows_3_move_limits() -> None:
    """ "any friendly ship originating from an unactivated system and with enough movement -
    without going through enemy territory on it's path - may move to the activated system. The
    number of ships moved into the activated system may not exceed the number of command counters
    allocated to the Fleet size area.\""""
    activated = ti3(line({"tokens": ["red"], "space": {"red": {"cruiser": 1}}}, {}))
    activated.do("activate", system="s1")
    refusal = activated.refused("move", unit="red-cruiser-1")
    assert "unactivated" in refusal["reason"] and refusal["rules"] == [anchors.MOVE_LIMITS]

    blocked = ti3(line({"space": {"red": {"cruiser": 1}}}, {"space": {"blue": {"fighter": 1}}}, {}))
    blocked.do("activate", system="s2")
    assert "enemy territory" in blocked.refused("move", unit="red-cruiser-1")["reason"]
    assert not [c for c in blocked.choices if c["kind"] == "move"]

    supply = ti3(line({"space": {"red": {"cruiser": 3}}}, {}), players=_fleet(2))
    supply.do("activate", system="s1")
    supply.do("move", unit="red-cruiser-1")
    supply.do("move", unit="red-cruiser-2")
    refusal = supply.refused("move", unit="red-cruiser-3")
    assert "Fleet Supply" in refusal["reason"] and refusal["rules"] == [anchors.MOVE_LIMITS]


def _fleet(fleet: int) -> list[dict[str, Any]]:
    return [
        {"id": "red", "initiative": 1, "fleet": fleet},
        {"id": "blue", "initiative": 2},
    ]


def test_ti3_tactical_action_activation_sequence_as_follows_4_probe_forbids_landing() -> None:
    """ "The active player may look at any number of facedown domain counters present in the
    system. Planetary landings are prohibited on planets that have been probed during this
    activation.\""""
    # The carrier brings a fighter and a ground force from its home planet's space area.
    table = ti3(
        [
            system(
                "s0",
                0,
                0,
                planets=[RED_HOME],
                space={"red": {"carrier": 1, "fighter": 1}},
                ground={"Jord": {"red": {"ground_force": 1}}},
            ),
            system("s1", 1, 0, planets=[EMPTY_WORLD]),
        ],
        domain_counters=["Lodor"],
    )
    table.do("activate", system="s1")
    table.do("move", unit="red-carrier-1", carry=["red-fighter-1", "red-ground_force-1"])
    table.do("end_movement")
    assert table.view["step"] == "ti3_probe"
    table.do("probe", planet="Lodor")
    table.do("skip")
    assert table.view["step"] == "ti3_landings"
    refusal = table.refused("land", planet="Lodor", units=["red-ground_force-1"])
    assert refusal["rules"] == [anchors.PROBE]


def test_ti3_tactical_action_activation_sequence_as_follows_5_enemy_pds_fire_first() -> None:
    """ "after the active player has finished moving, enemy PDS in range may fire at the
    player's fleet. Once the resulting casualties are removed, the active player may fire his
    PDS units in range\""""
    table = ti3(
        [
            system("s0", 0, 0, space={"red": {"cruiser": 1}}),
            system(
                "s1",
                1,
                0,
                planets=[BLUE_WORLD, RED_HOME],
                space={"blue": {"destroyer": 1}},
                ground={"Arinam": {"blue": {"pds": 1}}, "Jord": {"red": {"pds": 1}}},
            ),
        ],
        dice=[6, 1, 1, 1],
    )
    table.do("activate", system="s1")
    table.do("move", unit="red-cruiser-1")
    table.do("end_movement")
    assert [c["player"] for c in table.choices] == ["blue", "blue"]
    assert table.refused("pds_fire", player="red", fire=True)["rules"] == [anchors.PDS_FIRE]
    table.do("pds_fire", player="blue", fire=True)
    assert table.view["pending_hits"]["player"] == "red"
    table.do("assign_hits", player="red", units=["red-cruiser-1"])
    # Red's cruiser is gone: nothing of Red's is left to shoot at, so Red's PDS fire at Blue now.
    assert [c["player"] for c in table.choices] == ["red", "red"]


def test_ti3_tactical_action_activation_sequence_as_follows_6_space_mines_roll_per_ship() -> None:
    """ "For each non-fighter ship present in the activated system, the active player must roll
    one die individually [...] On 9-10, that ship receives 1 hit. After all non-fighter ships have
    been rolled for, remove 1 Space Mine token from the system.\""""
    table = ti3(
        line(
            {"space": {"red": {"dreadnought": 1, "cruiser": 1, "carrier": 1, "fighter": 1}}},
            {},
        ),
        mines=[{"system": "s1", "owner": "blue"}, {"system": "s1", "owner": "blue"}],
        dice=[10, 9, 3],
    )
    table.do("activate", system="s1")
    table.do("move", unit="red-dreadnought-1")
    table.do("move", unit="red-cruiser-1")
    table.do("move", unit="red-carrier-1", carry=["red-fighter-1"])
    table.do("end_movement")
    rolls = [e for e in table.events if e["kind"] == "space_mine"]
    assert [(e["unit"], e["hit"]) for e in rolls] == [
        ("red-dreadnought-1", True),
        ("red-cruiser-1", True),
        ("red-carrier-1", False),
    ]
    space = {u["id"]: u for u in table.system("s1")["space"]}
    assert space["red-dreadnought-1"]["damaged"] and "red-cruiser-1" not in space
    assert table.view["mines"] == [{"system": "s1", "owner": "blue"}]


def test_ti3_tactical_action_activation_sequence_as_follows_6_passing_by() -> None:
    """ "passing through a system with space mines does not trigger them.\""""
    table = ti3(
        line({"space": {"red": {"cruiser": 1}}}, {}, {}),
        mines=[{"system": "s1", "owner": "blue"}],
        dice=[],
    )
    table.do("activate", system="s2")
    table.do("move", unit="red-cruiser-1")
    table.do("end_movement")
    assert not table.cited(anchors.SPACE_MINES)
    assert table.view["mines"] == [{"system": "s1", "owner": "blue"}]


def test_ti3_tactical_action_activation_sequence_as_follows_7_active_player_attacks() -> None:
    """ "if ships from two different players are now present in the system a battle must be
    initiated. The active player is the ATTACKER, the other player the DEFENDER\""""
    table = ti3(line({"space": {"red": {"cruiser": 1}}}, {"space": {"blue": {"cruiser": 1}}}))
    table.do("activate", system="s1")
    table.do("move", unit="red-cruiser-1")
    table.do("end_movement")
    combat = table.view["combat"]
    assert (combat["attacker"], combat["defender"]) == ("red", "blue")
    assert table.cited(anchors.SPACE_BATTLE)


def _landing_table(**extra: Any) -> Table:
    table = ti3(
        [
            system(
                "s0",
                0,
                0,
                planets=[RED_HOME],
                space={"red": {"carrier": 1}},
                ground={"Jord": {"red": {"ground_force": 3, "pds": 1}}},
            ),
            system(
                "s1",
                1,
                0,
                planets=[BLUE_WORLD, EMPTY_WORLD, {**RED_HOME, "name": "Mirage"}],
                ground={"Arinam": {"blue": {"ground_force": 1, "pds": 1, "space_dock": 1}}},
            ),
        ],
        **extra,
    )
    table.do("activate", system="s1")
    table.do(
        "move",
        unit="red-carrier-1",
        carry=["red-ground_force-1", "red-ground_force-2", "red-ground_force-3", "red-pds-1"],
    )
    table.do("end_movement")
    table.do("pds_fire", player="blue", fire=False)
    return table


def test_ti3_tactical_action_activation_sequence_as_follows_8_landings_are_final() -> None:
    """ "the active player decides what landing forces he will send to invade any or all of the
    planets in a system and cannot change his mind once invasion combat begins.\""""
    table = _landing_table(dice=[1, 1, 1, 1])
    table.do("land", planet="Arinam", units=["red-ground_force-1", "red-ground_force-2"])
    table.do("end_landings")
    assert table.view["step"] == "ti3_invasion"
    assert table.refused("land", planet="Lodor", units=["red-ground_force-3"])["rules"]


def test_ti3_tactical_action_activation_sequence_as_follows_9_friendly_landing() -> None:
    """ "Friendly Landing :: land units on a planet already under your control.\""""
    table = _landing_table(dice=[])
    events = table.do("land", planet="Mirage", units=["red-ground_force-1"])
    assert events[0]["landing"] == "friendly"
    assert anchors.FRIENDLY_LANDING in events[0]["rules"]
    assert [u["id"] for u in table.planet("s1", "Mirage")["units"]] == ["red-ground_force-1"]


def test_ti3_tactical_action_activation_sequence_as_follows_10_neutral_landing_claims() -> None:
    """ "Neutral Landing :: [...] Resolve Domain counter, if the invasion is successful claim the
    planet as your own. [...] place it exhausted in your play are. Only Ground Forces can claim
    planets; this excludes PDS units\""""
    table = _landing_table(domain_counters=["Lodor"], dice=[])
    table.do("land", planet="Lodor", units=["red-ground_force-1"])
    table.do("land", planet="Mirage", units=["red-pds-1"])
    table.do("end_landings")
    lodor = table.planet("s1", "Lodor")
    assert (lodor["controller"], lodor["exhausted"]) == ("red", True)
    assert "Lodor" not in table.view["domain_counters"]
    pds_only = _landing_table(dice=[])
    pds_only.do("land", planet="Lodor", units=["red-pds-1"])
    pds_only.do("end_landings")
    assert pds_only.planet("s1", "Lodor")["controller"] is None
    assert pds_only.cited(anchors.NEUTRAL_LANDING)[-1]["kind"] == "no_claim"


def test_ti3_tactical_action_activation_sequence_as_follows_11_hostile_landing_invades() -> None:
    """ "Hostile Landing (invasion) :: land units on a planet containing enemy units, proceed
    with invasion combat.\""""
    table = _landing_table(dice=[1, 1, 1, 1])
    events = table.do("land", planet="Arinam", units=["red-ground_force-1"])
    assert events[0]["landing"] == "hostile"
    table.do("end_landings")
    assert table.view["step"] == "ti3_invasion" and table.view["combat"]["planet"] == "Arinam"


def test_ti3_tactical_action_activation_sequence_as_follows_12_order() -> None:
    """ "If there are multiple combats, the active player decides in which order to resolve each
    one.\""""
    blue_two = {**BLUE_WORLD, "name": "Hope"}
    table = ti3(
        [
            system(
                "s0",
                0,
                0,
                planets=[RED_HOME],
                space={"red": {"carrier": 1}},
                ground={"Jord": {"red": {"ground_force": 2}}},
            ),
            system(
                "s1",
                1,
                0,
                planets=[BLUE_WORLD, blue_two],
                ground={
                    "Arinam": {"blue": {"ground_force": 1}},
                    "Hope": {"blue": {"ground_force": 1}},
                },
            ),
        ],
        dice=[10, 1],
    )
    table.do("activate", system="s1")
    table.do("move", unit="red-carrier-1", carry=["red-ground_force-1", "red-ground_force-2"])
    table.do("end_movement")
    table.do("land", planet="Arinam", units=["red-ground_force-1"])
    table.do("land", planet="Hope", units=["red-ground_force-2"])
    table.do("end_landings")
    assert sorted(c["planet"] for c in table.choices) == ["Arinam", "Hope"]
    table.do("invade", planet="Hope")
    assert table.view["combat"]["planet"] == "Hope"
    table.do("roll")
    assert table.planet("s1", "Hope")["controller"] == "red"
    assert table.view["combat"]["planet"] == "Arinam"


def test_ti3_tactical_action_activation_sequence_as_follows_13_raze() -> None:
    """ "RAZE domain counters on planets that are being invaded with a War Sun/Dreadnought present
    in the system. War Sun/Dreadnoughts can participate in a single bombardment only, either to
    raze a counter or during a hostile landing.\""""
    table = ti3(
        [
            system(
                "s0",
                0,
                0,
                planets=[RED_HOME],
                space={"red": {"war_sun": 1}},
                ground={"Jord": {"red": {"ground_force": 2}}},
            ),
            system(
                "s1",
                1,
                0,
                planets=[EMPTY_WORLD, BLUE_WORLD],
                ground={"Arinam": {"blue": {"ground_force": 1}}},
            ),
        ],
        domain_counters=["Lodor"],
        dice=[],
    )
    table.do("activate", system="s1")
    table.do("move", unit="red-war_sun-1", carry=["red-ground_force-1", "red-ground_force-2"])
    table.do("end_movement")
    table.do("land", planet="Lodor", units=["red-ground_force-1"])
    table.do("end_landings")
    kinds = {(c["kind"], c.get("planet")) for c in table.choices}
    assert ("raze", "Lodor") in kinds and ("bombard", "Arinam") in kinds
    table.do("raze", unit="red-war_sun-1", planet="Lodor")
    refusal = table.refused("bombard", unit="red-war_sun-1", planet="Arinam")
    assert refusal["rules"] == [anchors.RAZE]
    table.do("skip")
    assert not [e for e in table.events if e["kind"] == "domain_counter"]
    assert table.planet("s1", "Lodor")["controller"] == "red"


def test_ti3_tactical_action_activation_sequence_as_follows_14_landed_pds_do_not_fight() -> None:
    """ "LANDING PDS UNITS - as part of an invasion is allowed but those PDS units do not take
    part of the combat. If the invasion is not successful, all invading PDS units are immediately
    destroyed.\""""
    table = _landing_table(dice=[1, 1, 10])
    table.do("land", planet="Arinam", units=["red-ground_force-1", "red-pds-1"])
    table.do("end_landings")
    # The defending PDS misses (1); then one invading ground force and one defender roll.
    table.do("roll")
    rolls = [e for e in table.events if e["kind"] == "roll"]
    assert all(r["type"] != "pds" for e in rolls[-2:] for r in e["rolls"])
    failed = table.cited(anchors.LANDING_PDS)
    assert failed and "red-pds-1" in failed[0]["destroyed"]
    assert table.planet("s1", "Arinam")["controller"] == "blue"


def test_ti3_tactical_action_activation_sequence_as_follows_15_produce_and_new_dock() -> None:
    """ "the active player may produce new units at one or more friendly SPACE DOCKS, or build a
    new SPACE DOCK on an eligible planet that has been under his control for the entire round.\""""
    table = ti3(
        [
            system(
                "s0",
                0,
                0,
                planets=[RED_HOME, {**RED_HOME, "name": "Mars", "resources": 1}],
                ground={"Jord": {"red": {"space_dock": 1}}},
            )
        ],
        dice=[],
    )
    table.do("activate", system="s0")
    table.do("end_movement")
    table.do("end_landings")
    too_many = table.refused("produce", units={"cruiser": 7}, pay=["Jord", "Mars"])
    assert "resources + 2" in too_many["reason"]
    table.do("produce", units={"ground_force": 2}, pay=["Mars"])
    assert [u["type"] for u in table.planet("s0", "Jord")["units"]].count("ground_force") == 2
    table.do("build_dock", planet="Mars", pay=["Jord"])
    assert "space_dock" in [u["type"] for u in table.planet("s0", "Mars")["units"]]


def test_ti3_tactical_action_activation_sequence_as_follows_15_held_all_round() -> None:
    """ "an eligible planet that has been under his control for the entire round\""""
    table = _landing_table(dice=[])
    table.do("land", planet="Lodor", units=["red-ground_force-1"])
    table.do("end_landings")
    assert table.planet("s1", "Lodor")["controller"] == "red"
    refusal = table.refused("build_dock", planet="Lodor", pay=["Jord"])
    assert "entire round" in refusal["reason"]


@pytest.mark.parametrize(
    ("key", "twice"),
    [("deep_space_cannon", ["blue", "blue"]), ("domain_counters", ["Vega", "Vega"])],
)
def test_ti3_a_player_or_planet_listed_twice_is_refused_with_its_path(
    key: str, twice: list[str]
) -> None:
    """One Deep Space Cannon a player, one domain counter a planet: a second was read silently."""
    systems = line({"space": {"red": {"cruiser": 1}}}, {})
    systems[1]["planets"] = [{"name": "Vega", "resources": 1, "influence": 1}]
    loaded = api.load_scenario(scenario(systems, edition=3, **{key: twice}))
    assert loaded["error"]["path"] == f"{key}[1]"
    assert loaded["error"]["message"].endswith(f"is listed twice (first at {key}[0])")
