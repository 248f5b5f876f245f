"""The faction units' own abilities the engine plays (beyond their values).

Texts were read in ti-assistant ``server/data/base/techs.ts`` (Exotrireme II),
``server/data/prophecyofkings/factions.ts`` (Dimensional Tear I/II) and
``server/compiled-lang/en.json`` (Last Dispatch, a flagship kept here as ``flagships`` is
full); see engine/RULES.md.
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
    Odds,
    Rounds,
    register,
)
from engine.ti4.abilities.model import Window as W
from engine.ti4.abilities.retreat_plays import dispatch, dispatch_ways
from engine.ti4.abilities.revival import return_roll, return_ways

__all__ = ["DIMENSIONAL_TEAR", "EXOTRIREME_II_SACRIFICE", "INFANTRY_II_RETURN", "LAST_DISPATCH"]

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
# The infantry upgrades' own ability (base and faction ones alike): held with the upgrade.
INFANTRY_II_RETURN = register(
    Ability(
        "infantry_ii_return",
        "Infantry II",
        Kind.UNIT_UPGRADE,
        frozenset({W.ASSIGN_HITS}),
        "after an upgraded infantry is destroyed, roll 1 die: on 6 or more (Spec Ops II: 5) "
        "it rests on the card and returns at the start of its owner's next turn",
        ("31.1", "31.2", "97.4"),
        unit="infantry",
        odds=None,
        unchecked="the infantry it returns come back at the start of their owner's next turn, "
        "never into the combat that destroyed them: the odds of that combat are unchanged, "
        "and the board test pins the die and the return",
        board="each Infantry II, Letani Warrior II or Spec Ops II destroyed by hits rolls 1 "
        "die (no choice: the card says no may); those that make it rest on the card and go to "
        "a planet their owner controls in the home system at the start of the next turn",
        hooks=(Hook(Moment.DESTROYED, return_ways, return_roll, auto=True),),
    )
)
LAST_DISPATCH = register(
    Ability(
        "last_dispatch",
        "Last Dispatch",
        Kind.FLAGSHIP,
        frozenset({W.MOVEMENT}),
        "when your side retreats from a space combat (a retreat after round N) with it: the "
        "opponent's most valuable ship without Sustain Damage is destroyed",
        ("78.7",),
        owner="ral_nel",
        unit="flagship",
        combat=Combat.SPACE,
        odds=Odds.ALWAYS,
        board="as your ships retreat from a space combat with it, the opponent's most "
        "valuable ship there without Sustain Damage is destroyed, without asking",
        hooks=(Hook(Moment.RETREAT, dispatch_ways, dispatch),),
    )
)
