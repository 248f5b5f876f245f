"""The odds API's factions, upgrades, damaged units, round limit, retreat and options.

Each expected value is worked out by hand from the dice (a d10 hits on its value
or more: value 7 hits with 0.4) so a wrong modifier, round or casualty fails.
"""

from __future__ import annotations

import pytest
from odds_answers import close_to as _close
from odds_answers import ok_odds as _ok

from engine.api import odds, odds_options

# --- the catalogue --------------------------------------------------------------------------


def test_odds_options_lists_every_faction_and_option_with_printed_names() -> None:
    catalogue = odds_options()
    assert catalogue["ok"] is True
    # The base game's 17, Prophecy of Kings' 7, the Keleres, Thunder's Edge's 6, neutral.
    assert len(catalogue["factions"]) == 32
    for faction in (
        {"id": "sardakk", "name": "Sardakk N'orr"},
        {"id": "keleres", "name": "The Council Keleres"},
        {"id": "neutral", "name": "Neutral units"},
    ):
        assert any(f.items() >= faction.items() for f in catalogue["factions"])
    neutral = next(f for f in catalogue["factions"] if f["id"] == "neutral")
    assert neutral["flagship"] is None  # the neutral units have no flagship to offer
    names = {o["name"] for o in catalogue["options"]}
    for printed in (
        "Plasma Scoring",
        "Antimass Deflectors",
        "Graviton Laser System",
        "Duranium Armor",
        "Assault Cannon",
        "Magen Defense Grid",
        "Magen Defense Grid Ω",
        "X-89 Bacterial Weapon Ω",
        "Morale Boost",
        "Fire Team",
        "Fighter Prototype",
        "Bunker",
        "Experimental Battlestation",
        "Maneuvering Jets",
        "Emergency Repairs",
        "Shields Holding",
        "Solar Flare",
        "Disable",
        "Blitz",
        "Nebula",
        "Publicize Weapon Schematics",
        "Conventions of War",
        "Prophecy of Ixth",
        "War Funding / Munitions Reserves",
        "Tekklar Legion",
        "Non-Euclidean Shielding",
        "L4 Disruptors",
        "Valkyrie Particle Weave",
        "Direct Hit",
        "Sustain first",
        "Fodder first",
        "Keep a unit type",
    ):
        assert printed in names, printed
    for option in catalogue["options"]:
        assert {"id", "name", "kind", "side", "description", "rules"} <= set(option)


# --- rounds, retreat, upgrades, damage --------------------------------------------------------


def test_78_8_rounds_stop_after_n_rounds_and_report_what_is_undecided() -> None:
    answer = _ok("1 cruiser", "1 cruiser", rounds=1)
    _close(answer, attacker_wins=0.24, defender_wins=0.24, both_destroyed=0.16, undecided=0.36)
    assert answer["attacker_survivors"]["1 cruiser"] == pytest.approx(0.6)
    two = _ok("1 cruiser", "1 cruiser", rounds=2)
    _close(two, undecided=0.36**2)


def test_78_7_a_side_retreats_after_round_n() -> None:
    answer = _ok("1 cruiser", "1 cruiser", rounds=1, retreat="attacker")
    _close(answer, retreated=0.36, attacker_wins=0.24)
    assert answer["retreating"] == "attacker" and "78.7" in answer["rules"]
    assert odds("1 cruiser", "1 cruiser", retreat="attacker")["error"]["field"] == "retreat"


def test_97_4_upgraded_and_damaged_units_in_fleet_text() -> None:
    # Cruiser II hits on 6: one round against a cruiser, 0.5 v 0.4.
    _close(_ok("1 cruiser ii", "1 cruiser", rounds=1), attacker_wins=0.5 * 0.6, undecided=0.5 * 0.6)
    # A damaged dreadnought cannot sustain: one hit from a cruiser destroys it.
    answer = _ok("1 damaged dreadnought", "1 cruiser", rounds=1)
    _close(answer, defender_wins=0.4 * 0.4, both_destroyed=0.4 * 0.6)
    assert "1 dreadnought (1 damaged)" in answer["attacker_survivors"]


