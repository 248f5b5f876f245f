"""Unit upgrades (97) and factions in scenarios: II values and faction units apply everywhere."""

from __future__ import annotations

import re
from typing import Any

from engine_table import Table, scenario, system

from engine.api import load_scenario
from engine.core.combat import BOMBARDMENT, SPACE_COMBAT, roll_attack
from engine.core.dice import Dice
from engine.core.scenario import build
from engine.core.state import Unit
from engine.ti4.abilities.derived import DICE_RULES
from engine.ti4.factions import FACTIONS, unit_spec
from engine.ti4.production import production_limit
from engine.ti4.units import UPGRADES

PLANET = {"name": "Rigel", "resources": 1, "influence": 1, "controller": "blue"}


def _players(red: dict[str, Any], blue: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    return [
        {"id": "red", "initiative": 1, **red},
        {"id": "blue", "initiative": 2, **(blue or {})},
    ]


def _game(red: dict[str, Any], space: dict[str, Any], blue: dict[str, Any] | None = None) -> Any:
    data = scenario([system("home", 0, 0, space=space)], players=_players(red, blue))
    return build(data).game


def test_97_4_a_player_with_an_upgrade_fields_units_with_the_cards_values() -> None:
    game = _game({"upgrades": ["cruiser", "Destroyer"]}, {"red": {"cruiser": 1, "destroyer": 1}})
    cruiser, destroyer = game.system("home").space
    assert cruiser.grade == "ii" and cruiser.spec.combat is not None
    assert (cruiser.spec.combat.value, cruiser.spec.move, cruiser.spec.capacity) == (6, 3, 1)
    assert destroyer.spec.anti_fighter_barrage is not None
    assert destroyer.spec.anti_fighter_barrage.value == 6
    assert destroyer.spec.anti_fighter_barrage.dice == 3
    assert cruiser.spec.label == "Cruiser II"


def test_97_4_upgraded_units_roll_with_the_upgrades_combat_value() -> None:
    plain = Unit("red-cruiser-1", "cruiser", "red")
    upgraded = Unit("red-cruiser-2", "cruiser", "red", grade="ii")
    volley = roll_attack(Dice(script=(6, 6)), (plain, upgraded), SPACE_COMBAT, "Red")
    assert [(r.unit_id, r.value, r.hit) for r in volley.rolls] == [
        ("red-cruiser-2", 6, True),
        ("red-cruiser-1", 7, False),
    ]


def test_97_4_a_cruiser_ii_moves_three_systems() -> None:
    systems = [
        system("active", 0, 0, planets=[PLANET]),
        system("a", 1, 0),
        system("b", 2, 0),
        system("start", 3, 0, space={"red": {"cruiser": 1}}),
    ]
    for upgrades, movable in (([], False), (["cruiser"], True)):
        data = scenario(systems, players=_players({"upgrades": upgrades}))
        table = Table(data)
        table.do("activate", system="active")
        moves = [c for c in table.choices if c["kind"] == "move"]
        assert bool(moves) is movable, upgrades


def test_77_3_3_a_pds_ii_fires_at_the_active_system_from_an_adjacent_one() -> None:
    near_planet = {"name": "Vega", "resources": 1, "influence": 1, "controller": "blue"}
    systems = [
        system("mid", 0, 0, space={"red": {"cruiser": 1}}),
        system("active", 1, 0, planets=[PLANET]),
        system("near", 2, 0, planets=[near_planet], ground={"Vega": {"blue": {"pds": 1}}}),
    ]
    for upgrades, fires in (([], False), (["pds"], True)):
        data = scenario(systems, dice=[5], players=_players({}, {"upgrades": upgrades}))
        table = Table(data)
        table.do("activate", system="active")
        table.do("move", unit="red-cruiser-1", path=["active"])
        table.do("end_movement")
        assert (table.view["step"] == "space_cannon_offense") is fires
    events = table.do("space_cannon", player="blue", fire=True, target="red")
    assert events[0]["hits"] == 1  # PDS II's space cannon 5 hits on a 5


def test_68_1_a_space_dock_ii_adds_four_to_its_planets_resources() -> None:
    planet = {"name": "Rigel", "resources": 3, "influence": 1, "controller": "red"}
    for upgrades, limit in (([], 5), (["space_dock"], 7)):
        data = scenario(
            [system("home", 0, 0, planets=[planet], ground={"Rigel": {"red": {"space_dock": 1}}})],
            players=_players({"upgrades": upgrades}),
        )
        assert production_limit(build(data).game.system("home"), "red") == limit


def test_97_4_a_factions_unit_replaces_the_standard_one_and_its_upgrade_too() -> None:
    assert unit_spec("dreadnought", "sardakk").label == "Exotrireme I"
    exotrireme = unit_spec("dreadnought", "sardakk ii")
    assert exotrireme.label == "Exotrireme II" and exotrireme.move == 2
    assert exotrireme.bombardment is not None and exotrireme.bombardment.dice == 2
    assert unit_spec("dreadnought", "l1z1x ii").combat.value == 4  # type: ignore[union-attr]
    assert unit_spec("fighter", "naalu").combat.value == 8  # type: ignore[union-attr]
    assert unit_spec("cruiser", "titans ii").sustain_damage
    assert unit_spec("pds", "titans").is_ground_force
    assert unit_spec("destroyer", "argent ii").label == "Strike Wing Alpha II"
    # Bombardment is not a combat roll: Unrelenting leaves it alone (15.1, LRR 10.1c's like).
    volley = roll_attack(
        Dice(script=(4, 3)),
        (Unit("red-dreadnought-1", "dreadnought", "red", grade="sardakk"),),
        BOMBARDMENT,
        "Red",
    )
    assert volley.hits == 1


def test_78_5_a_factions_combat_modifier_applies_to_every_combat_roll() -> None:
    game = _game(
        {"faction": "sardakk"}, {"red": {"cruiser": 1, "flagship": 1}}, {"faction": "jol_nar"}
    )
    cruiser, flagship = game.system("home").space
    assert cruiser.spec.combat.value == 6  # type: ignore[union-attr]  Unrelenting: 7 - 1
    assert flagship.spec.label == "C'morran N'orr"
    assert flagship.spec.combat.value == 5 and flagship.spec.combat.dice == 2  # type: ignore[union-attr]
    assert unit_spec("cruiser", "jol_nar").combat.value == 8  # type: ignore[union-attr]  Fragile


def test_every_faction_has_a_snake_case_id_a_printed_name_and_a_flagship() -> None:
    """The base game's 17, Prophecy of Kings' 7, the Council Keleres, Thunder's Edge's 6
    sheets (the Firmament and the Obsidian apart) and the neutral units, which alone have
    no flagship."""
    assert len(FACTIONS) == 17 + 7 + 1 + 6 + 1
    for faction in FACTIONS.values():
        assert re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)*", faction.id)
        if faction.neutral:
            assert faction.flagship is None and not faction.units and not faction.upgrades
            continue
        assert faction.flagship is not None
        assert faction.flagship.cost == 8 and faction.flagship.sustain_damage
    assert FACTIONS["sardakk"].name == "Sardakk N'orr"
    assert set(UPGRADES) == {
        "carrier",
        "cruiser",
        "destroyer",
        "dreadnought",
        "fighter",
        "infantry",
        "pds",
        "space_dock",
    }


