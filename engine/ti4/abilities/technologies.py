"""The technologies any player may own that the engine plays.

Card texts were read in ti-assistant ``server/data/base/techs.ts`` and
``server/data/prophecyofkings/techs.ts`` (the Ω versions: Codex I), and the alpha-mouse
calculator's option list (``game-elements.js``), which names the same cards; see
engine/RULES.md.
"""

from __future__ import annotations

from engine.core.combat import Attack, CombatUnit, RollChange
from engine.core.state import Game
from engine.ti4.abilities.model import Ability, Combat, Hook, Kind, Moment, Rounds, Side, register
from engine.ti4.abilities.model import Window as W
from engine.ti4.abilities.plays import card, is_played, round_combat, units_at
from engine.ti4.abilities.tech_plays import (
    assault,
    assault_ways,
    graviton,
    graviton_hits,
    graviton_ways,
    grid,
    grid_ways,
    plasma,
    plasma_bombard_ways,
    plasma_die,
    plasma_ways,
    repair,
    repair_ways,
    x89,
    x89_ways,
)
from engine.ti4.records import Use

__all__ = [
    "ANTIMASS_DEFLECTORS",
    "ASSAULT_CANNON",
    "DURANIUM_ARMOR",
    "GRAVITON_LASER_SYSTEM",
    "MAGEN_DEFENSE_GRID",
    "MAGEN_DEFENSE_GRID_OMEGA",
    "PLASMA_SCORING",
    "WAR_SUN",
    "X89_BACTERIAL_WEAPON_OMEGA",
]

PLASMA_SCORING = register(
    Ability(
        "plasma_scoring",
        "Plasma Scoring",
        Kind.TECHNOLOGY,
        frozenset({W.SPACE_CANNON, W.INVASION}),
        "1 unit rolls 1 more die for space cannon and for bombardment (the best such unit)",
        ("77.3", "15.1"),
        may=True,
        board="before its owner's space cannon offense or defense or bombardment, 1 of the "
        "units about to roll (their choice) rolls 1 more die",
        hooks=(
            Hook(Moment.CANNON, plasma_ways, plasma),
            Hook(Moment.BOMBARDMENT, plasma_bombard_ways, plasma),
        ),
        roll=plasma_die,
        colour="red",
    )
)
ANTIMASS_DEFLECTORS = register(
    Ability(
        "antimass_deflectors",
        "Antimass Deflectors",
        Kind.TECHNOLOGY,
        frozenset({W.MOVEMENT, W.SPACE_CANNON}),
        "-1 to the opponent's space cannon rolls against your units",
        ("77.3",),
        board="your ships move into and through asteroid fields; other players' space cannon "
        "rolls against your units get -1",
        lifts=(("asteroid_field", "into"), ("asteroid_field", "through")),
        colour="blue",
    )
)
GRAVITON_LASER_SYSTEM = register(
    Ability(
        "graviton_laser_system",
        "Graviton Laser System",
        Kind.TECHNOLOGY,
        frozenset({W.SPACE_CANNON}),
        "your space cannon offense hits go to non-fighter ships while any are left",
        ("77.5",),
        may=True,
        combat=Combat.SPACE,
        board="exhausted before its owner's space cannon offense: its hits must go to "
        "non-fighter ships while any is left",
        hooks=(Hook(Moment.CANNON, graviton_ways, graviton),),
        hits=graviton_hits,
        colour="yellow",
        prerequisites=("yellow",),
    )
)
DURANIUM_ARMOR = register(
    Ability(
        "duranium_armor",
        "Duranium Armor",
        Kind.TECHNOLOGY,
        frozenset({W.ASSIGN_HITS}),
        "each round, after hits are assigned, repair 1 of your damaged units that did "
        "not use Sustain Damage this round (the strongest)",
        ("87.1",),
        board="each combat round, after its owner's hits are assigned, they repair 1 of their "
        "damaged units that did not use Sustain Damage this round (their choice of unit)",
        hooks=(Hook(Moment.AFTER_HITS, repair_ways, repair),),
        colour="red",
        prerequisites=("red", "red"),
    )
)
ASSAULT_CANNON = register(
    Ability(
        "assault_cannon",
        "Assault Cannon",
        Kind.TECHNOLOGY,
        frozenset({W.START_OF_COMBAT}),
        "at the start of space combat, with 3 or more non-fighter ships, the opponent "
        "destroys 1 non-fighter ship (their weakest)",
        ("78.2",),
        requires="3 or more non-fighter ships in the combat",
        combat=Combat.SPACE,
        board="at the start of a space combat, with 3 or more of its owner's non-fighter ships "
        "there, the opponent destroys 1 of their non-fighter ships (the opponent's choice)",
        hooks=(Hook(Moment.START_OF_COMBAT, assault_ways, assault, opponent=True),),
        colour="red",
        prerequisites=("red", "red", "red"),
    )
)
MAGEN_DEFENSE_GRID = register(
    Ability(
        "magen_defense_grid",
        "Magen Defense Grid",
        Kind.TECHNOLOGY,
        frozenset({W.ROLL}),
        "with a unit with Planetary Shield on the planet: in the round(s) named, the "
        "attacker makes no combat rolls",
        ("42.1",),
        requires="a unit with Planetary Shield on the planet",
        may=True,
        side=Side.DEFENDER,
        combat=Combat.GROUND,
        rounds=Rounds.NAMED,
        colour="red",
        prerequisites=("red",),
        board="exhausted at the start of a ground combat round on a planet with your unit that "
        "has Planetary Shield: your opponent makes no combat rolls that round",
        hooks=(
            Hook(
                Moment.START_OF_ROUND,
                *card(
                    "your opponent makes no combat rolls this round",
                    when=lambda g, u: _shielded(g, u),
                ),
            ),
        ),
        roll=lambda a, g, u, unit, attack: _grid(a, g, u, unit, attack),
    )
)


