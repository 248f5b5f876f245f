"""Step 1 of a tactical action – Activation (LRR 89.1)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.events import Event, refuse
from engine.core.state import Game
from engine.ti4 import anomalies, offers
from engine.ti4.abilities import Moment
from engine.ti4.records import so_far


def choices(game: Game) -> list[dict[str, Any]]:
    """One ``activate`` choice per system the active player may activate."""
    player = game.player(game.active_player or "")
    if player.tactic == 0:
        return []
    return [
        make_choice("activate", f"Activate {s.name}", ("89.1", "89.1.1"), system=s.id)
        for s in game.systems
        if player.id not in s.tokens and anomalies.chaos_mapped(game, s, player.id) is None
    ]


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Place a command token from the tactic pool in the chosen system (89.1.1)."""
    player = game.player(game.active_player or "")
    system_id = choice.get("system")
    try:
        system = game.system(str(system_id))
    except KeyError:
        raise refuse(f"Cannot activate {system_id!r}: there is no such system", "89.1") from None
    if player.tactic == 0:
        raise refuse("Cannot activate: there is no command token in your tactic pool", "89.1.1")
    if player.id in system.tokens:
        raise refuse(f"Cannot activate {system.name}: it already holds your command token", "89.1")
    saar = anomalies.chaos_mapped(game, system, player.id)
    if saar is not None:
        raise refuse(
            f"Cannot activate {system.name}: it is an asteroid field with "
            f"{game.player_name(saar)}’s ships, and their Chaos Mapping says other players "
            f"cannot activate it",
            "89.1",
            "1.2",
            "1.6",
        )
    game = game.with_player(replace(player, tactic=player.tactic - 1))
    game = game.with_system(replace(system, tokens=(*system.tokens, player.id)))
    game = replace(
        game,
        action=replace(so_far(game), step="movement", active_system=system.id),
    )
    rules = ("89.1", "89.1.1")
    events = [
        Event(
            "activate",
            cite(
                f"{player.name} activates {system.name}, placing a command token from the "
                f"tactic pool; it is the active system",
                rules,
            ),
            rules,
            {"player": player.id, "system": system.id},
        )
    ]
    others = [game.player_name(t) for t in system.tokens if t != player.id]
    if others:
        events.append(
            Event(
                "note",
                cite(
                    f"{', '.join(others)}’s command token there does not prevent the activation",
                    ("89.1.2",),
                ),
                ("89.1.2",),
            )
        )
    # What acts "after you activate a system" is offered now (Solar Flare).
    game = offers.queue(game, Moment.ACTIVATED, [offers.use_for(game, player.id)])
    return game, tuple(events)
