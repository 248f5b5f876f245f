"""The base 4th-edition unit attributes: one table, read by every rule that needs them.

Values are the unupgraded units' printed attributes (Living Rules Reference,
"Units" and each attribute's own topic). Nothing else in the engine spells a
unit's number out; it looks the unit up here. It is in the core because both
editions read it: a unit's ``spec`` (:mod:`engine.core.state`), the casualty
policy's defaults, and the 3rd edition's own table, which is built on
:class:`UnitType` and these entries (``engine.ti3.units``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum


class UnitKind(StrEnum):
    """Where a unit lives: ships in space, ground forces and structures on planets."""

    SHIP = "ship"
    GROUND_FORCE = "ground_force"
    STRUCTURE = "structure"


@dataclass(frozen=True)
class DiceAbility:
    """An ability that rolls dice: hits on each roll of ``value`` or more."""

    value: int
    dice: int = 1


@dataclass(frozen=True)
class UnitType:
    """The printed attributes of one unit type.

    ``combat`` is ``None`` for units that do not take part in combat (PDS,
    space dock). ``move`` is ``None`` for units that cannot move by themselves
    (fighters and ground forces are transported). ``per_cost`` is how many
    units one payment of ``cost`` produces (two for fighters and infantry).
    """

    name: str
    kind: UnitKind
    cost: int | None
    combat: DiceAbility | None = None
    move: int | None = None
    capacity: int = 0
    sustain_damage: bool = False
    anti_fighter_barrage: DiceAbility | None = None
    bombardment: DiceAbility | None = None
    space_cannon: DiceAbility | None = None
    planetary_shield: bool = False
    # Production value; for a space dock it is added to its planet's resources.
    production: int | None = None
    per_cost: int = 1
    # A war sun's bombardment is not blocked by planetary shield (LRR "Planetary Shield").
    ignores_planetary_shield: bool = False
    # How many systems away its space cannon reaches: 1 for PDS II ("Deep Space Cannon").
    space_cannon_range: int = 0
    # Whether production adds the planet's resources (a space dock's "+2") or is the
    # number itself (Letani Warrior, Floating Factory, Dimensional Tear).
    production_adds_resources: bool = False
    # A structure that is also a ground force (the Titans' Hel Titan).
    also_ground_force: bool = False
    # The name printed on the card, where it is not the type's ("Cruiser II", "Exotrireme").
    printed: str = ""

    @property
    def is_ship(self) -> bool:
        return self.kind is UnitKind.SHIP

    @property
    def is_ground_force(self) -> bool:
        return self.kind is UnitKind.GROUND_FORCE or self.also_ground_force

    @property
    def is_structure(self) -> bool:
        return self.kind is UnitKind.STRUCTURE

    @property
    def label(self) -> str:
        """The unit's name as a player reads it ("War Sun", "PDS", "Cruiser II")."""
        if self.printed:
            return self.printed
        return "PDS" if self.name == "pds" else self.name.replace("_", " ").title()


UNIT_TYPES: dict[str, UnitType] = {
    u.name: u
    for u in (
        UnitType("carrier", UnitKind.SHIP, cost=3, combat=DiceAbility(9), move=1, capacity=4),
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
            cost=4,
            combat=DiceAbility(5),
            move=1,
            capacity=1,
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
            ignores_planetary_shield=True,
        ),
        UnitType("infantry", UnitKind.GROUND_FORCE, cost=1, combat=DiceAbility(8), per_cost=2),
        UnitType("mech", UnitKind.GROUND_FORCE, cost=2, combat=DiceAbility(6), sustain_damage=True),
        UnitType(
            "pds",
            UnitKind.STRUCTURE,
            cost=None,
            space_cannon=DiceAbility(6),
            planetary_shield=True,
        ),
        # A space dock's production is its planet's resources + 2; it holds 3 fighters
        # in its system's space area without using any ship's capacity.
        UnitType(
            "space_dock",
            UnitKind.STRUCTURE,
            cost=None,
            production=2,
            capacity=3,
            production_adds_resources=True,
        ),
    )
}


def _ii(name: str, **changed: object) -> UnitType:
    base = UNIT_TYPES[name]
    return replace(base, printed=f"{base.label} II", **changed)  # type: ignore[arg-type]


UPGRADES: dict[str, UnitType] = {
    # The unit upgrade technologies' printed values (97.1, 97.4: an upgraded unit uses only
    # the card's attributes). Read in ti-assistant server/data/base/techs.ts and
    # AsyncTI4 units.json, cross-checked with TI4-TTPG unit-attrs.data.js (see RULES.md).
    "carrier": _ii("carrier", move=2, capacity=6),  # XRD Transporters
    "cruiser": _ii("cruiser", combat=DiceAbility(6), move=3, capacity=1),  # Stasis Capsules
    "destroyer": _ii(  # Automated Defense Turrets
        "destroyer", combat=DiceAbility(8), anti_fighter_barrage=DiceAbility(6, dice=3)
    ),
    # Type IV Drive; its immunity to Direct Hit is read by the odds (engine.odds.options).
    "dreadnought": _ii("dreadnought", move=2),
    # Advanced Fighters: move 2, so a fighter II moves without a carrier.
    "fighter": _ii("fighter", combat=DiceAbility(8), move=2),
    # Gen Synthesis: combat 7 (its return to the home system is not modelled).
    "infantry": _ii("infantry", combat=DiceAbility(7)),
    # Deep Space Cannon: space cannon 5, also against ships in adjacent systems (77.3.3).
    "pds": _ii("pds", space_cannon=DiceAbility(5), space_cannon_range=1),
    # Enviro Compensator: production is the planet's resources + 4.
    "space_dock": _ii("space_dock", production=4),
}
"""Every standard unit upgrade (97.1); war suns and mechs have none (97.5)."""


def a_unit(name: str) -> str:
    """A unit's name with its article, as said: "a cruiser", "an infantry", "a war sun"."""
    return f"{'an' if name[:1].lower() in 'aeio' else 'a'} {name}"


def spellings(name: str) -> tuple[str, ...]:
    """The table keys a written unit name may stand for, most literal first.

    ``Ground Forces`` → ``ground_forces``, ``ground_force``, ``ground_forc``: any case,
    singular or plural, spaces or dashes for underscores.
    """
    key = name.strip().lower().replace(" ", "_").replace("-", "_")
    return (key, key.removesuffix("s"), key.removesuffix("es"))


def unit_type(name: str, table: Mapping[str, UnitType] = UNIT_TYPES) -> UnitType:
    """Look a unit type up in ``table`` by any spelling a player might use.

    Accepts any case, singular or plural, ``war sun``, ``war_sun`` or
    ``war-sun``. Raises ``KeyError`` naming the known units otherwise.
    ``table`` is another edition's table where that edition is played.
    """
    for candidate in spellings(name):
        if candidate in table:
            return table[candidate]
    known = ", ".join(table)
    raise KeyError(f"unknown unit {name!r}; known units: {known}")
