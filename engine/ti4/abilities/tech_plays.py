"""What the technologies of :mod:`engine.ti4.abilities.technologies` do on the board: the
ways each offers at its moment and what each way does (pure functions of the game).

Duranium Armor repairs after hits are assigned (its card; 87.1); Assault Cannon's
opponent destroys a non-fighter ship at the start of space combat (its card; 78.2).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.casualties import casualty_rank
from engine.core.events import Event
from engine.core.state import Game, Unit, remove_units, replace_unit
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import best_first, event, fighting, fits
from engine.ti4.records import Use, in_progress

__all__ = ["assault", "assault_ways", "repair", "repair_ways"]


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


def _non_fighter_ships(game: Game, use: Use, player: str) -> list[Unit]:
    space = game.system(use.system).space
    return [u for u in space if u.owner == player and u.spec.is_ship and u.type != "fighter"]


def assault_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """With 3 or more of the holder's non-fighter ships in the combat, each non-fighter
    ship of the opponent's, the one the opponent would rather lose (the odds') first."""
    if not fits(ability, game, use) or len(_non_fighter_ships(game, use, use.player)) < 3:
        return []
    ships = sorted(
        _non_fighter_ships(game, use, use.opponent),
        key=lambda u: (casualty_rank(u.spec), not u.damaged),
    )
    return [
        {"label": f"destroy {u.id} ({u.label}) for {ability.name}", "unit": u.id} for u in ships
    ]


def assault(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The opponent destroys the non-fighter ship the way names."""
    game = remove_units(game, {way["unit"]})
    text = (
        f"{game.player_name(use.opponent)} destroys {way['unit']}: {game.player_name(use.player)}"
        f" has 3 or more non-fighter ships and {ability.name}"
    )
    return game, (event(ability, text, unit=way["unit"]),)
