"""Held-out scenarios of seven rulings the engine once got wrong, played through ``engine.api``.

Each test quotes the Living Rules Reference sentence it enforces (text read in
NoahPeres/ti4-ai, LRR/lrr.txt; the engine numbers lettered sub-rules, so
78.7b is "78.7.2"). The boards differ from the ones the fixes were written
against: they pin the ruling, not one position.
"""

from __future__ import annotations

from typing import Any

from engine_table import Table, scenario, system

HOME = {"name": "Arc", "resources": 1, "influence": 1, "controller": "blue"}


def _fight(dice: list[int], red: dict[str, int], blue: dict[str, int], **home: Any) -> Table:
    """Red moves everything from "mid" into "active", where blue waits; blue_home is adjacent."""
    table = Table(
        scenario(
            [
                system("mid", 0, 0, space={"red": red}),
                system("active", 1, 0, space={"blue": blue}),
                system("blue_home", 2, 0, planets=[HOME], **home),
            ],
            dice=dice,
        )
    )
    table.do("activate", system="active")
    for unit in table.space_ids("mid"):
        if not unit.startswith(("red-fighter", "red-infantry")):
            table.do("move", unit=unit, path=["active"])
    table.do("end_movement")
    return table


def test_78_7_2_a_ship_without_capacity_leaves_fighters_behind_to_be_removed() -> None:
    """78.7b: "To retreat, a player takes all of their ships with a move value in the combat
    and moves them to a single system that is adjacent to the active system. That player's
    fighters and ground forces in the space area of the active system that are unable to
    move or be transported are removed." A cruiser transports nothing, so the two fighters
    are removed, although the carrier already waiting at the destination could hold them."""
    table = _fight(
        [1, 1, 1, 1],
        {"cruiser": 1},
        {"cruiser": 1, "fighter": 2},
        space={"blue": {"carrier": 1}},
    )
    table.do("announce_retreat", player="blue", to="blue_home")
    table.do("roll")
    (offer,) = table.choices
    assert offer["kind"] == "remove_excess" and offer["rules"] == ["78.7.2"]
    assert offer["count"] == 2 and offer["system"] == "active"
    events = table.do("remove_excess", player="blue", units=offer["units"])
    assert sorted(table.space_ids("blue_home")) == ["blue-carrier-1", "blue-cruiser-1"]
    assert table.space_ids("active") == ["red-cruiser-1"]
    assert next(e for e in events if e["kind"] == "removed")["units"] == [
        "blue-fighter-1",
        "blue-fighter-2",
    ]
    assert any(e["kind"] == "retreat" for e in events)


def test_78_7_2_ships_with_capacity_carry_fighters_and_ground_forces_that_fit() -> None:
    """78.7b (as above): units the retreating ships can transport go with them."""
    table = _fight([1, 1, 1, 1], {"cruiser": 1}, {"carrier": 1, "fighter": 2, "infantry": 2})
    table.do("announce_retreat", player="blue", to="blue_home")
    table.do("roll")
    moved = set(table.space_ids("blue_home"))
    assert moved == {
        "blue-carrier-1",
        "blue-fighter-1",
        "blue-fighter-2",
        "blue-infantry-1",
        "blue-infantry-2",
    }
    assert "blue" in table.system("blue_home")["tokens"]


def test_78_7_4_no_command_token_when_no_unit_retreats() -> None:
    """78.7d: "If any of a player's units successfully retreat and are moved into an adjacent
    system, that player must place a command token from their reinforcements in the system to
    which their units retreated." Red destroys blue's only cruiser in the round blue
    announced a retreat; blue's fighters have no ship to carry them, so they are removed, no
    unit retreats and no token is placed."""
    table = _fight([10, 10, 1, 1, 1], {"cruiser": 2}, {"cruiser": 1, "fighter": 1})
    table.do("announce_retreat", player="blue", to="blue_home")
    table.do("roll")
    table.do("assign_hits", player="blue", units=["blue-cruiser-1", "blue-fighter-1"])
    assert table.system("blue_home")["tokens"] == []
    assert table.view["step"] != "space_combat"
    # With two hits, both blue units were destroyed by assignment; retreat again with one hit.
    table = _fight([10, 1, 1, 1], {"cruiser": 2}, {"cruiser": 1, "fighter": 1})
    table.do("announce_retreat", player="blue", to="blue_home")
    table.do("roll")
    events = table.do("assign_hits", player="blue", units=["blue-cruiser-1"])
    removed = next(e for e in events if e["kind"] == "removed")
    assert removed["units"] == ["blue-fighter-1"] and "78.7.4" in removed["rules"]
    assert not any(e["kind"] == "retreat" for e in events)
    assert table.system("blue_home")["tokens"] == []
    assert table.space_ids("blue_home") == []


