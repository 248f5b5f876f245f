"""Flagships, laws and cards that lend units another role or dice, on the board: offered
through the JSON API in their window (the card's "may" with a "do not use"), citing the card's
rule, and doing what the card says (dice scripted)."""

from __future__ import annotations

from typing import Any

from board_play import PDS_PLANET, ability_choices, fight, play_until, take
from engine_table import Table, scenario, system

from engine import api


def _table(
    red: dict[str, Any],
    blue_ground: dict[str, int],
    dice: list[int],
    *,
    red_holds: dict[str, Any] | None = None,
    blue_holds: dict[str, Any] | None = None,
    planet: dict[str, Any] | None = None,
    **extra: Any,
) -> Table:
    """Red (active) with ``red`` in the front system's space over Blue's planet Front (its
    card with ``planet`` added) holding ``blue_ground``; Red activates the front."""
    players = [
        {"id": "red", "initiative": 1, "tactic": 3, "fleet": 5, **(red_holds or {})},
        {"id": "blue", "initiative": 2, **(blue_holds or {})},
    ]
    front_planet = {**PDS_PLANET["planets"][0], **(planet or {})}
    front = system(
        "front",
        1,
        0,
        space={"red": red},
        planets=[front_planet],
        ground={"Front": {"blue": blue_ground}},
    )
    table = Table(scenario([system("home", 0, 0), front], dice=dice, players=players, **extra))
    table.do("activate", system="front")
    return table


def _units(table: Table, owner: str) -> list[dict[str, Any]]:
    return [u for u in table.system("front")["space"] if u["owner"] == owner]


def test_78_2_the_alastor_lets_the_nekro_ground_forces_fight_as_ships() -> None:
    table = fight(
        {"flagship": 1, "infantry": 2},
        {"cruiser": 1},
        [1] * 40,
        red_holds={"faction": "nekro"},
    )
    play_until(table, "the_alastor")
    ways = ability_choices(table, "the_alastor")
    assert [w["use"] for w in ways] == [True, False]  # the card says may
    assert ways[0]["rules"] == ["78.2"] and ways[0]["player"] == "red"
    take(table, ways[0])
    infantry = [u for u in _units(table, "red") if u["type"] == "infantry"]
    assert len(infantry) == 2 and all("ship" in u["grade"].split() for u in infantry)
    take(table, play_until(table, "roll"))
    rolled = next(e for e in reversed(table.events) if e["kind"] == "roll" and "Red" in e["text"])
    assert sum("infantry" in r["type"] for r in rolled["rolls"]) == 2  # they roll as ships


def test_78_2_the_alastor_is_not_offered_without_the_flagship() -> None:
    table = fight(
        {"carrier": 1, "infantry": 2}, {"cruiser": 1}, [1] * 40, red_holds={"faction": "nekro"}
    )
    play_until(table, "roll")
    assert not any(e.get("data", {}).get("ability") == "the_alastor" for e in table.events)
    assert not any("Alastor" in t for t in table.texts())


def test_78_5_wrath_of_kenara_spends_a_trade_good_on_a_die_that_missed_by_one() -> None:
    table = fight(
        {"flagship": 1},
        {"cruiser": 2},
        # The flagship (7, x2) rolls 6 and 6: two near misses; Blue's cruisers miss.
        [6, 6, 1, 1, *([1] * 20)],
        red_holds={"faction": "hacan", "trade_goods": 1},
    )
    play_until(table, "wrath_of_kenara")
    ways = ability_choices(table, "wrath_of_kenara")
    # One trade good: one die made a hit at most; or not used.
    assert [(w["use"], w.get("trade_goods")) for w in ways] == [(True, 1), (False, None)]
    assert ways[0]["rules"] == ["78.5"]
    take(table, ways[0])
    assert table.player("red")["trade_goods"] == 0
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "blue" and "1 hit" in hits["label"]


def test_87_1_publicize_weapon_schematics_leaves_war_suns_no_sustain_damage() -> None:
    players = [
        {"id": "red", "initiative": 1, "tactic": 3, "fleet": 5},
        {"id": "blue", "initiative": 2},
    ]
    front = system("front", 1, 0, space={"red": {"war_sun": 1}, "blue": {"cruiser": 2}})
    table = Table(
        scenario(
            [system("home", 0, 0), front],
            dice=[1, 1, 1, 10, 1, *([1] * 20)],  # the war sun's 3 dice miss; 1 cruiser hits
            players=players,
            laws=["publicize_weapon_schematics"],
        )
    )
    table.do("activate", system="front")
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "red" and hits["can_sustain"] == [] and hits["sustain"] == []
    assert any("Publicize Weapon Schematics" in t and "87.1" in t for t in table.texts())
    take(table, hits)
    assert not any(u["type"] == "war_sun" for u in _units(table, "red"))


