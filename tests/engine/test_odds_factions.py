"""Faction abilities, flagships, faction units and mechs in the exact odds.

Each expected value is worked out by hand from the dice in the docstring (a d10 hits
on its value or more: value 7 hits with 0.4), or from a combat the engine already
answers without the ability (the ability's effect is then the only difference).
"""

from __future__ import annotations

from typing import Any

import pytest
from odds_answers import close_to as _close
from odds_answers import ok_odds as _ok

from engine.api import odds, odds_options


def test_faction_options_are_listed_with_their_faction_and_refused_to_others() -> None:
    options = {o["id"]: o for o in odds_options()["options"]}
    assert options["ambush"]["faction"] == "mentak"
    assert options["ambush"]["name"] == "Ambush"
    assert options["morale_boost"]["faction"] is None
    refused = odds("1 cruiser", "1 cruiser", attacker_options=["ambush"])
    assert refused["ok"] is False and refused["error"]["field"] == "attacker_options"
    assert "Mentak" in refused["error"]["message"]
    wrong = odds("1 cruiser", "1 cruiser", attacker_faction="yin", attacker_options=["ambush"])
    assert wrong["ok"] is False


def test_mentak_ambush_rolls_before_round_one() -> None:
    """1 cruiser v 1 cruiser: the ambush die (7: 0.4) destroys the defender before combat.

    Else the duel: per round each hits with 0.4; attacker alone 0.24, both 0.16, so the
    attacker wins 0.24/0.64 = 0.375, both die 0.25. Total: 0.4 + 0.6 * 0.375 = 0.625.
    """
    answer = _ok("1 cruiser", "1 cruiser", attacker_faction="mentak", attacker_options=["ambush"])
    _close(answer, attacker_wins=0.625, defender_wins=0.6 * 0.375, both_destroyed=0.6 * 0.25)


def test_mentak_ambush_rolls_with_the_two_best_of_its_cruisers_and_destroyers() -> None:
    """2 cruisers (0.4 each) roll, not the destroyer (0.2): the lone cruiser dies with
    1 - 0.6^2 = 0.64 before combat; else the combat is the one without Ambush."""
    fleets = ("1 destroyer, 2 cruiser", "1 cruiser")
    plain = _ok(*fleets, attacker_faction="mentak")
    answer = _ok(*fleets, attacker_faction="mentak", attacker_options=["ambush"])
    _close(
        answer,
        attacker_wins=0.64 + 0.36 * plain["attacker_wins"],
        defender_wins=0.36 * plain["defender_wins"],
    )


def test_creuss_dimensional_splicer_hits_at_the_start_of_combat() -> None:
    """1 hit on 2 cruisers leaves a cruiser duel: attacker 0.375, both 0.25."""
    answer = _ok(
        "1 cruiser",
        "2 cruiser",
        attacker_faction="creuss",
        attacker_options=["dimensional_splicer"],
    )
    _close(answer, attacker_wins=0.375, defender_wins=0.375, both_destroyed=0.25)


def test_yin_impulse_core_destroys_its_destroyer_to_hit_a_non_fighter() -> None:
    """The destroyer goes, the hit falls on the cruiser, not the fighters: what is left is
    1 cruiser against 2 fighters."""
    plain = _ok("1 cruiser", "2 fighter", attacker_faction="yin")
    answer = _ok(
        "1 destroyer, 1 cruiser",
        "1 cruiser, 2 fighter",
        attacker_faction="yin",
        attacker_options=["impulse_core"],
    )
    for key in ("attacker_wins", "defender_wins", "both_destroyed"):
        assert answer[key] == pytest.approx(plain[key], abs=1e-12), key


def test_yin_devotion_trades_a_destroyer_for_a_hit_after_the_round_named() -> None:
    """2 destroyers (9: 0.2 each) v 1 dreadnought (5: 0.6), one round, Devotion after it.

    Yin hits k: 0 .64, 1 .32, 2 .04; the dreadnought hits h: 1 .6. k=2: it is destroyed.
    k=1: damaged, Devotion's hit destroys it; with h=1 the last destroyer goes to make it
    (both destroyed .32*.6), else one stays (attacker .32*.4). k=0: Devotion damages it;
    h=0 undecided (.64*.4), h=1 the last destroyer is gone (defender .64*.6).
    """
    answer = _ok(
        "2 destroyer",
        "1 dreadnought",
        attacker_faction="yin",
        attacker_options=["devotion:1"],
        rounds=1,
    )
    _close(
        answer,
        attacker_wins=0.04 + 0.32 * 0.4,
        both_destroyed=0.32 * 0.6,
        defender_wins=0.64 * 0.6,
        undecided=0.64 * 0.4,
    )


