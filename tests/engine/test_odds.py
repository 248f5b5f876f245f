"""Exact odds: hand-checked cases, conservation of probability, and agreement with play.

The play check fights battles with the same building blocks the tactical action
uses (engine.core.combat with seeded dice); tests/engine/test_monte_carlo.py does
the same through the whole engine.
"""

from __future__ import annotations

import math
import subprocess
import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest

from engine.core.casualties import CasualtyPolicy, take_hits
from engine.core.combat import ANTI_FIGHTER_BARRAGE, SPACE_CANNON_OFFENSE, SPACE_COMBAT, roll_attack
from engine.core.dice import Dice
from engine.odds import Piece, combat_odds, fleet_label, parse_fleet


@dataclass(frozen=True)
class Unit:
    id: str
    type: str
    damaged: bool = False


def total(odds: object) -> float:
    return odds.attacker_wins + odds.defender_wins + odds.both_destroyed  # type: ignore[attr-defined]


def test_one_cruiser_against_one_cruiser() -> None:
    odds = combat_odds(["cruiser"], ["cruiser"])
    assert odds.attacker_wins == pytest.approx(0.375, abs=1e-12)
    assert odds.defender_wins == pytest.approx(0.375, abs=1e-12)
    assert odds.both_destroyed == pytest.approx(0.25, abs=1e-12)
    assert odds.attacker_survivors == pytest.approx({"none": 0.625, "1 cruiser": 0.375})


def test_dreadnought_sustains_damage_against_a_cruiser() -> None:
    # By hand: a dreadnought hits on 5 (0.6), a cruiser on 7 (0.4), a round with
    # no hits is replayed. Undamaged: win 0.6/0.76, else damaged with 0.16/0.76;
    # damaged: win 0.36/0.76, lose 0.16/0.76, both 0.24/0.76.
    odds = combat_odds(["dreadnought"], ["cruiser"])
    to_damaged = Fraction(16, 76)
    expected_win = Fraction(60, 76) + to_damaged * Fraction(36, 76)
    assert odds.attacker_wins == pytest.approx(float(expected_win), abs=1e-12)
    assert odds.defender_wins == pytest.approx(float(to_damaged * Fraction(16, 76)), abs=1e-12)
    assert odds.both_destroyed == pytest.approx(float(to_damaged * Fraction(24, 76)), abs=1e-12)
    assert odds.attacker_survivors["1 dreadnought (1 damaged)"] > 0


@pytest.mark.parametrize(
    ("attacker", "defender", "ground"),
    [
        ("2 dreadnought, 3 cruiser, 3 destroyer", "2 dreadnought, 2 carrier, 4 fighter", False),
        ("1 war sun, 4 fighter", "6 fighter, 2 destroyer, 1 pds", False),
        ("3 infantry, 2 mech, 1 dreadnought", "4 infantry, 1 mech, 1 pds, 1 space dock", True),
    ],
)
def test_probabilities_sum_to_one(attacker: str, defender: str, ground: bool) -> None:
    odds = combat_odds(parse_fleet(attacker), parse_fleet(defender), ground=ground)
    assert total(odds) == pytest.approx(1.0, abs=1e-9)
    assert sum(odds.attacker_survivors.values()) == pytest.approx(1.0, abs=1e-9)
    assert sum(odds.defender_survivors.values()) == pytest.approx(1.0, abs=1e-9)
    assert odds.attacker_survivors.get("none", 0.0) == pytest.approx(
        odds.defender_wins + odds.both_destroyed, abs=1e-9
    )


def test_symmetric_fleets_are_even() -> None:
    odds = combat_odds(parse_fleet("2 cruiser, 2 fighter"), parse_fleet("2 cruiser, 2 fighter"))
    assert odds.attacker_wins == pytest.approx(odds.defender_wins, abs=1e-12)


def test_space_cannon_offense_fires_before_combat() -> None:
    # A lone fighter against a PDS and nothing else: it survives only if the PDS misses (hits on 6).
    odds = combat_odds(["fighter"], ["pds"])
    assert odds.attacker_wins == pytest.approx(0.5)
    assert odds.defender_wins == pytest.approx(0.5)
    assert odds.both_destroyed == 0.0
    # The attacker's own PDS fire at the defender's ships the same way.
    helped = combat_odds(["fighter", "pds"], ["fighter"])
    assert helped.attacker_wins > combat_odds(["fighter"], ["fighter"]).attacker_wins


