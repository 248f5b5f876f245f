"""Leaders, relics and promissory notes in the exact odds, each against a hand calculation.

A d10 hits on its value or more: a cruiser (7) hits with 0.4, an infantry (8) with 0.3, a
dreadnought (5) with 0.6. One round of cruiser v cruiser: the attacker alone wins
0.4 * 0.6, the defender alone 0.6 * 0.4, both go 0.4 * 0.4.
"""

from __future__ import annotations

import pytest
from odds_answers import close_to, ok_odds

from engine.api import odds


def test_viscount_unlenn_gives_the_best_ship_1_more_die_in_the_round_named() -> None:
    """Two dice at 7: at least one hits with 1 - 0.36 = 0.64."""
    answer = ok_odds("1 cruiser", "1 cruiser", rounds=1, attacker_options=["viscount_unlenn:1"])
    close_to(answer, attacker_wins=0.64 * 0.6, defender_wins=0.36 * 0.4, both_destroyed=0.64 * 0.4)
    later = ok_odds("1 cruiser", "1 cruiser", rounds=1, attacker_options=["viscount_unlenn:2"])
    close_to(later, attacker_wins=0.4 * 0.6)


def test_evelyn_delouis_gives_a_ground_force_1_more_die() -> None:
    """Two dice at 8: at least one hits with 1 - 0.49 = 0.51."""
    answer = ok_odds(
        "1 infantry", "1 infantry", ground=True, rounds=1, attacker_options=["evelyn_delouis"]
    )
    close_to(answer, attacker_wins=0.51 * 0.7, defender_wins=0.49 * 0.3, both_destroyed=0.51 * 0.3)
    assert odds("1 cruiser", "1 cruiser", attacker_options=["evelyn_delouis"])["ok"] is False


def test_tellurian_cancels_the_first_hit_against_its_holder() -> None:
    """One round: the defender's hit is cancelled, so only the attacker can win."""
    answer = ok_odds("1 cruiser", "1 cruiser", rounds=1, defender_options=["tellurian"])
    close_to(answer, attacker_wins=0.0, defender_wins=0.4, both_destroyed=0.0)
    # To the end. While the card is held: both miss (0.36) and nothing changes; the
    # attacker alone hits (0.24) and the card is spent, leaving a plain duel (the defender
    # wins it with 0.24 / 0.64); the defender hits (0.4, alone or with the cancelled hit
    # of the attacker) and wins.
    whole = ok_odds("1 cruiser", "1 cruiser", defender_options=["tellurian"])
    close_to(whole, defender_wins=(0.4 + 0.24 * (0.24 / 0.64)) / 0.64)


def test_rickar_rickani_adds_2_to_the_winnus_combat_rolls() -> None:
    """Cruisers at 5: 0.6 a die."""
    answer = ok_odds(
        "1 cruiser",
        "1 cruiser",
        rounds=1,
        attacker_faction="winnu",
        attacker_options=["rickar_rickani"],
    )
    close_to(answer, attacker_wins=0.6 * 0.6, defender_wins=0.4 * 0.4, both_destroyed=0.6 * 0.4)
    assert odds("1 cruiser", "1 cruiser", attacker_options=["rickar_rickani"])["ok"] is False


def test_two_ram_bombards_through_planetary_shield() -> None:
    """A dreadnought's bombardment (5: 0.6) against 1 infantry with a PDS on the planet:
    with 2RAM it fires, otherwise the shield stops it. No space cannon defense is left out:
    both answers face the PDS's shot."""
    shielded = ok_odds("1 dreadnought, 1 infantry", "1 pds, 1 infantry", ground=True)
    through = ok_odds(
        "1 dreadnought, 1 infantry",
        "1 pds, 1 infantry",
        ground=True,
        attacker_faction="l1z1x",
        attacker_options=["two_ram"],
    )
    # The bombardment destroys the infantry with 0.6 before anything else happens; what
    # follows the PDS's shot is the same combat either way.
    close_to(through, attacker_wins=0.6 * 0.5 + 0.4 * shielded["attacker_wins"])


def test_the_cavalry_lends_memoria_is_values_to_a_ship() -> None:
    """A carrier as Memoria I: 2 dice at 7 (any hit 0.64) and Sustain Damage, so the
    cruiser's hit (0.4) only damages it in the first round."""
    answer = ok_odds("1 carrier", "1 cruiser", rounds=1, attacker_options=["the_cavalry"])
    close_to(answer, attacker_wins=0.64, defender_wins=0.0, both_destroyed=0.0)
    against_nomad = ok_odds(
        "1 carrier",
        "1 cruiser",
        rounds=1,
        attacker_options=["the_cavalry"],
        defender_faction="nomad",
    )
    close_to(against_nomad, attacker_wins=0.2 * 0.6)  # a plain carrier (9) v cruiser


