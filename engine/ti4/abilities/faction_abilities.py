"""The faction abilities the engine plays (each held by every player of its faction).

Texts were read in ti-assistant ``server/data/base/factions.ts`` and
``server/data/prophecyofkings/factions.ts`` (abilities); see engine/RULES.md. Unrelenting
and Fragile are in the faction's unit values (:mod:`engine.ti4.factions` reads their
``plus`` from here).
"""

from __future__ import annotations

from engine.ti4.abilities.faction_plays import (
    ambush,
    ambush_ways,
    devotion,
    devotion_ways,
    harrow,
    harrow_ways,
    raid,
    raid_ways,
)
from engine.ti4.abilities.indoctrination import indoctrination, indoctrination_ways
from engine.ti4.abilities.model import (
    MOVEMENT_ONLY,
    Ability,
    Combat,
    Hook,
    Kind,
    Moment,
    Odds,
    Rounds,
    Side,
    register,
)
from engine.ti4.abilities.model import Window as W

__all__ = [
    "AMBUSH",
    "DEVOTION",
    "FRAGILE",
    "GASHLAI_PHYSIOLOGY",
    "HARROW",
    "INDOCTRINATION",
    "MITOSIS",
    "PHOENIX_STANDARD",
    "RAID_FORMATION",
    "UNRELENTING",
    "VOIDBORN",
]