def test_anti_fighter_barrage_only_in_the_first_round_and_only_at_fighters() -> None:
    with_barrage = combat_odds(["destroyer"], ["fighter", "fighter"])
    without = combat_odds(["destroyer"], ["fighter", "fighter"], barrage=False)
    assert with_barrage.attacker_wins > without.attacker_wins
    # Against a cruiser a barrage has nothing to hit.
    assert combat_odds(["destroyer"], ["cruiser"]).attacker_wins == pytest.approx(
        combat_odds(["destroyer"], ["cruiser"], barrage=False).attacker_wins
    )


def test_ground_combat_bombardment_and_planetary_shield() -> None:
    plain = combat_odds(["infantry"], ["infantry"], ground=True)
    # Infantry hit on 8 (0.3): symmetric, both destroyed 0.09/0.51.
    assert plain.both_destroyed == pytest.approx(0.09 / 0.51)
    bombarded = combat_odds(["infantry", "dreadnought"], ["infantry"], ground=True)
    assert bombarded.attacker_wins == pytest.approx(0.6 + 0.4 * plain.attacker_wins)
    # A PDS shields the planet from the dreadnought and fires space cannon defense (6+).
    shielded = combat_odds(["infantry", "dreadnought"], ["infantry", "pds"], ground=True)
    assert shielded.attacker_wins == pytest.approx(0.5 * plain.attacker_wins)
    # A war sun switches the shield off for every bombarding ship (65.3).
    with_war_sun = combat_odds(
        ["infantry", "dreadnought", "war_sun"], ["infantry", "pds"], ground=True
    )
    assert with_war_sun.attacker_wins > shielded.attacker_wins


def test_undefended_planet_falls_unless_space_cannon_defense_stops_it() -> None:
    assert combat_odds(["infantry"], [], ground=True).attacker_wins == 1.0
    odds = combat_odds(["infantry"], ["pds"], ground=True)
    assert odds.attacker_wins == pytest.approx(0.5)
    assert odds.defender_wins == pytest.approx(0.5)


def test_mech_sustains_in_ground_combat_and_policy_changes_survivors() -> None:
    fleet = ["mech", "infantry", "infantry"]
    first = combat_odds(fleet, ["infantry"] * 3, ground=True)
    later = combat_odds(fleet, ["infantry"] * 3, ground=True, casualties="lose_first")
    assert first.attacker_wins != pytest.approx(later.attacker_wins)
    assert any("damaged" in label for label in first.attacker_survivors)


def test_damaged_units_can_be_passed_in() -> None:
    fresh = combat_odds([Piece("dreadnought")], ["cruiser"])
    worn = combat_odds([Piece("dreadnought", damaged=True)], ["cruiser"])
    assert worn.attacker_wins < fresh.attacker_wins


@pytest.mark.parametrize(
    ("attacker", "defender", "ground", "message"),
    [
        (["infantry", "cruiser"], ["cruiser"], False, "attacker's infantry takes no part"),
        (["pds"], ["cruiser"], False, "attacker needs at least one ship"),
        (["cruiser"], ["infantry"], True, "attacker needs at least one ground force"),
        (["infantry"], ["cruiser"], True, "defender's cruiser takes no part"),
        (["infantry"], ["infantry"], True, "unknown casualty policy"),
    ],
)
def test_impossible_combats_are_refused(
    attacker: list[str], defender: list[str], ground: bool, message: str
) -> None:
    casualties = "bravest" if "policy" in message else None
    with pytest.raises(ValueError, match=message):
        combat_odds(attacker, defender, ground=ground, casualties=casualties)


def test_parse_fleet_reads_counts_and_spellings() -> None:
    assert parse_fleet("1 Dreadnought, 2 fighters, war sun, 1 WAR_SUN") == (
        "dreadnought",
        "fighter",
        "fighter",
        "war_sun",
        "war_sun",
    )
    assert parse_fleet("") == ()
    label = fleet_label([Piece("war_sun", True), Piece("fighter"), Piece("war_sun")])
    assert label == "1 fighter, 2 war sun (1 damaged)"