# --- factions -------------------------------------------------------------------------------


def test_78_5_unrelenting_and_fragile_change_every_combat_roll() -> None:
    # Sardakk cruiser hits on 6 (0.5), Jol-Nar cruiser on 8 (0.3); one round.
    answer = _ok(
        "1 cruiser", "1 cruiser", attacker_faction="sardakk", defender_faction="jol_nar", rounds=1
    )
    _close(answer, attacker_wins=0.5 * 0.7, defender_wins=0.5 * 0.3, both_destroyed=0.15)


def test_78_5_cmorran_norr_gives_the_other_ships_plus_one() -> None:
    # Flagship (6 - 1 = 5, 2 dice) is destroyed only by 3 hits; the cruiser hits on 5 (0.6).
    answer = _ok("flagship, 1 cruiser", "1 fighter", attacker_faction="sardakk", rounds=1)
    miss_all = 0.4 * 0.4 * 0.4  # flagship's 2 dice and the cruiser's 1
    _close(answer, undecided=miss_all * 0.8 + miss_all * 0.2)


def test_78_5_jns_hylarim_scores_two_more_hits_on_a_9_or_10() -> None:
    # Hylarim hits on 7 (6 + Fragile); each die: 9-10 = 3 hits (0.2), 7-8 = 1 hit (0.2).
    answer = _ok("flagship", "3 fighter", attacker_faction="jol_nar", rounds=1)
    none_left = answer["defender_survivors"]["none"]
    # 3+ hits: any die on 9-10 (1 - 0.8^2) ; 2 dice on 7-8 only give 2.
    assert none_left == pytest.approx(1 - 0.8**2)


def test_78_5_the_winnu_flagship_rolls_a_die_per_non_fighter_ship() -> None:
    answer = _ok("flagship", "2 cruiser, 3 fighter", attacker_faction="winnu", rounds=1)
    # 2 dice at 7 (0.4 each) against the fighters first.
    assert answer["defender_survivors"]["2 cruiser, 1 fighter"] == pytest.approx(0.16)


def test_flagship_without_a_faction_and_unknown_faction_are_refused() -> None:
    error = odds("flagship", "1 cruiser")["error"]
    assert error["field"] == "attacker" and "faction" in error["message"]
    assert odds("1 cruiser", "1 cruiser", defender_faction="borg")["error"]["field"] == (
        "defender_faction"
    )
    error = odds("10000 cruiser", "1 cruiser", attacker_faction="sol")["error"]
    assert "more than 40 units" in error["message"]


# --- options: space -------------------------------------------------------------------------


def test_options_are_refused_when_unknown_or_held_by_the_wrong_side() -> None:
    assert odds("1 cruiser", "1 cruiser", attacker_options=["nope"])["ok"] is False
    error = odds("1 infantry", "1 infantry", ground=True, attacker_options=["bunker"])["error"]
    assert error["field"] == "attacker_options" and "defender" in error["message"]
    error = odds("1 cruiser", "1 cruiser", attacker_options=["morale_boost:0"])["error"]
    assert "round" in error["message"]


def test_78_5_morale_boost_applies_in_the_round_named() -> None:
    _close(
        _ok("1 cruiser", "1 cruiser", rounds=1, attacker_options=["morale_boost"]),
        attacker_wins=0.5 * 0.6,
    )
    later = _ok("1 cruiser", "1 cruiser", rounds=1, attacker_options=["morale_boost:2"])
    _close(later, attacker_wins=0.24)
    answer = _ok("1 cruiser", "1 cruiser", rounds=2, attacker_options=["morale_boost:2"])
    _close(answer, attacker_wins=0.24 + 0.36 * 0.3)


