"""The mechs' abilities the engine plays (the odds name them as options).

Texts were read in ti-assistant ``server/data/base/factions.ts`` and
``server/data/prophecyofkings/factions.ts`` (units; Z-Grav Eidolon is the Eidolon card's
other side); see engine/RULES.md.
"""

from __future__ import annotations

from engine.core.combat import Attack, CombatUnit, RollChange
from engine.core.state import Game
from engine.ti4.abilities.deploy_plays import deploy, deploy_ways
from engine.ti4.abilities.model import Ability, Combat, Hook, Kind, Moment, Rounds, register
from engine.ti4.abilities.model import Window as W
from engine.ti4.abilities.plays import round_combat, units_at
from engine.ti4.abilities.role_plays import (
    join_ways,
    joins,
    manipulate,
    manipulate_ways,
    manipulated_hits,
)
from engine.ti4.abilities.unit_dice_plays import no_barrage_at
from engine.ti4.abilities.unit_plays import exoskeleton, exoskeleton_ways, moll_terminus_hits
from engine.ti4.records import Use

__all__ = [
    "DUNLAIN_REAPER_DEPLOY",
    "ICONOCLAST",
    "ICONOCLAST_OMEGA",
    "MOLL_TERMINUS",
    "MORDRED",
    "QUANTUM_MANIPULATOR",
    "SHIELD_PALING",
    "VALKYRIE_EXOSKELETON",
    "Z_GRAV_EIDOLON",
]

Z_GRAV_EIDOLON = register(
    Ability(
        "z_grav_eidolon",
        "Z-Grav Eidolon",
        Kind.MECH,
        frozenset({W.START_OF_COMBAT}),
        "your mechs in the fleet are in the space area: at the start of space combat they "
        "flip to Z-Grav Eidolon and fight as ships with 8 (x2), without Sustain Damage (that "
        "side of the card prints none); space cannon offense, before it, cannot hit them",
        ("78.2",),
        owner="naaz_rokha",
        unit="mech",
        combat=Combat.SPACE,
        board="as a space combat starts, your mechs in its space area flip, without asking: "
        "each is also a ship until the combat ends",
        hooks=(Hook(Moment.JOIN, join_ways, joins),),
    )
)
QUANTUM_MANIPULATOR = register(
    Ability(
        "quantum_manipulator",
        "Quantum Manipulator",
        Kind.MECH,
        frozenset({W.ROLL, W.ASSIGN_HITS}),
        "your mechs in the fleet are in the space area: in each combat round, each undamaged "
        "one uses Sustain Damage to cancel 1 hit on your ships, before your ships take any "
        "(it is never destroyed by ship hits and rolls no dice)",
        ("87.1",),
        owner="nomad",
        unit="mech",
        may=True,
        combat=Combat.SPACE,
        board="after each space combat round's rolls, offered: each undamaged mech in the "
        "space area uses Sustain Damage to cancel 1 of the hits on your ships (not barrage "
        "or space cannon hits yet)",
        hooks=(
            Hook(Moment.JOIN, join_ways, joins, auto=True),
            Hook(Moment.AFTER_ROLL, manipulate_ways, manipulate, rank=9),
        ),
        hits=manipulated_hits,
    )
)
MORDRED = register(
    Ability(
        "mordred",
        "Mordred",
        Kind.MECH,
        frozenset({W.ROLL}),
        "the opponent has an X or Y assimilator token on a technology: +2 to your mechs' "
        "combat rolls (in space combat, mechs fighting as ships with The Alastor)",
        ("42.1", "78.5"),
        owner="nekro",
        unit="mech",
        requires="the opponent has an X or Y assimilator token on a technology",
        board="+2 to your mechs' combat rolls against a player with a Valefar Assimilator "
        "token on a technology (their `assimilator_tokens`)",
        roll=lambda a, g, u, unit, attack: _mech_bonus(g, u, unit, attack, "assimilator_tokens"),
    )
)
ICONOCLAST = register(
    Ability(
        "iconoclast",
        "Iconoclast",
        Kind.MECH,
        frozenset({W.ROLL}),
        "the opponent has a relic fragment: +2 to your mechs' combat rolls",
        ("42.1",),
        owner="naalu",
        unit="mech",
        requires="the opponent has a relic fragment",
        combat=Combat.GROUND,
        board="+2 to your mechs' ground combat rolls against a player with a relic fragment "
        "(their `relic_fragments`)",
        roll=lambda a, g, u, unit, attack: (
            _mech_bonus(g, u, unit, attack, "relic_fragments") if u.planet else None
        ),
    )
)
ICONOCLAST_OMEGA = register(
    Ability(
        "iconoclast_omega",
        "Iconoclast Ω",
        Kind.MECH,
        frozenset({W.BARRAGE}),
        "while one of your mechs is in the system, the opponent rolls no Anti-Fighter Barrage "
        "against your units (their units' nor Metali Void Armaments')",
        ("10.1",),
        owner="naalu",
        unit="mech",
        requires="one of your mechs is in the system",
        combat=Combat.SPACE,
        board="while one of your mechs is in the system, the opponent's units roll no "
        "Anti-Fighter Barrage and Metali Void Armaments is not offered against you",
        roll=no_barrage_at,
    )
)
SHIELD_PALING = register(
    Ability(
        "shield_paling",
        "Shield Paling",
        Kind.MECH,
        frozenset({W.ROLL}),
        "while one of your mechs is in the ground combat, your infantry roll without Fragile's -1",
        ("42.1",),
        owner="jol_nar",
        unit="mech",
        combat=Combat.GROUND,
        board="while one of your mechs is on the planet, your infantry there roll without "
        "Fragile's -1",
        roll=lambda a, g, u, unit, attack: _paling(g, u, unit, attack),
    )
)
VALKYRIE_EXOSKELETON = register(
    Ability(
        "valkyrie_exoskeleton",
        "Valkyrie Exoskeleton",
        Kind.MECH,
        frozenset({W.ASSIGN_HITS}),
        "each time one of your mechs uses Sustain Damage in a ground combat round, 1 more "
        "hit on the opponent's ground forces (they assign it)",
        ("42.2",),
        owner="sardakk",
        unit="mech",
        combat=Combat.GROUND,
        board="each time its mech sustains a ground combat hit and stands, 1 hit on the "
        "opponent's ground forces there, which they assign",
        hooks=(Hook(Moment.SUSTAINED, exoskeleton_ways, exoskeleton),),
    )
)
MOLL_TERMINUS = register(
    Ability(
        "moll_terminus",
        "Moll Terminus",
        Kind.MECH,
        frozenset({W.ASSIGN_HITS}),
        "while one of your mechs is in the ground combat, the opponent's ground forces "
        "cannot use Sustain Damage in the combat rounds",
        ("42.2",),
        owner="mentak",
        unit="mech",
        combat=Combat.GROUND,
        board="the opponent's ground forces on its planet take hits without Sustain Damage",
        hits=moll_terminus_hits,
    )
)

