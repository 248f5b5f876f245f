"""The action cards, agendas and promissory notes the engine plays.

Texts were read in the Living Rules Reference's errata (Direct Hit), ti-assistant's
card lists and the alpha-mouse calculator's option list (``game-elements.js``), which
names the same cards; see engine/RULES.md. An action card is always its holder's
choice (``may``); a law acts on everyone.
"""

from __future__ import annotations

from engine.ti4.abilities.model import Ability, Combat, Fold, Kind, Rounds, Side, register
from engine.ti4.abilities.model import Window as W

__all__ = [
    "BLITZ",
    "BUNKER",
    "CONVENTIONS_OF_WAR",
    "DIRECT_HIT",
    "DISABLE",
    "EMERGENCY_REPAIRS",
    "EXPERIMENTAL_BATTLESTATION",
    "FIGHTER_PROTOTYPE",
    "FIRE_TEAM",
    "MANEUVERING_JETS",
    "MORALE_BOOST",
    "PROPHECY_OF_IXTH",
    "PUBLICIZE_WEAPON_SCHEMATICS",
    "SHIELDS_HOLDING",
    "SOLAR_FLARE",
    "TEKKLAR_LEGION",
    "WAR_FUNDING",
]

# --- action cards ----------------------------------------------------------------------------

MORALE_BOOST = register(
    Ability(
        "morale_boost",
        "Morale Boost",
        Kind.ACTION_CARD,
        frozenset({W.ROLL}),
        "+1 to all your units' combat rolls in the round(s) named (one card a round)",
        ("78.5", "42.1"),
        may=True,
        rounds=Rounds.NAMED,
    )
)
DIRECT_HIT = register(
    Ability(
        "direct_hit",
        "Direct Hit",
        Kind.ACTION_CARD,
        frozenset({W.SPACE_CANNON, W.ASSIGN_HITS}),
        "one card: the first time a ship of the opponent uses Sustain Damage against "
        "your space cannon or combat hits, it is destroyed (the most valuable if several "
        "sustain at once; not Dreadnought II, Super-Dreadnought II, Exotrireme II)",
        ("87.1",),
        may=True,
        combat=Combat.SPACE,
    )
)
FIRE_TEAM = register(
    Ability(
        "fire_team",
        "Fire Team",
        Kind.ACTION_CARD,
        frozenset({W.ROLL}),
        "after your ground combat rolls in the round(s) named, reroll every miss",
        ("42.1",),
        may=True,
        combat=Combat.GROUND,
        rounds=Rounds.NAMED,
    )
)
FIGHTER_PROTOTYPE = register(
    Ability(
        "fighter_prototype",
        "Fighter Prototype",
        Kind.ACTION_CARD,
        frozenset({W.ROLL}),
        "+2 to your fighters' combat rolls in the first round of space combat",
        ("78.5",),
        may=True,
        combat=Combat.SPACE,
        rounds=Rounds.FIRST,
    )
)
BUNKER = register(
    Ability(
        "bunker",
        "Bunker",
        Kind.ACTION_CARD,
        frozenset({W.INVASION}),
        "-4 to the results of bombardment rolls against your planet",
        ("15.1",),
        may=True,
        side=Side.DEFENDER,
        combat=Combat.GROUND,
    )
)
EXPERIMENTAL_BATTLESTATION = register(
    Ability(
        "experimental_battlestation",
        "Experimental Battlestation",
        Kind.ACTION_CARD,
        frozenset({W.SPACE_CANNON}),
        "one of your space docks fires Space Cannon 5 (x3) at the "
        "active player's ships in space cannon offense",
        ("77.3",),
        requires="one of your space docks in or next to the system",
        may=True,
        side=Side.DEFENDER,
        combat=Combat.SPACE,
    )
)
MANEUVERING_JETS = register(
    Ability(
        "maneuvering_jets",
        "Maneuvering Jets",
        Kind.ACTION_CARD,
        frozenset({W.SPACE_CANNON}),
        "cancel 1 hit that space cannon (offense or defense) produces against your units",
        ("77.5", "77.8"),
        may=True,
    )
)

