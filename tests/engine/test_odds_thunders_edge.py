"""The Council Keleres, Thunder's Edge's factions and the neutral units in the exact odds.

Each expected value is worked out by hand from the printed dice (engine/RULES.md, "Unit
and faction values"): a d10 hits on its value or more. Two units that each hit with p
and q, one hit apiece, fight it out with p(1-q) / (1 - (1-p)(1-q)) to the first.
"""

from __future__ import annotations

import pytest
from odds_answers import close_to, ok_odds

from engine.api import odds


def _duel(p: float, q: float) -> tuple[float, float, float]:
    """(first wins, second wins, both destroyed) of two one-hit units hitting p and q."""
    go_on = (1 - p) * (1 - q)
    return p * (1 - q) / (1 - go_on), q * (1 - p) / (1 - go_on), p * q / (1 - go_on)


def _flagship_v_one_hit(p: float, q: float) -> tuple[float, float, float]:
    """A flagship (Sustain Damage) with one die hitting p against a one-hit unit hitting q."""
    damaged = _duel(p, q)
    go_on = (1 - p) * (1 - q)
    wins = (p * (1 - q) + p * q + (1 - p) * q * damaged[0]) / (1 - go_on)
    return wins, (1 - p) * q * damaged[1] / (1 - go_on), (1 - p) * q * damaged[2] / (1 - go_on)


def test_exile_i_hits_on_8_and_exile_ii_on_7() -> None:
    """The Crimson Rebellion's destroyers against a standard destroyer (9: 0.2)."""
    for fleet, p in (("1 destroyer", 0.3), ("1 destroyer ii", 0.4)):
        answer = ok_odds(fleet, "1 destroyer", attacker_faction="crimson_rebellion")
        wins, loses, both = _duel(p, 0.2)
        close_to(answer, attacker_wins=wins, defender_wins=loses, both_destroyed=both)


def test_linkship_ii_barrage_6_x3_before_the_combat() -> None:
    """Linkship II (AFB 6 x3) against 1 fighter: the barrage kills it with 1 - 0.5^3;
    else destroyer (8: 0.3) v fighter (9: 0.2)."""
    answer = ok_odds("1 destroyer ii", "1 fighter", attacker_faction="ral_nel")
    wins, loses, both = _duel(0.3, 0.2)
    close_to(answer, attacker_wins=0.875 + 0.125 * wins, defender_wins=0.125 * loses)
    close_to(answer, both_destroyed=0.125 * both)


def test_artemiris_rolls_two_dice_at_7_for_the_keleres() -> None:
    """Artemiris (7 x2) v a cruiser (0.4): the flagship hits at least once with 0.64 and
    cannot lose its last hit point to one die a round before it sustains."""
    answer = ok_odds("1 flagship", "1 cruiser", attacker_faction="keleres")
    hit = 1 - 0.6 * 0.6
    close_to(
        answer,
        **dict(
            zip(
                ("attacker_wins", "defender_wins", "both_destroyed"),
                _flagship_v_one_hit(hit, 0.4),
                strict=True,
            )
        ),
    )


def test_heavens_eye_flagship_is_repaired_every_round() -> None:
    """Heaven's Eye (5 x2) v a cruiser, which makes at most 1 hit a round: the flagship
    sustains it and is repaired at the round's end, so it cannot be destroyed."""
    repaired = ok_odds(
        "1 flagship", "1 cruiser", attacker_faction="firmament", attacker_options=["heavens_eye"]
    )
    close_to(repaired, attacker_wins=1.0, defender_wins=0.0, both_destroyed=0.0)
    plain = ok_odds("1 flagship", "1 cruiser", attacker_faction="firmament")
    close_to(plain, attacker_wins=_flagship_v_one_hit(1 - 0.4 * 0.4, 0.4)[0])


def test_heavens_eye_is_the_firmaments_alone() -> None:
    refused = odds(
        "1 flagship", "1 cruiser", attacker_faction="obsidian", attacker_options=["heavens_eye"]
    )
    assert refused["ok"] is False and refused["error"]["field"] == "attacker_options"


def test_the_egeiro_adds_1_per_system_named_to_its_one_die() -> None:
    """The Egeiro (9 x1) with 2 systems hits on 7 (0.4) against a cruiser (0.4)."""
    answer = ok_odds(
        "1 flagship",
        "1 cruiser",
        attacker_faction="last_bastion",
        attacker_options=["the_egeiro:2"],
    )
    wins, loses, both = _flagship_v_one_hit(0.4, 0.4)
    assert abs(wins - 0.765625) < 1e-12  # (0.4 + 0.24 * 0.375) / 0.64
    close_to(answer, attacker_wins=wins, defender_wins=loses, both_destroyed=both)
    bare = ok_odds("1 flagship", "1 cruiser", attacker_faction="last_bastion")
    close_to(bare, attacker_wins=_flagship_v_one_hit(0.2, 0.4)[0])


