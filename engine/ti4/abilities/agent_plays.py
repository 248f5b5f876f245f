"""Agents that bring units into a combat on the board: Brother Milor (the Yin
Brotherhood's agent, Ω).

"After a player's unit is destroyed: you may exhaust this card to place 2 fighters in that
unit's system if it was a ship, or 2 infantry on that unit's planet if it was a ground
force" (where the text was read: engine/RULES.md). Offered after a combat round's hits
destroy a unit of the holder's (not space cannon, barrage or bombardment, as the odds
count it); the agent is exhausted and offered no more. The new units fight from the next
round: this round's hits are already assigned.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.combat import GROUND_COMBAT, SPACE_COMBAT
from engine.core.events import Event
from engine.core.state import Game, Unit, next_unit_ids, with_planet
from engine.ti4.abilities.plays import event, exhaust, fits
from engine.ti4.records import Use

__all__ = ["COUNT", "milor", "milor_ways"]

COUNT = 2
"""The units the agent places."""


def _kind(use: Use) -> str:
    return "fighter" if use.planet is None else "infantry"


def milor_ways(ability: Any, game: Game, use: Use) -> list[dict[str, Any]]:
    """After a round's hits destroyed a unit of the holder's, the agent not yet exhausted."""
    if use.about != use.player or not use.units or not fits(ability, game, use):
        return []
    if use.source not in (SPACE_COMBAT.name, GROUND_COMBAT.name):
        return []
    where = "in the space area" if use.planet is None else f"on {use.planet}"
    return [{"label": f"exhaust {ability.name}: place {COUNT} {_kind(use)} {where}"}]


def milor(
    ability: Any, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The agent is exhausted and 2 fighters (space) or 2 infantry (the planet) are placed."""
    kind = _kind(use)
    holder = game.player(use.player)
    # The grade a new unit gets (``factions.grade_of``, which this package may not import).
    grade = " ".join([*filter(None, [holder.faction]), *(["ii"] * (kind in holder.upgrades))])
    ids = next_unit_ids(game, use.player, kind, COUNT)
    placed = tuple(Unit(i, kind, use.player, grade=grade) for i in ids)
    game = exhaust(game, use.player, ability)
    system = game.system(use.system)
    if use.planet is None:
        system = replace(system, space=(*system.space, *placed))
    else:
        planet = system.planet(use.planet)
        system = with_planet(system, replace(planet, units=(*planet.units, *placed)))
    game = game.with_system(system)
    text = f"{game.player_name(use.player)} exhausts {ability.name}: places {', '.join(ids)}"
    return game, (event(ability, text, placed=list(ids)),)
