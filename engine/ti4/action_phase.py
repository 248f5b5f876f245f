"""The action phase (LRR 3): turns in initiative order, one action per turn, until all pass.

A strategic action exhausts the card and resolves its primary ability, with
the values the choice gives (:mod:`engine.ti4.strategy`: each card, its
options and rules); each other player then may resolve its secondary ability
clockwise from the active player's left, passed players included (82.1,
3.3.2; the scenario lists players in seating order; :mod:`engine.ti4.secondaries`).
A component action is modelled abstractly (the component is used). A
tactical action runs the real steps of :mod:`engine.ti4.flow`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.effects import fire
from engine.core.events import Event, refuse
from engine.core.state import Game, Player
from engine.ti4.abilities.revival import place_returned
from engine.ti4.records import Tactical
from engine.ti4.secondaries import resolve, secondary_choices
from engine.ti4.strategy import StrategyCard, card_named
from engine.ti4.strategy.card import accepted, check_values


def in_initiative_order(game: Game) -> tuple[Player, ...]:
    return tuple(sorted(game.players, key=lambda p: p.initiative))


def _unexhausted(player: Player) -> tuple[str, ...]:
    return tuple(c.name for c in player.strategy_cards if not c.exhausted)


def _can_tactical(game: Game, player: Player) -> bool:
    return player.tactic > 0 and any(player.id not in s.tokens for s in game.systems)


def pass_refusal_rules(game: Game, player: Player) -> tuple[str, ...]:
    """The rule that forbids passing now, or ``()`` if the player may pass (3.4, 3.4.1)."""
    if not _unexhausted(player):
        return ()
    if len(game.players) in (3, 4) and len(player.strategy_cards) >= 2:
        return ("3.4", "3.4.1")
    return ("3.4",)


def choices(game: Game) -> list[dict[str, Any]]:
    """The active player's possible actions (or a secondary decision), and action cards."""
    if game.secondary_queue:
        return secondary_choices(game)
    player = game.player(game.active_player or "")
    result = [
        choice for card in _unexhausted(player) for choice in _primary_choices(game, player, card)
    ]
    if _can_tactical(game, player):
        result.append(
            make_choice(
                "tactical_action",
                f"{player.name}: tactical action",
                ("3.1", "89"),
                player=player.id,
            )
        )
    result.extend(
        make_choice(
            "component_action",
            f"{player.name}: component action – {name}",
            ("3.1",),
            player=player.id,
            name=name,
        )
        for name in player.component_actions
    )
    if not pass_refusal_rules(game, player):
        rules = ("3.3", "3.2") if not result else ("3.3",)
        label = f"{player.name}: pass" + (" (no action possible)" if not result else "")
        result.append(make_choice("pass", label, rules, player=player.id))
    result.extend(_action_card_choices(game))
    return result


def _card(name: str) -> StrategyCard:
    card = card_named(name)
    assert card is not None  # the scenario's cards are checked on load
    return card


def _primary_choices(game: Game, player: Player, name: str) -> list[dict[str, Any]]:
    """The card's options for its primary ability that it accepts now."""
    card = _card(name)
    options = card.primary_options(game, player.id)
    return [
        make_choice(
            "strategic_action",
            f"{player.name}: strategic action – {card.name}: {option.label}",
            ("3.1", *option.rules),
            card=name,
            **params,
        )
        for option, params in accepted(options, card.primary, game, player.id)
    ]


