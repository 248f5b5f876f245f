"""Command tokens: how many a player has in reinforcements, and placing one on the board.

A faction has 16 command tokens (rulebook components); those neither on the
command sheet nor on the board are in reinforcements (20.3), and a player
cannot gain a token none is left for (20.3a). An effect that places a token
from reinforcements when none is left takes one from a pool of the command
sheet instead, the owner choosing which (20.3b; Diplomacy 32.2a, a retreat
78.7d): the game then waits for ``take_token {player, pool}``. A player with a
token in the system already places none (20.6, 32.2b, 78.7d).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.events import Event, IllegalChoice, refuse
from engine.core.state import Game, PendingToken, Player

__all__ = [
    "COMMAND_TOKENS",
    "POOLS",
    "apply",
    "choices",
    "in_reinforcements",
    "place",
    "settle",
    "step_title",
    "waiting",
]

COMMAND_TOKENS = 16  # a faction's command tokens (rulebook components; 20.3 limits them)
POOLS = ("tactic", "fleet", "strategy")
SHEET_RULES = ("20.3", "20.3.2")


def in_reinforcements(game: Game, player: Player) -> int:
    """Command tokens the player has off the command sheet and the board (20.3)."""
    on_board = sum(1 for s in game.systems for t in s.tokens if t == player.id)
    return max(COMMAND_TOKENS - player.tactic - player.fleet - player.strategy - on_board, 0)


def place(
    game: Game, player_id: str, system_id: str, rules: tuple[str, ...], why: str = ""
) -> tuple[Game, tuple[Event, ...]]:
    """Place a command token of ``player_id`` from reinforcements in ``system_id``.

    None is placed where the player has one already; with none in reinforcements
    the owner's choice of a pool is queued. ``why`` ends the event's sentence.
    """
    system = game.system(system_id)
    player = game.player(player_id)
    if player_id in system.tokens:
        text = f"{player.name} already has a command token in {system.name} and places none{why}"
        return game, (Event("token", cite(text, rules), rules, {"player": player_id}),)
    if in_reinforcements(game, player) == 0:
        wait = PendingToken(player_id, system_id, (*rules, *SHEET_RULES))
        return replace(game, pending_tokens=(*game.pending_tokens, wait)), ()
    game = game.with_system(replace(system, tokens=(*system.tokens, player_id)))
    text = f"{player.name} places a command token from reinforcements in {system.name}{why}"
    return game, (
        Event("token", cite(text, rules), rules, {"player": player_id, "system": system_id}),
    )


def settle(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Drop waiting tokens no choice is left for: one there already, or an empty sheet."""
    events: list[Event] = []
    waiting_tokens = game.pending_tokens
    while waiting_tokens:
        first = waiting_tokens[0]
        player = game.player(first.player)
        system = game.system(first.system)
        if first.player in system.tokens:
            text = f"{player.name} already has a command token in {system.name} and places none"
        elif not any(getattr(player, pool) for pool in POOLS):
            text = (
                f"{player.name} has no command token in reinforcements or on the command sheet: "
                f"none is placed in {system.name}"
            )
        else:
            break
        events.append(Event("token", cite(text, first.rules), first.rules, {"player": player.id}))
        waiting_tokens = waiting_tokens[1:]
    if waiting_tokens == game.pending_tokens:
        return game, ()
    return replace(game, pending_tokens=waiting_tokens), tuple(events)


def step_title(game: Game) -> tuple[str, tuple[str, ...]]:
    """The page's step heading while a player must take a token from their sheet."""
    return "Place a command token from the command sheet", game.pending_tokens[0].rules


def choices(game: Game) -> list[dict[str, Any]]:
    """One choice per pool of the command sheet holding a token."""
    first = game.pending_tokens[0]
    player = game.player(first.player)
    system = game.system(first.system)
    return [
        make_choice(
            "take_token",
            f"{player.name}: no command token in reinforcements; take one from the {pool} pool "
            f"and place it in {system.name}",
            first.rules,
            player=player.id,
            system=system.id,
            pool=pool,
        )
        for pool in POOLS
        if getattr(player, pool)
    ]


def waiting(game: Game, kind: str) -> IllegalChoice:
    """The refusal of any other choice while a player must take a token from their sheet."""
    first = game.pending_tokens[0]
    return refuse(
        f"Cannot {kind} now: {game.player_name(first.player)} must first take a command token "
        f"from their command sheet for {game.system(first.system).name}",
        *first.rules,
    )


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Take a token from the named pool and place it in the waiting system."""
    first = game.pending_tokens[0]
    player = game.player(first.player)
    system = game.system(first.system)
    if choice.get("player", player.id) != player.id:
        raise refuse(f"{player.name} chooses the pool their token comes from", *first.rules)
    pool = choice.get("pool")
    if pool not in POOLS or not getattr(player, str(pool)):
        held = ", ".join(p for p in POOLS if getattr(player, p))
        raise refuse(
            f"Cannot take a token from the {pool!r} pool: {player.name} has tokens in {held}",
            *first.rules,
        )
    game = game.with_player(replace(player, **{str(pool): getattr(player, str(pool)) - 1}))
    game = game.with_system(replace(system, tokens=(*system.tokens, player.id)))
    game = replace(game, pending_tokens=game.pending_tokens[1:])
    text = (
        f"{player.name} has no command token in reinforcements and places one from their "
        f"{pool} pool in {system.name}"
    )
    return game, (
        Event("token", cite(text, first.rules), first.rules, {"player": player.id, "pool": pool}),
    )
