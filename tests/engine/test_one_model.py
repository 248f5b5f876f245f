"""One model, checked as one: every ability's combat played on the board equals the odds.

For each ability of the registry (:data:`engine.ti4.abilities.ABILITIES`) a small combat
is played on the board engine with every die outcome enumerated (``one_model``), choices
made as the odds assume them, and its results and survivors compared with
``engine.api.odds`` for the same fleets and options, to 1e-9. An ability without a case
fails, unless its object says why no exact comparison is possible (``unchecked``).
"""

from __future__ import annotations

import pytest
from one_model import Case, differences

from engine.ti4 import offers
from engine.ti4.abilities import ABILITIES
from engine.ti4.abilities.derived import ORDERED

SPACE = "2 cruiser"
INVADERS = "2 dreadnought, 2 infantry"

CASES: dict[str, tuple[Case, ...]] = {
    "morale_boost": (
        Case(
            "morale_boost",
            SPACE,
            "1 destroyer, 1 cruiser",
            attacker_options=("morale_boost:1,2",),
            red={"action_cards": ["Morale Boost", "morale_boost"]},
            named=2,
        ),
        Case(
            "morale_boost",
            INVADERS,
            "2 infantry",
            ground=True,
            defender_options=("morale_boost:2",),
            blue={"action_cards": ["morale_boost"]},
            named=2,
        ),
    ),
    "fire_team": (
        Case(
            "fire_team",
            INVADERS,
            "2 infantry",
            ground=True,
            attacker_options=("fire_team:1",),
            red={"action_cards": ["fire_team"]},
            named=1,
        ),
    ),
    "fighter_prototype": (
        Case(
            "fighter_prototype",
            "1 carrier, 2 fighter",
            "2 destroyer",
            attacker_options=("fighter_prototype",),
            red={"action_cards": ["fighter_prototype"]},
            named=1,
        ),
    ),
    "prophecy_of_ixth": (
        Case(
            "prophecy_of_ixth",
            "1 carrier, 2 fighter",
            "1 cruiser",
            attacker_options=("prophecy_of_ixth",),
            red={"agendas": ["prophecy_of_ixth"]},
        ),
    ),
    "war_funding": (
        Case(
            "war_funding",
            SPACE,
            SPACE,
            attacker_options=("war_funding:2",),
            red={"promissory_notes": ["war_funding"]},
            named=2,
        ),
        Case(
            "war_funding",
            SPACE,
            SPACE,
            attacker_faction="letnev",
            attacker_options=("war_funding:1",),
            red={"trade_goods": 2},
            named=1,
        ),
    ),
    "tekklar_legion": (
        Case(
            "tekklar_legion",
            INVADERS,
            "2 infantry",
            ground=True,
            defender_faction="sardakk",
            attacker_options=("tekklar_legion",),
            red={"promissory_notes": ["tekklar_legion"]},
        ),
    ),
    "supercharge": (
        Case(
            "supercharge",
            SPACE,
            SPACE,
            attacker_faction="naaz_rokha",
            attacker_options=("supercharge:2",),
            red={"technologies": ["supercharge"]},
            named=2,
        ),
    ),
    "magen_defense_grid": (
        Case(
            "magen_defense_grid",
            INVADERS,
            "1 infantry, 1 pds",
            ground=True,
            defender_options=("magen_defense_grid:1",),
            blue={"technologies": ["magen_defense_grid"]},
            named=1,
        ),
    ),
    "visz_el_vir": (
        Case(
            "visz_el_vir",
            "flagship, 1 mech, 1 infantry",
            "2 infantry",
            ground=True,
            attacker_faction="naaz_rokha",
            attacker_options=("visz_el_vir",),
        ),
    ),
    "arvicon_rex": (
        Case(
            "arvicon_rex",
            "flagship",
            SPACE,
            attacker_faction="mahact",
            attacker_options=("arvicon_rex",),
        ),
    ),
    "mordred": (
        Case(
            "mordred",
            "1 dreadnought, 1 mech",
            "2 infantry",
            ground=True,
            attacker_faction="nekro",
            attacker_options=("mordred",),
            blue={"assimilator_tokens": 1},
        ),
    ),
    "iconoclast": (
        Case(
            "iconoclast",
            "1 dreadnought, 1 mech",
            "2 infantry",
            ground=True,
            attacker_faction="naalu",
            attacker_options=("iconoclast",),
            blue={"relic_fragments": 1},
        ),
    ),
    "shield_paling": (
        Case(
            "shield_paling",
            "1 carrier, 1 mech, 2 infantry",
            "2 infantry, 1 mech",
            ground=True,
            attacker_faction="jol_nar",
            attacker_options=("shield_paling",),
        ),
    ),
    "unrelenting": (
        Case("unrelenting", "1 cruiser, 1 destroyer", "1 cruiser", attacker_faction="sardakk"),
    ),
    "fragile": (
        Case(
            "fragile",
            "1 cruiser ii",
            "1 destroyer ii",
            attacker_faction="jol_nar",
            defender_faction="sardakk",
        ),
    ),
    "c_morran_norr": (
        Case("c_morran_norr", "flagship, 1 cruiser", SPACE, attacker_faction="sardakk"),
    ),
    "salai_sai_corian": (
        Case("salai_sai_corian", "flagship", "2 cruiser, 1 fighter", attacker_faction="winnu"),
    ),
    "jns_hylarim": (
        Case(
            "jns_hylarim",
            "flagship, 1 cruiser",
            SPACE,
            attacker_faction="jol_nar",
            faces=(9,),
        ),
    ),
    "duranium_armor": (
        Case(
            "duranium_armor",
            "1 dreadnought, 1 destroyer",
            "2 cruiser",
            attacker_options=("duranium_armor",),
            red={"technologies": ["duranium_armor"]},
        ),
        Case(
            "duranium_armor",
            "1 carrier, 2 mech",
            "1 mech, 1 infantry",
            ground=True,
            defender_options=("duranium_armor",),
            attacker_options=("duranium_armor",),
            red={"technologies": ["duranium_armor"]},
            blue={"technologies": ["duranium_armor"]},
        ),
    ),
    "assault_cannon": (
        Case(
            "assault_cannon",
            "3 destroyer",
            "1 cruiser, 1 destroyer",
            attacker_options=("assault_cannon",),
            red={"technologies": ["assault_cannon"]},
        ),
        Case(
            "assault_cannon",
            "2 cruiser",
            "1 dreadnought, 2 destroyer, 1 fighter",
            defender_options=("assault_cannon",),
            blue={"technologies": ["assault_cannon"]},
        ),
    ),
    "emergency_repairs": (
        Case(
            "emergency_repairs",
            "1 dreadnought, 1 destroyer",
            "2 cruiser",
            attacker_options=("emergency_repairs:1",),
            red={"action_cards": ["Emergency Repairs"]},
            named=1,
        ),
    ),
    "shields_holding": (
        Case(
            "shields_holding",
            "2 cruiser, 1 destroyer",
            "2 cruiser",
            defender_options=("shields_holding:2",),
            blue={"action_cards": ["shields_holding"]},
            named=2,
        ),
    ),
    "direct_hit": (
        Case(
            "direct_hit",
            "2 cruiser",
            "1 dreadnought, 1 destroyer",
            attacker_options=("direct_hit",),
            red={"action_cards": ["direct_hit"]},
        ),
        Case(  # against the sustain a space cannon offense hit forces
            "direct_hit",
            "1 dreadnought, 1 cruiser",
            "1 cruiser, 1 pds",
            defender_options=("direct_hit",),
            blue={"action_cards": ["direct_hit"]},
        ),
        Case(  # a Dreadnought II is spared
            "direct_hit",
            "1 dreadnought ii, 1 cruiser",
            "2 cruiser",
            defender_options=("direct_hit",),
            blue={"action_cards": ["direct_hit"]},
        ),
    ),
    "plasma_scoring": (
        Case(
            "plasma_scoring",
            INVADERS,
            "2 infantry",
            ground=True,
            attacker_options=("plasma_scoring",),
            red={"technologies": ["plasma_scoring"]},
        ),
        Case(
            "plasma_scoring",
            "2 cruiser",
            "1 cruiser, 1 pds",
            defender_options=("plasma_scoring",),
            blue={"technologies": ["plasma_scoring"]},
        ),
        Case(  # space cannon defense at the invaders
            "plasma_scoring",
            INVADERS,
            "1 infantry, 1 pds",
            ground=True,
            defender_options=("plasma_scoring",),
            blue={"technologies": ["plasma_scoring"]},
        ),
    ),
    "graviton_laser_system": (
        Case(
            "graviton_laser_system",
            # Two carriers: one lost to the cannon leaves the fighters room (the odds do not
            # remove fighters beyond capacity after space cannon offense; the board does, 16.3c).
            "2 carrier, 2 fighter",
            "1 cruiser, 1 pds",
            defender_options=("graviton_laser_system",),
            blue={"technologies": ["graviton_laser_system"]},
        ),
    ),
    "non_euclidean_shielding": (
        Case(
            "non_euclidean_shielding",
            "1 dreadnought, 1 destroyer",
            "3 cruiser",
            attacker_faction="letnev",
            attacker_options=("non_euclidean_shielding",),
            red={"technologies": ["non_euclidean_shielding"]},
        ),
        Case(
            "non_euclidean_shielding",
            "2 dreadnought, 2 infantry",
            "1 mech, 1 pds",
            ground=True,
            defender_faction="letnev",
            defender_options=("non_euclidean_shielding",),
            blue={"technologies": ["non_euclidean_shielding"]},
        ),
    ),
    "valkyrie_particle_weave": (
        Case(
            "valkyrie_particle_weave",
            INVADERS,
            "2 infantry",
            ground=True,
            attacker_faction="sardakk",
            attacker_options=("valkyrie_particle_weave",),
            red={"technologies": ["valkyrie_particle_weave"]},
        ),
    ),
    "in_a_nebula": (
        Case(
            "in_a_nebula",
            SPACE,
            "1 cruiser, 1 destroyer",
            defender_options=("in_a_nebula",),
            system={"anomaly": "nebula"},
        ),
    ),
    "l4_disruptors": (
        Case(
            "l4_disruptors",
            INVADERS,
            "1 infantry, 1 pds",
            ground=True,
            attacker_faction="letnev",
            attacker_options=("l4_disruptors",),
            red={"technologies": ["l4_disruptors"]},
        ),
    ),
    "antimass_deflectors": (
        Case(
            "antimass_deflectors",
            SPACE,
            "1 cruiser, 1 pds",
            attacker_options=("antimass_deflectors",),
            red={"technologies": ["antimass_deflectors"]},
        ),
    ),
    "magen_defense_grid_omega": (
        Case(
            "magen_defense_grid_omega",
            "1 carrier, 1 mech, 2 infantry",
            "1 infantry, 1 space_dock",
            ground=True,
            defender_options=("magen_defense_grid_omega",),
            blue={"technologies": ["magen_defense_grid_omega"]},
        ),
    ),
    "bunker": (
        Case(
            "bunker",
            INVADERS,
            "2 infantry",
            ground=True,
            defender_options=("bunker",),
            blue={"action_cards": ["bunker"]},
        ),
    ),
    "x89_bacterial_weapon_omega": (
        Case(
            "x89_bacterial_weapon_omega",
            "1 dreadnought, 1 carrier, 2 infantry",
            "3 infantry",
            ground=True,
            attacker_options=("x89_bacterial_weapon_omega",),
            red={"technologies": ["x89_bacterial_weapon_omega"]},
        ),
    ),
    "maneuvering_jets": (
        Case(
            "maneuvering_jets",
            SPACE,
            "1 cruiser, 2 pds",
            attacker_options=("maneuvering_jets",),
            red={"action_cards": ["maneuvering_jets"]},
        ),
        Case(  # against space cannon defense
            "maneuvering_jets",
            INVADERS,
            "1 infantry, 2 pds",
            ground=True,
            attacker_options=("maneuvering_jets",),
            red={"action_cards": ["maneuvering_jets"]},
        ),
    ),
    "disable": (
        Case(
            "disable",
            INVADERS,
            "1 infantry, 1 pds",
            ground=True,
            attacker_options=("disable",),
            red={"action_cards": ["disable"]},
        ),
    ),
    "solar_flare": (
        Case(
            "solar_flare",
            SPACE,
            "1 cruiser, 2 pds",
            attacker_options=("solar_flare",),
            red={"action_cards": ["solar_flare"]},
        ),
    ),
    "ambush": (
        Case(
            "ambush",
            "2 cruiser, 1 destroyer",
            "1 cruiser, 1 destroyer",
            attacker_faction="mentak",
            attacker_options=("ambush",),
        ),
        Case(
            "ambush",
            "1 dreadnought",
            "1 cruiser, 1 destroyer",
            defender_faction="mentak",
            defender_options=("ambush",),
        ),
    ),
    "harrow": (
        Case(
            "harrow",
            INVADERS,
            "2 infantry",
            ground=True,
            attacker_faction="l1z1x",
            attacker_options=("harrow",),
        ),
    ),
    "devotion": (
        Case(
            "devotion",
            "1 cruiser, 1 destroyer",
            "1 dreadnought, 1 destroyer",
            attacker_faction="yin",
            attacker_options=("devotion:1,2",),
            named=2,
        ),
    ),
    "raid_formation": (
        Case(
            "raid_formation",
            "2 destroyer",
            "1 dreadnought, 1 fighter",
            attacker_faction="argent",
            attacker_options=("raid_formation",),
        ),
    ),
    "matriarch": (
        Case(
            "matriarch",
            "flagship, 2 fighter, 1 infantry",
            "2 infantry",
            ground=True,
            attacker_faction="naalu",
            attacker_options=("matriarch",),
        ),
    ),
    "fourth_moon": (
        Case(
            "fourth_moon",
            "flagship, 1 cruiser",
            "1 dreadnought, 1 cruiser",
            attacker_faction="mentak",
        ),
        Case("fourth_moon", "1 dreadnought, 1 cruiser", "flagship", defender_faction="mentak"),
    ),
    "zero_zero_one": (
        Case(
            "zero_zero_one",
            "flagship",
            "1 carrier, 2 fighter",
            attacker_faction="l1z1x",
        ),
    ),
    "moll_terminus": (
        Case(
            "moll_terminus",
            "1 carrier, 1 mech, 1 infantry",
            "1 mech, 1 infantry",
            ground=True,
            attacker_faction="mentak",
            attacker_options=("moll_terminus",),
        ),
    ),
    "impulse_core": (
        Case(
            "impulse_core",
            "1 cruiser, 1 destroyer",
            "1 carrier, 1 fighter, 1 destroyer",
            attacker_faction="yin",
            attacker_options=("impulse_core",),
            red={"technologies": ["impulse_core"]},
        ),
        Case(
            "impulse_core",
            "1 cruiser, 1 destroyer",
            "1 cruiser, 1 destroyer",
            defender_faction="yin",
            defender_options=("impulse_core",),
            blue={"technologies": ["impulse_core"]},
        ),
    ),
    "exotrireme_ii_sacrifice": (
        Case(
            "exotrireme_ii_sacrifice",
            "1 dreadnought ii, 1 destroyer",
            "1 dreadnought, 2 cruiser",
            attacker_faction="sardakk",
            attacker_options=("exotrireme_ii_sacrifice:1",),
            named=1,
        ),
    ),
    "valkyrie_exoskeleton": (
        Case(
            "valkyrie_exoskeleton",
            "1 carrier, 1 mech, 1 infantry",
            "2 infantry",
            ground=True,
            attacker_faction="sardakk",
            attacker_options=("valkyrie_exoskeleton",),
        ),
        Case(
            "valkyrie_exoskeleton",
            "1 carrier, 2 infantry",
            "1 mech, 1 infantry",
            ground=True,
            defender_faction="sardakk",
            defender_options=("valkyrie_exoskeleton",),
        ),
    ),
    "indoctrination": (
        Case(
            "indoctrination",
            INVADERS,
            "2 infantry",
            ground=True,
            attacker_faction="yin",
            attacker_options=("indoctrination",),
            red={"trade_goods": 2},
        ),
        Case(
            "indoctrination",
            INVADERS,
            "2 infantry",
            ground=True,
            defender_faction="yin",
            defender_options=("indoctrination",),
            blue={"trade_goods": 2},
        ),
    ),
    "the_egeiro": (
        Case(
            "the_egeiro",
            "flagship",
            "2 cruiser",
            attacker_faction="last_bastion",
            attacker_options=("the_egeiro:1",),
            red={"home": "home"},
            # A planet Red controls in a system that is not its home: +1.
            system={
                "planets": [
                    {"name": "Front", "resources": 2, "influence": 2, "controller": "blue"},
                    {"name": "Outpost", "resources": 1, "influence": 1, "controller": "red"},
                ]
            },
        ),
    ),
    "arc_secundus": (Case("arc_secundus", "flagship", "2 cruiser", attacker_faction="letnev"),),
    "van_hauge": (
        Case("van_hauge", "flagship", "1 cruiser, 1 fighter", attacker_faction="yin"),
        Case("van_hauge", "1 cruiser, 1 destroyer", "flagship", defender_faction="yin"),
    ),
    # Kept cards, notes and relics the calculator plays (Reflective Shielding, Courageous to
    # the End, The Cavalry, the Thunder's Edge relics).
    "reflective_shielding": (
        Case(
            "reflective_shielding",
            "1 dreadnought, 1 destroyer",
            "2 cruiser",
            attacker_options=("reflective_shielding",),
            red={"action_cards": ["reflective_shielding"]},
        ),
        Case(  # the opponent's dreadnought may sustain one of its hits
            "reflective_shielding",
            "1 dreadnought, 1 destroyer",
            "1 dreadnought, 1 cruiser",
            attacker_options=("reflective_shielding",),
            red={"action_cards": ["reflective_shielding"]},
        ),
    ),
    "courageous_to_the_end": (
        Case(
            "courageous_to_the_end",
            "2 cruiser",
            "1 cruiser, 1 destroyer",
            defender_options=("courageous_to_the_end",),
            blue={"action_cards": ["courageous_to_the_end"]},
        ),
    ),
    "the_cavalry": (
        Case(
            "the_cavalry",
            "1 cruiser, 1 destroyer",
            "1 cruiser, 1 fighter",
            attacker_options=("the_cavalry",),
            red={"promissory_notes": ["the_cavalry"]},
        ),
    ),
    "the_cavalry_ii": (
        Case(
            "the_cavalry_ii",
            "1 cruiser",
            "1 destroyer, 1 cruiser",
            defender_options=("the_cavalry_ii",),
            blue={"promissory_notes": ["the_cavalry_ii"]},
        ),
    ),
    "lightrail_ordnance": (
        Case(
            "lightrail_ordnance",
            "2 cruiser",
            "1 cruiser",
            defender_options=("lightrail_ordnance:1",),
            blue={"relics": ["lightrail_ordnance"]},
            # The odds name the docks in the option; on the board, Blue's dock on Front.
            system={"ground": {"Front": {"blue": {"space_dock": 1}}}},
        ),
        Case(  # the space dock on the invaded planet fires space cannon defense
            "lightrail_ordnance",
            INVADERS,
            "1 infantry, 1 space_dock",
            ground=True,
            defender_options=("lightrail_ordnance:1",),
            blue={"relics": ["lightrail_ordnance"]},
        ),
    ),
    "metali_void_armaments": (
        Case(
            "metali_void_armaments",
            "2 cruiser",
            "1 carrier, 2 fighter",
            attacker_options=("metali_void_armaments",),
            red={"relics": ["metali_void_armaments"]},
        ),
    ),
    "metali_void_shielding": (
        Case(
            "metali_void_shielding",
            "2 cruiser, 1 destroyer",
            "1 dreadnought, 1 cruiser",
            attacker_options=("metali_void_shielding",),
            red={"relics": ["metali_void_shielding"]},
        ),
    ),
    # Units in another role, repairs and guards of flagships and mechs.
    "quietus": (
        Case(  # Blue's PDS loses Space Cannon, its ships Sustain Damage and barrage
            "quietus",
            "flagship, 1 destroyer",
            "1 dreadnought, 1 destroyer, 1 pds",
            attacker_faction="crimson_rebellion",
            attacker_options=("quietus",),
            red={"breaches": ["front"]},
        ),
        Case(  # the mech loses Sustain Damage, the PDS Planetary Shield and Space Cannon
            "quietus",
            "flagship, 1 carrier, 2 infantry",
            "1 mech, 1 pds",
            ground=True,
            attacker_faction="crimson_rebellion",
            attacker_options=("quietus",),
            red={"breaches": ["front"]},
        ),
    ),
    "dynamo": (
        Case(
            "dynamo",
            "flagship, 1 dreadnought",
            "3 cruiser",
            attacker_faction="empyrean",
            attacker_options=("dynamo:1",),
            red={"trade_goods": 2},
        ),
        Case(  # 2 trade goods and the planet Front (2 influence): 2 repairs
            "dynamo",
            "2 cruiser",
            "flagship, 1 destroyer",
            defender_faction="empyrean",
            defender_options=("dynamo:2",),
            blue={"trade_goods": 2},
        ),
    ),
    "heavens_eye": (
        Case(  # Blue's PDS stays in the system: the card's condition holds to the last round
            "heavens_eye",
            "flagship, 1 destroyer",
            "2 cruiser, 1 pds",
            attacker_faction="firmament",
            attacker_options=("heavens_eye",),
            red={"plots": ["blue"]},
        ),
    ),
    "quetzecoatl": (
        Case("quetzecoatl", "flagship, 1 cruiser", "1 cruiser, 1 pds", attacker_faction="argent"),
    ),
    "z_grav_eidolon": (
        Case(
            "z_grav_eidolon",
            "1 carrier, 1 mech",
            "1 cruiser, 1 destroyer",
            attacker_faction="naaz_rokha",
            attacker_options=("z_grav_eidolon",),
        ),
        Case(
            "z_grav_eidolon",
            "2 cruiser",
            "1 carrier, 1 mech",
            defender_faction="naaz_rokha",
            defender_options=("z_grav_eidolon",),
        ),
    ),
    "quantum_manipulator": (
        Case(
            "quantum_manipulator",
            "1 carrier, 1 mech",
            "2 cruiser",
            attacker_faction="nomad",
            attacker_options=("quantum_manipulator",),
        ),
        Case(
            "quantum_manipulator",
            "2 cruiser",
            "1 cruiser, 1 mech",
            defender_faction="nomad",
            defender_options=("quantum_manipulator",),
        ),
    ),
    # --- xf-c: flagships, laws and cards that lend units another role or dice ---
    "the_alastor": (
        Case(
            "the_alastor",
            "flagship, 2 infantry",
            "2 cruiser",
            attacker_faction="nekro",
            attacker_options=("the_alastor",),
        ),
    ),
    "blitz": (
        Case(
            "blitz",
            "1 dreadnought, 1 carrier, 2 infantry",
            "2 infantry",
            ground=True,
            attacker_options=("blitz",),
            red={"action_cards": ["blitz"]},
        ),
    ),
    "conventions_of_war": (
        Case(
            "conventions_of_war",
            INVADERS,
            "2 infantry",
            ground=True,
            defender_options=("conventions_of_war",),
            laws=("conventions_of_war",),
            system={
                "planets": [
                    {"name": "Front", "resources": 2, "influence": 2, "controller": "blue"}
                    | {"trait": "cultural"}
                ]
            },
        ),
    ),
    "dimensional_splicer": (
        Case(
            "dimensional_splicer",
            "1 cruiser, 1 destroyer",
            "1 dreadnought, 1 destroyer",
            attacker_faction="creuss",
            attacker_options=("dimensional_splicer",),
            red={"technologies": ["dimensional_splicer"]},
            system={"wormhole": "alpha"},
        ),
    ),
    "experimental_battlestation": (
        Case(
            "experimental_battlestation",
            "2 cruiser, 1 destroyer",
            "1 cruiser",
            defender_options=("experimental_battlestation",),
            blue={"action_cards": ["experimental_battlestation"]},
            # The odds add the dock with the option; on the board it stands on Blue's planet.
            system={"ground": {"Front": {"blue": {"space_dock": 1}}}},
            moves=True,  # the card is played after another player moves ships in
        ),
    ),
    "publicize_weapon_schematics": (
        Case(
            "publicize_weapon_schematics",
            "1 war_sun",
            "3 cruiser",
            attacker_options=("publicize_weapon_schematics",),
            laws=("publicize_weapon_schematics",),
        ),
        Case(  # the space cannon's hit, before the combat, finds no Sustain Damage either
            "publicize_weapon_schematics",
            "1 war_sun, 1 destroyer",
            "1 cruiser, 1 pds",
            defender_options=("publicize_weapon_schematics",),
            laws=("publicize_weapon_schematics",),
        ),
    ),
    "wrath_of_kenara": (
        Case(
            "wrath_of_kenara",
            "flagship",
            "2 cruiser",
            attacker_faction="hacan",
            attacker_options=("wrath_of_kenara:2",),
            red={"trade_goods": 2},
            faces=(-1,),
        ),
    ),
    # Leaders and breakthroughs: held once gained (a scenario's leaders, breakthroughs).
    "viscount_unlenn": (
        Case(
            "viscount_unlenn",
            SPACE,
            "1 destroyer, 1 cruiser",
            attacker_faction="letnev",
            attacker_options=("viscount_unlenn:1",),
            red={"leaders": ["viscount_unlenn"]},
            named=1,
        ),
    ),
    "evelyn_delouis": (
        Case(
            "evelyn_delouis",
            INVADERS,
            "2 infantry",
            ground=True,
            attacker_faction="sol",
            attacker_options=("evelyn_delouis:2",),
            red={"leaders": ["evelyn_delouis"]},
            named=2,
        ),
    ),
    "tellurian": (
        Case(
            "tellurian",
            SPACE,
            SPACE,
            defender_faction="titans",
            defender_options=("tellurian",),
            blue={"leaders": ["tellurian"]},
        ),
    ),
    "rickar_rickani": (
        Case(
            "rickar_rickani",
            SPACE,
            SPACE,
            defender_faction="winnu",
            defender_options=("rickar_rickani",),
            blue={"leaders": ["rickar_rickani"], "home": "front"},
        ),
    ),
    "two_ram": (
        Case(
            "two_ram",
            INVADERS,
            "1 infantry, 1 pds",
            ground=True,
            attacker_faction="l1z1x",
            attacker_options=("two_ram",),
            red={"leaders": ["two_ram"]},
        ),
        Case(
            "two_ram",
            INVADERS,
            "1 infantry, 1 pds",
            ground=True,
            attacker_faction="l1z1x",
            attacker_options=("two_ram", "harrow"),
            red={"leaders": ["two_ram"]},
        ),
    ),
    "gravleash_maneuvers": (
        Case(
            "gravleash_maneuvers",
            "1 cruiser, 1 destroyer",
            "2 cruiser",
            attacker_faction="letnev",
            attacker_options=("gravleash_maneuvers",),
            red={"breakthroughs": ["gravleash_maneuvers"]},
        ),
        Case(
            "gravleash_maneuvers",
            SPACE,
            "1 dreadnought",
            defender_faction="letnev",
            defender_options=("gravleash_maneuvers",),
            blue={"breakthroughs": ["gravleash_maneuvers"]},
        ),
    ),
    "imperator": (
        Case(
            "imperator",
            SPACE,
            SPACE,
            attacker_faction="winnu",
            attacker_options=("imperator:2",),
            red={"breakthroughs": ["imperator"]},
            blue={"supports_for_the_throne": 2},
        ),
        Case(
            "imperator",
            INVADERS,
            "2 infantry",
            ground=True,
            defender_faction="winnu",
            defender_options=("imperator:1",),
            blue={"breakthroughs": ["imperator"]},
            red={"supports_for_the_throne": 1},
        ),
    ),
    # Thunder's Edge abilities the board plays as the odds count them.
    "phoenix_standard": (
        Case(
            "phoenix_standard",
            SPACE,
            "1 cruiser",
            attacker_options=("phoenix_standard:1",),
            # The board marks the unit that bears the token; the odds give it to the best.
            system={
                "space": {"red": {"galvanized cruiser": 1, "cruiser": 1}, "blue": {"cruiser": 1}}
            },
        ),
        Case(
            "phoenix_standard",
            INVADERS,
            "2 infantry",
            ground=True,
            defender_options=("phoenix_standard:1",),
            system={"ground": {"Front": {"blue": {"galvanized infantry": 1, "infantry": 1}}}},
        ),
    ),
    "brother_milor": (
        Case(
            "brother_milor",
            "1 destroyer",
            "1 cruiser",
            attacker_faction="yin",
            attacker_options=("brother_milor",),
            red={"leaders": ["brother_milor"]},
        ),
        Case(
            "brother_milor",
            INVADERS,
            "2 infantry",
            ground=True,
            defender_faction="yin",
            defender_options=("brother_milor",),
            blue={"leaders": ["brother_milor"]},
        ),
    ),
    "eidolon_maximum": (
        Case(
            "eidolon_maximum",
            "1 carrier, 1 mech",
            "1 cruiser, 1 destroyer",
            attacker_faction="naaz_rokha",
            attacker_options=("eidolon_maximum",),
            red={"breakthroughs": ["eidolon_maximum"]},
        ),
        Case(
            "eidolon_maximum",
            "1 dreadnought, 1 mech",
            "2 infantry",
            ground=True,
            attacker_faction="naaz_rokha",
            attacker_options=("eidolon_maximum",),
            red={"breakthroughs": ["eidolon_maximum"]},
        ),
    ),
    "ul_the_progenitor": (
        Case(
            "ul_the_progenitor",
            "1 cruiser",
            "1 destroyer",
            defender_faction="titans",
            defender_options=("ul_the_progenitor",),
            blue={"leaders": ["ul_the_progenitor"]},
            system={"planets": [{"name": "Elysium", "controller": "blue"}]},
        ),
    ),
    "last_dispatch": (
        Case(
            "last_dispatch",
            "flagship, 1 destroyer",
            "1 carrier, 1 dreadnought",
            attacker_faction="ral_nel",
            retreat="attacker",
            named=1,
        ),
    ),
    "dunlain_reaper_deploy": (
        Case(
            "dunlain_reaper_deploy",
            INVADERS,
            "2 infantry",
            ground=True,
            attacker_faction="letnev",
            attacker_options=("dunlain_reaper_deploy:1",),
            red={"trade_goods": 2},
            named=1,
        ),
    ),
    # --- xf-f: dice rolled for unit abilities (space cannon, barrage, bombardment) ---
    "iconoclast_omega": (
        Case(  # the mech rides in the space area: the odds see the fighter alone
            "iconoclast_omega",
            "1 carrier, 2 fighter",
            "1 destroyer",
            attacker_faction="naalu",
            attacker_options=("iconoclast_omega",),
            system={
                "space": {"red": {"carrier": 1, "fighter": 2, "mech": 1}, "blue": {"destroyer": 1}}
            },
        ),
        Case(
            "iconoclast_omega",
            "1 carrier, 2 fighter",
            "2 fighter",
            defender_faction="naalu",
            defender_options=("iconoclast_omega",),
            red={"relics": ["metali_void_armaments"]},
            attacker_options=("metali_void_armaments",),
            system={"ground": {"Front": {"blue": {"mech": 1}}}},
        ),
    ),
    "trrakan_aun_zulok": (
        Case(
            "trrakan_aun_zulok",
            "2 destroyer",
            "1 carrier, 2 fighter",
            attacker_faction="argent",
            attacker_options=("trrakan_aun_zulok",),
            red={"leaders": ["trrakan_aun_zulok"]},
        ),
        Case(
            "trrakan_aun_zulok",
            "2 cruiser",
            "1 cruiser, 1 pds",
            defender_faction="argent",
            defender_options=("trrakan_aun_zulok",),
            blue={"leaders": ["trrakan_aun_zulok"]},
        ),
        Case(
            "trrakan_aun_zulok",
            INVADERS,
            "2 infantry",
            ground=True,
            attacker_faction="argent",
            attacker_options=("trrakan_aun_zulok",),
            red={"leaders": ["trrakan_aun_zulok"]},
        ),
    ),
    "ta_zern": (
        Case(
            "ta_zern",
            "2 destroyer",
            "1 carrier, 2 fighter",
            attacker_faction="jol_nar",
            attacker_options=("ta_zern",),
            red={"leaders": ["ta_zern"]},
        ),
        Case(
            "ta_zern",
            "2 cruiser",
            "1 cruiser, 1 pds",
            defender_faction="jol_nar",
            defender_options=("ta_zern",),
            blue={"leaders": ["ta_zern"]},
        ),
        Case(
            "ta_zern",
            INVADERS,
            "2 infantry",
            ground=True,
            attacker_faction="jol_nar",
            attacker_options=("ta_zern",),
            red={"leaders": ["ta_zern"]},
        ),
    ),
    "strike_wing_ambuscade": (
        Case(  # no space cannon: the note goes on the barrage
            "strike_wing_ambuscade",
            "2 destroyer",
            "1 carrier, 2 fighter",
            attacker_options=("strike_wing_ambuscade",),
            red={"promissory_notes": ["strike_wing_ambuscade"]},
        ),
        Case(
            "strike_wing_ambuscade",
            "2 cruiser",
            "1 cruiser, 1 pds",
            defender_options=("strike_wing_ambuscade",),
            blue={"promissory_notes": ["strike_wing_ambuscade"]},
        ),
        Case(
            "strike_wing_ambuscade",
            INVADERS,
            "2 infantry",
            ground=True,
            attacker_options=("strike_wing_ambuscade",),
            red={"promissory_notes": ["strike_wing_ambuscade"]},
        ),
    ),
}
"""Each ability's combats, by its id: fleets as the odds read them and what the board gives."""