def test_15_1_blitz_lets_ships_without_bombardment_bombard_at_6() -> None:
    table = _table(
        {"dreadnought": 1, "carrier": 1, "infantry": 2},
        {"infantry": 2},
        [1, 6, *([1] * 20)],  # the dreadnought (5) misses; the carrier hits on 6
        red_holds={"action_cards": ["blitz"]},
    )
    play_until(table, "blitz")
    ways = ability_choices(table, "blitz")
    assert [w["use"] for w in ways] == [True, False] and ways[0]["rules"] == ["15.1"]
    take(table, ways[0])
    assert table.player("red")["action_cards"] == 0
    bombard = play_until(table, "bombard")
    assert sorted(bombard["bombarders"]) == ["red-carrier-1", "red-dreadnought-1"]
    take(table, bombard)
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "blue" and "1 hit" in hits["label"]
    take(table, hits)
    play_until(table, "commit")  # past the bombardment, the carrier lends it no longer
    carrier = next(u for u in _units(table, "red") if u["type"] == "carrier")
    assert "blitzed" not in carrier.get("grade", "").split()


def test_15_1_conventions_of_war_forbids_bombarding_a_cultural_planet() -> None:
    for trait, offered in (("cultural", False), ("industrial", True)):
        table = _table(
            {"dreadnought": 1, "infantry": 1},
            {"infantry": 2},
            [1] * 20,
            planet={"trait": trait},
            laws=["conventions_of_war"],
        )
        play_until(table, "commit")
        assert any(e.get("kind") == "bombard" for e in table.events) is offered, trait


def test_15_1_conventions_of_war_refuses_a_bombardment_it_forbids() -> None:
    planets = [
        {
            "name": "Front",
            "resources": 1,
            "influence": 1,
            "controller": "blue",
            "trait": "cultural",
        },
        {"name": "Mine", "resources": 1, "influence": 1, "controller": "blue"},
    ]
    front = system(
        "front",
        1,
        0,
        space={"red": {"dreadnought": 1, "infantry": 1}},
        planets=planets,
        ground={"Front": {"blue": {"infantry": 1}}, "Mine": {"blue": {"infantry": 1}}},
    )
    players = [
        {"id": "red", "initiative": 1, "tactic": 3, "fleet": 5},
        {"id": "blue", "initiative": 2},
    ]
    table = Table(
        scenario(
            [system("home", 0, 0), front],
            dice=[1] * 20,
            players=players,
            laws=["conventions_of_war"],
        )
    )
    table.do("activate", system="front")
    bombard = play_until(table, "bombard")
    assert bombard["planets"] == ["Mine"]  # not the cultural one
    refused = table.refused("bombard", planet="Front")
    assert "Conventions of War" in refused["reason"] and "15.1" in refused["rules"]


def _spliced(front: dict[str, Any] | None) -> Table:
    return fight(
        {"cruiser": 1, "destroyer": 1},
        {"dreadnought": 1, "destroyer": 1},
        [1] * 40,
        red_holds={"faction": "creuss", "technologies": ["dimensional_splicer"]},
        front=front,
    )


def test_78_2_dimensional_splicer_assigns_a_hit_where_there_is_a_wormhole() -> None:
    table = _spliced({"wormhole": "alpha"})
    play_until(table, "dimensional_splicer")
    ways = ability_choices(table, "dimensional_splicer")
    # The odds' target first: the destroyer cannot cancel the hit; then the dreadnought.
    assert [w.get("target") for w in ways] == ["blue-destroyer-1", "blue-dreadnought-1", None]
    assert ways[0]["rules"] == ["78.2"] and ways[2]["use"] is False
    take(table, ways[0])
    assert "blue-destroyer-1" not in table.space_ids("front")


def test_78_2_dimensional_splicer_is_not_offered_without_a_wormhole() -> None:
    table = _spliced(None)
    play_until(table, "roll")
    assert not any("Dimensional Splicer" in t for t in table.texts())


