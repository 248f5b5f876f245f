"""Warfare (initiative 6; LRR 99).

Primary: remove one of your command tokens from the board and gain it into a
pool of your choice (99.1); then redistribute the tokens on your command
sheet (99.2). Secondary: resolve the Production ability of one of your space
docks in your home system (99.3); the token spent is not placed there (99.3a).
The production follows the unit and faction cards as a tactical action's does
(:mod:`engine.ti4.producing`): 26.3, 67.6, 68.1, 68.1d.

Choice values: ``system`` (primary: where the token is removed; needed when
you have one on the board), ``pools`` (primary: the command sheet afterwards,
{tactic, fleet, strategy}; without it the token returns to the tactic pool);
``dock`` (secondary: the space dock's id, by default the home system's first)
and a production's ``units``, ``pay``, ``trade_goods``, ``placement``/``planet``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite
from engine.core.events import Event, refuse
from engine.core.state import Game, Player
from engine.ti4.abilities.strategy_cards import WARFARE
from engine.ti4.producing import Producer, make, producers
from engine.ti4.production import offers, produced_event
from engine.ti4.strategy.card import Option, StrategyCard
from engine.ti4.strategy.common import text_param
from engine.ti4.tokens import POOLS


def _token_systems(game: Game, player_id: str) -> list[str]:
    return [s.id for s in game.systems if player_id in s.tokens]


def _pools(player: Player, raw: Any, regained: int) -> dict[str, Any]:
    total = player.tactic + player.fleet + player.strategy + regained
    if raw is None:
        return {
            "tactic": player.tactic + regained,
            "fleet": player.fleet,
            "strategy": player.strategy,
        }
    if (
        not isinstance(raw, dict)
        or set(raw) != set(POOLS)
        or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in raw.values())
        or sum(raw.values()) != total
    ):
        raise refuse(
            f"Cannot redistribute: give every pool ({', '.join(POOLS)}), {total} tokens in all",
            "99.2",
        )
    return dict(raw)


def primary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player = game.player(str(choice["player"]))
    on_board = _token_systems(game, player.id)
    system_id = text_param(choice, "system", "99.1")
    rules: tuple[str, ...] = ("99.1", "99.2")
    if on_board and system_id not in on_board:
        names = ", ".join(game.system(s).name for s in on_board)
        raise refuse(
            f"Cannot remove a command token from {system_id!r}: {player.name} has tokens in "
            f"{names}",
            "99.1",
        )
    if not on_board and system_id is not None:
        raise refuse(f"{player.name} has no command token on the board to remove", "99.1")
    regained = 0
    removed = f"{player.name} has no command token on the board to remove"
    if system_id is not None:
        system = game.system(system_id)
        held = list(system.tokens)
        held.remove(player.id)
        game = game.with_system(replace(system, tokens=tuple(held)))
        regained = 1
        removed = f"{player.name} removes their command token from {system.name}"
    pools = _pools(player, choice.get("pools"), regained)
    game = game.with_player(replace(game.player(player.id), **pools))
    sheet = ", ".join(f"{pools[p]} {p}" for p in POOLS)
    text = f"{removed} and arranges the command sheet: {sheet}"
    return game, (Event(WARFARE.id, cite(text, rules), rules, {"player": player.id}),)


def _home_docks(game: Game, player: Player) -> tuple[Producer, ...]:
    if player.home is None:
        return ()
    return tuple(
        (p, u) for p, u in producers(game.system(player.home), player.id) if u.type == "space_dock"
    )


def secondary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player = game.player(str(choice["player"]))
    docks = _home_docks(game, player)
    if not docks:
        why = "the scenario names no home system" if player.home is None else "it has none"
        raise refuse(
            f"{player.name} cannot use a space dock's Production in their home system: {why}",
            "99.3",
        )
    dock_id = text_param(choice, "dock", "99.3") or docks[0][1].id
    used = tuple(d for d in docks if d[1].id == dock_id)
    if not used:
        raise refuse(
            f"Cannot produce with {dock_id!r}: name a space dock in your home system", "99.3"
        )
    assert player.home is not None
    where = f"{dock_id}, the space dock in their home system"
    game, made = make(game, player.id, player.home, used, choice, where)
    rules: tuple[str, ...] = ("99.3", "99.3.1", "68.1", "67.1")
    if made["pairs"]:
        rules = (*rules, "67.2")
    if made["reclaimed"]:
        rules = (*rules, "67.5", "67.5.1")
    return game, (produced_event(player.name, made, rules),)


def primary_options(game: Game, player_id: str) -> list[Option]:
    on_board = _token_systems(game, player_id)
    if not on_board:
        return [Option("redistribute no command token: none is on the board", ("99.1", "99.2"))]
    return [
        Option(
            f"remove the command token from {game.system(s).name} into the tactic pool",
            ("99.1", "99.2"),
            {"system": s},
        )
        for s in on_board[:6]
    ]


def secondary_options(game: Game, player_id: str) -> list[Option]:
    player = game.player(player_id)
    options = []
    for planet, dock in _home_docks(game, player):
        assert player.home is not None
        for label, params in offers(game, player_id, player.home, ((planet, dock),))[:5]:
            options.append(
                Option(
                    f"{dock.id}: {label[0].lower()}{label[1:]}",
                    ("99.3",),
                    {"dock": dock.id, **params},
                )
            )
    return options


CARD = StrategyCard(
    ability=WARFARE,
    initiative=6,
    primary=primary,
    secondary=secondary,
    primary_options=primary_options,
    secondary_options=secondary_options,
    primary_values=frozenset({"system", "pools"}),
    secondary_values=frozenset(
        {"dock", "units", "pay", "trade_goods", "placement", "planet", "reclaim"}
    ),
)