def test_16_3_space_cannon_offense_destroying_a_carrier_removes_its_fighters_before_combat() -> (
    None
):
    """16.3: "If a player has more fighters and ground forces in the space area of a system
    than the total capacity of that player's ships in that system, that player must remove
    the excess units." 16.3c exempts only combat: "A player's fighters and ground forces do
    not count against capacity during combat." Space cannon offense comes before the combat,
    so the carrier's fighters are removed at once and do not fight."""
    planets = [{"name": "Arc", "resources": 1, "influence": 1, "controller": "blue"}]
    table = Table(
        scenario(
            [
                system("mid", 0, 0, space={"red": {"carrier": 1, "cruiser": 1, "fighter": 3}}),
                system(
                    "active",
                    1,
                    0,
                    planets=planets,
                    space={"blue": {"destroyer": 1}},
                    ground={"Arc": {"blue": {"pds": 1}}},
                ),
            ],
            dice=[6, 1, 1],
        )
    )
    table.do("activate", system="active")
    carry = [u for u in table.space_ids("mid") if "fighter" in u]
    table.do("move", unit="red-carrier-1", path=["active"], carry=carry)
    table.do("move", unit="red-cruiser-1", path=["active"])
    table.do("end_movement")
    table.do("space_cannon", player="blue", fire=True, target="red")
    table.do("assign_hits", player="red", units=["red-carrier-1"])
    (offer,) = table.choices
    assert offer["kind"] == "remove_excess" and offer["count"] == 3
    assert "16.3" in offer["rules"] and "77.5" in offer["rules"]
    assert table.view["combat"] is None
    table.do("remove_excess", **{k: offer[k] for k in ("player", "system", "units")})
    assert table.space_ids("active") == ["blue-destroyer-1", "red-cruiser-1"]
    assert table.view["step"] == "space_combat"


def _two_planets(dice: list[int], red: dict[str, int]) -> Table:
    planets = [
        {"name": "Arc", "resources": 1, "influence": 1, "controller": "blue"},
        {"name": "Bel", "resources": 1, "influence": 1, "controller": "blue"},
    ]
    table = Table(
        scenario(
            [
                system("mid", 0, 0, space={"red": red}),
                system(
                    "active",
                    1,
                    0,
                    planets=planets,
                    ground={"Arc": {"blue": {"infantry": 2}}, "Bel": {"blue": {"infantry": 2}}},
                ),
            ],
            dice=dice,
        )
    )
    table.do("activate", system="active")
    for unit in table.space_ids("mid"):
        table.do("move", unit=unit, path=["active"])
    table.do("end_movement")
    return table


def test_15_1_each_bombarding_unit_bombards_the_planet_chosen_for_it() -> None:
    """15.1: "The active player chooses which planet each of their units that has a
    "Bombardment" ability will bombard. Then, that player rolls dice for each of those
    units." Two dreadnoughts bombard two planets in one declaration; each planet's owner
    assigns that planet's hits."""
    table = _two_planets([5, 5], {"dreadnought": 2})
    offer = next(c for c in table.choices if c["kind"] == "bombard")
    assert offer["bombarders"] == ["red-dreadnought-1", "red-dreadnought-2"]
    assert offer["planets"] == ["Arc", "Bel"]
    table.do("bombard", targets={"red-dreadnought-1": "Arc", "red-dreadnought-2": "Bel"})
    assert table.view["pending_hits"]["planet"] == "Arc"
    table.do("assign_hits", player="blue", units=["blue-infantry-1"])
    assert table.view["pending_hits"]["planet"] == "Bel"
    table.do("assign_hits", player="blue", units=["blue-infantry-3"])
    assert len(table.planet("active", "Arc")["units"]) == 1
    assert len(table.planet("active", "Bel")["units"]) == 1
    assert table.kinds() == {"skip"}  # no ground forces to commit: production follows


