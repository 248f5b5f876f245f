"""Technologies played on the board: each offered in its window, acting as its card says,
through the JSON API (``engine.api``), and the odds box reading the same holdings."""

from __future__ import annotations

from board_play import (
    PDS_PLANET,
    ability_choices,
    bombard,
    cannon,
    fight,
    invade,
    play_until,
    take,
)
from engine_table import scenario, system

from engine import api
from engine.core.scenario import build
from engine.ti4.abilities import derived

# --- Duranium Armor --------------------------------------------------------------------------


def test_87_1_duranium_armor_repairs_a_unit_that_did_not_sustain_this_round() -> None:
    # Round 1: Blue hits once, dreadnought 1 sustains (and cannot be repaired that round).
    # Round 2: Blue hits once, dreadnought 2 sustains; dreadnought 1 is repaired.
    table = fight(
        {"dreadnought": 2},
        {"cruiser": 2},
        [1, 1, 10, 1, 1, 1, 10, 1],
        red_holds={"technologies": ["duranium_armor"]},
    )
    play_until(table, "assign_hits")
    take(table, table.choices[0])
    assert not [e for e in table.events if "Duranium" in e["text"]]
    play_until(table, "assign_hits")
    events = take(table, table.choices[0])
    repaired = [e for e in events if "Duranium Armor" in e["text"]]
    assert len(repaired) == 1 and "87.1" in repaired[0]["rules"]
    units = {u["id"]: u for u in table.system("front")["space"]}
    assert units["red-dreadnought-1"]["damaged"] is False
    assert units["red-dreadnought-2"]["damaged"] is True


def test_87_1_duranium_armor_lets_its_owner_choose_which_unit_to_repair() -> None:
    # Two damaged dreadnoughts, neither sustained in round 3: Red names the one repaired.
    table = fight(
        {"dreadnought": 2},
        {"cruiser": 2},
        [1, 1, 10, 10, 1, 1, 1, 1],
        red_holds={"technologies": ["duranium_armor"]},
    )
    play_until(table, "assign_hits")
    take(table, table.choices[0])  # both sustain in round 1: no repair then
    ways = play_until(table, "duranium_armor") and ability_choices(table, "duranium_armor")
    assert [w["unit"] for w in ways] == ["red-dreadnought-1", "red-dreadnought-2"]
    assert all(w["use"] for w in ways)  # the card does not say may: no "do not use"
    take(table, ways[1])
    units = {u["id"]: u for u in table.system("front")["space"]}
    assert units["red-dreadnought-2"]["damaged"] is False
    assert units["red-dreadnought-1"]["damaged"] is True


# --- Assault Cannon --------------------------------------------------------------------------


def test_78_2_assault_cannon_makes_the_opponent_destroy_a_non_fighter_ship_of_their_choice() -> (
    None
):
    table = fight(
        {"destroyer": 3},
        {"cruiser": 1, "dreadnought": 1, "fighter": 1},
        [1] * 12,
        red_holds={"technologies": ["assault_cannon"]},
    )
    play_until(table, "assault_cannon")
    ways = ability_choices(table, "assault_cannon")
    assert {w["player"] for w in ways} == {"blue"}  # the opponent chooses the ship
    assert [w["unit"] for w in ways] == ["blue-cruiser-1", "blue-dreadnought-1"]
    assert all(w["use"] for w in ways)
    events = take(table, ways[1])
    assert "78.2" in events[0]["rules"] and "Assault Cannon" in events[0]["text"]
    assert sorted(table.space_ids("front"))[:2] == ["blue-cruiser-1", "blue-fighter-1"]


def test_78_2_assault_cannon_needs_three_non_fighter_ships() -> None:
    table = fight(
        {"destroyer": 1, "carrier": 1, "fighter": 3},  # 5 ships, 2 of them non-fighters
        {"cruiser": 1},
        [1] * 12,
        red_holds={"technologies": ["assault_cannon"]},
    )
    play_until(table, "roll")
    assert not [e for e in table.events if "Assault Cannon" in e["text"]]
    assert "blue-cruiser-1" in table.space_ids("front")


# --- before space cannon offense: Plasma Scoring, Graviton Laser System ----------------------


def test_77_3_plasma_scoring_gives_one_space_cannon_unit_one_more_die() -> None:
    table = cannon({"cruiser": 2}, {"technologies": ["plasma_scoring"]}, [10, 10] + [1] * 8)
    play_until(table, "plasma_scoring")
    ways = ability_choices(table, "plasma_scoring")
    assert ways[0]["player"] == "blue" and ways[0]["unit"] == "blue-pds-1"
    assert ways[-1]["use"] is False  # the card says may
    take(table, ways[0])
    fire = play_until(table, "space_cannon")
    events = take(table, fire)
    rolled = next(e for e in events if e["kind"] == "roll")
    assert len(rolled["rolls"]) == 2 and rolled["hits"] == 2  # the PDS's 1 die and 1 more