def test_yin_indoctrination_turns_an_infantry_before_ground_combat() -> None:
    """1 infantry v 2 infantry becomes 2 v 1."""
    plain = _ok("2 infantry", "1 infantry", ground=True, attacker_faction="yin")
    answer = _ok(
        "1 infantry",
        "2 infantry",
        ground=True,
        attacker_faction="yin",
        attacker_options=["indoctrination"],
    )
    for key in ("attacker_wins", "defender_wins", "both_destroyed"):
        assert answer[key] == pytest.approx(plain[key], abs=1e-12), key


def test_sardakk_exotrireme_ii_destroys_itself_and_two_ships_after_a_round() -> None:
    """Exotrireme II v 2 dreadnoughts, one round: the opponent destroys it only with 2
    hits (0.6^2 = 0.36); else it destroys itself and both dreadnoughts: both destroyed."""
    answer = _ok(
        "1 dreadnought ii",
        "2 dreadnought",
        attacker_faction="sardakk",
        attacker_options=["exotrireme_ii_sacrifice:1"],
        rounds=1,
    )
    _close(answer, both_destroyed=0.64, defender_wins=0.36, undecided=0.0)


def test_argent_raid_formation_damages_a_ship_with_barrage_hits_beyond_fighters() -> None:
    """Strike Wing Alpha I (barrage 9 x2, combat 8 as printed) v a dreadnought, one round.

    Barrage: at least 1 hit with 1 - 0.8^2 = 0.36, damaging it; round 1: the destroyer
    hits with 0.3. Destroyed .36*.3; damaged .36*.7 + .64*.3; untouched .64*.7.
    """
    answer = _ok(
        "1 destroyer",
        "1 dreadnought",
        attacker_faction="argent",
        attacker_options=["raid_formation"],
        rounds=1,
    )
    assert answer["defender_survivors"] == pytest.approx(
        {
            "none": 0.36 * 0.3,
            "1 dreadnought (1 damaged)": 0.36 * 0.7 + 0.64 * 0.3,
            "1 dreadnought": 0.64 * 0.7,
        }
    )


def test_l1z1x_harrow_bombards_at_the_end_of_each_ground_combat_round() -> None:
    """Super-Dreadnought (bombard 5: 0.6) and 1 infantry v 1 infantry (8: 0.3), one round.

    Bombardment kills the defender with .6. Else: the round (attacker alone .21, both .09,
    defender alone .21, none .49), then Harrow's .6: attacker wins .6 + .4(.21 + .49*.6);
    both .4(.09 + .21*.6); defender .4*.21*.4; undecided .4*.49*.4.
    """
    answer = _ok(
        "1 dreadnought, 1 infantry",
        "1 infantry",
        ground=True,
        attacker_faction="l1z1x",
        attacker_options=["harrow"],
        rounds=1,
    )
    _close(
        answer,
        attacker_wins=0.6 + 0.4 * (0.21 + 0.49 * 0.6),
        both_destroyed=0.4 * (0.09 + 0.21 * 0.6),
        defender_wins=0.4 * 0.21 * 0.4,
        undecided=0.4 * 0.49 * 0.4,
    )


def test_naaz_rokha_supercharge_adds_one_in_the_round_named() -> None:
    """Cruiser (+1: 0.5) v cruiser (0.4), one round."""
    answer = _ok(
        "1 cruiser",
        "1 cruiser",
        attacker_faction="naaz_rokha",
        attacker_options=["supercharge:1"],
        rounds=1,
    )
    _close(answer, attacker_wins=0.3, defender_wins=0.2, both_destroyed=0.2, undecided=0.3)


def test_naaz_rokha_visz_el_vir_gives_each_mech_one_more_die() -> None:
    """Eidolon (6 x2) rolls 3 dice (0.5): 2 infantry die with P(2+ hits) = 0.5."""
    answer = _ok(
        "1 mech",
        "2 infantry",
        ground=True,
        attacker_faction="naaz_rokha",
        attacker_options=["visz_el_vir"],
        rounds=1,
    )
    assert answer["defender_survivors"]["none"] == pytest.approx(0.5)


