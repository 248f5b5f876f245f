"""The action cards and promissory notes the engine plays (agendas: ``agendas``).

Texts were read in the Living Rules Reference's errata (Direct Hit), ti-assistant's
card lists and the alpha-mouse calculator's option list (``game-elements.js``), which
names the same cards; see engine/RULES.md. An action card is always its holder's
choice (``may``); a law acts on everyone.
"""

from __future__ import annotations

from engine.ti4.abilities.card_effects import (
    bunker,
    bunker_ready,
    direct_hit,
    direct_hit_ways,
    disable_ready,
    flare,
    flare_ways,
    jets,
    jets_ways,
    repair_all,
    repair_all_ways,
    shield,
    shield_ways,
)
from engine.ti4.abilities.card_plays import fire, fund, funding_ways, reroll_ways, tekklar
from engine.ti4.abilities.kept_plays import (
    courageous,
    courageous_ways,
    reflective,
    reflective_ways,
)
from engine.ti4.abilities.model import (
    Ability,
    Combat,
    Fold,
    Hook,
    Kind,
    Moment,
    Rounds,
    Side,
    register,
)
from engine.ti4.abilities.model import Window as W
from engine.ti4.abilities.plays import (
    card,
    is_played,
    plus,
    reroll_misses,
)

__all__ = [
    "BLITZ",
    "BUNKER",
    "COURAGEOUS_TO_THE_END",
    "DIRECT_HIT",
    "DISABLE",
    "EMERGENCY_REPAIRS",
    "EXPERIMENTAL_BATTLESTATION",
    "FIGHTER_PROTOTYPE",
    "FIRE_TEAM",
    "MANEUVERING_JETS",
    "MORALE_BOOST",
    "REFLECTIVE_SHIELDING",
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
        board="played at the start of a combat round: +1 to each of your units' combat rolls "
        "that round",
        hooks=(Hook(Moment.START_OF_ROUND, *card("+1 to your units' combat rolls this round")),),
        roll=plus(1),
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
        board="offered to whoever produced the hits after a ship of the opponent's uses "
        "Sustain Damage against them (space cannon or combat): that ship is destroyed",
        hooks=(Hook(Moment.SUSTAINED, direct_hit_ways, direct_hit),),
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
        board="played after your ground combat rolls: your dice that missed are rolled again",
        hooks=(
            Hook(
                Moment.AFTER_ROLL,
                lambda a, g, u: reroll_ways(a, g, u),
                lambda a, g, u, w: fire(a, g, u),
            ),
        ),
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
        board="played at the start of the first round of a space combat: +2 to your "
        "fighters' combat rolls that round",
        hooks=(
            Hook(
                Moment.START_OF_ROUND,
                *card(
                    "+2 to your fighters' combat rolls this round", when=lambda g, u: u.round == 1
                ),
            ),
        ),
        roll=plus(2, "fighter"),
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
        board="played as the invasion's bombardment begins, where the active player can "
        "bombard the holder's planet: -4 to each bombardment roll against it",
        hooks=(
            Hook(
                Moment.BOMBARDMENT,
                *card("-4 to each bombardment roll this invasion", "volley", bunker_ready),
            ),
        ),
        roll=bunker,
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
        board="played before its holder assigns hits another player's space cannon (offense or "
        "defense) produced against their units: 1 of those hits is cancelled",
        hooks=(Hook(Moment.BEFORE_ASSIGN, jets_ways, jets),),
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
        board="played at the end of a combat round: every damaged unit of yours in the active "
        "system is repaired",
        hooks=(Hook(Moment.END_OF_ROUND, repair_all_ways, repair_all),),
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
        board="played before its holder assigns a space combat round's hits: up to 2 of them "
        "are cancelled (those bound to non-fighter ships first)",
        hooks=(Hook(Moment.BEFORE_ASSIGN, shield_ways, shield),),
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
        board="played by the active player just after activating a system: no other player "
        "fires space cannon at their ships in the system this movement",
        hooks=(Hook(Moment.ACTIVATED, flare_ways, flare),),
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
        board="played as the active player's invasion begins, with another player's PDS in the "
        "system: those PDS lose Planetary Shield and Space Cannon for the invasion",
        hooks=(
            Hook(
                Moment.BOMBARDMENT,
                *card(
                    "other players' PDS here lose Planetary Shield and Space Cannon",
                    "action",
                    disable_ready,
                ),
            ),
        ),
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

REFLECTIVE_SHIELDING = register(
    Ability(
        "reflective_shielding",
        "Reflective Shielding",
        Kind.ACTION_CARD,
        frozenset({W.ASSIGN_HITS}),
        "one card: the first time one of your ships uses Sustain Damage in a space combat "
        "round, 2 hits are produced against the opponent's ships (they assign them, and may "
        "sustain; your Direct Hit may answer)",
        ("78.6", "87.1"),
        may=True,
        combat=Combat.SPACE,
        board="offered after a ship of its holder's sustains against a space combat round's "
        "hits: 2 hits against the opponent's ships, which they assign",
        hooks=(Hook(Moment.SUSTAINED, reflective_ways, reflective),),
    )
)
COURAGEOUS_TO_THE_END = register(
    Ability(
        "courageous_to_the_end",
        "Courageous to the End",
        Kind.ACTION_CARD,
        frozenset({W.ASSIGN_HITS}),
        "one card: after the first space combat round in which you lose a ship, 2 dice at "
        "the best combat value among the ships you lost; for each hit the opponent destroys "
        "1 of their ships of their choosing (the least valued, no Sustain Damage)",
        ("78.6",),
        may=True,
        combat=Combat.SPACE,
        board="offered once a space combat round's hits are assigned, if a ship of its "
        "holder's was lost: 2 dice at the best combat value lost; for each hit the opponent "
        "destroys 1 of their ships, the least valued",
        hooks=(Hook(Moment.AFTER_HITS, courageous_ways, courageous),),
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
        also_faction="letnev",
        board="at the start of a space combat round, the note is played (and given back) or the "
        "Barony of Letnev spends 2 trade goods (Munitions Reserves): your dice that miss that "
        "round are rolled again",
        hooks=(
            Hook(
                Moment.START_OF_ROUND,
                lambda a, g, u: funding_ways(a, g, u),
                lambda a, g, u, w: fund(a, g, u, w),
            ),
            Hook(
                Moment.AFTER_ROLL,
                lambda a, g, u: reroll_ways(a, g, u) if is_played(g, u.player, a) else [],
                lambda a, g, u, w: reroll_misses(a, g, u),
                auto=True,
            ),
        ),
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
        board="played at the start of a ground combat: +1 to your units' combat rolls in it, "
        "-1 to a Sardakk N'orr opponent's; the note goes back to its giver",
        hooks=(
            Hook(
                Moment.START_OF_COMBAT,
                *card("+1 to your ground combat rolls in this combat", until="combat"),
            ),
        ),
        roll=lambda a, g, u, unit, attack: tekklar(a, g, u, unit, attack),
    )
)