def test_78_5_fighter_prototype_and_prophecy_of_ixth_raise_fighters() -> None:
    first = _ok("1 fighter", "1 fighter", rounds=1, attacker_options=["fighter_prototype"])
    _close(first, attacker_wins=0.4 * 0.8)
    ixth = _ok("1 fighter", "1 fighter", rounds=2, attacker_options=["prophecy_of_ixth"])
    _close(ixth, attacker_wins=0.3 * 0.8 + 0.7 * 0.8 * 0.3 * 0.8)  # fighters hit on 8


def test_78_5_war_funding_rerolls_the_misses_of_its_round() -> None:
    answer = _ok("1 cruiser", "1 cruiser", rounds=1, attacker_options=["war_funding"])
    _close(answer, attacker_wins=0.64 * 0.6)


def test_77_3_space_cannon_options_antimass_plasma_jets_battlestation() -> None:
    _close(_ok("1 fighter", "1 pds"), defender_wins=0.5)
    _close(_ok("1 fighter", "1 pds", attacker_options=["antimass_deflectors"]), defender_wins=0.4)
    _close(_ok("1 fighter", "1 pds", defender_options=["plasma_scoring"]), defender_wins=0.75)
    both = _ok(
        "1 fighter",
        "1 pds",
        attacker_options=["maneuvering_jets"],
        defender_options=["plasma_scoring"],
    )
    _close(both, defender_wins=0.25)
    station = _ok("1 fighter", "1 pds", defender_options=["experimental_battlestation"])
    _close(station, attacker_wins=0.5 * 0.4**3)  # 5 (x3) hits with 0.6


def test_77_5_graviton_laser_system_hits_non_fighters_first() -> None:
    # Two hits (0.25): the dreadnought sustains the first; the second takes the fighter,
    # or with Graviton Laser System the dreadnought.
    plain = _ok("1 dreadnought, 1 fighter", "2 pds")
    assert plain["attacker_survivors"]["1 dreadnought (1 damaged)"] == pytest.approx(0.25)
    aimed = _ok("1 dreadnought, 1 fighter", "2 pds", defender_options=["graviton_laser_system"])
    assert aimed["attacker_survivors"]["1 fighter"] == pytest.approx(0.25)


def test_78_2_assault_cannon_destroys_a_non_fighter_ship_before_combat() -> None:
    answer = _ok("3 cruiser", "1 dreadnought, 1 destroyer", attacker_options=["assault_cannon"])
    same = _ok("3 cruiser", "1 dreadnought")
    _close(answer, attacker_wins=same["attacker_wins"], defender_wins=same["defender_wins"])


def test_87_1_publicize_weapon_schematics_and_non_euclidean_shielding() -> None:
    sun = _ok("1 war sun", "1 fighter", rounds=1, defender_options=["publicize_weapon_schematics"])
    assert sun["attacker_survivors"]["none"] == pytest.approx(0.2)
    shield = _ok(
        "1 dreadnought", "2 destroyer", rounds=1, attacker_options=["non_euclidean_shielding"]
    )
    assert "none" not in shield["attacker_survivors"]


def test_87_1_duranium_armor_repairs_and_only_helps() -> None:
    plain = _ok("2 dreadnought", "4 cruiser")
    repaired = _ok("2 dreadnought", "4 cruiser", attacker_options=["duranium_armor"])
    assert repaired["attacker_wins"] > plain["attacker_wins"]
    total = sum(repaired[k] for k in ("attacker_wins", "defender_wins", "both_destroyed"))
    assert total == pytest.approx(1.0, abs=1e-12)


# --- options: ground ------------------------------------------------------------------------

ONE_ON_ONE = 0.3 * 0.7 / (1 - 0.7 * 0.7)  # infantry v infantry, attacker wins