AMBUSH = register(
    Ability(
        "ambush",
        "Ambush",
        Kind.FACTION_ABILITY,
        frozenset({W.START_OF_COMBAT}),
        "at the start of space combat, before the first round: your 2 cruisers or destroyers "
        "with the best combat values roll 1 die each, a hit on the ship's combat value or "
        "more; the opponent assigns the hits to their ships (the attacker's start-of-combat "
        "abilities resolve before Assault Cannon, the defender's after)",
        ("78.2",),
        owner="mentak",
        may=True,
        combat=Combat.SPACE,
        board="offered at the start of a space combat (the attacker's before the defender's): "
        "the 2 cruisers or destroyers with the best combat values roll 1 die each; the "
        "opponent assigns the hits to their ships",
        hooks=(Hook(Moment.START_OF_COMBAT, ambush_ways, ambush),),
    )
)
DEVOTION = register(
    Ability(
        "devotion",
        "Devotion",
        Kind.FACTION_ABILITY,
        frozenset({W.END_OF_ROUND}),
        "after each space combat round named, while you have a cruiser or destroyer and the "
        "opponent has ships: your weakest one (a destroyer before a cruiser) is destroyed to "
        "make 1 hit that you assign: to the opponent's most costly ship that cannot cancel it "
        "(one without Sustain Damage, or one already damaged), else to their most costly ship",
        ("78.6",),
        owner="yin",
        may=True,
        combat=Combat.SPACE,
        rounds=Rounds.NAMED,
        board="offered after each space combat round: the weakest cruiser or destroyer (a "
        "damaged one first) is destroyed and its holder assigns 1 hit to an opponent's ship "
        "(the odds' target offered first); a ship with Sustain Damage left cancels it",
        hooks=(Hook(Moment.END_OF_ROUND, devotion_ways, devotion),),
    )
)
RAID_FORMATION = register(
    Ability(
        "raid_formation",
        "Raid Formation",
        Kind.FACTION_ABILITY,
        frozenset({W.BARRAGE}),
        "each of your anti-fighter barrage hits beyond the opponent's fighters damages 1 of "
        "their undamaged ships with Sustain Damage (you choose: the most valuable first)",
        ("10",),
        owner="argent",
        combat=Combat.SPACE,
        board="after the anti-fighter barrage, each hit beyond the opponent's fighters "
        "damages one of their undamaged ships with Sustain Damage, the Argent Flight choosing "
        "which (the most valuable offered first)",
        hooks=(Hook(Moment.BARRAGE, raid_ways, raid),),
    )
)
INDOCTRINATION = register(
    Ability(
        "indoctrination",
        "Indoctrination",
        Kind.FACTION_ABILITY,
        frozenset({W.START_OF_COMBAT}),
        "you spend 2 influence: at the start of ground combat, 1 of the opponent's infantry "
        "is replaced by 1 of your infantry",
        ("42",),
        owner="yin",
        may=True,
        combat=Combat.GROUND,
        board="offered at the start of a ground combat while the opponent has infantry in it "
        "and you can spend 2 influence (2 trade goods, or ready planets exhausted): their "
        "first infantry is replaced by one of yours",
        hooks=(Hook(Moment.START_OF_COMBAT, indoctrination_ways, indoctrination),),
    )
)
HARROW = register(
    Ability(
        "harrow",
        "Harrow",
        Kind.FACTION_ABILITY,
        frozenset({W.END_OF_ROUND}),
        "at the end of each ground combat round, your ships bombard the defender's ground "
        "forces again, as in the bombardment before combat (not through a Planetary Shield; "
        "Bunker, Plasma Scoring and X-89 apply to each)",
        ("15.1", "42"),
        owner="l1z1x",
        may=True,
        side=Side.ATTACKER,
        combat=Combat.GROUND,
        board="offered at the end of each ground combat round: the attacker's ships with "
        "Bombardment in the system roll it against the defender's ground forces on the planet "
        "(not through a Planetary Shield), who assigns the hits",
        hooks=(Hook(Moment.END_OF_ROUND, harrow_ways, harrow),),
    )
)
UNRELENTING = register(
    Ability(
        "unrelenting",
        "Unrelenting",
        Kind.FACTION_ABILITY,
        frozenset({W.ROLL}),
        "+1 to every combat roll of your units (in their values)",
        ("78.5", "42.1"),
        owner="sardakk",
        odds=Odds.ALWAYS,
        board="+1 to every combat roll of your units (in their values)",
        plus=1,
    )
)
FRAGILE = register(
    Ability(
        "fragile",
        "Fragile",
        Kind.FACTION_ABILITY,
        frozenset({W.ROLL}),
        "-1 to every combat roll of your units (in their values)",
        ("78.5", "42.1"),
        owner="jol_nar",
        odds=Odds.ALWAYS,
        board="-1 to every combat roll of your units (in their values)",
        plus=-1,
    )
)
GASHLAI_PHYSIOLOGY = register(
    Ability(
        "gashlai_physiology",
        "Gashlai Physiology",
        Kind.FACTION_ABILITY,
        frozenset({W.MOVEMENT}),
        "your ships move through supernovas",
        ("86.1",),
        owner="muaat",
        odds=None,
        unchecked=MOVEMENT_ONLY,
        board="your ships move through supernovas (not into: a refusal says so)",
        lifts=(("supernova", "through"),),
    )
)
VOIDBORN = register(
    Ability(
        "voidborn",
        "Voidborn",
        Kind.FACTION_ABILITY,
        frozenset({W.MOVEMENT}),
        "nebulae do not affect your ships' movement",
        ("59.1", "59.1.1", "59.2"),
        owner="empyrean",
        odds=None,
        unchecked=MOVEMENT_ONLY,
        board="nebulae do not affect your ships' movement: into one that is not active, "
        "through one, and no move 1 out of one",
        lifts=(("nebula", "into"), ("nebula", "through")),
    )
)
MITOSIS = register(
    Ability(
        "mitosis",
        "Mitosis",
        Kind.FACTION_ABILITY,
        frozenset({W.PRODUCTION}),
        "your space docks cannot produce infantry",
        ("68.1d",),
        owner="arborec",
        odds=None,
        board="your space docks' Production makes no infantry, even beside other producers "
        "(its status-phase infantry is not played)",
        unchecked="it limits production and never acts in a combat: the odds have no option "
        "for it and there is no combat to compare (the production test pins it)",
    )
)
PHOENIX_STANDARD = register(
    Ability(
        "phoenix_standard",
        "Phoenix Standard (galvanized units)",
        Kind.FACTION_ABILITY,
        frozenset({W.UNIT_VALUES}),
        "name how many of your units bear a galvanize token (the Last Bastion's Phoenix "
        "Standard gives one after each combat; Raise the Standard another player's): each "
        "rolls 1 more die in combat and for its unit abilities; those with the best combat "
        "value bear them",
        ("78.5", "42.1"),
        owner="last_bastion",
        any_faction=True,
        amount="galvanized units",
    )
)
