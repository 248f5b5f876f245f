"""Choosing the action and activating: the tactical action's one system, the transfer's two."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.events import Event, refuse
from engine.core.galaxy import adjacent, neighbours
from engine.core.state import Game, System
from engine.ti3 import anchors
from engine.ti3.board import action, activated_by, active, has_enemy_units, with_action


def choices_action(game: Game) -> list[dict[str, Any]]:
    name = game.player_name(active(game))
    return [
        make_choice("tactical_action", f"{name}: tactical action", (anchors.ACTIVATE,)),
        make_choice("transfer_action", f"{name}: transfer action", (anchors.TRANSFER_ACTIVATE,)),
    ]


def apply_action(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    kind = "tactical" if choice["kind"] == "tactical_action" else "transfer"
    rules = (anchors.ACTIVATE if kind == "tactical" else anchors.TRANSFER_ACTIVATE,)
    game = with_action(game, action=kind, step="activation")
    text = f"{game.player_name(active(game))} takes the {kind} action"
    return game, (Event("action", cite(text, rules), rules, {"action": kind}),)


def _friendly(game: Game, system: System) -> bool:
    player = active(game)
    return any(u.owner == player for u in system.all_units()) and not has_enemy_units(
        system, player
    )


def choices(game: Game) -> list[dict[str, Any]]:
    player = active(game)
    if game.player(player).tactic == 0:
        return []
    fresh = [s for s in game.systems if not activated_by(s, player)]
    if action(game).action == "tactical":
        return [
            make_choice("activate", f"Activate {s.name}", (anchors.ACTIVATE,), system=s.id)
            for s in fresh
        ]
    return [
        make_choice(
            "activate",
            f"Activate {s.name} and {game.system(other).name}",
            (anchors.TRANSFER_ACTIVATE,),
            system=s.id,
            second=other,
        )
        for s in fresh
        if _friendly(game, s)
        for other in neighbours(game, s.id)
        if _friendly(game, game.system(other))
    ]


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Place the command counter(s) and move on to movement."""
    player = active(game)
    transfer = action(game).action == "transfer"
    rules = (anchors.TRANSFER_ACTIVATE if transfer else anchors.ACTIVATE,)
    first = _system(game, choice.get("system"), rules)
    if activated_by(first, player):
        raise refuse(f"Cannot activate {first.name}: you activated it before", *rules)
    if game.player(player).tactic == 0:
        raise refuse("Cannot activate: no command counter left in the Command Pool", *rules)
    systems = [first]
    if transfer:
        second = _system(game, choice.get("second"), rules)
        if not adjacent(game, first.id, second.id):
            raise refuse(f"Cannot transfer: {second.name} is not adjacent to {first.name}", *rules)
        for system in (first, second):
            if has_enemy_units(system, player):
                raise refuse(f"Cannot transfer: {system.name} holds enemy units", *rules)
            if not any(u.owner == player for u in system.all_units()):
                raise refuse(f"Cannot transfer: {system.name} holds none of your units", *rules)
        systems.append(second)
    name = game.player_name(player)
    events = []
    for index, system in enumerate(systems):
        placed = replace(system, tokens=(*system.tokens, player))
        game = game.with_system(placed)
        source = "Command Pool" if index == 0 else "reinforcements"
        text = f"{name} places a command counter from the {source} in {system.name}"
        events.append(Event("activate", cite(text, rules), rules, {"system": system.id}))
    pool = game.player(player)
    game = game.with_player(replace(pool, tactic=pool.tactic - 1))
    game = with_action(game, systems=tuple(s.id for s in systems), step="movement")
    return game, tuple(events)


def _system(game: Game, system_id: Any, rules: tuple[str, ...]) -> System:
    try:
        return game.system(str(system_id))
    except KeyError:
        raise refuse(f"Cannot activate: there is no system {system_id!r}", *rules) from None