def _checked() -> list[str]:
    return [a.id for a in ORDERED if not a.unchecked]


_GAP = "the board does not yet play this ability's combat in an enumerated case"


def _params() -> list[object]:
    """Each checked ability; one still without a case is an expected (strict) failure."""
    return [
        pytest.param(a, marks=() if CASES.get(a) else pytest.mark.xfail(strict=True, reason=_GAP))
        for a in _checked()
    ]


def test_every_ability_has_a_case_or_says_why_it_has_none() -> None:
    """A new ability without an enumeration case fails here until it has one (or a reason)."""
    missing = [a for a in _checked() if not CASES.get(a)]
    assert missing == []
    stray = sorted(set(CASES) - set(ABILITIES))
    assert stray == []


def test_an_unchecked_ability_gives_its_reason_and_has_no_case() -> None:
    for ability in ORDERED:
        if ability.unchecked:
            assert len(ability.unchecked.split()) >= 6, ability.id  # a reason, in words
            assert ability.id not in CASES, ability.id


def test_each_case_covers_the_ability_it_is_filed_under() -> None:
    for ability, cases in CASES.items():
        assert all(c.ability == ability for c in cases), ability


@pytest.mark.parametrize("ability", _params())
def test_the_board_plays_each_abilitys_combat_as_the_odds_count_it(ability: str) -> None:
    cases = CASES.get(ability, ())
    assert cases, f"{ability} has no case: add one, or say in its object why it cannot have one"
    for case in cases:
        assert differences(case) == [], case


