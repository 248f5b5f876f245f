"""The faction technologies the engine plays.

Texts were read in ti-assistant ``server/data/base/techs.ts``,
``server/data/prophecyofkings/techs.ts`` and the faction files' ``factionTechs`` (whose
each is), Magmus Reactor Ω's (Codex) in community faction transcriptions; see
engine/RULES.md.
"""

from __future__ import annotations

from dataclasses import replace

from engine.ti4.abilities.faction_plays import impulse, impulse_ways
from engine.ti4.abilities.model import (
    MOVEMENT_ONLY,
    Ability,
    Combat,
    Hook,
    Kind,
    Moment,
    Rounds,
    Side,
    register,
)
from engine.ti4.abilities.model import Window as W
from engine.ti4.abilities.plays import card, plus
from engine.ti4.abilities.tech_plays import shielding, weave
from engine.ti4.abilities.wormhole_plays import SPLICER_HOOKS

__all__ = [
    "CHAOS_MAPPING",
    "DIMENSIONAL_SPLICER",
    "IMPULSE_CORE",
    "L4_DISRUPTORS",
    "MAGMUS_REACTOR",
    "MAGMUS_REACTOR_OMEGA",
    "NON_EUCLIDEAN_SHIELDING",
    "SUPERCHARGE",
    "VALKYRIE_PARTICLE_WEAVE",
]

# A side of any faction may name these three in the odds (the peer calculator takes them
# without a faction); the rest only the owner's side.
NON_EUCLIDEAN_SHIELDING = register(
    Ability(
        "non_euclidean_shielding",
        "Non-Euclidean Shielding",
        Kind.FACTION_TECHNOLOGY,
        frozenset({W.ASSIGN_HITS}),
        "each use of Sustain Damage cancels 2 hits",
        ("87.1",),
        owner="letnev",
        any_faction=True,
        board="each Sustain Damage of its owner's units cancels 2 hits instead of 1",
        hits=shielding,
        colour="red",
        prerequisites=("red", "red"),
    )
)
L4_DISRUPTORS = register(
    Ability(
        "l4_disruptors",
        "L4 Disruptors",
        Kind.FACTION_TECHNOLOGY,
        frozenset({W.SPACE_CANNON}),
        "no space cannon against your units during the invasion",
        ("77.7",),
        owner="letnev",
        side=Side.ATTACKER,
        combat=Combat.GROUND,
        any_faction=True,
        board="when its owner invades, no space cannon defense is fired at their committed "
        "ground forces (engine.ti4.invasion)",
        colour="yellow",
        prerequisites=("yellow",),
    )
)
VALKYRIE_PARTICLE_WEAVE = register(
    Ability(
        "valkyrie_particle_weave",
        "Valkyrie Particle Weave",
        Kind.FACTION_TECHNOLOGY,
        frozenset({W.ROLL}),
        "in each ground combat round where the opponent scores 1 or more hits, you score 1 more",
        ("42.2",),
        owner="sardakk",
        combat=Combat.GROUND,
        any_faction=True,
        board="after a ground combat round's rolls in which the opponent produced 1 or more "
        "hits, its owner produces 1 more hit",
        hits=weave,
        colour="red",
        prerequisites=("red", "red"),
    )
)
DIMENSIONAL_SPLICER = register(
    Ability(
        "dimensional_splicer",
        "Dimensional Splicer",
        Kind.FACTION_TECHNOLOGY,
        frozenset({W.START_OF_COMBAT}),
        "the system has a wormhole: at the start of space combat, 1 hit that you assign: to "
        "the opponent's most costly ship that cannot cancel it (one without Sustain Damage, or "
        "one already damaged), else to their most costly ship",
        ("78.2",),
        owner="creuss",
        requires="a wormhole in the system",
        may=True,
        combat=Combat.SPACE,
        board="offered at the start of a space combat in a system with a wormhole (a "
        "scenario's `wormhole:`): the holder assigns 1 hit to an opponent's ship",
        hooks=SPLICER_HOOKS,
    )
)
IMPULSE_CORE = register(
    Ability(
        "impulse_core",
        "Impulse Core",
        Kind.FACTION_TECHNOLOGY,
        frozenset({W.START_OF_COMBAT}),
        "at the start of space combat, your weakest cruiser or destroyer (a destroyer "
        "before a cruiser) is destroyed to make 1 hit, which the opponent assigns to a "
        "non-fighter ship if they have one",
        ("78.2",),
        owner="yin",
        may=True,
        combat=Combat.SPACE,
        board="offered at the start of a space combat: the weakest cruiser or destroyer (a "
        "destroyer first) is destroyed; the opponent assigns the hit to a non-fighter ship if able",
        hooks=(Hook(Moment.START_OF_COMBAT, impulse_ways, impulse),),
    )
)
SUPERCHARGE = register(
    Ability(
        "supercharge",
        "Supercharge",
        Kind.FACTION_TECHNOLOGY,
        frozenset({W.ROLL}),
        "+1 to all your units' combat rolls in the round named (it is exhausted after one use: "
        "name one round)",
        ("78.5", "42.1"),
        owner="naaz_rokha",
        colour="red",
        prerequisites=("red",),
        may=True,
        rounds=Rounds.NAMED,
        board="exhausted at the start of a combat round: +1 to your units' combat rolls that round",
        hooks=(Hook(Moment.START_OF_ROUND, *card("+1 to your units' combat rolls this round")),),
        roll=plus(1),
    )
)
MAGMUS_REACTOR = register(
    Ability(
        "magmus_reactor",
        "Magmus Reactor",
        Kind.FACTION_TECHNOLOGY,
        frozenset({W.MOVEMENT}),
        "your ships move into supernovas",
        ("86.1",),
        owner="muaat",
        odds=None,
        unchecked=MOVEMENT_ONLY,
        board="your ships move into supernovas (its trade good is not played)",
        lifts=(("supernova", "into"),),
        colour="red",
        prerequisites=("red", "red"),
    )
)
# Codex I's version: the same movement, a different production half (not played).
MAGMUS_REACTOR_OMEGA = register(
    replace(
        MAGMUS_REACTOR,
        id="magmus_reactor_omega",
        name="Magmus Reactor Ω",
        board="your ships move into supernovas (its production is not played)",
    )
)
CHAOS_MAPPING = register(
    Ability(
        "chaos_mapping",
        "Chaos Mapping",
        Kind.FACTION_TECHNOLOGY,
        frozenset({W.MOVEMENT}),
        "other players cannot activate asteroid fields that contain your ships",
        ("1.6", "89.1"),
        owner="saar",
        odds=None,
        unchecked=MOVEMENT_ONLY,
        board="other players cannot activate asteroid fields that contain your ships "
        "(its production is not played)",
        colour="blue",
        prerequisites=("blue",),
    )
)
