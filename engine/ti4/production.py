"""Step 5 of a tactical action – Production (89.5, LRR 67 Producing Units, 68 Production).

The active player may produce with their units' Production abilities in the
active system (a space dock produces its planet's resources + 2), even if
nothing moved or landed (89.5.1). Fighters and infantry come two for one
cost, each counting toward the production limit (68.1.2, 67.2). Cost is paid
by exhausting planets the player controls (75.2; an exhausted one cannot be
spent, 64.9) and spending trade goods (75.3). Ships go to the space area
(68.2); ground forces onto planets that contain a unit that used its
Production (68.3), each force to the planet the player names. Every base
unit with Production is a space dock on a planet, so 68.4 (a producer in
the space area) never arises here.

Production may exceed capacity or the fleet pool: the rules remove the
excess afterwards (16.3, 37.3: "choose and remove excess"), so the player
then chooses which units go (:mod:`engine.ti4.excess`). What the cards allow
(26.3: a war sun needs its technology; 68.1d: Arborec docks make no
infantry) is checked by :mod:`engine.ti4.producing`, shared with Warfare.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.events import Event, IllegalChoice, refuse
from engine.core.state import Game, System
from engine.ti4.producing import (
    Producer,
    check,
    cost_of,
    landing_planets,
    limit_of,
    make,
    paying,
    producers,
)
from engine.ti4.records import in_progress, so_far
from engine.ti4.reinforcements import reclaim_for, shortfall
from engine.ti4.units import UNIT_TYPES

__all__ = ["apply", "apply_skip", "choices", "offers", "production_limit"]


def production_limit(system: System, player: str) -> int:
    """The combined Production value of the player's units in the system (68.1.1)."""
    return limit_of(producers(system, player))


def offers(
    game: Game, player_id: str, system_id: str, used: tuple[Producer, ...]
) -> list[tuple[str, dict[str, Any]]]:
    """One affordable production per unit type that ``used`` can make: (label, parameters)."""
    player = game.player(player_id)
    system = game.system(system_id)
    result: list[tuple[str, dict[str, Any]]] = []
    if not used:
        return result
    ready = [p for _, p in game.planets_of(player.id) if not p.exhausted]
    for spec in UNIT_TYPES.values():
        if spec.cost is None:
            continue
        units = {spec.name: spec.per_cost}
        pay = paying(cost_of(units), ready)
        if pay is None:
            continue
        try:
            check(game, player, system, used, units)
        except IllegalChoice:
            continue
        label = f"Produce {spec.per_cost} {spec.label} (cost {spec.cost})"
        places: list[str | None] = [None] if spec.is_ship else list(landing_planets(used))
        for planet in places:
            short = shortfall(game, player.id, system.id, units, [planet] if planet else [])
            reclaim = reclaim_for(game, player.id, short) if short else []
            if reclaim is None:
                continue  # not in reinforcements, and nothing to take back (67.5)
            params: dict[str, Any] = {"units": units, "pay": pay, "trade_goods": 0}
            if planet:
                params["planet"] = planet
            shown = f"{label} on {planet}" if planet else label
            if reclaim:
                shown += f", first taking {', '.join(reclaim)} off the board (67.5.1)"
                params["reclaim"] = reclaim
            result.append((shown, params))
    return result


def choices(game: Game) -> list[dict[str, Any]]:
    """Suggest producing one of each affordable unit, plus skipping the step."""
    system = game.active_system
    assert system is not None
    player = game.active_player or ""
    used = producers(system, player)
    result = [
        make_choice("produce", label, ("89.5", "68.1", "67.1"), **params)
        for label, params in offers(game, player, system.id, used)
    ]
    return [*result, make_choice("skip", "Produce nothing", ("89.5",))]


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Produce the chosen units, paying with the chosen planets and trade goods."""
    system = game.active_system
    assert system is not None
    player = game.player(game.active_player or "")
    used = producers(system, player.id)
    if not used:
        raise refuse(
            "Cannot produce: none of your units in the active system has Production", "89.5", "68"
        )
    game, made = make(game, player.id, system.id, used, choice)
    game = replace(game, action=replace(in_progress(game), step="end_of_action"))
    rules: tuple[str, ...] = ("89.5", "68.1", "67.1")
    if made["pairs"]:
        rules = (*rules, "67.2")
    if not so_far(game).moved:
        rules = (*rules, "89.5.1")
    if made["reclaimed"]:
        rules = (*rules, "67.5", "67.5.1")
    return game, (produced_event(player.name, made, rules),)


def produced_event(name: str, made: dict[str, Any], rules: tuple[str, ...]) -> Event:
    """The event of a production: what was taken back, made, and paid."""
    first = (
        f"takes {', '.join(made['reclaimed'])} off the board into reinforcements, then "
        if made["reclaimed"]
        else ""
    )
    cost = made["cost"]
    text = (
        f"{name} {first}produces {', '.join(made['units'])} for {cost} "
        f"{'resource' if cost == 1 else 'resources'} "
        f"(paid with {', '.join(made['spent']) or 'nothing'}; exhausted)"
    )
    data = {"units": made["units"], "cost": cost, "reclaimed": made["reclaimed"]}
    return Event("produce", cite(text, rules), rules, data)


def apply_skip(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Produce nothing: the step still happens (89-note-1)."""
    game = replace(game, action=replace(in_progress(game), step="end_of_action"))
    rules = ("89.5", "89-note-1")
    text = f"{game.player_name(game.active_player or '')} produces nothing"
    return game, (Event("produce", cite(text, rules), rules, {"units": []}),)
