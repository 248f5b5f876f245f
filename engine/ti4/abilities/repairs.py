"""Flagships that repair units on the board (87.1: a repaired unit is no longer damaged).

Dynamo (Empyrean): after a unit in its system or an adjacent one uses Sustain Damage, its
owner may spend 2 influence to repair that unit. Heaven's Eye (Firmament): while the
active system holds units of a player whose control token is on one of the Firmament's
plots (the scenario's ``plots``), the flagship is repaired at the end of every combat
round. Texts and where they were read: engine/RULES.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.events import Event
from engine.core.galaxy import neighbours
from engine.core.state import Game, Unit, replace_unit
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import best_first, event, influence_ways, pay_influence
from engine.ti4.records import Use

__all__ = ["dynamo", "dynamo_ways", "heavens_eye", "heavens_eye_ways"]

Ways = list[dict[str, Any]]
INFLUENCE = 2
"""What one Dynamo repair costs (trade goods count as 1 influence each, or planets)."""


def _near(game: Game, use: Use) -> bool:
    """Whether the holder's flagship is in the system of ``use`` or next to it."""
    for system_id in (use.system, *neighbours(game, use.system)):
        space = game.system(system_id).space
        if any(u.owner == use.player and u.type == "flagship" for u in space):
            return True
    return False


def _sustained(game: Game, use: Use) -> list[Unit]:
    """The holder's units that just used Sustain Damage and are still damaged, best first."""
    units = {u.id: u for u in game.system(use.system).all_units()}
    found = [units[i] for i in use.units if i in units and units[i].damaged]
    return best_first([u for u in found if u.owner == use.player])


def dynamo_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """Repair the most valuable of them first, as many as the influence pays for, each way
    of paying offered (the odds count only the holder's own units: only those are)."""
    if use.about != use.player or not _near(game, use):
        return []
    units = _sustained(game, use)
    return [
        {
            **way,
            "label": f"{ability.name}: {way['label']} to repair "
            + ", ".join(u.id for u in units[:n]),
            "units": [u.id for u in units[:n]],
        }
        for n in range(len(units), 0, -1)
        for way in influence_ways(game, use.player, INFLUENCE * n)
    ]


def dynamo(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The named units are repaired; the influence is spent."""
    units = [u for u in _sustained(game, use) if u.id in way["units"]]
    game = pay_influence(game, use.player, way)
    for unit in units:
        game = replace_unit(game, replace(unit, damaged=False))
    ids = [u.id for u in units]
    text = f"{game.player_name(use.player)} uses {ability.name} ({way['label'].split(': ')[1]})"
    return game, (event(ability, text, units=ids),)


def _puppets_here(game: Game, use: Use) -> bool:
    """Whether the active system holds units of a player with a token on a plot of the
    holder's."""
    plots = set(game.player(use.player).plots)
    return any(u.owner in plots for u in game.system(use.system).all_units())


def _damaged_flagship(game: Game, use: Use) -> Unit | None:
    space = game.system(use.system).space
    return next(
        (u for u in space if u.owner == use.player and u.type == "flagship" and u.damaged), None
    )


def heavens_eye_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """At the end of a combat round, with the flagship damaged and a puppet's units here."""
    if _damaged_flagship(game, use) is None or not _puppets_here(game, use):
        return []
    return [{"label": f"{ability.name} is repaired"}]


def heavens_eye(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    flagship = _damaged_flagship(game, use)
    assert flagship is not None
    game = replace_unit(game, replace(flagship, damaged=False))
    text = (
        f"{game.player_name(use.player)}'s {flagship.id} is repaired at the end of the round "
        f"({ability.name}: a player with a token on one of their plots has units here)"
    )
    return game, (event(ability, text, unit=flagship.id),)