def test_77_3_without_plasma_scoring_the_pds_rolls_its_printed_die() -> None:
    table = cannon({"cruiser": 2}, {"technologies": ["plasma_scoring"]}, [10] + [1] * 8)
    play_until(table, "plasma_scoring")
    take(table, ability_choices(table, "plasma_scoring")[-1])  # declined
    events = take(table, play_until(table, "space_cannon"))
    assert len(next(e for e in events if e["kind"] == "roll")["rolls"]) == 1


def test_77_3_plasma_scoring_gives_a_space_cannon_defense_unit_one_more_die() -> None:
    """ "When 1 or more of your units use SPACE CANNON": its defense at the invading ground
    forces too (77.7), offered to the planet's owner before they fire."""
    table = fight(
        {"carrier": 1, "infantry": 2},
        {},
        [1, 1, 10, 10] + [1] * 8,  # the offense (with its extra die) misses
        blue_holds={"technologies": ["plasma_scoring"]},
        front={**PDS_PLANET, "ground": {"Front": {"blue": {"pds": 1}}}},
    )
    take(table, play_until(table, "commit"))
    ways = ability_choices(table, "plasma_scoring")
    assert ways[0]["player"] == "blue" and ways[0]["unit"] == "blue-pds-1"
    assert ways[-1]["use"] is False
    take(table, ways[0])
    fire = next(c for c in table.choices if c["kind"] == "space_cannon" and c["fire"])
    events = take(table, fire)
    rolled = next(e for e in events if e["kind"] == "roll")
    assert len(rolled["rolls"]) == 2 and rolled["hits"] == 2  # 1 die and 1 more


def test_77_5_graviton_laser_system_sends_space_cannon_hits_to_non_fighter_ships() -> None:
    table = cannon(
        {"carrier": 2, "fighter": 2}, {"technologies": ["graviton_laser_system"]}, [10] + [1] * 8
    )
    play_until(table, "graviton_laser_system")
    take(table, ability_choices(table, "graviton_laser_system")[0])
    assert table.player("blue")["exhausted"] == ["graviton_laser_system"]
    take(table, play_until(table, "space_cannon"))
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "red" and hits["units"] == ["red-carrier-1"]
    assert "77.5" in hits["rules"]
    refusal = table.refused("assign_hits", player="red", units=["red-fighter-1"])
    assert refusal["rules"]


# --- faction technologies: Non-Euclidean Shielding, Valkyrie Particle Weave, L4 Disruptors ---


def test_87_1_non_euclidean_shielding_cancels_two_hits_with_one_sustain() -> None:
    table = fight(
        {"dreadnought": 1, "cruiser": 1},
        {"cruiser": 2},
        [1, 1, 10, 10],
        red_holds={"faction": "letnev", "technologies": ["non_euclidean_shielding"]},
    )
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "red" and hits["units"] == ["red-dreadnought-1"]
    assert hits["sustain"] == ["red-dreadnought-1"] and "Non-Euclidean" in hits["label"]
    take(table, hits)
    assert sorted(table.space_ids("front"))[:2] == ["blue-cruiser-1", "blue-cruiser-2"]
    assert {"red-dreadnought-1", "red-cruiser-1"} <= set(table.space_ids("front"))


def test_42_2_valkyrie_particle_weave_adds_a_hit_when_the_opponent_hits() -> None:
    holds = {"faction": "sardakk", "technologies": ["valkyrie_particle_weave"]}
    table = invade(holds, {"infantry": 2}, [1, 1, 10, 1])  # Red misses twice, Blue hits once
    hits = [play_until(table, "assign_hits")]
    assert hits[0]["player"] == "red"
    take(table, hits[0])
    blue = play_until(table, "assign_hits")
    assert blue["player"] == "blue" and len(blue["units"]) == 1
    assert "Valkyrie Particle Weave" in blue["label"] and "42.2" in blue["rules"]


def test_77_7_l4_disruptors_bar_space_cannon_defense_in_an_invasion() -> None:
    holds = {"faction": "letnev", "technologies": ["l4_disruptors"]}
    table = invade(holds, {"infantry": 1, "pds": 1}, [1, 1, 1] + [1] * 6)
    assert not [c for c in table.choices if c["kind"] == "space_cannon"]
    barred = [e for e in table.events if "L4 Disruptors" in e["text"]]
    assert len(barred) == 1 and "49.3" in barred[0]["rules"]
    plain = invade({"faction": "letnev"}, {"infantry": 1, "pds": 1}, [1] * 9)
    assert [c for c in plain.choices if c["kind"] == "space_cannon"]  # without it, Blue fires


# --- the odds box reads the same holdings ----------------------------------------------------


def test_the_odds_box_counts_the_technologies_the_players_hold() -> None:
    """The combat's odds in the VIEW come from the players' holdings (Duranium Armor,
    Non-Euclidean Shielding): the same answer as ``engine.api.odds`` with those options."""
    table = fight(
        {"dreadnought": 1, "cruiser": 1},
        {"cruiser": 2},
        [],
        red_holds={"faction": "letnev", "technologies": ["duranium_armor"]},
        blue_holds={"technologies": ["antimass_deflectors"]},
    )
    play_until(table, "roll")
    shown = table.view["combat"]["odds"]
    held = api.odds(
        "1 dreadnought, 1 cruiser",
        "2 cruiser",
        attacker_faction="letnev",
        attacker_options=["duranium_armor"],
    )
    plain = api.odds("1 dreadnought, 1 cruiser", "2 cruiser", attacker_faction="letnev")
    for key in ("attacker_wins", "defender_wins", "both_destroyed"):
        assert abs(shown[key] - held[key]) < 1e-12, key
    assert abs(shown["attacker_wins"] - plain["attacker_wins"]) > 1e-3


