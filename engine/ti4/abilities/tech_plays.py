"""What the technologies of :mod:`engine.ti4.abilities.technologies` do on the board: the
ways each offers at its moment and what each way does (pure functions of the game).

Duranium Armor repairs after hits are assigned (its card; 87.1).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.events import Event
from engine.core.state import Game, replace_unit
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import best_first, event, fighting, fits
from engine.ti4.records import Use, in_progress

__all__ = ["repair", "repair_ways"]


def repair_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Each damaged unit of the holder's in this combat that did not use Sustain Damage this
    round, the odds' choice (the one they would rather keep) first."""
    if not fits(ability, game, use):
        return []
    sustained = set(in_progress(game).sustained)
    damaged = [u for u in fighting(game, use, use.player) if u.damaged and u.id not in sustained]
    return [
        {"label": f"{ability.name}: repair {u.id} ({u.label})", "unit": u.id}
        for u in best_first(damaged)
    ]


def repair(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The unit the way names is repaired."""
    unit = next(u for u in fighting(game, use, use.player) if u.id == way["unit"])
    game = replace_unit(game, replace(unit, damaged=False))
    text = f"{game.player_name(use.player)} repairs {unit.id} with {ability.name}"
    return game, (event(ability, text, unit=unit.id),)