def test_mahact_arvicon_rex_adds_two_to_the_flagship() -> None:
    """Arvicon Rex (5 x2, +2: 0.8 each) kills a cruiser with 1 - 0.2^2 = 0.96."""
    answer = _ok(
        "flagship",
        "1 cruiser",
        attacker_faction="mahact",
        attacker_options=["arvicon_rex"],
        rounds=1,
    )
    assert answer["defender_survivors"]["none"] == pytest.approx(0.96)


@pytest.mark.parametrize(("faction", "option"), [("nekro", "mordred"), ("naalu", "iconoclast")])
def test_mordred_and_iconoclast_add_two_to_the_mechs(faction: str, option: str) -> None:
    """A mech (6, +2: 0.7) kills a lone infantry with 0.7."""
    answer = _ok(
        "1 mech",
        "1 infantry",
        ground=True,
        attacker_faction=faction,
        attacker_options=[option],
        rounds=1,
    )
    assert answer["defender_survivors"]["none"] == pytest.approx(0.7)


def test_jol_nar_shield_paling_takes_fragile_off_the_infantry() -> None:
    """Mech (6, Fragile: 0.4) and infantry (8 without Fragile: 0.3) kill 2 infantry with
    0.4 * 0.3 = 0.12 (0.08 with Fragile's -1)."""
    kwargs: dict[str, Any] = {"ground": True, "attacker_faction": "jol_nar", "rounds": 1}
    answer = _ok("1 mech, 1 infantry", "2 infantry", attacker_options=["shield_paling"], **kwargs)
    plain = _ok("1 mech, 1 infantry", "2 infantry", **kwargs)
    assert answer["defender_survivors"]["none"] == pytest.approx(0.12)
    assert plain["defender_survivors"]["none"] == pytest.approx(0.08)


def test_sardakk_valkyrie_exoskeleton_hits_after_the_mech_sustains() -> None:
    """2 infantry (0.3 each) v a Sardakk mech (5: 0.6), one round.

    Infantry hits k: 0 .49, 1 .42, 2 .09; the mech hits m: 1 .6. With k=1 the mech
    sustains, stands and makes 1 more hit; with k=2 it is destroyed and makes none.
    """
    answer = _ok(
        "2 infantry",
        "1 mech",
        ground=True,
        defender_faction="sardakk",
        defender_options=["valkyrie_exoskeleton"],
        rounds=1,
    )
    assert answer["attacker_survivors"] == pytest.approx(
        {
            "none": 0.42 * 0.6,
            "1 infantry": 0.49 * 0.6 + 0.42 * 0.4 + 0.09 * 0.6,
            "2 infantry": 0.49 * 0.4 + 0.09 * 0.4,
        }
    )


def test_mentak_moll_terminus_stops_sustain_damage_on_the_planet() -> None:
    """A mech (no Sustain Damage while Moll Terminus stands) dies to 1 hit of a mech (0.5)
    and an infantry (0.3): 1 - 0.5 * 0.7 = 0.65."""
    answer = _ok(
        "1 mech",
        "1 mech, 1 infantry",
        ground=True,
        defender_faction="mentak",
        defender_options=["moll_terminus"],
        rounds=1,
    )
    assert answer["attacker_survivors"]["none"] == pytest.approx(0.65)


def test_nekro_the_alastor_lets_ground_forces_fight_as_ships() -> None:
    """The Alastor (9 x2: 0.2 each) and an infantry (8: 0.3) kill a cruiser in one round
    with 1 - 0.8 * 0.8 * 0.7 = 0.552 (0.36 without the infantry)."""
    answer = _ok(
        "flagship, 1 infantry",
        "1 cruiser",
        attacker_faction="nekro",
        attacker_options=["the_alastor"],
        rounds=1,
    )
    assert answer["defender_survivors"]["none"] == pytest.approx(0.552)
    refused = odds("flagship, 1 infantry", "1 cruiser", attacker_faction="nekro")
    assert refused["ok"] is False and refused["error"]["field"] == "attacker"


