"""Rules the engine cites that no step test pinned yet, each played through ``engine.api``.

Every docstring quotes the Living Rules Reference (NoahPeres/ti4-ai, LRR/lrr.txt; the
engine numbers lettered sub-rules, so 10.2a is "10.2.1").
"""

from __future__ import annotations

from typing import Any

from engine_table import Table, scenario, system

from engine import api
from engine.core.codec import decode_game
from engine.core.galaxy import neighbours


def _fight(dice: list[int], red: dict[str, int], blue: dict[str, int], **extra: Any) -> Table:
    table = Table(
        scenario(
            [
                system("mid", 0, 0, space={"red": red}),
                system("active", 1, 0, space={"blue": blue}),
                system("far", 3, 0),
            ],
            dice=dice,
            **extra,
        )
    )
    table.do("activate", system="active")
    for unit in table.space_ids("mid"):
        if "fighter" not in unit:
            carry = (
                [u for u in table.space_ids("mid") if "fighter" in u] if "carrier" in unit else []
            )
            table.do("move", unit=unit, path=["active"], carry=carry)
    table.do("end_movement")
    return table


def _neighbours(links: list[list[str]]) -> tuple[str, ...]:
    data = scenario(
        [system("a", 0, 0), system("b", 1, 0), system("c", 5, 5), system("d", 0, 2)],
        links=links,
    )
    loaded = api.load_scenario(data)
    return neighbours(decode_game(loaded["state"]), "a")


def test_6_systems_whose_sides_touch_are_adjacent() -> None:
    """6: "Two system tiles are adjacent to each other if any of the tiles' sides are touching
    each other." Hex (1, 0) touches (0, 0); (0, 2) does not."""
    assert _neighbours([]) == ("b",)


def test_6_1_and_6_4_a_link_makes_distant_systems_adjacent() -> None:
    """6.1: "A system that has a wormhole is treated as being adjacent to a system that has a
    matching wormhole." 6.4: "Systems that are connected by lines drawn across one or more
    hyperlane tiles are adjacent for all purposes." A scenario writes both as a link."""
    assert _neighbours([["a", "c"]]) == ("b", "c")


def test_10_2_barrage_destroys_fighters_in_the_first_round_only() -> None:
    """10.2: "Each player must choose and destroy one of their fighters in the active system
    for each hit their opponent's anti-fighter barrage roll produced." 10.2a: "If a player has
    to assign more hits than they have fighters in the active system, the excess hits have no
    effect." The destroyer's two barrage dice both hit; blue has one fighter."""
    table = _fight([9, 9], {"destroyer": 1}, {"cruiser": 1, "fighter": 1})
    barrage = [e for e in table.events if "10.1" in e["rules"]]
    assert barrage and barrage[0]["hits"] == 2
    hits = next(e for e in table.events if "10.2" in e["rules"] and e["kind"] == "hits")
    assert hits["destroyed"] == ["blue-fighter-1"] and hits["excess"] == 1
    assert "10.2.1" in hits["rules"]
    assert table.space_ids("active") == ["blue-cruiser-1", "red-destroyer-1"]


def test_15_2_1_excess_bombardment_hits_have_no_effect() -> None:
    """15.2a: "If a player has to assign more hits than that player has ground forces, the
    excess hits have no effect." Three hits on one infantry: it is destroyed, two are lost."""
    planets = [{"name": "Arc", "resources": 1, "influence": 1, "controller": "blue"}]
    table = Table(
        scenario(
            [
                system("mid", 0, 0, space={"red": {"war_sun": 1}}),
                system("active", 1, 0, planets=planets, ground={"Arc": {"blue": {"infantry": 1}}}),
            ],
            dice=[3, 3, 3],
        )
    )
    table.do("activate", system="active")
    table.do("move", unit="red-war_sun-1", path=["active"])
    table.do("end_movement")
    table.do("bombard", planet="Arc")
    events = table.do("assign_hits", player="blue", units=["blue-infantry-1"])
    assert events[0]["excess"] == 2 and "15.2.1" in events[0]["rules"]


