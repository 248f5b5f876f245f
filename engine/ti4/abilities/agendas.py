"""The agendas the engine plays: laws that act in a combat.

Texts were read in AsyncTI4's agenda list and the alpha-mouse calculator's option list
(``game-elements.js``); see engine/RULES.md. A law acts on everyone.
"""

from __future__ import annotations

from engine.ti4.abilities.law_plays import PUBLICIZE_HOOKS
from engine.ti4.abilities.model import Ability, Combat, Fold, Kind, Side, register
from engine.ti4.abilities.model import Window as W
from engine.ti4.abilities.plays import plus

__all__ = ["CONVENTIONS_OF_WAR", "PROPHECY_OF_IXTH", "PUBLICIZE_WEAPON_SCHEMATICS"]

PUBLICIZE_WEAPON_SCHEMATICS = register(
    Ability(
        "publicize_weapon_schematics",
        "Publicize Weapon Schematics",
        Kind.AGENDA,
        frozenset({W.UNIT_VALUES}),
        "war suns (both sides') lose Sustain Damage",
        ("87.1",),
        combat=Combat.SPACE,
        board="a law in play: before each space cannon volley and as a space combat begins, "
        "the war suns there lose Sustain Damage",
        hooks=PUBLICIZE_HOOKS,
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
        board="a law in play: no bombardment (nor Harrow) of a planet whose trait is cultural",
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
        board="its owner (a player's `agendas`) adds 1 to their fighters' space combat rolls",
        roll=plus(1, "fighter", played=False),
    )
)
