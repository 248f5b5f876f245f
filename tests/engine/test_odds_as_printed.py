"""Cards as printed in the exact odds: values and hits the peer calculator showed us wrong.

Each expected value is worked out by hand from the dice in the docstring (a d10 hits on its
value or more: value 8 hits with 0.3); a hit whose owner assigns it goes to the opponent's
most costly unit that cannot cancel it (``engine.odds.taking.owners_hit``).
"""

from __future__ import annotations

import pytest
from odds_answers import close_to as _close
from odds_answers import ok_odds as _ok


def _fleets(survivors: dict[str, float]) -> dict[frozenset[str], float]:
    """Survivors by the set of a label's items (a label's order is not the point here)."""
    return {frozenset(label.split(", ")): p for label, p in survivors.items()}


def test_strike_wing_alpha_i_rolls_combat_8_as_printed() -> None:
    """One round, 1 Strike Wing Alpha I v 1 fighter; no barrage dice reach it in this
    test (the destroyer's barrage is 9 x2 against the lone fighter: 0.36), so the fighter
    lives through both with 0.64 * 0.7."""
    answer = _ok("1 destroyer", "1 fighter", attacker_faction="argent", rounds=1)
    assert answer["defender_survivors"]["1 fighter"] == pytest.approx(0.64 * 0.7)


def test_z_grav_eidolon_has_no_sustain_damage() -> None:
    """The Eidolon's space side prints no Sustain Damage: the cruiser's one hit (0.4), which
    the carrier kept for last does not take, destroys the mech."""
    answer = _ok(
        "1 carrier, 1 mech",
        "1 cruiser",
        attacker_faction="naaz_rokha",
        attacker_options=["z_grav_eidolon", "keep:carrier"],
        rounds=1,
    )
    assert _fleets(answer["attacker_survivors"]) == pytest.approx(
        {frozenset({"1 carrier", "1 Z-Grav Eidolon"}): 0.6, frozenset({"1 carrier"}): 0.4}
    )


def test_devotion_assigns_its_hit_to_the_most_costly_ship_that_cannot_cancel_it() -> None:
    """2 destroyers (0.2 each) v a dreadnought and a carrier (0.6, 0.2), one round, Devotion
    after it. With no Yin hit (0.64) and a destroyer left (both hit: 0.12, else 0.88),
    Devotion's hit destroys the carrier (cost 3, no Sustain Damage), not the dreadnought,
    which would cancel it."""
    answer = _ok(
        "2 destroyer",
        "1 dreadnought, 1 carrier",
        attacker_faction="yin",
        attacker_options=["devotion:1"],
        rounds=1,
    )
    assert answer["defender_survivors"]["1 dreadnought"] == pytest.approx(0.64 * 0.88)


def test_dimensional_splicer_assigns_its_hit_and_damages_when_every_ship_can_cancel() -> None:
    """At the start of combat the hit destroys the carrier; against 2 dreadnoughts it damages
    one of them (nothing left that cannot cancel it)."""
    kwargs = {"attacker_faction": "creuss", "attacker_options": ["dimensional_splicer"]}
    carrier = _ok("1 cruiser", "1 dreadnought, 1 carrier", rounds=1, **kwargs)
    # Round 1: the cruiser (0.4) damages the dreadnought, else it is untouched.
    assert carrier["defender_survivors"] == pytest.approx(
        {"1 dreadnought": 0.6, "1 dreadnought (1 damaged)": 0.4}
    )
    two = _ok("1 cruiser", "2 dreadnought", rounds=1, **kwargs)
    assert two["defender_survivors"] == pytest.approx(
        {"2 dreadnought (1 damaged)": 0.6, "2 dreadnought (2 damaged)": 0.4}
    )


def test_magen_defense_grid_omega_assigns_its_hit_to_a_damaged_mech_first() -> None:
    """Its hit destroys the damaged mech (cost 2, no Sustain Damage left), not the infantry
    the attacker would lose first; then 1 infantry v 1 infantry: 0.21 / 0.51 each, both
    0.09 / 0.51."""
    answer = _ok(
        "1 damaged mech, 1 infantry",
        "1 infantry, 1 space dock",
        ground=True,
        defender_options=["magen_defense_grid_omega"],
    )
    _close(
        answer,
        attacker_wins=0.21 / 0.51,
        defender_wins=0.21 / 0.51,
        both_destroyed=0.09 / 0.51,
    )


def test_87_a_kept_flagship_still_uses_sustain_damage_before_a_dreadnought_is_lost() -> None:
    """Genesis kept for last, beside a dreadnought, v 2 cruisers (0.4 each), one round: with
    2 hits (0.16) both sustain, where the flagship kept from sustaining lost the dreadnought."""
    answer = _ok(
        "1 flagship, 1 dreadnought",
        "2 cruiser",
        attacker_faction="sol",
        attacker_options=["keep:flagship"],
        rounds=1,
    )
    survivors = _fleets(answer["attacker_survivors"])
    both = frozenset({"1 Genesis (1 damaged)", "1 dreadnought (1 damaged)"})
    assert survivors[both] == pytest.approx(0.16)
    assert survivors[frozenset({"1 Genesis", "1 dreadnought (1 damaged)"})] == pytest.approx(0.48)
    assert survivors[frozenset({"1 Genesis", "1 dreadnought"})] == pytest.approx(0.36)


def test_87_losing_fodder_first_a_kept_unit_still_sustains_before_it_is_lost() -> None:
    """Fodder first: the carrier goes before the kept dreadnought, which then sustains."""
    answer = _ok(
        "1 carrier, 1 dreadnought",
        "2 cruiser",
        attacker_options=["lose_first", "keep:dreadnought"],
        rounds=1,
    )
    survivors = answer["attacker_survivors"]
    assert survivors["1 dreadnought"] == pytest.approx(0.48)
    assert survivors["1 dreadnought (1 damaged)"] == pytest.approx(0.16)