def test_the_cavalry_ii_lends_memoria_ii_is_barrage() -> None:
    """A carrier as Memoria II against 3 fighters, one round. Barrage 5 (x3), each die
    0.6, leaves 0 fighters (0.216), 1 (0.432) or 2 (0.288). Its 2 combat dice at 5 take
    the last with 0.84, the last two with 0.36; a lone fighter's hit (0.2) is sustained,
    two hits (0.04) destroy the carrier too."""
    answer = ok_odds("1 carrier", "3 fighter", rounds=1, attacker_options=["the_cavalry_ii"])
    close_to(
        answer,
        attacker_wins=0.216 + 0.432 * 0.84 + 0.288 * 0.36 * 0.96,
        both_destroyed=0.288 * 0.36 * 0.04,
    )


def test_lightrail_ordnance_gives_space_docks_space_cannon_5_x2() -> None:
    """A space dock named: 2 dice at 5 (0.6) hit the arriving cruiser with 0.84; it
    survives with 0.16 into a round it wins alone with 0.4 * 0.6."""
    answer = ok_odds("1 cruiser", "1 cruiser", rounds=1, defender_options=["lightrail_ordnance:1"])
    close_to(answer, attacker_wins=0.16 * 0.4 * 0.6)
    # In an invasion the one space dock on the planet fires at the landing infantry.
    ground = ok_odds(
        "1 infantry", "1 infantry", ground=True, defender_options=["lightrail_ordnance:3"]
    )
    plain = ok_odds("1 infantry", "1 infantry", ground=True)
    close_to(ground, attacker_wins=0.16 * plain["attacker_wins"])


def test_metali_void_armaments_rolls_barrage_6_x3() -> None:
    """Barrage 3 dice at 6 (0.5) against 2 fighters: both go with 0.5, one with 0.375
    (then a cruiser v fighter round: 0.4 * 0.8 alone, 0.6 * 0.2 the fighter alone, 0.08
    both), none with 0.125 (the fighters win if either hits: 0.36)."""
    answer = ok_odds("1 cruiser", "2 fighter", rounds=1, attacker_options=["metali_void_armaments"])
    close_to(
        answer,
        attacker_wins=0.5 + 0.375 * 0.32,
        defender_wins=0.375 * 0.12 + 0.125 * 0.36,
        both_destroyed=0.375 * 0.08,
    )


def test_metali_void_shielding_lets_a_cruiser_sustain() -> None:
    """One round: the defender's hit damages the cruiser instead of destroying it."""
    answer = ok_odds("1 cruiser", "1 cruiser", rounds=1, attacker_options=["metali_void_shielding"])
    close_to(answer, attacker_wins=0.4, defender_wins=0.0, both_destroyed=0.0)
    assert answer["attacker_survivors"]["1 cruiser (1 damaged)"] > 0.39
    # Once damaged it has used it: two rounds of hits destroy it.
    two = ok_odds("1 cruiser", "1 cruiser", rounds=2, attacker_options=["metali_void_shielding"])
    close_to(two, defender_wins=0.6 * 0.4 * 0.6 * 0.4)


def test_gravleash_maneuvers_adds_the_ship_types_to_one_ships_rolls() -> None:
    """Two ship types: +2 to one ship. The war sun's 3 dice gain most (3 -> 1: three sure
    hits); the cruiser keeps 0.4. Against 4 fighters (0.2 each) all go with 0.4; the
    fighters destroy both ships with 3 hits or more (4 * 0.2**3 * 0.8 + 0.2**4 = 0.0272)."""
    answer = ok_odds(
        "1 war sun, 1 cruiser",
        "4 fighter",
        rounds=1,
        attacker_faction="letnev",
        attacker_options=["gravleash_maneuvers"],
    )
    close_to(answer, attacker_wins=0.4 * (1 - 0.0272), both_destroyed=0.4 * 0.0272)


def test_gravleash_maneuvers_counts_the_types_each_round() -> None:
    """One type (a lone cruiser): +1, hitting on 6 (0.5)."""
    answer = ok_odds(
        "1 cruiser",
        "1 cruiser",
        rounds=1,
        attacker_faction="letnev",
        attacker_options=["gravleash_maneuvers"],
    )
    close_to(answer, attacker_wins=0.5 * 0.6, defender_wins=0.5 * 0.4, both_destroyed=0.5 * 0.4)


def test_imperator_adds_1_per_support_for_the_throne() -> None:
    """Two Support for the Throne: cruisers at 5 (0.6)."""
    answer = ok_odds(
        "1 cruiser",
        "1 cruiser",
        rounds=1,
        attacker_faction="winnu",
        attacker_options=["imperator:2"],
    )
    close_to(answer, attacker_wins=0.6 * 0.6, defender_wins=0.4 * 0.4, both_destroyed=0.6 * 0.4)


