"""What a unit is, in any edition: its kind, its dice, its printed attributes, and its table.

:class:`UnitType` holds one unit type's printed attributes; each edition writes its own
table of them (``engine.ti4.units``, ``engine.ti3.units``) and nothing in the core spells
a unit's number out. A board's pieces (:class:`engine.core.state.Unit`) are read from the
table an edition registers with :func:`register_pieces` when it is imported (the 4th
edition's, whose pieces carry grades: a faction and an upgrade); the 3rd edition reads
its own table through its attacks (``Attack.units``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
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


def unit_type(name: str, table: Mapping[str, UnitType] | None = None) -> UnitType:
    """Look a unit type up in ``table`` (the pieces' table if none) by any spelling.

    Accepts any case, singular or plural, ``war sun``, ``war_sun`` or
    ``war-sun``. Raises ``KeyError`` naming the known units otherwise.
    """
    table = pieces().types if table is None else table
    for candidate in spellings(name):
        if candidate in table:
            return table[candidate]
    known = ", ".join(table)
    raise KeyError(f"unknown unit {name!r}; known units: {known}")


@dataclass(frozen=True)
class UnitTable:
    """An edition's unit values: its unit types by name, and a graded unit's values.

    ``graded(type, grade)`` reads a unit whose grade says more than its type (the 4th
    edition's: a faction's own unit, an upgrade, 97.4); an edition without grades has
    none.
    """

    types: Mapping[str, UnitType]
    graded: Callable[[str, str], UnitType] | None = None

    def spec(self, name: str, grade: str = "") -> UnitType:
        """The values of a unit of type ``name`` and ``grade`` (``""``: the table's own)."""
        if grade and self.graded is not None:
            return self.graded(name, grade)
        found = self.types.get(name)
        return found if found is not None else unit_type(name, self.types)


_PIECES: list[UnitTable] = []


def register_pieces(table: UnitTable) -> UnitTable:
    """Make ``table`` the one a board's pieces are read from (registering again replaces it)."""
    _PIECES[:] = [table]
    return table


def pieces() -> UnitTable:
    """The table a board's pieces are read from.

    Raises:
        LookupError: no edition registered one (import ``engine`` or an edition).
    """
    if not _PIECES:
        raise LookupError("no unit table registered: import engine (or an edition) first")
    return _PIECES[0]


class _PieceTypes(Mapping[str, UnitType]):
    """The registered table's unit types, read when asked (an attack's default table is
    made before any edition registers one)."""

    def __getitem__(self, name: str) -> UnitType:
        return pieces().types[name]

    def __iter__(self) -> Iterator[str]:
        return iter(pieces().types)

    def __len__(self) -> int:
        return len(pieces().types)


PIECE_TYPES: Mapping[str, UnitType] = _PieceTypes()
"""The unit types of the registered table, by name (:func:`pieces`)."""