def test_77_3_experimental_battlestation_fires_a_dock_after_ships_move_in() -> None:
    players = [
        {"id": "red", "initiative": 1, "tactic": 3, "fleet": 5},
        {"id": "blue", "initiative": 2, "action_cards": ["experimental_battlestation"]},
    ]
    front = system(
        "front",
        1,
        0,
        space={"blue": {"cruiser": 1}},
        planets=PDS_PLANET["planets"],
        ground={"Front": {"blue": {"space_dock": 1}}},
    )
    home = system("home", 0, 0, space={"red": {"cruiser": 2}})
    dice = [5, 4, 10, *([1] * 20)]  # the dock's 3 dice at 5: 2 hits
    table = Table(scenario([home, front], dice=dice, players=players))
    table.do("activate", system="front")
    for unit in ("red-cruiser-1", "red-cruiser-2"):
        table.do("move", unit=unit, path=["front"])
    table.do("end_movement")
    ways = ability_choices(table, "experimental_battlestation")
    assert [(w["player"], w["use"]) for w in ways] == [("blue", True), ("blue", False)]
    assert ways[0]["unit"] == "blue-space_dock-1" and ways[0]["rules"] == ["77.3"]
    take(table, ways[0])
    assert table.player("blue")["action_cards"] == 0
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "red" and "2 hits" in hits["label"]


def test_77_3_experimental_battlestation_waits_for_ships_to_move_in() -> None:
    table = fight(
        {"cruiser": 2},
        {"cruiser": 1},
        [1] * 40,
        blue_holds={"action_cards": ["experimental_battlestation"]},
        front={**PDS_PLANET, "ground": {"Front": {"blue": {"space_dock": 1}}}},
    )
    play_until(table, "roll")
    assert not any("Experimental Battlestation" in t for t in table.texts())


def test_101_a_scenario_names_a_systems_wormholes_and_a_planets_trait() -> None:
    planet = {**PDS_PLANET["planets"][0], "trait": "cultural"}
    front = system("front", 1, 0, wormhole=["alpha", "beta"], planets=[planet])
    table = Table(scenario([system("home", 0, 0), front]))
    assert table.system("front")["wormholes"] == ["alpha", "beta"]
    assert table.planet("front", "Front")["trait"] == "cultural"
    for bad, path in (
        ({"wormhole": "epsilon"}, "systems[1].wormhole"),
        ({"planets": [{**planet, "trait": "holy"}]}, "systems[1].planets[0].trait"),
    ):
        answer = api.load_scenario(scenario([system("home", 0, 0), system("front", 1, 0, **bad)]))
        assert not answer["ok"] and answer["error"]["path"] == path, answer


def _yssaril(faction: str) -> Table:
    """Red's flagship and cruiser two systems from the active one; Blue's ships between."""
    players = [
        {"id": "red", "initiative": 1, "tactic": 3, "fleet": 5, "faction": faction},
        {"id": "blue", "initiative": 2},
    ]
    systems = [
        system("home", 0, 0, space={"red": {"flagship": 1, "cruiser": 1}}),
        system("mid", 1, 0, space={"blue": {"destroyer": 1}}),
        system("front", 2, 0),
    ]
    table = Table(scenario(systems, players=players))
    table.do("activate", system="front")
    return table


def test_58_y_sia_y_ssrila_moves_through_systems_with_other_players_ships() -> None:
    table = _yssaril("yssaril")
    moves = [c for c in table.choices if c["kind"] == "move"]
    through = [c for c in moves if c["path"] == ["mid", "front"]]
    assert [c["unit"] for c in through] == ["red-flagship-1"]  # the cruiser may not
    assert "58" in through[0]["rules"] and "Y'sia Y'ssrila" in through[0]["label"]
    take(table, through[0])
    assert "red-flagship-1" in table.space_ids("front")
    refused = table.refused("move", unit="red-cruiser-1", path=["mid", "front"])
    assert "contains Blue’s ships" in refused["reason"]


def test_58_another_factions_flagship_may_not_move_through_other_players_ships() -> None:
    table = _yssaril("ral_nel")  # Last Dispatch: move 2 as well, no such ability
    assert not [c for c in table.choices if c.get("unit") == "red-flagship-1"]  # no way round
    refused = table.refused("move", unit="red-flagship-1", path=["mid", "front"])
    assert "contains Blue’s ships" in refused["reason"]