def test_15_1_4_the_planet_is_declared_before_the_roll() -> None:
    """15.1d: "Multiple planets in a system may be bombarded, but a player must declare which
    planet a unit is bombarding before making a bombardment roll." The declaration comes
    first in the log, and once rolled no unit bombards again."""
    table = _two_planets([1, 1], {"dreadnought": 2})
    events = table.do("bombard", targets={"red-dreadnought-1": "Arc", "red-dreadnought-2": "Arc"})
    assert [e["kind"] for e in events[:2]] == ["bombard", "roll"]
    assert "15.1.4" in events[0]["rules"]
    assert table.view["step"] != "invasion" or "bombard" not in table.kinds()
    refusal = _two_planets([1], {"dreadnought": 1}).refused(
        "bombard", targets={"red-dreadnought-9": "Arc"}
    )
    assert refusal["rules"] == ["15.1"]


def test_68_3_ground_forces_go_where_the_producing_units_are() -> None:
    """68.3: "When a player produces ground forces, that player must place those unit on
    planets that contain a unit that used its "Production" ability." With a space dock on
    each of two planets, the four infantry are split between them as the player names."""
    planets = [
        {"name": "Jord", "resources": 3, "influence": 1, "controller": "red"},
        {"name": "Luna", "resources": 1, "influence": 0, "controller": "red"},
        {"name": "Wild", "resources": 0, "influence": 0, "controller": "red"},
    ]
    docks = {"Jord": {"red": {"space_dock": 1}}, "Luna": {"red": {"space_dock": 1}}}
    table = Table(scenario([system("home", 0, 0, planets=planets, ground=docks)]))
    table.do("activate", system="home")
    table.do("end_movement")
    infantry = [c["planet"] for c in table.choices if c.get("units") == {"infantry": 2}]
    assert infantry == ["Jord", "Luna"]
    refusal = table.refused("produce", units={"infantry": 2}, pay=["Jord"], planet="Wild")
    assert refusal["rules"] == ["68.3"]
    table.do("produce", units={"infantry": 4}, pay=["Jord"], placement={"Jord": 1, "Luna": 3})
    assert [u["type"] for u in table.planet("home", "Luna")["units"]].count("infantry") == 3
    assert [u["type"] for u in table.planet("home", "Jord")["units"]].count("infantry") == 1


def test_82_1_secondary_abilities_go_clockwise_from_the_active_players_left() -> None:
    """82.1: "After the active player resolves the primary ability on their strategy card,
    each other player, beginning with the player to the left of the active player and
    proceeding clockwise, may resolve that strategy card's secondary ability." Players sit
    in the order the scenario lists them; initiative order (green before blue) differs."""
    table = Table(
        {
            "title": "secondary order",
            "players": [
                {"id": "red", "initiative": 2, "strategy_cards": ["Diplomacy"]},
                {"id": "blue", "initiative": 8, "strategy_cards": ["Imperial"]},
                {"id": "green", "initiative": 4, "strategy_cards": ["Construction"]},
            ],
            "systems": [system("home", 0, 0)],
            "start": {"phase": "action_phase"},
        }
    )
    table.do("strategic_action", card="Diplomacy")
    deciding = {c["player"] for c in table.choices if c["kind"] == "secondary"}
    assert deciding == {"blue"}
    assert all("82.1" in c["rules"] for c in table.choices if c["kind"] == "secondary")
    refusal = table.refused("secondary", player="green", resolve=False)
    assert refusal["rules"] == ["82.1"]
    events = table.do("secondary", player="blue", resolve=False)
    assert "82.1" in events[0]["rules"]
    assert {c["player"] for c in table.choices if c["kind"] == "secondary"} == {"green"}


