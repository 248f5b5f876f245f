"""The faction units' own abilities the engine plays (beyond their values).

Texts were read in ti-assistant ``server/data/base/techs.ts`` (Exotrireme II) and
``server/data/prophecyofkings/factions.ts`` (Dimensional Tear I/II); see engine/RULES.md.
"""

from __future__ import annotations

from engine.ti4.abilities.faction_plays import exotrireme, exotrireme_ways
from engine.ti4.abilities.model import (
    MOVEMENT_ONLY,
    Ability,
    Combat,
    Hook,
    Kind,
    Moment,
    Rounds,
    register,
)
from engine.ti4.abilities.model import Window as W

__all__ = ["DIMENSIONAL_TEAR", "EXOTRIREME_II_SACRIFICE"]

EXOTRIREME_II_SACRIFICE = register(
    Ability(
        "exotrireme_ii_sacrifice",
        "Exotrireme II",
        Kind.FACTION_UNIT,
        frozenset({W.END_OF_ROUND}),
        "after each space combat round named, while you have an Exotrireme II and the "
        "opponent has ships: one of yours (a damaged one first) is destroyed to destroy the "
        "opponent's 2 most valuable ships (no Sustain Damage against it)",
        ("78.6",),
        owner="sardakk",
        unit="dreadnought",
        may=True,
        combat=Combat.SPACE,
        rounds=Rounds.NAMED,
        board="offered after each space combat round with an Exotrireme II in it (a damaged "
        "one first): it is destroyed and so are the opponent's 2 most valuable ships",
        hooks=(Hook(Moment.END_OF_ROUND, exotrireme_ways, exotrireme),),
    )
)
DIMENSIONAL_TEAR = register(
    Ability(
        "dimensional_tear",
        "Dimensional Tear",
        Kind.FACTION_UNIT,
        frozenset({W.MOVEMENT}),
        "the system of your space dock is a gravity rift; your ships do not roll for it",
        ("9.4", "41.1", "41.2"),
        owner="vuil_raith",
        unit="space_dock",
        odds=None,
        unchecked=MOVEMENT_ONLY,
        board="its system is a gravity rift for everyone (9.4); your ships get the +1 but "
        "roll no die leaving it",
    )
)