def _production(**red: Any) -> Table:
    planets = [
        {"name": "Jord", "resources": 3, "influence": 1, "controller": "red"},
        {"name": "Used", "resources": 2, "influence": 0, "controller": "red", "exhausted": True},
        {"name": "Free", "resources": 5, "influence": 0},
    ]
    data = scenario(
        [
            system(
                "home",
                0,
                0,
                planets=planets,
                ground={"Jord": {"red": {"space_dock": 1}}},
                space={"blue": {"fighter": 1}},
            )
        ]
    )
    data["players"][0].update(red)
    table = Table(data)
    table.do("activate", system="home")
    table.do("end_movement")
    return table


def test_64_9_and_75_2_an_exhausted_planet_cannot_pay() -> None:
    """64.9: "A player cannot spend an exhausted planet's resources or influence." 75.2: "A
    player spends a planet's resources by exhausting its card." """
    table = _production()
    refusal = table.refused("produce", units={"infantry": 2}, pay=["Used"])
    assert refusal["rules"] == ["64.9", "75.2"]


def test_67_1_1_resources_come_from_the_players_own_planets() -> None:
    """67.1a: "Spent resources must come from planets or trade goods that are controlled by the
    player who is producing the units." """
    table = _production()
    refusal = table.refused("produce", units={"infantry": 2}, pay=["Free"])
    assert refusal["rules"] == ["67.1.1"]


def test_75_3_trade_goods_spend_as_resources_up_to_those_held() -> None:
    """75.3: "A player can spend a trade good as if it were one resource." Red holds one."""
    table = _production(trade_goods=1)
    refusal = table.refused("produce", units={"mech": 1}, pay=[], trade_goods=2)
    assert refusal["rules"] == ["75.3"]
    events = table.do("produce", units={"infantry": 1}, pay=[], trade_goods=1)
    assert events[0]["cost"] == 1 and table.player("red")["trade_goods"] == 0


def test_67_6_no_ships_produced_beside_another_players_ships() -> None:
    """67.6: "A player cannot produce ships in a system that contains other players' ships."
    67.6a: "Ground forces can still be produced." """
    table = _production()
    refusal = table.refused("produce", units={"cruiser": 1}, pay=["Jord"])
    assert refusal["rules"] == ["67.6"]
    table.do("produce", units={"infantry": 2}, pay=["Jord"])


def test_77_5_2_the_active_player_chooses_whose_ships_to_fire_at() -> None:
    """77.5b: "If the active player is using the "Space Cannon" ability of their units, they
    choose a player who has ships in the active system." """
    planets = [{"name": "Jord", "resources": 1, "influence": 1, "controller": "red"}]
    table = Table(
        scenario(
            [
                system(
                    "active",
                    0,
                    0,
                    planets=planets,
                    ground={"Jord": {"red": {"pds": 1}}},
                    space={"blue": {"cruiser": 1}},
                ),
                system("mid", 1, 0, space={"red": {"cruiser": 1}}),
            ],
            dice=[1],
        )
    )
    table.do("activate", system="active")
    table.do("move", unit="red-cruiser-1", path=["active"])
    table.do("end_movement")
    fire = [c for c in table.choices if c.get("fire")]
    assert [(c["player"], c["target"]) for c in fire] == [("red", "blue")]
    refusal = table.refused("space_cannon", player="red", fire=True, target="red")
    assert refusal["rules"] == ["77.5.2"]


def test_78_4_3_no_retreat_without_an_eligible_system() -> None:
    """78.4c: "A player cannot announce a retreat if there is not at least one eligible system
    to retreat to." Nothing of blue's is next to the active system."""
    table = _fight([], {"cruiser": 1}, {"cruiser": 1})
    assert [c["kind"] for c in table.choices] == ["no_retreat"]
    refusal = table.refused("announce_retreat", player="blue", to="mid")
    assert refusal["rules"] == ["78.4.3", "78.7.3"]