def test_15_1_bunker_conventions_of_war_and_x89_change_bombardment() -> None:
    plain = _ok("1 dreadnought, 1 infantry", "1 infantry", ground=True)
    _close(plain, attacker_wins=0.6 + 0.4 * ONE_ON_ONE)
    bunker = _ok(
        "1 dreadnought, 1 infantry", "1 infantry", ground=True, defender_options=["bunker"]
    )
    _close(bunker, attacker_wins=0.2 + 0.8 * ONE_ON_ONE)
    war = _ok(
        "1 dreadnought, 1 infantry",
        "1 infantry",
        ground=True,
        defender_options=["conventions_of_war"],
    )
    _close(war, attacker_wins=ONE_ON_ONE)
    x89 = _ok(
        "1 dreadnought, 1 infantry",
        "3 infantry",
        ground=True,
        attacker_options=["x89_bacterial_weapon_omega"],
    )
    assert x89["attacker_wins"] > 0.6


def test_77_7_l4_disruptors_and_magen_omega() -> None:
    _close(_ok("1 infantry", "1 pds", ground=True), attacker_wins=0.5)
    l4 = _ok("1 infantry", "1 pds", ground=True, attacker_options=["l4_disruptors"])
    _close(l4, attacker_wins=1.0)
    magen = _ok(
        "1 infantry",
        "1 infantry, 1 space dock",
        ground=True,
        defender_options=["magen_defense_grid_omega"],
    )
    _close(magen, defender_wins=1.0)


def test_42_1_ground_round_options() -> None:
    fire = _ok("1 infantry", "1 infantry", ground=True, rounds=1, attacker_options=["fire_team"])
    _close(fire, attacker_wins=0.51 * 0.7)
    legion = _ok(
        "1 infantry", "1 infantry", ground=True, rounds=1, attacker_options=["tekklar_legion"]
    )
    _close(legion, attacker_wins=0.4 * 0.7)
    versus = _ok(
        "1 infantry",
        "1 infantry",
        ground=True,
        rounds=1,
        defender_faction="sardakk",
        attacker_options=["tekklar_legion"],
    )
    _close(versus, attacker_wins=0.4 * 0.7)  # Sardakk's +1 cancelled by Tekklar's -1
    weave = _ok(
        "2 infantry",
        "1 infantry",
        ground=True,
        rounds=1,
        attacker_options=["valkyrie_particle_weave"],
    )
    # The defender's hit brings the weave's extra hit: the defender is always wiped then.
    assert weave["defender_survivors"]["none"] == pytest.approx(1 - 0.7 * 0.7 * 0.7)
    magen = _ok(
        "1 infantry",
        "1 infantry, 1 pds",
        ground=True,
        rounds=1,
        attacker_options=["l4_disruptors"],
        defender_options=["magen_defense_grid"],
    )
    _close(magen, attacker_wins=0.0, defender_wins=0.3)


def test_87_a_side_may_keep_a_unit_type_or_lose_fodder_first() -> None:
    plain = _ok("1 destroyer, 1 cruiser", "1 cruiser", rounds=1)
    assert plain["attacker_survivors"]["1 cruiser"] == pytest.approx(0.4)
    kept = _ok("1 destroyer, 1 cruiser", "1 cruiser", rounds=1, attacker_options=["keep:destroyer"])
    assert kept["attacker_survivors"]["1 destroyer"] == pytest.approx(0.4)
    assert kept["attacker"]["casualties"] == [{"id": "keep:destroyer", "name": "Keep destroyer"}]
    fodder = _ok("1 dreadnought, 1 fighter", "1 cruiser", rounds=1, attacker_options=["lose_first"])
    assert fodder["attacker_survivors"]["1 dreadnought"] == pytest.approx(0.4)
    error = odds("1 cruiser", "1 cruiser", attacker_options=["keep:banana"])["error"]
    assert error["field"] == "attacker_options"