EMERGENCY_REPAIRS = register(
    Ability(
        "emergency_repairs",
        "Emergency Repairs",
        Kind.ACTION_CARD,
        frozenset({W.END_OF_ROUND}),
        "at the end of the round named, every damaged unit of yours is repaired (the "
        "card's other timing, the start of a round, is the end of the one before)",
        ("87.1", "78.6"),
        may=True,
        rounds=Rounds.NAMED,
    )
)
SHIELDS_HOLDING = register(
    Ability(
        "shields_holding",
        "Shields Holding",
        Kind.ACTION_CARD,
        frozenset({W.ASSIGN_HITS}),
        "in the space combat round(s) named (one card each), up to 2 of the opponent's "
        "hits are cancelled before you assign them (those bound to non-fighter ships first)",
        ("78.6",),
        may=True,
        combat=Combat.SPACE,
        rounds=Rounds.NAMED,
    )
)
SOLAR_FLARE = register(
    Ability(
        "solar_flare",
        "Solar Flare",
        Kind.ACTION_CARD,
        frozenset({W.SPACE_CANNON}),
        "the defender's space cannon does not fire at your ships as they move in",
        ("77.2",),
        may=True,
        side=Side.ATTACKER,
        combat=Combat.SPACE,
    )
)
DISABLE = register(
    Ability(
        "disable",
        "Disable",
        Kind.ACTION_CARD,
        frozenset({W.INVASION}),
        "the defender's PDS lose Planetary Shield and Space Cannon for the invasion: "
        "no space cannon defense from them, and they no longer stop your bombardment",
        ("15.1", "77.7"),
        requires="a PDS of the defender in the system",
        may=True,
        side=Side.ATTACKER,
        combat=Combat.GROUND,
    )
)
BLITZ = register(
    Ability(
        "blitz",
        "Blitz",
        Kind.ACTION_CARD,
        frozenset({W.INVASION}),
        "each of your ships other than fighters that lacks Bombardment bombards at 6 "
        "(one die) in this invasion",
        ("15.1",),
        may=True,
        side=Side.ATTACKER,
        combat=Combat.GROUND,
    )
)

# --- agendas -------------------------------------------------------------------------------

PUBLICIZE_WEAPON_SCHEMATICS = register(
    Ability(
        "publicize_weapon_schematics",
        "Publicize Weapon Schematics",
        Kind.AGENDA,
        frozenset({W.UNIT_VALUES}),
        "war suns (both sides') lose Sustain Damage",
        ("87.1",),
        combat=Combat.SPACE,
    )
)
CONVENTIONS_OF_WAR = register(
    Ability(
        "conventions_of_war",
        "Conventions of War",
        Kind.AGENDA,
        frozenset({W.INVASION}),
        "the planet is cultural: no bombardment against it",
        ("15.1",),
        requires="a cultural planet",
        side=Side.DEFENDER,
        combat=Combat.GROUND,
    )
)
PROPHECY_OF_IXTH = register(
    Ability(
        "prophecy_of_ixth",
        "Prophecy of Ixth",
        Kind.AGENDA,
        frozenset({W.ROLL}),
        "+1 to your fighters' combat rolls",
        ("78.5",),
        combat=Combat.SPACE,
        fold=Fold(1, unit="fighter"),
    )
)

# --- promissory notes ------------------------------------------------------------------------

WAR_FUNDING = register(
    Ability(
        "war_funding",
        "War Funding / Munitions Reserves",
        Kind.PROMISSORY_NOTE,
        frozenset({W.ROLL}),
        "reroll every miss of your space combat rolls in the round(s) named "
        "(Munitions Reserves: name each round you pay 2 trade goods for)",
        ("78.5",),
        may=True,
        combat=Combat.SPACE,
        rounds=Rounds.NAMED,
    )
)
TEKKLAR_LEGION = register(
    Ability(
        "tekklar_legion",
        "Tekklar Legion",
        Kind.PROMISSORY_NOTE,
        frozenset({W.ROLL}),
        "+1 to your ground combat rolls; -1 to the opponent's if they are Sardakk N'orr",
        ("42.1",),
        may=True,
        combat=Combat.GROUND,
        fold=Fold(1, not_against="sardakk"),
    )
)
