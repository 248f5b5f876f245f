"""Politics (initiative 3; LRR 66).

Primary, in order (66.2): choose a player other than the speaker (yourself
too, if you are not the speaker), who gains the speaker token (80.6); draw
two action cards; look at the top two cards of the agenda deck and put each
on the top or bottom. Secondary: draw two action cards (66.3).

The engine keeps no action card or agenda deck: a drawn action card is held
unnamed (counted, ``unnamed_action_cards``), and the look at the agenda deck
changes nothing the engine holds. A hand over seven is cut to seven (2.4):
the player names the cards to ``discard``, else unnamed ones go.

Choice values: ``speaker`` (primary: a player id), ``discard`` (named action
cards to discard if the hand is over seven).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite
from engine.core.events import Event, refuse
from engine.core.state import Game
from engine.ti4.abilities.strategy_cards import POLITICS
from engine.ti4.strategy.card import Option, StrategyCard
from engine.ti4.strategy.common import draw_action_cards, names_param, text_param


def _candidates(game: Game) -> list[str]:
    return [p.id for p in game.players if p.id != game.speaker]


def primary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player = game.player(str(choice["player"]))
    chosen = text_param(choice, "speaker", "66.2", "80.6")
    if chosen not in _candidates(game):
        holder = f" ({game.player_name(game.speaker)} holds it)" if game.speaker else ""
        raise refuse(
            f"Cannot give the speaker token to {chosen!r}: choose a player who does not have "
            f"it{holder}",
            "66.2",
            "80.6",
        )
    game = replace(game, speaker=chosen)
    rules: tuple[str, ...] = ("66.2", "80.6")
    events = [
        Event(
            "speaker",
            cite(f"{player.name} gives the speaker token to {game.player_name(chosen)}", rules),
            rules,
            {"player": player.id, "speaker": chosen},
        )
    ]
    discard = names_param(choice, "discard", "2.4")
    game, drew, over = draw_action_cards(game, player.id, 2, discard)
    rules = ("66.2", "2.3", "2.4") if over else ("66.2", "2.3")
    text = (
        f"{player.name} {drew}, then looks at the top two cards of the agenda deck and puts "
        f"each on the top or the bottom"
    )
    events.append(Event("draw", cite(text, rules), rules, {"player": player.id}))
    return game, tuple(events)


def secondary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player_id = str(choice["player"])
    discard = names_param(choice, "discard", "2.4")
    game, drew, over = draw_action_cards(game, player_id, 2, discard)
    rules = ("66.3", "2.3", "2.4") if over else ("66.3", "2.3")
    text = f"{game.player_name(player_id)} {drew}"
    return game, (Event("draw", cite(text, rules), rules, {"player": player_id}),)


def primary_options(game: Game, player_id: str) -> list[Option]:
    return [
        Option(
            f"give the speaker token to {game.player_name(p)} and draw 2 action cards",
            ("66.2",),
            {"speaker": p},
        )
        for p in _candidates(game)
    ]


def secondary_options(game: Game, player_id: str) -> list[Option]:
    return [Option("draw 2 action cards", ("66.3",))]


CARD = StrategyCard(
    ability=POLITICS,
    initiative=3,
    primary=primary,
    secondary=secondary,
    primary_options=primary_options,
    secondary_options=secondary_options,
    primary_values=frozenset({"speaker", "discard"}),
    secondary_values=frozenset({"discard"}),
)
