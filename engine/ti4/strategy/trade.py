"""Trade (initiative 5; LRR 92).

Primary, in order: gain 3 trade goods (92.2); replenish commodities (92.3:
up to the faction sheet's commodity value, 21.3); choose any number of other
players, who resolve the secondary without spending a command token (92.4).
Secondary: replenish commodities (92.5).

Choice value: ``free`` (primary): the other players' ids who resolve the
secondary free.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite
from engine.core.events import Event, refuse
from engine.core.state import Game
from engine.ti4.abilities.strategy_cards import TRADE
from engine.ti4.strategy.card import Option, StrategyCard
from engine.ti4.strategy.common import replenish


def chosen_free(game: Game, player_id: str, raw: Any) -> tuple[str, ...]:
    """The players Trade's primary lets resolve the secondary without a token (92.4)."""
    others = game.seating_from(player_id)[1:]
    if raw is None or raw == []:
        return ()
    if not isinstance(raw, list) or not all(isinstance(p, str) and p in others for p in raw):
        raise refuse("Cannot choose those players: name other players by id", "92.4")
    return tuple(p for p in others if p in raw)


def primary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player = game.player(str(choice["player"]))
    free = chosen_free(game, player.id, choice.get("free"))
    game = game.with_player(replace(player, trade_goods=player.trade_goods + 3))
    game, replenished = replenish(game, player.id)
    game = replace(game, secondary_free=free)
    rules: tuple[str, ...] = ("92.2", "92.3", "21.3")
    text = f"{player.name} gains 3 trade goods and {replenished}"
    if free:
        rules = (*rules, "92.4")
        names = ", ".join(game.player_name(p) for p in free)
        text += f"; {names} may resolve the secondary ability without spending a command token"
    return game, (Event(TRADE.id, cite(text, rules), rules, {"player": player.id}),)


def secondary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player_id = str(choice["player"])
    game, replenished = replenish(game, player_id)
    rules = ("92.5", "21.3")
    text = f"{game.player_name(player_id)} {replenished}"
    return game, (Event(TRADE.id, cite(text, rules), rules, {"player": player_id}),)


def primary_options(game: Game, player_id: str) -> list[Option]:
    others = list(game.seating_from(player_id)[1:])
    options = [Option("gain 3 trade goods and replenish commodities", ("92.2", "92.3"))]
    if others:
        options.append(
            Option(
                "gain 3 trade goods and replenish commodities, every other player resolving "
                "its secondary free",
                ("92.2", "92.3", "92.4"),
                {"free": others},
            )
        )
    return options


def secondary_options(game: Game, player_id: str) -> list[Option]:
    return [Option("replenish commodities", ("92.5",))]


CARD = StrategyCard(
    ability=TRADE,
    initiative=5,
    primary=primary,
    secondary=secondary,
    primary_options=primary_options,
    secondary_options=secondary_options,
    primary_values=frozenset({"free"}),
    secondary_values=frozenset(),
)
