"""Action cards and the nebula in the exact odds, each against a hand calculation.

A d10 hits on its value or more: a cruiser (7) hits with 0.4, a destroyer (9) with 0.2,
an infantry (8) with 0.3, a dreadnought (5) with 0.6. Where a card's effect is to take
something out of the combat (a PDS, a space cannon shot), the answer is also the same
combat without it, which the engine answers without the card.
"""

from __future__ import annotations

from odds_answers import close_to, ok_odds

from engine.api import odds


def test_59_3_nebula_gives_the_defender_plus_1_in_space_combat() -> None:
    """Cruiser v cruiser, the defender hitting on 6 (0.5): per round the attacker alone
    hits 0.4 * 0.5 = 0.2, the defender alone 0.6 * 0.5 = 0.3, both 0.2, none 0.3."""
    answer = ok_odds("1 cruiser", "1 cruiser", defender_options=["in_a_nebula"])
    close_to(answer, attacker_wins=0.2 / 0.7, defender_wins=0.3 / 0.7, both_destroyed=0.2 / 0.7)


def test_59_3_nebula_is_the_defenders_and_a_space_combats() -> None:
    refused = odds("1 cruiser", "1 cruiser", attacker_options=["in_a_nebula"])
    assert refused["ok"] is False and refused["error"]["field"] == "attacker_options"
    ground = odds("1 infantry", "1 infantry", ground=True, defender_options=["in_a_nebula"])
    assert ground["ok"] is False


def test_solar_flare_keeps_the_defenders_space_cannon_off_the_attackers_ships() -> None:
    """Cruiser v destroyer and a PDS: with the card the PDS never fires, leaving the duel
    (attacker alone 0.4 * 0.8 = 0.32, defender alone 0.6 * 0.2 = 0.12, both 0.08)."""
    flare = ok_odds("1 cruiser", "1 destroyer, 1 pds", attacker_options=["solar_flare"])
    close_to(flare, attacker_wins=0.32 / 0.52, defender_wins=0.12 / 0.52)
    fired = ok_odds("1 cruiser", "1 destroyer, 1 pds")
    assert fired["attacker_wins"] < flare["attacker_wins"] - 0.1  # the PDS hits with 0.5


def test_disable_takes_the_pds_shield_and_cannon_out_of_the_invasion() -> None:
    """A PDS's shield stops the dreadnought's bombardment and its cannon fires at the
    infantry; with Disable the invasion is the one without the PDS at all."""
    disabled = ok_odds(
        "1 dreadnought, 2 infantry", "1 pds, 1 infantry", ground=True, attacker_options=["disable"]
    )
    bare = ok_odds("1 dreadnought, 2 infantry", "1 infantry", ground=True)
    close_to(disabled, **{k: bare[k] for k in ("attacker_wins", "defender_wins")})
    shielded = ok_odds("1 dreadnought, 2 infantry", "1 pds, 1 infantry", ground=True)
    assert shielded["attacker_wins"] < disabled["attacker_wins"] - 0.05


def test_blitz_gives_a_cruiser_bombardment_6() -> None:
    """The cruiser's bombardment (6: 0.5) destroys the lone infantry; else infantry v
    infantry, each hitting with 0.3: the attacker alone 0.21, both 0.09, none 0.49."""
    answer = ok_odds("1 cruiser, 1 infantry", "1 infantry", ground=True, attacker_options=["blitz"])
    close_to(
        answer,
        attacker_wins=0.5 + 0.5 * 0.21 / 0.51,
        defender_wins=0.5 * 0.21 / 0.51,
        both_destroyed=0.5 * 0.09 / 0.51,
    )


def test_blitz_adds_nothing_to_a_ship_that_bombards_or_a_fighter() -> None:
    """A dreadnought bombards at 5 with or without the card; a fighter never bombards."""
    for fleet in ("1 dreadnought, 1 infantry", "2 fighter, 1 carrier, 1 infantry"):
        with_card = ok_odds(fleet, "1 infantry", ground=True, attacker_options=["blitz"])
        without = ok_odds(fleet, "1 infantry", ground=True)
        if "dreadnought" in fleet:
            close_to(with_card, attacker_wins=without["attacker_wins"])
        else:  # only the carrier gains it: the fighters would add more
            close_to(with_card, attacker_wins=0.5 + 0.5 * 0.21 / 0.51)


