"""The Thunder's Edge breakthroughs that act in a combat, as the peer ti4battle takes them.

Texts were read in AsyncTI4 (ti4_web_new ``src/entities/data/breakthroughs.ts``) and
ti-assistant (``server/data/base/factions.ts``, breakthroughs), and checked against the
peer (pgsandstrom/ti4calc ``core/factions/baronyOfLetnev.ts``, ``winnu.ts``); see
engine/RULES.md. A breakthrough acts for its faction's player once gained (a scenario's
``breakthroughs``).
"""

from __future__ import annotations

from engine.ti4.abilities.eidolon_plays import maximum, maximum_ways, repair, repair_ways
from engine.ti4.abilities.leader_plays import gravleash, imperator
from engine.ti4.abilities.model import Ability, Combat, Hook, Kind, Moment, register
from engine.ti4.abilities.model import Window as W

__all__ = ["EIDOLON_MAXIMUM", "GRAVLEASH_MANEUVERS", "IMPERATOR"]

GRAVLEASH_MANEUVERS = register(
    Ability(
        "gravleash_maneuvers",
        "Gravleash Maneuvers",
        Kind.BREAKTHROUGH,
        frozenset({W.ROLL}),
        "each space combat round, +X to the rolls of one of your ships, X the number of "
        "ship types you have in the combat then: the ship that gains most hits by it",
        ("78.5",),
        owner="letnev",
        combat=Combat.SPACE,
        board="each space combat round, +X to the rolls of your ship that gains most by it (X: "
        "the ship types you have in the combat then)",
        roll=gravleash,
    )
)
IMPERATOR = register(
    Ability(
        "imperator",
        "Imperator",
        Kind.BREAKTHROUGH,
        frozenset({W.ROLL}),
        "+1 to each of your units' combat rolls for each Support for the Throne in the "
        "opponent's play area (name how many)",
        ("78.5", "42.1"),
        owner="winnu",
        amount="Support for the Throne cards",
        board="+1 to your units' combat rolls for each Support for the Throne the opponent "
        "has (their supports_for_the_throne)",
        roll=imperator,
    )
)
EIDOLON_MAXIMUM = register(
    Ability(
        "eidolon_maximum",
        "Eidolon Maximum (Absolute Synergy)",
        Kind.BREAKTHROUGH,
        frozenset({W.UNIT_VALUES, W.END_OF_ROUND}),
        "your mech is the Eidolon Maximum: combat 4 (x4) with Sustain Damage, a ship in a "
        "space combat and a ground force in an invasion; no space cannon or bombardment hit "
        "falls on it, and it is repaired after every combat round (the start of the next)",
        ("78.5", "42.1", "87.1"),
        owner="naaz_rokha",
        unit="mech",
        board="your mechs fight as the Eidolon Maximum: as a space combat starts those in "
        "its space area join as ships, as a ground combat starts those on the planet; each "
        "is repaired after every combat round, without asking",
        hooks=(
            # Before Z-Grav Eidolon's flip (rank 0), which then finds no mech left to flip.
            Hook(Moment.JOIN, maximum_ways, maximum, rank=-1, auto=True),
            Hook(Moment.START_OF_COMBAT, maximum_ways, maximum, auto=True),
            Hook(Moment.END_OF_ROUND, repair_ways, repair, auto=True),
        ),
    )
)
