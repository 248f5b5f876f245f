"""PDS fire after movement: enemy PDS in range first, then the active player's.

In a transfer, enemy PDS may fire at the active player's fleet in either
activated system, and a PDS in range of both fires at only one of them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.combat import pending_for, roll_attack
from engine.core.events import Event, refuse
from engine.core.state import Game
from engine.ti3 import anchors
from engine.ti3.board import action, active, enemies_with_ships, pds_in_range, ships, with_action
from engine.ti3.hits import PDS_FIRE, TRANSFER_PDS_FIRE


def _rules(game: Game) -> tuple[str, ...]:
    transfer = action(game).action == "transfer"
    return (anchors.TRANSFER_PDS,) if transfer else (anchors.PDS_FIRE,)


def _ready(game: Game, player: str, system_id: str) -> tuple[str, ...]:
    """Ids of the player's PDS that may still fire into the system."""
    fired = set(action(game).fired)
    return tuple(u.id for u in pds_in_range(game, player, system_id) if u.id not in fired)


def queue(game: Game) -> tuple[str, ...]:
    """Who may fire where, in order: "player|system", enemies first, then the active player."""
    player = active(game)
    entries = []
    others = [p.id for p in game.players if p.id != player]
    for shooter in others:
        for system_id in action(game).systems:
            if ships(game.system(system_id).space, player) and _ready(game, shooter, system_id):
                entries.append(f"{shooter}|{system_id}")
    for system_id in action(game).systems:
        if enemies_with_ships(game.system(system_id), player) and _ready(game, player, system_id):
            entries.append(f"{player}|{system_id}")
    return tuple(entries)


def open_step(game: Game) -> Game:
    return with_action(game, pds_queue=queue(game))


def choices(game: Game) -> list[dict[str, Any]]:
    shooter, system_id = action(game).pds_queue[0].split("|")
    name = game.system(system_id).name
    count = len(_ready(game, shooter, system_id))
    rules = _rules(game)
    who = game.player_name(shooter)
    return [
        make_choice(
            "pds_fire",
            f"{who}: fire {count} PDS at {name}",
            rules,
            player=shooter,
            system=system_id,
            fire=True,
        ),
        make_choice(
            "pds_fire",
            f"{who}: hold PDS fire at {name}",
            rules,
            player=shooter,
            system=system_id,
            fire=False,
        ),
    ]


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    rules = _rules(game)
    shooter, system_id = action(game).pds_queue[0].split("|")
    if choice.get("player") != shooter or choice.get("system", system_id) != system_id:
        raise refuse(
            f"Cannot fire now: {game.player_name(shooter)} decides PDS fire at "
            f"{game.system(system_id).name} first (enemy PDS fire before the active player's)",
            *rules,
        )
    rest = action(game).pds_queue[1:]
    if not choice.get("fire", True):
        text = f"{game.player_name(shooter)} holds PDS fire at {game.system(system_id).name}"
        return with_action(game, pds_queue=rest), (Event("pds_hold", cite(text, rules), rules),)
    ready = set(_ready(game, shooter, system_id))
    units = tuple(u for s in game.systems for p in s.planets for u in p.units if u.id in ready)
    attack = TRANSFER_PDS_FIRE if action(game).action == "transfer" else PDS_FIRE
    volley = roll_attack(game.dice, units, attack, game.player_name(shooter))
    # A PDS that fired is spent for this action, so one in range of both systems fires once.
    rest = tuple(e for e in rest if _ready_after(game, e, ready))
    game = with_action(game, pds_queue=rest, fired=(*action(game).fired, *sorted(ready)))
    target = (
        active(game)
        if shooter != active(game)
        else enemies_with_ships(game.system(system_id), shooter)[0]
    )
    game = replace(game, dice=volley.dice)
    if volley.hits:
        game = replace(game, pending=pending_for(target, volley.hits, system_id, None, attack))
    return game, (volley.event,)


def _ready_after(game: Game, entry: str, spent: set[str]) -> bool:
    shooter, system_id = entry.split("|")
    return bool(set(_ready(game, shooter, system_id)) - spent)