def test_naalu_matriarch_commits_fighters_to_the_ground_combat() -> None:
    """A Hybrid Crystal Fighter I (8: 0.3) invades alone against an infantry (0.3)."""
    answer = _ok(
        "flagship, 1 fighter",
        "1 infantry",
        ground=True,
        attacker_faction="naalu",
        attacker_options=["matriarch"],
        rounds=1,
    )
    _close(answer, attacker_wins=0.21, defender_wins=0.21, both_destroyed=0.09, undecided=0.49)
    refused = odds("flagship, 1 fighter", "1 infantry", ground=True, attacker_faction="naalu")
    assert refused["ok"] is False and refused["error"]["field"] == "attacker"


# --- the walkthrough's odds box -----------------------------------------------------------


def _combat_view(
    red: dict[str, Any], blue: dict[str, Any], players: dict[str, Any]
) -> dict[str, Any]:
    from engine_table import Table, scenario, system

    table = Table(
        scenario(
            [
                system("mid", 0, 0, space={"red": red}),
                system("active", 1, 0, space={"blue": blue}),
            ],
            dice=[1, 1],
            players=[
                {"id": "red", "initiative": 1, **players.get("red", {})},
                {"id": "blue", "initiative": 2, **players.get("blue", {})},
            ],
        )
    )
    table.do("activate", system="active")
    for unit in table.space_ids("mid"):
        table.do("move", unit=unit, path=["active"])
    table.do("end_movement")
    assert table.view["step"] == "space_combat"
    odds_box: dict[str, Any] = table.view["combat"]["odds"]
    return odds_box


@pytest.mark.parametrize(
    ("red", "players", "fleet"),
    [
        ({"cruiser": 2}, {"red": {"faction": "sardakk"}}, "2 cruiser"),
        (
            {"cruiser": 1, "flagship": 1},
            {"red": {"faction": "sardakk", "upgrades": ["cruiser"]}},
            "flagship, 1 cruiser ii",
        ),
    ],
)
def test_the_odds_box_counts_the_players_factions_and_upgrades(
    red: dict[str, int], players: dict[str, Any], fleet: str
) -> None:
    """The box shows what engine.api.odds gives for the same fleets and factions (no
    barrage or space cannon in these fleets): Unrelenting's +1, C'morran N'orr's +1,
    Cruiser II's 6 and Fragile's -1 all count."""
    players["blue"] = {"faction": "jol_nar"}
    box = _combat_view(red, {"cruiser": 3}, players)
    api = _ok(fleet, "3 cruiser", attacker_faction="sardakk", defender_faction="jol_nar")
    for key in ("attacker_wins", "defender_wins", "both_destroyed"):
        assert box[key] == pytest.approx(api[key], abs=1e-12), key
    plain = _ok(fleet.replace(" ii", "").replace("flagship", "1 dreadnought"), "3 cruiser")
    assert box["attacker_wins"] > plain["attacker_wins"] + 0.01


def test_hacan_wrath_of_kenara_spends_trade_goods_on_dice_missing_by_one() -> None:
    """Wrath of Kenara (7 x2): each die hits .4, misses by 1 (a 6) .1, else misses .5.
    With 1 trade good: 2 hits .4^2 + 2(.4)(.1) = .24; none .5^2 = .25; 1 hit the rest."""
    answer = _ok(
        "flagship",
        "2 fighter",
        attacker_faction="hacan",
        attacker_options=["wrath_of_kenara:1"],
        rounds=1,
    )
    assert answer["defender_survivors"] == pytest.approx(
        {"none": 0.24, "1 fighter": 0.51, "2 fighter": 0.25}
    )
    assert answer["attacker"]["options"][0]["count"] == 1
    unnamed = odds(
        "flagship", "1 fighter", attacker_faction="hacan", attacker_options=["wrath_of_kenara"]
    )
    assert unnamed["ok"] is False and "wrath_of_kenara:N" in unnamed["error"]["message"]


def test_empyrean_dynamo_repairs_a_sustained_unit_while_repairs_last() -> None:
    """A dreadnought (5: 0.6) v a cruiser (0.4), two rounds, 1 repair: it ends damaged only
    if the cruiser hits in round 1 (repaired), survives it and hits again: .4 * .4 * .4."""
    answer = _ok(
        "1 dreadnought",
        "1 cruiser",
        attacker_faction="empyrean",
        attacker_options=["dynamo:1"],
        rounds=2,
    )
    assert answer["attacker_survivors"] == pytest.approx(
        {"1 dreadnought": 1 - 0.064, "1 dreadnought (1 damaged)": 0.064}
    )