def test_heavens_hollow_rolls_three_dice_at_5() -> None:
    """The Obsidian's flagship (5 x3) v a cruiser: at least one hit with 1 - 0.4^3."""
    answer = ok_odds("1 flagship", "1 cruiser", attacker_faction="obsidian")
    close_to(answer, attacker_wins=_flagship_v_one_hit(1 - 0.4**3, 0.4)[0])


def test_neutral_units_fight_with_the_standard_values() -> None:
    neutral = ok_odds("2 cruiser", "1 dreadnought, 2 fighter", defender_faction="neutral")
    plain = ok_odds("2 cruiser", "1 dreadnought, 2 fighter")
    close_to(neutral, **{k: plain[k] for k in ("attacker_wins", "defender_wins")})


def test_quietus_takes_the_opponents_sustain_damage() -> None:
    """Quietus (5 x2: at least one hit with 0.84) v a dreadnought (5: 0.6) that has lost
    Sustain Damage: a one-hit unit."""
    answer = ok_odds(
        "1 flagship",
        "1 dreadnought",
        attacker_faction="crimson_rebellion",
        attacker_options=["quietus"],
    )
    wins, loses, both = _flagship_v_one_hit(0.84, 0.6)
    close_to(answer, attacker_wins=wins, defender_wins=loses, both_destroyed=both)


def test_quietus_takes_the_opponents_barrage_and_space_cannon() -> None:
    """3 Exile I (8: 0.3) and the flagship v 2 destroyers and a PDS: with Quietus the
    defender's barrage and space cannon are gone, so the answer is that of the same fight
    without the PDS and against destroyers whose barrage never fires (it only hits
    fighters, which the attacker lacks): the PDS's shots alone make the difference."""
    quiet = ok_odds(
        "1 flagship, 3 destroyer",
        "2 destroyer, 1 pds",
        attacker_faction="crimson_rebellion",
        attacker_options=["quietus"],
    )
    bare = ok_odds("1 flagship, 3 destroyer", "2 destroyer", attacker_faction="crimson_rebellion")
    close_to(quiet, **{k: bare[k] for k in ("attacker_wins", "defender_wins")})
    fired = ok_odds(
        "1 flagship, 3 destroyer", "2 destroyer, 1 pds", attacker_faction="crimson_rebellion"
    )
    assert fired["attacker_wins"] < quiet["attacker_wins"]


def test_78_7_last_dispatch_destroys_a_ship_without_sustain_damage_as_it_retreats() -> None:
    """Last Dispatch (8 (x2), Sustain Damage) retreating after round 1 from a carrier
    (9): the carrier, if both dice missed (0.7^2), is destroyed as it goes; the carrier's
    one hit only damages the flagship, so every combat that goes on is a retreat. A
    dreadnought has Sustain Damage: the fighter beside it goes instead."""
    ral_nel = {"attacker_faction": "ral_nel", "rounds": 1, "retreat": "attacker"}
    answer = ok_odds("flagship", "1 carrier", **ral_nel)
    close_to(answer, retreated=0.49, attacker_wins=0.51)
    assert answer["defender_survivors"] == {"none": pytest.approx(1.0)}
    guarded = ok_odds("flagship", "1 dreadnought, 1 fighter", **ral_nel)
    # The fighter stays only where the flagship went down (no retreat: 0.6 * 0.2) having
    # hit at most once, which the dreadnought sustains (1 - 0.3^2).
    fighter = [p for label, p in guarded["defender_survivors"].items() if "fighter" in label]
    assert sum(fighter) == pytest.approx(0.12 * 0.91, abs=1e-12)
    # Without a retreat nothing is destroyed after the round.
    stays = ok_odds("flagship", "1 carrier", attacker_faction="ral_nel", rounds=1)
    assert stays["defender_survivors"]["1 carrier"] == pytest.approx(0.49)


def test_phoenix_standard_galvanized_units_roll_1_more_die() -> None:
    """A galvanized cruiser rolls 2 dice at 7 (any hit 1 - 0.6^2 = 0.64). Of 2 cruisers with
    1 galvanized, the other is lost first. A galvanized destroyer rolls combat 9 (x2) and
    barrage 9 (x3)."""
    galvanized = {"attacker_faction": "last_bastion", "attacker_options": ["phoenix_standard:1"]}
    answer = ok_odds("1 cruiser", "1 cruiser", rounds=1, **galvanized)
    close_to(answer, attacker_wins=0.64 * 0.6, defender_wins=0.36 * 0.4, both_destroyed=0.64 * 0.4)
    pair = ok_odds("2 cruiser", "1 cruiser", rounds=1, **galvanized)
    assert pair["attacker_survivors"]["1 cruiser (galvanized)"] == pytest.approx(0.4)
    barrage = ok_odds("1 destroyer", "1 fighter", rounds=1, attacker_options=["phoenix_standard:1"])
    # The barrage (3 dice at 9) kills the fighter with 1 - 0.8^3; else one round, its 2
    # combat dice at 9 against the fighter's 1 at 9.
    missed = 0.8**3
    close_to(barrage, attacker_wins=(1 - missed) + missed * (1 - 0.8**2) * 0.8)
