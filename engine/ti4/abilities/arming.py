"""Units an ability held gives a role for as long as it is held (``Ability.arms``): Lightrail
Ordnance's space docks, which have Space Cannon 5 (x2) and fire at ships in their system or
next to it. And Elysium, the planet Ul the Progenitor (the Titans of Ul's hero) is attached
to: while its holder controls a planet of that name in the system, it fires Space Cannon 5
(x3) there as a unit would (a shooter made for the roll, never placed on the board).

The role word is given where the units are read for what they may do (who may fire space
cannon here), never stored on the board, so it lasts exactly as long as the ability is
held and never outlives it.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.galaxy import cannon_units
from engine.core.state import Game, System, Unit
from engine.ti4.abilities.holders import holds
from engine.ti4.abilities.model import ABILITIES
from engine.ti4.roles import with_role

__all__ = ["ELYSIUM", "armed", "cannons"]

ELYSIUM = "Elysium"
"""The planet Ul the Progenitor is attached to."""
PROGENITOR = "ul_the_progenitor"


def _roles(game: Game, player: str, unit_type: str) -> tuple[str, ...]:
    holder = game.player(player)
    return tuple(
        a.arms[1]
        for a in ABILITIES.values()
        if a.arms is not None and a.arms[0] == unit_type and holds(holder, a)
    )


def armed(game: Game, units: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """``units``, each with the role words the abilities its owner holds give its type."""
    out = []
    for unit in units:
        grade = unit.grade
        for role in _roles(game, unit.owner, unit.type) if unit.owner else ():
            grade = with_role(grade, role)
        out.append(unit if grade == unit.grade else replace(unit, grade=grade))
    return tuple(out)


def cannons(game: Game, system: System, player: str) -> tuple[Unit, ...]:
    """``player``'s units that may fire space cannon at ``system``: those in it and those
    next to it whose range reaches (77.3.3), as the abilities they hold arm them."""
    planet = _elysium(game, system, player)
    if not any(a.arms is not None and holds(game.player(player), a) for a in ABILITIES.values()):
        return cannon_units(system, player, game) + planet
    for other in game.systems:
        game = game.with_system(_armed_system(game, other))
    return cannon_units(game.system(system.id), player, game) + planet


def _elysium(game: Game, system: System, player: str) -> tuple[Unit, ...]:
    """Elysium as a shooter, where ``player`` holds Ul the Progenitor and controls it."""
    if not holds(game.player(player), ABILITIES[PROGENITOR]):
        return ()
    if not any(p.name == ELYSIUM and p.controller == player for p in system.planets):
        return ()
    return (Unit(f"{player}-elysium", "pds", player, grade="elysium"),)


def _armed_system(game: Game, system: System) -> System:
    planets = tuple(replace(p, units=armed(game, p.units)) for p in system.planets)
    return replace(system, space=armed(game, system.space), planets=planets)