def _refusal(players: list[dict[str, Any]], space: dict[str, Any]) -> dict[str, Any]:
    answer = load_scenario(scenario([system("home", 0, 0, space=space)], players=players))
    assert answer["ok"] is False
    return answer["error"]


def test_97_1_an_upgrade_for_a_unit_without_one_is_refused_with_its_path() -> None:
    error = _refusal(_players({"upgrades": ["cruiser", "war sun"]}), {})
    assert error["path"] == "players[0].upgrades[1]"
    assert "war sun has no unit upgrade" in error["message"]
    error = _refusal(_players({"upgrades": ["mech"]}), {})
    assert error["path"] == "players[0].upgrades[0]"


def test_an_unknown_faction_and_a_flagship_without_one_are_refused() -> None:
    error = _refusal(_players({"faction": "klingon"}), {})
    assert error["path"] == "players[0].faction" and "unknown faction" in error["message"]
    error = _refusal(_players({}), {"red": {"flagship": 1}})
    assert error["path"] == "systems[0].space.red"
    assert "flagship belongs to a faction" in error["message"]
    error = _refusal(_players({"faction": "yin"}), {"red": {"flagship": 2}})
    assert "one flagship" in error["message"]


def test_78_5_cmorran_norr_and_jns_hylarim_change_their_owners_rolls_in_play() -> None:
    sardakk = (
        Unit("red-flagship-1", "flagship", "red", grade="sardakk"),
        Unit("red-cruiser-1", "cruiser", "red", grade="sardakk"),
    )
    volley = roll_attack(Dice(script=(5, 5, 5)), sardakk, SPACE_COMBAT, "Red", (), DICE_RULES)
    # Flagship 6 - 1 (Unrelenting) = 5; cruiser 7 - 1 - 1 (its flagship) = 5.
    assert [(r.unit_id, r.value) for r in volley.rolls] == [
        ("red-flagship-1", 5),
        ("red-flagship-1", 5),
        ("red-cruiser-1", 5),
    ]
    hylarim = (Unit("red-flagship-1", "flagship", "red", grade="jol_nar"),)
    volley = roll_attack(Dice(script=(9, 3)), hylarim, SPACE_COMBAT, "Red", (), DICE_RULES)
    assert volley.hits == 3  # a 9: its own hit and 2 more
    assert volley.event.data["rolls"][0]["extra_hits"] == 2


def test_78_5_the_winnu_flagship_rolls_a_die_per_opposing_non_fighter_ship() -> None:
    winnu = (Unit("red-flagship-1", "flagship", "red", grade="winnu"),)
    foes = (
        Unit("blue-cruiser-1", "cruiser", "blue"),
        Unit("blue-carrier-1", "carrier", "blue"),
        Unit("blue-fighter-1", "fighter", "blue"),
    )
    volley = roll_attack(Dice(script=(7, 2)), winnu, SPACE_COMBAT, "Red", foes, DICE_RULES)
    assert [(r.value, r.result) for r in volley.rolls] == [(7, 7), (7, 2)]


def test_97_4_the_view_shows_an_upgraded_units_printed_name() -> None:
    data = scenario(
        [system("home", 0, 0, space={"red": {"dreadnought": 1, "flagship": 1}})],
        players=_players({"faction": "sardakk", "upgrades": ["dreadnought"]}),
    )
    answer = load_scenario(data)
    assert answer["ok"] is True
    units = answer["view"]["systems"][0]["space"]
    assert {u["label"] for u in units} == {"Exotrireme II", "C'morran N'orr"}
