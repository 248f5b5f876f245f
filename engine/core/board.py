"""What the board holds: systems, the planets in them and the units on both.

Frozen values (:mod:`engine.core.state` holds the game around them); the small queries
and replacements of one system or list of units live here too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.core.units import UnitType, pieces

__all__ = [
    "ANOMALIES",
    "TRAITS",
    "WORMHOLES",
    "Planet",
    "System",
    "Unit",
    "owners_with_ships",
    "ships_of",
    "with_planet",
    "without_units",
]


@dataclass(frozen=True)
class Unit:
    """One plastic piece: ``red-carrier-1``, owned by ``red``.

    ``grade`` is its owner's faction id and ``ii`` once upgraded (97.4), the values
    it fights and moves with being looked up by both in the edition's table
    (:func:`engine.core.units.pieces`; the 4th edition's faction sheets).
    """

    id: str
    type: str
    owner: str
    damaged: bool = False
    grade: str = ""

    @property
    def spec(self) -> UnitType:
        return pieces().spec(self.type, self.grade)

    @property
    def label(self) -> str:
        return self.spec.label


@dataclass(frozen=True)
class Planet:
    """A planet card and the units on the planet."""

    name: str
    resources: int
    influence: int
    controller: str | None = None
    exhausted: bool = False
    units: tuple[Unit, ...] = ()
    trait: str | None = None  # cultural, hazardous or industrial (a law may name it)


# The four kinds of anomaly (LRR 9.2), as a scenario spells them.
ANOMALIES = ("asteroid_field", "nebula", "supernova", "gravity_rift")
# A planet's trait (printed on its card) and the wormholes a system may hold (LRR 101).
TRAITS = ("cultural", "hazardous", "industrial")
WORMHOLES = ("alpha", "beta", "gamma", "delta")


@dataclass(frozen=True)
class System:
    """A system tile at axial hex coordinates ``(q, r)``.

    ``anomalies`` are the kinds of anomaly the system is (LRR 9.2), in
    :data:`ANOMALIES` spelling; a system may be more than one kind at once.
    """

    id: str
    name: str
    q: int
    r: int
    planets: tuple[Planet, ...] = ()
    tokens: tuple[str, ...] = ()
    space: tuple[Unit, ...] = ()
    anomalies: tuple[str, ...] = ()
    # The wormholes it holds (an ability may ask; adjacency through them: ``links``).
    wormholes: tuple[str, ...] = ()

    def is_a(self, anomaly: str) -> bool:
        """Whether the system is an anomaly of that kind."""
        return anomaly in self.anomalies

    def planet(self, name: str) -> Planet:
        for planet in self.planets:
            if planet.name == name:
                return planet
        raise KeyError(name)

    def all_units(self) -> tuple[Unit, ...]:
        return self.space + tuple(u for p in self.planets for u in p.units)


def ships_of(units: tuple[Unit, ...], owner: str) -> tuple[Unit, ...]:
    """The ships among ``units`` that belong to ``owner``."""
    return tuple(u for u in units if u.owner == owner and u.spec.is_ship)


def owners_with_ships(system: System) -> tuple[str, ...]:
    """Players with ships in a system's space area, in order of first appearance."""
    return tuple(dict.fromkeys(u.owner for u in system.space if u.spec.is_ship))


def without_units(units: tuple[Unit, ...], ids: set[str] | frozenset[str]) -> tuple[Unit, ...]:
    return tuple(u for u in units if u.id not in ids)


def with_planet(system: System, planet: Planet) -> System:
    return replace(
        system, planets=tuple(planet if p.name == planet.name else p for p in system.planets)
    )