# Labels a fleet after warming the process up with each graded unit, in the order given.
_LABEL_AFTER = """
import sys
from engine.odds import Piece, fleet_label
names = sys.argv[1:]
for name in names:
    fleet_label([Piece(name)])
print(fleet_label([Piece(name) for name in sorted(names)] + [Piece("war_sun", True)]))
"""


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_a_fleet_reads_the_same_whatever_its_process_labelled_before() -> None:
    """A survivor's label is the answer a page matches and a player reads: the same fleet
    reads the same in a fresh worker, a long-lived one and a test."""
    names = ["mech|sardakk", "infantry|sol ii", "flagship|letnev", "cruiser|ii"]
    labels = {
        subprocess.run(
            [sys.executable, "-c", _LABEL_AFTER, *order],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parents[2],
        ).stdout
        for order in (names, names[::-1])
    }
    assert labels == {
        "1 cruiser ii, 1 war sun (1 damaged), 1 Spec Ops II, 1 mech, 1 Arc Secundus\n"
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("2 dreadnaught", "item 1 \\('2 dreadnaught'\\): unknown unit 'dreadnaught'"),
        ("1 cruiser,, 2 fighter", "item 2 .* is empty"),
        ("3", "has a count but no unit"),
        ("-1 cruiser", "negative count"),
    ],
)
def test_parse_fleet_errors_name_the_item(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_fleet(text)


def _play(attacker: tuple[str, ...], defender: tuple[str, ...], seed: int) -> str:
    """One space combat with the combat building blocks; returns who won."""
    a = tuple(Unit(f"a{i}", t) for i, t in enumerate(attacker))
    d = tuple(Unit(f"d{i}", t) for i, t in enumerate(defender))
    ships_a = tuple(u for u in a if u.type != "pds")
    ships_d = tuple(u for u in d if u.type != "pds")
    dice = Dice(seed=seed)
    # Space cannon offense, then the first-round barrage, then rounds.
    for attack in (SPACE_CANNON_OFFENSE, ANTI_FIGHTER_BARRAGE):
        va = roll_attack(dice, a if attack is SPACE_CANNON_OFFENSE else ships_a, attack, "A")
        vd = roll_attack(va.dice, d if attack is SPACE_CANNON_OFFENSE else ships_d, attack, "D")
        dice = vd.dice
        ships_a = take_hits(ships_a, vd.hits, attack, "A").survivors  # type: ignore[assignment]
        ships_d = take_hits(ships_d, va.hits, attack, "D").survivors  # type: ignore[assignment]
    while ships_a and ships_d:
        va = roll_attack(dice, ships_a, SPACE_COMBAT, "A")
        vd = roll_attack(va.dice, ships_d, SPACE_COMBAT, "D")
        dice = vd.dice
        ships_a = take_hits(
            ships_a, vd.hits, SPACE_COMBAT, "A", CasualtyPolicy.SUSTAIN_FIRST
        ).survivors  # type: ignore[assignment]
        ships_d = take_hits(ships_d, va.hits, SPACE_COMBAT, "D").survivors  # type: ignore[assignment]
    if ships_a:
        return "attacker_wins"
    return "defender_wins" if ships_d else "both_destroyed"


def test_exact_odds_agree_with_played_combats() -> None:
    attacker = parse_fleet("1 dreadnought, 2 destroyer, 1 cruiser")
    defender = parse_fleet("1 carrier, 4 fighter, 1 cruiser, 1 pds")
    odds = combat_odds(attacker, defender).to_json()
    battles = 1500
    wins = {"attacker_wins": 0, "defender_wins": 0, "both_destroyed": 0}
    for seed in range(battles):
        wins[_play(attacker, defender, seed)] += 1
    for outcome, count in wins.items():
        p = odds[outcome]
        error = math.sqrt(p * (1 - p) / battles)
        assert abs(count / battles - p) <= 4 * error + 1e-9, (outcome, count / battles, p)


def test_87_a_damaged_unit_without_sustain_damage_is_refused_in_words_said_right() -> None:
    from engine.odds.graded import parse_pieces

    with pytest.raises(ValueError, match=r"an infantry has no Sustain Damage"):
        parse_pieces("1 damaged infantry")
    with pytest.raises(ValueError, match=r"a cruiser has no Sustain Damage"):
        parse_pieces("1 damaged cruiser")
