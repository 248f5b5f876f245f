"""Promissory notes of the factions that act in a combat, beyond War Funding and Tekklar
Legion (``cards``), as the peer ti4battle offers them.

Texts were read in ti-assistant (``server/data/prophecyofkings/factions.ts``,
promissories) and checked against the peer (pgsandstrom/ti4calc ``core/factions/``);
see engine/RULES.md. A note is its holder's choice to play (``may``); the board offers
The Cavalry at the start of a space combat (``note_plays``).
"""

from __future__ import annotations

from engine.ti4.abilities.model import Ability, Combat, Hook, Kind, Moment, register
from engine.ti4.abilities.model import Window as W
from engine.ti4.abilities.note_plays import cavalry, cavalry_ways
from engine.ti4.abilities.unit_dice_plays import NOTE_HOOKS, note_die

__all__ = ["STRIKE_WING_AMBUSCADE", "THE_CAVALRY", "THE_CAVALRY_II"]

THE_CAVALRY = register(
    Ability(
        "the_cavalry",
        "The Cavalry (Memoria I)",
        Kind.PROMISSORY_NOTE,
        frozenset({W.START_OF_COMBAT}),
        "at the start of a space combat against any faction but the Nomad, one of your "
        "non-fighter ships fights with Memoria I's Sustain Damage, combat 7 (x2) and "
        "barrage 8 (x3): the one that gains most (without Sustain Damage, the worst combat "
        "value, the cheapest)",
        ("78.2",),
        may=True,
        combat=Combat.SPACE,
        board="offered at the start of a space combat against another faction than the Nomad: "
        "the ship its holder names fights as Memoria I for the combat; the note goes back",
        hooks=(Hook(Moment.START_OF_COMBAT, cavalry_ways, cavalry),),
    )
)
THE_CAVALRY_II = register(
    Ability(
        "the_cavalry_ii",
        "The Cavalry (Memoria II)",
        Kind.PROMISSORY_NOTE,
        frozenset({W.START_OF_COMBAT}),
        "as The Cavalry, with Memoria II's values: combat 5 (x2), barrage 5 (x3)",
        ("78.2",),
        may=True,
        combat=Combat.SPACE,
        board="as The Cavalry (Memoria I), with Memoria II's values",
        hooks=(Hook(Moment.START_OF_COMBAT, cavalry_ways, cavalry),),
    )
)
STRIKE_WING_AMBUSCADE = register(
    Ability(
        "strike_wing_ambuscade",
        "Strike Wing Ambuscade",
        Kind.PROMISSORY_NOTE,
        frozenset({W.SPACE_CANNON, W.BARRAGE, W.INVASION}),
        "played once, on your side's first roll for a unit ability in the combat (Space "
        "Cannon, else Anti-Fighter Barrage; Bombardment or Space Cannon in an invasion): "
        "the unit with the best of those dice rolls 1 more (the Argent Flight's note, held "
        "by another player)",
        ("77.3", "10.1", "15.1"),
        may=True,
        board="offered before its holder's space cannon, barrage or bombardment roll (the best "
        "unit first): the unit named rolls 1 more die, and the note goes back",
        hooks=NOTE_HOOKS,
        roll=note_die,
    )
)
