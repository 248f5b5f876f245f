"""The 3rd-edition unit table: the printed attributes every 3rd-edition rule reads.

The seed summary names the units but not their numbers, so they come from
published 3rd-edition references (base game, no technologies):

* "Twilight Imperium 3 cheat sheet 2.0" (unit table: cost, battle value,
  movement, special; Scribd document 6889924);
* "Player Aide – Twilight Imperium (Shards of the Throne)" (unit cards:
  cost, move, battle, special; Scribd document 347093769).

Both agree on every value used here. Fighters and ground forces come two per
cost and move only when carried; a carrier and a war sun carry six, a space
dock holds three fighters; dreadnoughts and war suns sustain damage and
bombard; PDS fire at 6 (their "space cannon") and shield a planet from
dreadnought bombardment; destroyers roll the anti-fighter barrage (two dice
at their battle value). A space dock produces its planet's resources + 2 units.
A PDS fires into its own system; with Deep Space Cannon (a technology the
seed does not describe, named per player in a scenario) also into adjacent
systems.
"""

from __future__ import annotations

from engine.core.units import DiceAbility, UnitKind, UnitType
from engine.core.units import unit_type as base_unit_type

SOURCES = (
    "Twilight Imperium 3 cheat sheet 2.0 (Scribd 6889924)",
    "Player Aide – Twilight Imperium: Shards of the Throne (Scribd 347093769)",
)

UNIT_TYPES: dict[str, UnitType] = {
    u.name: u
    for u in (
        UnitType("carrier", UnitKind.SHIP, cost=3, combat=DiceAbility(9), move=1, capacity=6),
        UnitType("cruiser", UnitKind.SHIP, cost=2, combat=DiceAbility(7), move=2),
        UnitType(
            "destroyer",
            UnitKind.SHIP,
            cost=1,
            combat=DiceAbility(9),
            move=2,
            anti_fighter_barrage=DiceAbility(9, dice=2),
        ),
        UnitType(
            "dreadnought",
            UnitKind.SHIP,
            cost=5,
            combat=DiceAbility(5),
            move=1,
            sustain_damage=True,
            bombardment=DiceAbility(5),
        ),
        UnitType("fighter", UnitKind.SHIP, cost=1, combat=DiceAbility(9), per_cost=2),
        UnitType(
            "war_sun",
            UnitKind.SHIP,
            cost=12,
            combat=DiceAbility(3, dice=3),
            move=2,
            capacity=6,
            sustain_damage=True,
            bombardment=DiceAbility(3, dice=3),
        ),
        UnitType("ground_force", UnitKind.GROUND_FORCE, cost=1, combat=DiceAbility(8), per_cost=2),
        UnitType(
            "pds", UnitKind.STRUCTURE, cost=2, space_cannon=DiceAbility(6), planetary_shield=True
        ),
        UnitType("space_dock", UnitKind.STRUCTURE, cost=4, production=2, capacity=3),
    )
}


def unit_type(name: str) -> UnitType:
    """Look a 3rd-edition unit type up by any spelling (``Ground Forces``, ``war-sun``)."""
    return base_unit_type(name, UNIT_TYPES)


def is_fighter(unit: UnitType) -> bool:
    return unit.name == "fighter"


def counts_for_fleet_supply(unit: UnitType) -> bool:
    """Fleet Supply limits the ships that are not fighters (fighters ride in capacity)."""
    return unit.is_ship and not is_fighter(unit)


def is_transported(unit: UnitType) -> bool:
    """Fighters and ground forces move only when a ship with capacity carries them (PDS too)."""
    return unit.name in ("fighter", "ground_force", "pds")