def test_emergency_repairs_repairs_every_damaged_unit_at_the_end_of_the_round() -> None:
    """Two damaged dreadnoughts (each hits 0.6); the attacker repairs at the end of round 1.

    Round 1: the attacker alone hits 0.24 (wins), the defender alone 0.24 (wins), both
    0.36 (both gone), none 0.16: the attacker's dreadnought is repaired. From there each
    round: the attacker alone hits 0.24 (wins), both 0.36 (it sustains and wins), the
    defender alone 0.24 (it sustains: the damaged duel, 0.24 / 0.84 each way, 0.36 / 0.84
    both gone), none 0.16 (again).
    """
    duel = 0.24 / 0.84
    after_attacker = (0.24 + 0.36 + 0.24 * duel) / 0.84
    after_defender = 0.24 * duel / 0.84
    after_both = 0.24 * (0.36 / 0.84) / 0.84
    answer = ok_odds(
        "1 damaged dreadnought",
        "1 damaged dreadnought",
        attacker_options=["emergency_repairs:1"],
    )
    close_to(
        answer,
        attacker_wins=0.24 + 0.16 * after_attacker,
        defender_wins=0.24 + 0.16 * after_defender,
        both_destroyed=0.36 + 0.16 * after_both,
    )


def test_shields_holding_cancels_2_hits_in_the_round_named() -> None:
    """2 cruisers v 1 cruiser holding the card in round 1: the attacker's hits (at most 2)
    are all cancelled; the defender hits with 0.4, leaving 1 v 1, else 2 v 1.

    1 v 1: each side wins 0.24 / 0.64 = 0.375, both go 0.25. 2 v 1, per round: the
    attacker hits at least once with 0.64 and wins (even if it loses a cruiser), the
    defender alone hits 0.36 * 0.4 = 0.144 (to 1 v 1), nobody 0.216 (again).
    """
    go_on = 1 - 0.216
    two_wins = (0.64 + 0.144 * 0.375) / go_on
    two_loses, two_both = 0.144 * 0.375 / go_on, 0.144 * 0.25 / go_on
    answer = ok_odds("2 cruiser", "1 cruiser", defender_options=["shields_holding:1"])
    close_to(
        answer,
        attacker_wins=0.4 * 0.375 + 0.6 * two_wins,
        defender_wins=0.4 * 0.375 + 0.6 * two_loses,
        both_destroyed=0.4 * 0.25 + 0.6 * two_both,
    )
    ground = odds("2 infantry", "1 infantry", ground=True, defender_options=["shields_holding"])
    assert ground["ok"] is False and "no use in a ground combat" in ground["error"]["message"]


def test_reflective_shielding_answers_a_sustain_with_2_hits() -> None:
    """One round, a dreadnought with the card v 2 fighters (0.2 each: 0 hits 0.64, 1 0.32,
    2 0.04). One hit: the dreadnought sustains and the card's 2 hits destroy both
    fighters (the attacker wins); two: it sustains, is destroyed, and takes both fighters
    with it. No hit: one fighter is left, undecided."""
    answer = ok_odds(
        "1 dreadnought", "2 fighter", rounds=1, attacker_options=["reflective_shielding"]
    )
    close_to(answer, attacker_wins=0.32, both_destroyed=0.04, defender_wins=0.0)
    plain = ok_odds("1 dreadnought", "2 fighter", rounds=1)
    assert plain["attacker_wins"] == 0.0
    assert "card" not in str(answer["attacker_survivors"])


def test_reflective_shielding_is_played_once() -> None:
    """One round, 2 dreadnoughts with the card (2 dice at 0.6) v 4 fighters (k hits:
    0.4096, 0.4096, 0.1536, 0.0256, 0.0016). Any hit makes a dreadnought sustain: the card's
    2 hits and the dreadnoughts' 2 take every fighter with 0.36. Two or three hits make both
    sustain, yet the card is played once (twice, its 4 hits alone would win). Four hits
    destroy both dreadnoughts too."""
    answer = ok_odds(
        "2 dreadnought", "4 fighter", rounds=1, attacker_options=["reflective_shielding"]
    )
    close_to(
        answer,
        attacker_wins=0.36 * (0.4096 + 0.1536 + 0.0256),
        both_destroyed=0.36 * 0.0016,
    )


def test_courageous_to_the_end_rolls_2_dice_at_the_lost_ships_value() -> None:
    """One round, 2 cruisers with the card v a dreadnought (0.6). The cruisers score 2 hits
    with 0.16, else the dreadnought stands. If it hits, a cruiser is lost and the card rolls
    2 dice at 7 (any hit 1 - 0.36 = 0.64): each hit destroys the dreadnought outright.
    Attacker wins 0.6 * (1 - 0.84 * 0.36) + 0.4 * 0.16."""
    answer = ok_odds(
        "2 cruiser", "1 dreadnought", rounds=1, attacker_options=["courageous_to_the_end"]
    )
    close_to(answer, attacker_wins=0.6 * (1 - 0.84 * 0.36) + 0.4 * 0.16, both_destroyed=0.0)
    plain = ok_odds("2 cruiser", "1 dreadnought", rounds=1)
    close_to(plain, attacker_wins=0.16)


def test_courageous_to_the_end_is_a_space_combat_card() -> None:
    refused = odds(
        "2 infantry", "1 infantry", ground=True, attacker_options=["courageous_to_the_end"]
    )
    assert refused["ok"] is False