def test_the_odds_box_counts_a_card_only_once_it_is_played() -> None:
    table = fight(
        {"cruiser": 2},
        {"cruiser": 2},
        [],
        red_holds={"action_cards": ["Morale Boost"]},
    )
    play_until(table, "morale_boost")
    before = table.view["combat"]["odds"]["attacker_wins"]
    take(table, ability_choices(table, "morale_boost")[0])
    after = table.view["combat"]["odds"]["attacker_wins"]
    plain = api.odds("2 cruiser", "2 cruiser")["attacker_wins"]
    boosted = api.odds("2 cruiser", "2 cruiser", attacker_options=["morale_boost:1"])
    assert abs(before - plain) < 1e-12
    assert abs(after - boosted["attacker_wins"]) < 1e-12


def test_42_magen_defense_grid_omega_hits_a_ground_force_as_ground_combat_starts() -> None:
    table = fight(
        {"carrier": 1, "infantry": 2},
        {},
        [1] * 8,
        blue_holds={"technologies": ["magen_defense_grid_omega"]},
        front={**PDS_PLANET, "ground": {"Front": {"blue": {"infantry": 1, "space_dock": 1}}}},
    )
    take(table, play_until(table, "commit"))
    ways = play_until(table, "magen_defense_grid_omega") and ability_choices(
        table, "magen_defense_grid_omega"
    )
    assert {w["player"] for w in ways} == {"blue"} and ways[-1]["use"] is False
    events = take(table, ways[0])
    assert "42.2" in events[0]["rules"] and "destroyed" in events[0]["text"]
    red = [u for u in table.planet("front", "Front")["units"] if u["owner"] == "red"]
    assert len(red) == 1


# --- before bombardment: Plasma Scoring, Bunker ---------------------------------------------


def test_15_1_plasma_scoring_gives_a_bombarding_unit_one_more_die() -> None:
    table = bombard({"technologies": ["plasma_scoring"]}, {}, [5, 5] + [1] * 8)
    ways = play_until(table, "plasma_scoring") and ability_choices(table, "plasma_scoring")
    assert ways[0]["unit"] == "red-dreadnought-1"
    take(table, ways[0])
    events = take(table, play_until(table, "bombard"))
    rolled = next(e for e in events if e["kind"] == "roll")
    assert len(rolled["rolls"]) == 2 and rolled["hits"] == 2  # Bombardment 5 and 1 more die


def test_15_2_x89_bacterial_weapon_omega_destroys_the_rest_after_bombardment_kills() -> None:
    table = bombard({"technologies": ["x89_bacterial_weapon_omega"]}, {}, [10] + [1] * 8)
    take(table, play_until(table, "bombard"))
    take(table, play_until(table, "assign_hits"))  # Blue loses 1 of its 2 infantry
    ways = ability_choices(table, "x89_bacterial_weapon_omega")
    assert [w["use"] for w in ways] == [True, False] and ways[0]["player"] == "red"
    events = take(table, ways[0])
    assert "15.2" in events[0]["rules"]
    units = table.planet("front", "Front")["units"]
    assert not [u for u in units if u["owner"] == "blue" and u["type"] == "infantry"]


def test_15_2_x89_bacterial_weapon_omega_needs_an_infantry_destroyed() -> None:
    table = bombard({"technologies": ["x89_bacterial_weapon_omega"]}, {}, [1] * 9)
    take(table, play_until(table, "bombard"))  # misses
    assert ability_choices(table, "x89_bacterial_weapon_omega") == []


def test_the_odds_box_counts_a_may_ability_once_played_or_a_factions_own_that_only_helps() -> None:
    """One rule (``derived.counted``): an unplayed card is not counted; a faction's own
    "may" ability acting every round with nothing to name is (it only helps), on its side."""

    def options(red: dict[str, object], *, ground: bool, attacker: bool = True) -> set[str]:
        players = [{"id": "red", "initiative": 1, **red}, {"id": "blue", "initiative": 2}]
        game = build(scenario([system("home", 0, 0)], players=players)).game
        return set(derived.odds_options(game, "red", ground=ground, attacker=attacker))

    assert "harrow" in options({"faction": "l1z1x"}, ground=True)
    assert "harrow" not in options({"faction": "l1z1x"}, ground=False)
    assert "harrow" not in options({"faction": "l1z1x"}, ground=True, attacker=False)
    assert "quantum_manipulator" in options({"faction": "nomad"}, ground=False)
    assert "dynamo" not in options({"faction": "empyrean"}, ground=False)  # repairs to name
    assert "direct_hit" not in options({"action_cards": ["Direct Hit"]}, ground=False)
    assert "duranium_armor" in options({"technologies": ["duranium_armor"]}, ground=False)