def test_l1z1x_flagship_hits_go_to_non_fighter_ships() -> None:
    """[0.0.1] (5 x2: 0.6 each): 2 hits destroy the dreadnought, not a fighter."""
    answer = _ok("flagship", "1 dreadnought, 3 fighter", attacker_faction="l1z1x", rounds=1)
    assert answer["defender_survivors"] == pytest.approx(
        {
            "1 dreadnought, 3 fighter": 0.16,
            "1 dreadnought (1 damaged), 3 fighter": 0.48,
            "3 fighter": 0.36,
        }
    )


def test_naaz_rokha_z_grav_eidolon_fights_as_a_ship_in_space() -> None:
    """A cruiser (0.4) and a Z-Grav Eidolon (8 x2: 0.3 each) miss a cruiser together with
    0.6 * 0.7^2 = 0.294; with Visz El Vir the mech rolls a third die: 0.6 * 0.7^3."""
    kwargs: dict[str, Any] = {"attacker_faction": "naaz_rokha", "rounds": 1}
    answer = _ok("1 cruiser, 1 mech", "1 cruiser", attacker_options=["z_grav_eidolon"], **kwargs)
    assert answer["defender_survivors"]["1 cruiser"] == pytest.approx(0.294)
    visz = _ok(
        "1 cruiser, 1 mech",
        "1 cruiser",
        attacker_options=["z_grav_eidolon", "visz_el_vir"],
        **kwargs,
    )
    assert visz["defender_survivors"]["1 cruiser"] == pytest.approx(0.6 * 0.7**3)


def test_nomad_quantum_manipulator_cancels_a_hit_on_the_ships() -> None:
    """Cruiser and a mech in space v a cruiser, two rounds: the mech cancels the first hit;
    the cruiser is lost only to a hit in round 1 (.4), a miss of its own (.6) and a second
    hit (.4): .096."""
    answer = _ok(
        "1 cruiser, 1 mech",
        "1 cruiser",
        attacker_faction="nomad",
        attacker_options=["quantum_manipulator"],
        rounds=2,
    )
    assert answer["attacker_survivors"]["1 mech (1 damaged)"] == pytest.approx(0.096)


def test_empyrean_dynamo_repairs_a_mech_in_ground_combat_too() -> None:
    """A mech (6: 0.5) v an infantry (0.3), one round, 1 repair: never left damaged."""
    answer = _ok(
        "1 mech",
        "1 infantry",
        ground=True,
        attacker_faction="empyrean",
        attacker_options=["dynamo:1"],
        rounds=1,
    )
    assert answer["attacker_survivors"] == pytest.approx({"1 mech": 1.0})


def test_59_3_the_odds_box_adds_the_nebula_defenders_bonus_with_factions() -> None:
    """A Sardakk cruiser (6: 0.5) v a cruiser in a nebula (7 - 1: 0.5): each side alone
    .25 a round, both .25, so 1/3 each."""
    from engine.core.state import Unit
    from engine.odds.board import board_odds

    box = board_odds(
        [Unit("red-cruiser-1", "cruiser", "red", grade="sardakk")],
        [Unit("blue-cruiser-1", "cruiser", "blue")],
        ground=False,
        attacker_faction="sardakk",
        defender_bonus=1,
    )
    assert box == pytest.approx(
        {"attacker_wins": 1 / 3, "defender_wins": 1 / 3, "both_destroyed": 1 / 3}
    )


def test_mordred_adds_two_in_space_when_the_alastor_brings_it() -> None:
    """The Alastor (0.2 x2) and Mordred as a ship (6, +2: 0.7) miss a cruiser with
    0.8 * 0.8 * 0.3 = 0.192."""
    answer = _ok(
        "flagship, 1 mech",
        "1 cruiser",
        attacker_faction="nekro",
        attacker_options=["the_alastor", "mordred"],
        rounds=1,
    )
    assert answer["defender_survivors"]["1 cruiser"] == pytest.approx(0.192)


def test_neutral_units_have_no_flagship_and_are_refused_one() -> None:
    refused = odds("1 flagship", "1 cruiser", attacker_faction="neutral")
    assert refused["ok"] is False and refused["error"]["field"] == "attacker"
    assert "no flagship" in refused["error"]["message"]
