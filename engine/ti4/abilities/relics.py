"""The relics that act in a combat, as the exact odds take them (the three the peer offers).

Texts were read in ti-assistant (``server/data/thundersedge/relics.ts``) and checked
against the peer ti4battle (pgsandstrom/ti4calc ``core/battleeffect/relic.ts``); see
engine/RULES.md. A relic acts for its owner, whatever the faction, once a scenario gives
it (``relics``); what the board does of each is in ``relic_plays``.
"""

from __future__ import annotations

from engine.ti4.abilities.model import Ability, Combat, Hook, Kind, Moment, register
from engine.ti4.abilities.model import Window as W
from engine.ti4.abilities.relic_plays import (
    armaments,
    armaments_ways,
    void_shield,
    void_shield_ways,
)

__all__ = ["LIGHTRAIL_ORDNANCE", "METALI_VOID_ARMAMENTS", "METALI_VOID_SHIELDING"]

LIGHTRAIL_ORDNANCE = register(
    Ability(
        "lightrail_ordnance",
        "Lightrail Ordnance",
        Kind.RELIC,
        frozenset({W.SPACE_CANNON}),
        "each of your space docks named (in or next to the system) fires Space Cannon 5 "
        "(x2): against the other side's ships as they arrive, or, as the defender's one "
        "space dock on the planet, at the invading ground forces",
        ("77.2", "77.7"),
        amount="space docks",
        board="its holder's space docks have Space Cannon 5 (x2), reaching the systems next "
        "to theirs: they fire space cannon offense at ships, and defense from the invaded "
        "planet",
        arms=("space_dock", "lightrail"),
    )
)
METALI_VOID_ARMAMENTS = register(
    Ability(
        "metali_void_armaments",
        "Metali Void Armaments",
        Kind.RELIC,
        frozenset({W.BARRAGE}),
        "in the space combat's barrage you also roll Anti-Fighter Barrage 6 (x3)",
        ("10.1",),
        may=True,
        combat=Combat.SPACE,
        board="offered in the barrage step of a space combat, after the units' barrage, while "
        "the opponent has fighters: 3 dice hitting on 6, each hit destroying a fighter",
        hooks=(Hook(Moment.BARRAGE, armaments_ways, armaments),),
    )
)
METALI_VOID_SHIELDING = register(
    Ability(
        "metali_void_shielding",
        "Metali Void Shielding",
        Kind.RELIC,
        frozenset({W.ASSIGN_HITS}),
        "each combat round you take hits, your cheapest undamaged non-fighter ship without "
        "Sustain Damage uses it as if it had it (the rounds' hits only: not space cannon)",
        ("78.6", "87.1"),
        may=True,
        combat=Combat.SPACE,
        board="offered before its holder assigns a space combat round's hits: 1 of their "
        "non-fighter ships without Sustain Damage, the cheapest first, sustains to cancel 1 hit",
        hooks=(Hook(Moment.BEFORE_ASSIGN, void_shield_ways, void_shield),),
    )
)