def test_a_factions_mech_fights_with_its_own_values() -> None:
    # Naaz-Rokha's Eidolon: ground combat 6 (x2).
    answer = _ok("1 mech", "1 infantry", ground=True, attacker_faction="naaz_rokha", rounds=1)
    _close(answer, attacker_wins=1 - 0.5 * 0.5)  # the mech sustains any hit back


def test_87_1_direct_hit_destroys_the_first_ship_that_sustains() -> None:
    # The cruiser hits (0.4): the dreadnought sustains, and Direct Hit destroys it.
    answer = _ok("1 cruiser", "1 dreadnought", rounds=1, attacker_options=["direct_hit"])
    _close(answer, attacker_wins=0.4 * 0.4, both_destroyed=0.4 * 0.6)  # dreadnought: 0.6
    assert "Direct Hit" not in str(answer["attacker_survivors"])
    # Dreadnought II cannot be destroyed by Direct Hit (Type IV Drive).
    immune = _ok("1 cruiser", "1 dreadnought ii", rounds=1, attacker_options=["direct_hit"])
    _close(immune, attacker_wins=0.0)
    # Space cannon hits count too: the PDS's hit is sustained, then the card is played.
    cannon = _ok("1 dreadnought", "1 pds", defender_options=["direct_hit"])
    _close(cannon, defender_wins=0.5)


@pytest.mark.parametrize(
    ("attacker", "defender", "ground"),
    [
        ("2 dreadnought, 3 fighter, 1 carrier", "4 cruiser, 2 destroyer", False),
        ("1 war sun, 2 cruiser ii", "3 dreadnought, 4 fighter", False),
        ("5 infantry, 1 mech", "4 infantry, 2 mech", True),
    ],
)
def test_the_state_by_state_rounds_equal_the_dense_sweep(
    attacker: str, defender: str, ground: bool
) -> None:
    """Naming the default priority sends the rounds state by state: the odds must not move."""
    swept = _ok(attacker, defender, ground=ground, attacker_faction="hacan")
    by_state = _ok(
        attacker,
        defender,
        ground=ground,
        attacker_faction="hacan",
        attacker_options=["sustain_first"],
    )
    for key in ("attacker_wins", "defender_wins", "both_destroyed"):
        assert by_state[key] == pytest.approx(swept[key], abs=1e-12), key
    for side in ("attacker_survivors", "defender_survivors"):
        for fleet, chance in swept[side].items():
            assert by_state[side][fleet] == pytest.approx(chance, abs=1e-12), fleet


def test_arc_secundus_repairs_itself_at_the_start_of_each_round() -> None:
    answer = _ok("1 damaged flagship", "1 fighter", rounds=1, attacker_faction="letnev")
    assert answer["attacker_survivors"] == pytest.approx(
        {"1 Arc Secundus": 0.8, "1 Arc Secundus (1 damaged)": 0.2}
    )


def test_fourth_moon_and_van_hauge_change_the_rounds() -> None:
    # Fourth Moon (7 x2): no Sustain Damage against it, so 1 hit destroys a dreadnought.
    moon = _ok("1 dreadnought", "flagship", defender_faction="mentak", rounds=1)
    assert moon["attacker_survivors"]["none"] == pytest.approx(1 - 0.6 * 0.6)
    # Van Hauge destroyed (2 hits, 0.36): every ship in the system goes with it.
    yin = _ok("flagship", "2 dreadnought", attacker_faction="yin", rounds=1)
    _close(yin, both_destroyed=0.36, undecided=0.64)


def test_factions_and_options_are_refused_under_the_third_edition() -> None:
    answer = odds("1 cruiser", "1 cruiser", edition=3, attacker_faction="sardakk")
    assert answer["ok"] is False and answer["error"]["field"] == "attacker_faction"
    unknown = odds("1 cruiser", "1 cruiser", defender_flavour="x")
    assert unknown["ok"] is False and unknown["error"]["field"] == "defender_flavour"