def _action_card_choices(game: Game) -> list[dict[str, Any]]:
    return [
        make_choice(
            "action_card",
            f"{p.name}: play {card}",
            ("3-note-1",) if p.passed else ("3",),
            player=p.id,
            card=card,
        )
        for p in game.players
        for card in p.action_cards
    ]


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Perform an action, pass, resolve a secondary ability or play an action card."""
    kind = choice.get("kind")
    if kind == "action_card":
        return _action_card(game, choice)
    if game.secondary_queue:
        if kind != "secondary":
            raise refuse(
                f"Cannot {kind} now: players are resolving the secondary ability of "
                f"{game.secondary_card}",
                "82.1",
            )
        return _secondary(game, choice)
    player = game.player(game.active_player or "")
    who = choice.get("player", player.id)
    if who != player.id:
        try:
            other = game.player(str(who))
        except KeyError:
            raise refuse(f"There is no player {who!r}", "3") from None
        if other.passed:
            raise refuse(
                f"{other.name} has passed and has no further turns this action phase", "3.3"
            )
        raise refuse(f"It is {player.name}’s turn, not {other.name}’s", "3")
    handlers = {
        "strategic_action": _strategic,
        "tactical_action": _tactical,
        "component_action": _component,
        "pass": _pass,
    }
    handler = handlers.get(str(kind))
    if handler is None:
        raise refuse(
            f"Cannot {kind} now: choose a strategic, tactical or component action, or pass", "3.1"
        )
    return handler(game, player, choice)


def _strategic(
    game: Game, player: Player, choice: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    name = choice.get("card")
    if name not in _unexhausted(player):
        raise refuse(
            f"Cannot perform the strategic action of {name!r}: you hold no such ready card", "3.1"
        )
    card = _card(str(name))
    check_values(card, choice, "primary")
    cards = tuple(
        replace(c, exhausted=True) if c.name == name else c for c in player.strategy_cards
    )
    game = game.with_player(replace(player, strategy_cards=cards))
    # Secondary abilities go round the table from the active player's left (82.1).
    others = game.seating_from(player.id)[1:]
    game = replace(game, secondary_card=str(name), secondary_queue=others, secondary_free=())
    rules = ("3.1", "82.1") if others else ("3.1",)
    event = Event(
        "strategic_action",
        cite(
            f"{player.name} performs the strategic action of {card.name}, exhausts it and "
            f"resolves its primary ability",
            rules,
        ),
        rules,
        {"player": player.id, "card": name},
    )
    game, effects = card.primary(game, {**choice, "player": player.id})
    if game.phase == "game_over":
        return game, (event, *effects)
    if not others:
        game = replace(game, secondary_card=None, secondary_free=())
        game, more = end_turn(game, acted=True)
        return game, (event, *effects, *more)
    return game, (event, *effects)


def _secondary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player = game.player(game.secondary_queue[0])
    if choice.get("player", player.id) != player.id:
        raise refuse(
            f"{player.name} decides on the secondary ability first: each other player in turn, "
            f"clockwise from the active player's left",
            "82.1",
        )
    game, events = resolve(game, choice)
    game = replace(game, secondary_queue=game.secondary_queue[1:])
    if game.phase == "game_over":
        return game, events
    if not game.secondary_queue:
        game = replace(game, secondary_card=None, secondary_free=())
        game, more = end_turn(game, acted=True)
        return game, (*events, *more)
    return game, events


def _tactical(game: Game, player: Player, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    if not _can_tactical(game, player):
        raise refuse(
            "Cannot perform a tactical action: there is no command token in your tactic pool",
            "89.1.1",
        )
    game = replace(game, phase="tactical_action", action=Tactical())
    rules = ("3.1", "89")
    return game, (
        Event("tactical_action", cite(f"{player.name} performs a tactical action", rules), rules),
    )


def _component(
    game: Game, player: Player, choice: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    name = choice.get("name")
    if name not in player.component_actions:
        raise refuse(
            f"Cannot perform the component action {name!r}: you have no such component", "3.1"
        )
    rest = list(player.component_actions)
    rest.remove(str(name))
    game = game.with_player(replace(player, component_actions=tuple(rest)))
    rules = ("3.1",)
    event = Event(
        "component_action", cite(f"{player.name} performs a component action: {name}", rules), rules
    )
    game, more = end_turn(game, acted=True)
    return game, (event, *more)


def _pass(game: Game, player: Player, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    blocked = pass_refusal_rules(game, player)
    if blocked:
        cards = ", ".join(_unexhausted(player))
        raise refuse(
            f"Cannot pass: {player.name} has not yet performed the strategic action of {cards}",
            *blocked,
        )
    game = game.with_player(replace(player, passed=True))
    rules = ("3.3", "3.3.1", "3-note-3")
    text = f"{player.name} passes and has no further turns this action phase"
    game, more = end_turn(game, acted=False)
    return game, (Event("pass", cite(text, rules), rules, {"player": player.id}), *more)


def _action_card(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    try:
        player = game.player(str(choice.get("player")))
    except KeyError:
        raise refuse("Name the player who plays the action card", "3-note-1") from None
    card = choice.get("card")
    if card not in player.action_cards:
        raise refuse(f"{player.name} holds no action card {card!r}", "3-note-1")
    rest = list(player.action_cards)
    rest.remove(str(card))
    game = game.with_player(replace(player, action_cards=tuple(rest)))
    rules = ("3-note-1",) if player.passed else ("3",)
    note = " after passing" if player.passed else ""
    text = f"{player.name} plays the action card {card}{note}"
    return game, (
        Event("action_card", cite(text, rules), rules, {"player": player.id, "card": card}),
    )


def end_turn(game: Game, *, acted: bool) -> tuple[Game, tuple[Event, ...]]:
    """Close the active player's turn (end-of-action before end-of-turn) and start the next."""
    player = game.active_player or ""
    events: list[Event] = []
    if acted:
        events.extend(fire(game, "end_of_action", player, ("89-note-2", "3-note-2")))
        events.extend(fire(game, "end_of_turn", player, ("89-note-2", "3-note-2")))
    else:
        events.extend(fire(game, "end_of_turn", player, ("3-note-3",)))
    game = replace(game, phase="action_phase", action=None)
    if game.standalone:
        rules = ("89",)
        return replace(game, phase="finished"), (
            *events,
            Event("finished", cite("The tactical action is over", rules), rules),
        )
    game, more = start_next_turn(game, player)
    return game, (*events, *more)


def start_next_turn(game: Game, previous: str) -> tuple[Game, tuple[Event, ...]]:
    """Give the turn to the next player in initiative order who has not passed (3, 3.3.3, 3.5)."""
    order = in_initiative_order(game)
    waiting = [p for p in order if not p.passed]
    rules: tuple[str, ...]
    if not waiting:
        rules = ("3.5",)
        game = replace(game, phase="status_phase", active_player=None)
        return game, (
            Event(
                "phase_end",
                cite("All players have passed: play proceeds to the status phase", rules),
                rules,
            ),
        )
    ids = [p.id for p in order]
    start = ids.index(previous) if previous in ids else -1
    after = [order[(start + k) % len(order)] for k in range(1, len(order) + 1)]
    nxt = next(p for p in after if not p.passed)
    game = replace(game, active_player=nxt.id)
    if nxt.id == previous:
        rules = ("3.3.3", "3-note-4")
        text = f"All other players have passed: {nxt.name} takes another turn"
    else:
        rules = ("3",)
        text = f"{nxt.name}’s turn (initiative {nxt.initiative})"
    events = [Event("turn", cite(text, rules), rules, {"player": nxt.id})]
    events.extend(fire(game, "start_of_turn", nxt.id, rules if nxt.id == previous else ("3.3.1",)))
    # Units resting on a card since they were destroyed return now (Infantry II).
    game, placed = place_returned(game, nxt.id)
    return game, (*events, *placed)
