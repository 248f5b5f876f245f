"""Secondary abilities of strategy cards: who may resolve them, at what cost, and how.

Each other player, clockwise from the active player's left, may resolve the
secondary ability (82.1), a passed player too (3.3.2), by spending a command
token from the strategy pool (20.5); Leadership's costs none (20.5a), and the
players Trade's primary chooses resolve Trade's free and must resolve it
(92.4, 92.4a). What the ability does is the card's own
(:mod:`engine.ti4.strategy`); the choices offered are the card's options that
it accepts, so none is refused.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.events import Event, refuse
from engine.core.state import Game, Player
from engine.ti4.strategy import StrategyCard, card_named
from engine.ti4.strategy.card import accepted, check_values

__all__ = ["resolve", "secondary_choices", "secondary_rules"]


def secondary_rules(player: Player) -> tuple[str, ...]:
    return ("82.1", "3.3.2") if player.passed else ("82.1",)


def _card(game: Game) -> StrategyCard:
    card = card_named(game.secondary_card)
    assert card is not None  # the scenario's cards are checked on load
    return card


def _cost(game: Game, player: Player) -> tuple[bool, tuple[str, ...]]:
    """Whether resolving costs a strategy token, and the rules that say so."""
    if not _card(game).secondary_costs_token:
        return False, ("20.5.1",)
    if player.id in game.secondary_free:
        return False, ("92.4",)
    return True, ("20.5",)


def _paid(game: Game, player: Player) -> Game:
    costs, rules = _cost(game, player)
    if not costs:
        return game
    if player.strategy == 0:
        raise refuse(
            f"{player.name} cannot resolve the secondary ability: no command token in the "
            f"strategy pool",
            *secondary_rules(player),
            *rules,
        )
    return game.with_player(replace(player, strategy=player.strategy - 1))


def secondary_choices(game: Game) -> list[dict[str, Any]]:
    """The card's options the deciding player can resolve, and declining (unless chosen free)."""
    player = game.player(game.secondary_queue[0])
    card = _card(game)
    costs, cost_rules = _cost(game, player)
    rules = (*secondary_rules(player), *cost_rules)
    result = []
    if not costs or player.strategy > 0:
        paid = _paid(game, player)
        options = card.secondary_options(game, player.id)
        for option, params in accepted(options, card.secondary, paid, player.id):
            label = f"{player.name}: {card.name} secondary – {option.label}"
            result.append(
                make_choice("secondary", label, (*rules, *option.rules), resolve=True, **params)
            )
    if player.id not in game.secondary_free or not result:
        result.append(
            make_choice(
                "secondary",
                f"{player.name}: decline the secondary ability of {card.name}",
                secondary_rules(player),
                player=player.id,
                resolve=False,
            )
        )
    return result


def resolve(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """The deciding player resolves (paying its cost) or declines the secondary ability."""
    player = game.player(game.secondary_queue[0])
    card = _card(game)
    rules = secondary_rules(player)
    note = " although they have passed" if player.passed else ""
    if not choice.get("resolve"):
        if player.id in game.secondary_free:
            raise refuse(
                f"{player.name} was chosen to resolve the secondary ability of Trade free and "
                f"must resolve it",
                "92.4.1",
            )
        text = f"{player.name} declines the secondary ability of {card.name}"
        return game, (
            Event("secondary", cite(text, rules), rules, {"player": player.id, "resolve": False}),
        )
    check_values(card, choice, "secondary")
    _, cost_rules = _cost(game, player)
    game = _paid(game, player)
    game, effects = card.secondary(game, {**choice, "player": player.id})
    rules = (*rules, *cost_rules)
    cost = {
        "20.5": "spends a strategy token to resolve",
        "20.5.1": "resolves, spending no command token,",
        "92.4": "resolves, without spending a command token as the active player chose,",
    }[cost_rules[0]]
    text = f"{player.name} {cost} the secondary ability of {card.name}{note}"
    event = Event("secondary", cite(text, rules), rules, {"player": player.id, "resolve": True})
    return game, (event, *effects)
