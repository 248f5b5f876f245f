"""What a faction sheet holds: its flagship, its own units and their upgrades.

One :class:`Faction` object per faction, written in the module of its expansion
(``base``, ``pok``, ``codex``, ``thunders_edge``); :mod:`engine.ti4.factions` gathers
them. Every flagship costs 8, has Sustain Damage, move 1 and capacity 3 unless stated
(:func:`flagship`); a faction unit starts from the standard unit's values and changes
what its card prints (:func:`unit`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.core.units import DiceAbility, UnitKind, UnitType
from engine.ti4.abilities.derived import of_faction
from engine.ti4.units import UNIT_TYPES, UPGRADES

__all__ = ["AFB", "Faction", "flagship", "mech", "unit"]


@dataclass(frozen=True)
class Faction:
    """One faction sheet: what changes a unit's values or a combat roll.

    ``flagship`` is ``None`` for the neutral units (``neutral``), which are the standard
    units' values with no flagship, no upgrade and no card of their own.
    """

    id: str
    name: str
    flagship: UnitType | None
    flagship_ability: str = ""
    units: dict[str, UnitType] = field(default_factory=dict)
    upgrades: dict[str, UnitType] = field(default_factory=dict)
    neutral: bool = False
    commodities: int = 0  # the sheet's commodity value (21.2); 0 where the engine holds none

    @property
    def combat_modifier(self) -> int:
        """Added to every combat roll of the faction's units: its abilities' ``plus``
        (Unrelenting +1, Fragile -1)."""
        return sum(a.plus for a in of_faction(self.id))


def flagship(
    printed: str, value: int, dice: int = 2, *, move: int = 1, capacity: int = 3, **extra: object
) -> UnitType:
    """A flagship's printed values: cost 8, Sustain Damage, and what its card prints."""
    return UnitType(
        "flagship",
        UnitKind.SHIP,
        cost=8,
        combat=DiceAbility(value, dice),
        move=move,
        capacity=capacity,
        sustain_damage=True,
        printed=printed,
        **extra,  # type: ignore[arg-type]
    )


def unit(base: str, printed: str, upgrade: bool = False, **changed: object) -> UnitType:
    """A faction unit: the standard ``base`` unit (its upgrade's, if ``upgrade``) as changed."""
    start = UPGRADES[base] if upgrade and base in UPGRADES else UNIT_TYPES[base]
    return replace(start, printed=printed, **changed)  # type: ignore[arg-type]


def mech(printed: str, **changed: object) -> UnitType:
    """A faction's mech: the standard mech's values as changed."""
    return unit("mech", printed, **changed)  # type: ignore[arg-type]


AFB = DiceAbility
"""An anti-fighter barrage's (or bombardment's) dice, named where the sheet reads so."""