def _shielded(game: Game, use: Use) -> bool:
    return any(u.owner == use.player and u.spec.planetary_shield for u in units_at(game, use))


def _grid(
    ability: Ability, game: Game, use: Use, unit: CombatUnit, attack: Attack
) -> RollChange | None:
    opponent = getattr(unit, "owner", None) == use.opponent
    if opponent and round_combat(attack, use) and is_played(game, use.player, ability):
        return RollChange(dice=0)
    return None


MAGEN_DEFENSE_GRID_OMEGA = register(
    Ability(
        "magen_defense_grid_omega",
        "Magen Defense Grid Ω",
        Kind.TECHNOLOGY,
        frozenset({W.START_OF_COMBAT}),
        "at the start of ground combat, with a structure on the planet (a PDS or space dock "
        "in the defender's fleet), 1 hit that you assign: to the attacker's most costly ground "
        "force that cannot cancel it (an infantry, or a mech already damaged), else to their "
        "most costly one",
        ("42.2",),
        requires="a structure on the planet",
        may=True,
        side=Side.DEFENDER,
        combat=Combat.GROUND,
        board="at the start of a ground combat on a planet with its owner's structure: 1 hit "
        "its owner assigns to 1 of the opponent's ground forces (their choice of unit)",
        hooks=(Hook(Moment.START_OF_COMBAT, grid_ways, grid),),
        colour="red",
        prerequisites=("red",),
    )
)
X89_BACTERIAL_WEAPON_OMEGA = register(
    Ability(
        "x89_bacterial_weapon_omega",
        "X-89 Bacterial Weapon Ω",
        Kind.TECHNOLOGY,
        frozenset({W.INVASION}),
        "after bombardment destroys 1 or more infantry, all the defender's infantry are destroyed",
        ("15.2",),
        may=True,
        side=Side.ATTACKER,
        combat=Combat.GROUND,
        board="after its owner's bombardment of a planet destroyed 1 or more of the other "
        "player's infantry there: the rest of them are destroyed",
        hooks=(Hook(Moment.AFTER_BOMBARDMENT, x89_ways, x89),),
        colour="green",
        prerequisites=("green", "green", "green"),
    )
)
# A unit upgrade without a II: the faction sheet's war sun has no cost until it is owned
# (26.3); its values are the sheet's (engine.ti4.units).
WAR_SUN = register(
    Ability(
        "war_sun_technology",
        "War Sun",
        Kind.UNIT_UPGRADE,
        frozenset({W.PRODUCTION}),
        "its owner may produce war suns",
        ("26.3", "97.1"),
        odds=None,
        board="its owner may produce war suns",
        prerequisites=("yellow", "red", "red", "red"),
        unlocks="war_sun",
        unchecked="it lets its owner produce war suns and acts in no combat: a war sun's "
        "combat is the unit's own, compared wherever a case fields one (its board tests pin "
        "production, 26.3)",
    )
)