def test_dunlain_reaper_replaces_an_infantry_at_the_start_of_a_round_named() -> None:
    """Round 1 named: the infantry becomes a mech (6: 0.5, Sustain Damage), so the
    defender's hit (0.3) is sustained. Round 2 named: infantry v infantry first (each
    alone 0.21, both 0.09, neither 0.49), then the mech's round."""
    first = ok_odds(
        "1 infantry",
        "1 infantry",
        ground=True,
        rounds=1,
        attacker_faction="letnev",
        attacker_options=["dunlain_reaper_deploy"],
    )
    close_to(first, attacker_wins=0.5, defender_wins=0.0)
    second = ok_odds(
        "1 infantry",
        "1 infantry",
        ground=True,
        rounds=2,
        attacker_faction="letnev",
        attacker_options=["dunlain_reaper_deploy:2"],
    )
    close_to(second, attacker_wins=0.21 + 0.49 * 0.5, defender_wins=0.21, both_destroyed=0.09)


def test_ul_the_progenitor_gives_elysium_space_cannon_5_x3() -> None:
    """Each of Elysium's 3 dice at 5 hits with 0.6. A cruiser (7: 0.4) arriving lives
    through them with 0.4^3, then wins the duel against a destroyer (0.2) with
    0.4 * 0.8 / (1 - 0.6 * 0.8). Two infantry landing on it are hit as they land."""
    answer = ok_odds(
        "1 cruiser",
        "1 destroyer",
        defender_faction="titans",
        defender_options=["ul_the_progenitor"],
    )
    close_to(answer, attacker_wins=0.4**3 * (0.32 / 0.52))
    landing = ok_odds(
        "2 infantry",
        "1 infantry",
        ground=True,
        defender_faction="titans",
        defender_options=["ul_the_progenitor"],
    )
    # Both land with 0.4^3; 1 lands with 3 * 0.6 * 0.4^2 (exactly one of the 3 dice hits).
    both = ok_odds("2 infantry", "1 infantry", ground=True)["attacker_wins"]
    one = ok_odds("1 infantry", "1 infantry", ground=True)["attacker_wins"]
    close_to(landing, attacker_wins=0.4**3 * both + 3 * 0.6 * 0.4**2 * one)
    assert odds("1 cruiser", "1 destroyer", defender_options=["ul_the_progenitor"])["ok"] is False


def test_eidolon_maximum_rolls_4_dice_at_4_and_is_repaired_every_round() -> None:
    """One round against 2 cruisers: its 4 dice at 4 (0.7 each) sink both unless 0 or 1
    hit (1 - 0.3^4 - 4 * 0.7 * 0.3^3); it goes down only if both cruisers hit (0.16)."""
    naaz = {"attacker_faction": "naaz_rokha", "attacker_options": ["eidolon_maximum"]}
    sink = 1 - 0.3**4 - 4 * 0.7 * 0.3**3
    answer = ok_odds("1 mech", "2 cruiser", rounds=1, **naaz)
    close_to(answer, attacker_wins=sink * 0.84, both_destroyed=sink * 0.16)
    # A lone cruiser or infantry never makes the 2 hits in one round it takes: repaired
    # each round, it always wins. Nor does a PDS's space cannon fall on it first.
    for defender, ground in (("1 cruiser, 1 pds", False), ("1 pds, 1 infantry", True)):
        close_to(ok_odds("1 mech", defender, ground=ground, **naaz), attacker_wins=1.0)
    assert odds("1 mech", "1 cruiser", attacker_options=["eidolon_maximum"])["ok"] is False


def test_brother_milor_brings_2_fighters_or_infantry_after_a_unit_is_destroyed() -> None:
    """One round, a destroyer (9: 0.2) against a cruiser (7: 0.4): where the destroyer is
    destroyed 2 fighters take its place, so the attacker never loses the round."""
    space = ok_odds("1 destroyer", "1 cruiser", rounds=1, attacker_options=["brother_milor"])
    close_to(space, attacker_wins=0.2, defender_wins=0.0, both_destroyed=0.0, undecided=0.8)
    assert space["attacker_survivors"]["2 fighter"] == pytest.approx(0.4)
    ground = ok_odds(
        "1 infantry", "1 infantry", ground=True, rounds=1, attacker_options=["brother_milor"]
    )
    close_to(ground, attacker_wins=0.3, defender_wins=0.0, undecided=0.7)
    # Once only. Cruiser against cruiser and agent: the defender's fighters come when its
    # cruiser goes; the attacker then wins only if it sinks the cruiser first (0.24 of the
    # 0.64 of rounds that change anything) and then 2 fighters (0.2 each): from 2 fighters
    # it must hit while both miss (0.4 * 0.64), then win the duel 0.4 v 0.2.
    duel = 0.4 * 0.8 / (1 - 0.6 * 0.8)
    two = 0.4 * 0.64 * duel / (1 - 0.6 * 0.64)
    whole = ok_odds("1 cruiser", "1 cruiser", defender_options=["brother_milor"])
    close_to(whole, attacker_wins=0.24 / 0.64 * two)