def test_87_sustain_damage_is_the_players_choice() -> None:
    """87: "Immediately before a player assigns hits to their units, that player can use the
    "Sustain Damage" ability of any of their units in the active system." The player may
    instead let the hit destroy the dreadnought and keep the fighter."""
    table = _fight([5, 1, 1, 1], {"dreadnought": 1}, {"dreadnought": 1, "fighter": 1})
    table.do("no_retreat", player="blue")
    table.do("no_retreat", player="red")
    table.do("roll")
    offers = [c for c in table.choices if c["kind"] == "assign_hits"]
    assert [o["sustain"] for o in offers] == [["blue-dreadnought-1"], []]
    assert "87" in offers[1]["rules"]
    assert offers[1]["units"] == ["blue-fighter-1"]
    table.do("assign_hits", player="blue", units=["blue-dreadnought-1"], sustain=[])
    assert set(table.space_ids("active")) == {"red-dreadnought-1", "blue-fighter-1"}


def test_87_4_1_sustain_only_against_a_hit_the_unit_can_take() -> None:
    """87.4a: "A unit can only use the "Sustain Damage" ability if it is eligible to be hit."
    Naming a unit to sustain that takes no hit, or an already damaged one (87.2), is refused."""
    table = _fight([5, 1, 1, 1], {"dreadnought": 1}, {"dreadnought": 1, "fighter": 1})
    table.do("no_retreat", player="blue")
    table.do("no_retreat", player="red")
    table.do("roll")
    refusal = table.refused(
        "assign_hits", player="blue", units=["blue-fighter-1"], sustain=["blue-dreadnought-1"]
    )
    assert "87" in refusal["rules"]
    table.do("assign_hits", player="blue", units=["blue-dreadnought-1"])  # sustains by default
    dreadnought = next(
        u
        for u in table.system("active")["space"]
        if u["type"] == "dreadnought" and u["owner"] == "blue"
    )
    assert dreadnought["damaged"] is True


def test_78_7_4_a_retreat_with_no_token_left_takes_one_from_the_command_sheet() -> None:
    """78.7d: "... that player must place a command token from their reinforcements in the
    system to which their units retreated ... If the player has no command tokens in their
    reinforcements, that player must use one from their command sheet instead." Blue has
    all 16 tokens on its sheet: it chooses the pool, and no 17th token appears."""
    data = scenario(
        [
            system("mid", 0, 0, space={"red": {"cruiser": 2}}),
            system("active", 1, 0, space={"blue": {"cruiser": 1}}),
            system("blue_home", 2, 0, planets=[HOME]),
        ],
        dice=[1, 1, 1],
    )
    data["players"][1].update(tactic=8, fleet=5, strategy=3)
    table = Table(data)
    table.do("activate", system="active")
    for unit in ("red-cruiser-1", "red-cruiser-2"):
        table.do("move", unit=unit, path=["active"])
    table.do("end_movement")
    table.do("announce_retreat", player="blue", to="blue_home")
    events = table.do("roll")
    assert any(e["kind"] == "retreat" for e in events)
    assert table.system("blue_home")["tokens"] == []
    offered = [c for c in table.choices if c["kind"] == "take_token"]
    assert [c["pool"] for c in offered] == ["tactic", "fleet", "strategy"]
    assert {"78.7.4", "20.3.2"} <= set(offered[0]["rules"])
    refusal = table.refused("end_action")
    assert "78.7.4" in refusal["rules"] and "command sheet" in refusal["reason"]
    assert "20.3.2" in table.refused("take_token", player="blue", pool="nowhere")["rules"]
    table.do("take_token", player="blue", pool="strategy")
    assert table.system("blue_home")["tokens"] == ["blue"]
    blue = table.player("blue")
    assert (blue["tactic"], blue["fleet"], blue["strategy"]) == (8, 5, 2)