def test_the_comparison_sees_a_board_without_a_galvanize_token() -> None:
    """Phoenix Standard's case is not idle: a board whose cruisers bear no token differs."""
    case = CASES["phoenix_standard"][0]
    plain = Case(case.ability, case.attacker, case.defender, attacker_options=case.attacker_options)
    assert differences(plain) != []


def test_the_comparison_sees_a_board_without_brother_milor() -> None:
    """Brother Milor's case is not idle: a board whose Yin player lacks the agent differs."""
    case = CASES["brother_milor"][0]
    unheld = Case(
        case.ability,
        case.attacker,
        case.defender,
        attacker_faction="yin",
        attacker_options=case.attacker_options,
    )
    assert differences(unheld) != []


def test_the_comparison_sees_a_board_without_the_eidolon_maximum() -> None:
    """The Eidolon Maximum's case is not idle: without the breakthrough the mech flips to
    Z-Grav Eidolon instead, and the answers differ."""
    case = CASES["eidolon_maximum"][0]
    plain = Case(
        case.ability,
        case.attacker,
        case.defender,
        attacker_faction="naaz_rokha",
        attacker_options=case.attacker_options,
    )
    assert differences(plain) != []


def test_the_comparison_sees_a_board_without_ul_the_progenitor() -> None:
    """Ul the Progenitor's case is not idle: a board whose Titans player lacks the hero
    differs."""
    case = CASES["ul_the_progenitor"][0]
    unheld = Case(
        case.ability,
        case.attacker,
        case.defender,
        defender_faction="titans",
        defender_options=case.defender_options,
        system=case.system,
    )
    assert differences(unheld) != []


def test_the_comparison_sees_a_board_without_last_dispatchs_hook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Last Dispatch's case is not idle: a board that does not play the flagship's hook as
    it retreats differs from the odds."""
    kept = tuple(a for a in offers.HOOKED if a.id != "last_dispatch")
    monkeypatch.setattr(offers, "HOOKED", kept)
    assert differences(CASES["last_dispatch"][0]) != []


def test_the_comparison_sees_a_board_without_the_odds_card() -> None:
    """The check is not idle: odds that play a card the board's player does not hold differ."""
    case = CASES["morale_boost"][0]
    unheld = Case(case.ability, case.attacker, case.defender, attacker_options=("morale_boost",))
    assert differences(unheld) != []