DUNLAIN_REAPER_DEPLOY = register(
    Ability(
        "dunlain_reaper_deploy",
        "Dunlain Reaper (deploy)",
        Kind.MECH,
        frozenset({W.ROLL}),
        "at the start of each ground combat round named, 2 resources spent: 1 of your "
        "infantry in the combat is replaced with a mech (undamaged)",
        ("42.1",),
        owner="letnev",
        may=True,
        combat=Combat.GROUND,
        rounds=Rounds.NAMED,
        board="offered at the start of each ground combat round: 2 trade goods spent, your "
        "infantry there (an undamaged one) is replaced with a mech from reinforcements",
        hooks=(Hook(Moment.START_OF_ROUND, deploy_ways, deploy),),
    )
)


def _mech_bonus(
    game: Game, use: Use, unit: CombatUnit, attack: Attack, held: str
) -> RollChange | None:
    mine = getattr(unit, "owner", None) == use.player and unit.type == "mech"
    if mine and round_combat(attack, use) and getattr(game.player(use.opponent), held):
        return RollChange(plus=2)
    return None


def _paling(game: Game, use: Use, unit: CombatUnit, attack: Attack) -> RollChange | None:
    mine = getattr(unit, "owner", None) == use.player and unit.type == "infantry"
    if not mine or use.planet is None or not round_combat(attack, use):
        return None
    mech = any(u.owner == use.player and u.type == "mech" for u in units_at(game, use))
    return RollChange(plus=1) if mech else None
