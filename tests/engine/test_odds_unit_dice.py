"""Cards that change the dice of unit abilities (Space Cannon, Anti-Fighter Barrage,
Bombardment) in the exact odds, each against a hand calculation.

A d10 hits on its value or more. A destroyer's barrage is 9 (x2): 0.2 a die. A duel of one
unit hitting with ``p`` against one hitting with ``q`` is won by the first with
``p (1 - q) / (1 - (1 - p)(1 - q))``.
"""

from __future__ import annotations

from odds_answers import close_to, ok_odds

from engine.api import odds


def _duel(p: float, q: float) -> float:
    return p * (1 - q) / (1 - (1 - p) * (1 - q))


def test_trrakan_aun_zulok_gives_the_argent_barrage_1_more_die() -> None:
    """Strike Wing Alpha I (combat 8, barrage 9 (x2)) against a fighter (9): the barrage
    kills it with 1 - 0.8^2, with the commander 1 - 0.8^3; else the duel 0.3 v 0.2."""
    plain = ok_odds("1 destroyer", "1 fighter", attacker_faction="argent")
    close_to(plain, attacker_wins=(1 - 0.8**2) + 0.8**2 * _duel(0.3, 0.2))
    answer = ok_odds(
        "1 destroyer",
        "1 fighter",
        attacker_faction="argent",
        attacker_options=["trrakan_aun_zulok"],
    )
    close_to(answer, attacker_wins=(1 - 0.8**3) + 0.8**3 * _duel(0.3, 0.2))
    assert odds("1 destroyer", "1 fighter", attacker_options=["trrakan_aun_zulok"])["ok"] is False


def test_trrakan_aun_zulok_gives_space_cannon_and_bombardment_1_more_die() -> None:
    """A PDS (6: 0.5) against a lone cruiser: with the commander 2 dice, the cruiser
    lives with 0.25. A dreadnought's bombardment (5: 0.6) with 2 dice kills a lone infantry
    with 0.84, else a duel of infantry (0.3 each)."""
    cannon = ok_odds(
        "1 cruiser", "1 pds", defender_faction="argent", defender_options=["trrakan_aun_zulok"]
    )
    close_to(cannon, attacker_wins=0.25)
    bombard = ok_odds(
        "1 dreadnought, 1 infantry",
        "1 infantry",
        ground=True,
        attacker_faction="argent",
        attacker_options=["trrakan_aun_zulok"],
    )
    close_to(bombard, attacker_wins=0.84 + 0.16 * _duel(0.3, 0.3))


def test_strike_wing_ambuscade_adds_1_die_to_its_holders_first_unit_ability_roll() -> None:
    """A destroyer (combat 9) against a fighter: the barrage's 3 dice, then a duel 0.2 v 0.2.
    Against a PDS the note goes on the space cannon (2 dice: 0.25 to live), so the
    defender's barrage-less side is the same; on the attacker's bombardment, 2 dice."""
    barrage = ok_odds("1 destroyer", "1 fighter", attacker_options=["strike_wing_ambuscade"])
    close_to(barrage, attacker_wins=(1 - 0.8**3) + 0.8**3 * _duel(0.2, 0.2))
    cannon = ok_odds("1 cruiser", "1 pds", defender_options=["strike_wing_ambuscade"])
    close_to(cannon, attacker_wins=0.25)
    bombard = ok_odds(
        "1 dreadnought, 1 infantry",
        "1 infantry",
        ground=True,
        attacker_options=["strike_wing_ambuscade"],
    )
    close_to(bombard, attacker_wins=0.84 + 0.16 * _duel(0.3, 0.3))


def test_strike_wing_ambuscade_is_played_once() -> None:
    """A PDS and a destroyer defending: the note goes on the space cannon, not the barrage.
    The attacker's 2 fighters face 2 dice at 6 (0.75 each to live), then the barrage's
    2 dice at 9 as printed: the same as a PDS with 2 dice and no note."""
    with_note = ok_odds(
        "2 fighter", "1 pds, 1 destroyer", defender_options=["strike_wing_ambuscade"]
    )
    two_pds = ok_odds("2 fighter", "2 pds, 1 destroyer")
    close_to(with_note, attacker_wins=two_pds["attacker_wins"])


def test_ta_zern_rerolls_the_jol_nars_unit_ability_misses() -> None:
    """A PDS (6) rerolling a miss hits with 0.75; the barrage's dice at 9 with 0.36, so
    2 of them kill a fighter with 1 - 0.64^2. The Jol-Nar's destroyer then hits with 0.1
    (Fragile), the fighter with 0.2."""
    cannon = ok_odds("1 cruiser", "1 pds", defender_faction="jol_nar", defender_options=["ta_zern"])
    close_to(cannon, attacker_wins=0.25)
    barrage = ok_odds(
        "1 destroyer", "1 fighter", attacker_faction="jol_nar", attacker_options=["ta_zern"]
    )
    close_to(barrage, attacker_wins=(1 - 0.64**2) + 0.64**2 * _duel(0.1, 0.2))


def test_iconoclast_omega_stops_the_opponents_barrage() -> None:
    """A Naalu fighter (8: 0.3) against a destroyer (9: 0.2, barrage 9 (x2)), one round:
    without the mech the barrage kills it first with 1 - 0.8^2; with it, no barrage."""
    plain = ok_odds("1 fighter", "1 destroyer", rounds=1, attacker_faction="naalu")
    close_to(plain, defender_wins=0.36 + 0.64 * 0.7 * 0.2, attacker_wins=0.64 * 0.3 * 0.8)
    answer = ok_odds(
        "1 fighter",
        "1 destroyer",
        rounds=1,
        attacker_faction="naalu",
        attacker_options=["iconoclast_omega"],
    )
    close_to(answer, attacker_wins=0.3 * 0.8, defender_wins=0.7 * 0.2, both_destroyed=0.3 * 0.2)
    armed = ok_odds(
        "1 fighter",
        "1 destroyer",
        rounds=1,
        attacker_faction="naalu",
        attacker_options=["iconoclast_omega"],
        defender_options=["metali_void_armaments"],
    )
    close_to(armed, attacker_wins=0.3 * 0.8)