def test_78_7_1_no_retreat_once_the_opponent_has_no_ships() -> None:
    """78.7a: "If a player announced a retreat during the "Announce Retreats" step, but their
    opponent has no ships remaining in the system, the combat immediately ends and the retreat
    does not occur." """
    table = Table(
        scenario(
            [
                system("mid", 0, 0, space={"red": {"cruiser": 1}}),
                system("active", 1, 0, space={"blue": {"cruiser": 1}}),
                system("blue_home", 2, 0, space={"blue": {"carrier": 1}}),
            ],
            dice=[1, 10],
        )
    )
    table.do("activate", system="active")
    table.do("move", unit="red-cruiser-1", path=["active"])
    table.do("end_movement")
    table.do("announce_retreat", player="blue", to="blue_home")
    table.do("roll")
    events = table.do("assign_hits", player="red", units=["red-cruiser-1"])
    assert any(e["kind"] == "retreat_cancelled" and "78.7.1" in e["rules"] for e in events)
    assert table.space_ids("active") == ["blue-cruiser-1"]


def test_78_10_1_the_winner_removes_fighters_beyond_capacity_after_combat() -> None:
    """78.10a: "If the winner of the combat has fighters or ground forces in the space area of
    the active system and those units exceed the capacity of that player's ships in that
    system, that player must choose and remove any excess units." Red's carrier is lost; the
    cruiser wins and the two fighters it cannot hold must go."""
    table = _fight([10, 1, 1, 1, 10], {"cruiser": 1, "carrier": 1, "fighter": 2}, {"cruiser": 1})
    table.do("no_retreat", player="blue")
    table.do("no_retreat", player="red")
    table.do("roll")
    table.do("assign_hits", player="red", units=["red-carrier-1"])
    table.do("assign_hits", player="blue", units=["blue-cruiser-1"])
    (offer,) = table.choices
    assert offer["kind"] == "remove_excess" and offer["count"] == 2
    assert "78.10.1" in offer["rules"]


def test_87_2_a_damaged_unit_cannot_sustain_again() -> None:
    """87.2: "A damaged unit does not have reduced capabilities and is functionally the same as
    an undamaged unit, except that it cannot use the "Sustain Damage" ability." The
    dreadnought sustains in round 1; in round 2 it cannot, and the hit destroys it."""
    table = _fight([10, 1, 10, 1], {"cruiser": 1}, {"dreadnought": 1})
    table.do("no_retreat", player="blue")
    table.do("no_retreat", player="red")
    table.do("roll")
    table.do("assign_hits", player="blue", units=["blue-dreadnought-1"])
    table.do("no_retreat", player="blue")
    table.do("no_retreat", player="red")
    table.do("roll")
    refusal = table.refused(
        "assign_hits", player="blue", units=["blue-dreadnought-1"], sustain=["blue-dreadnought-1"]
    )
    assert "87.2" in refusal["rules"]
    table.do("assign_hits", player="blue", units=["blue-dreadnought-1"])
    assert "blue-dreadnought-1" not in table.space_ids("active")


def test_42_3_and_49_5_4_rounds_repeat_and_a_draw_leaves_the_defender_in_control() -> None:
    """42.3: "After assigning hits, if both players still have ground forces on the planet,
    players resolve a new combat round starting with the "Roll Dice" step." 49.5d: "If there
    was a combat, and all units belonging to both players were destroyed, the player who was
    the defender retains control of the planet." Round 1 both miss; round 2 both hit."""
    planets = [{"name": "Arc", "resources": 1, "influence": 1, "controller": "blue"}]
    table = Table(
        scenario(
            [
                system("mid", 0, 0, space={"red": {"carrier": 1, "infantry": 1}}),
                system("active", 1, 0, planets=planets, ground={"Arc": {"blue": {"infantry": 1}}}),
            ],
            dice=[1, 1, 8, 8],
        )
    )
    table.do("activate", system="active")
    table.do("move", unit="red-carrier-1", path=["active"], carry=["red-infantry-1"])
    table.do("end_movement")
    table.do("commit", planet="Arc", units=["red-infantry-1"])
    events = table.do("roll")
    assert any(e["kind"] == "round" and "42.3" in e["rules"] for e in events)
    table.do("roll")
    table.do("assign_hits", player="red", units=["red-infantry-1"])
    events = table.do("assign_hits", player="blue", units=["blue-infantry-1"])
    control = next(e for e in events if e["kind"] == "control")
    assert "49.5.4" in control["rules"]
    assert table.planet("active", "Arc")["controller"] == "blue"
