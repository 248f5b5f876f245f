"""The action phase (LRR 3): turns in initiative order, one action per turn, until all pass.

Strategic and component actions are modelled abstractly (the card is
exhausted, the component is used; each other player then may resolve the
strategy card's secondary ability clockwise from the active player's left,
passed players included, 82.1 and 3.3.2; the scenario lists players in
seating order). A
tactical action runs the real steps of :mod:`engine.ti4.flow`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.effects import fire
from engine.core.events import Event, refuse
from engine.core.state import Game, Player
from engine.ti4.records import Tactical
from engine.ti4.secondaries import (
    free_secondary,
    leadership,
    secondary_choices,
    secondary_rules,
    trade_free,
)


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
        make_choice(
            "strategic_action",
            f"{player.name}: strategic action – {card}",
            ("3.1",),
            player=player.id,
            card=card,
        )
        for card in _unexhausted(player)
    ]
    others = list(game.seating_from(player.id)[1:])
    result.extend(
        make_choice(
            "strategic_action",
            f"{player.name}: strategic action – {card}, every other player resolving its "
            f"secondary free",
            ("3.1", "92.4"),
            player=player.id,
            card=card,
            free=others,
        )
        for card in _unexhausted(player)
        if card.strip().lower() == "trade" and others
    )
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
    card = choice.get("card")
    if card not in _unexhausted(player):
        raise refuse(
            f"Cannot perform the strategic action of {card!r}: you hold no such ready card", "3.1"
        )
    cards = tuple(
        replace(c, exhausted=True) if c.name == card else c for c in player.strategy_cards
    )
    game = game.with_player(replace(player, strategy_cards=cards))
    # Secondary abilities go round the table from the active player's left (82.1).
    others = game.seating_from(player.id)[1:]
    free = trade_free(choice.get("free"), str(card), others)
    game = replace(game, secondary_card=str(card), secondary_queue=others, secondary_free=free)
    rules: tuple[str, ...] = ("3.1", "92.4") if free else ("3.1",)
    chosen = (
        f"; {', '.join(game.player_name(p) for p in free)} may resolve its secondary ability free"
        if free
        else ""
    )
    event = Event(
        "strategic_action",
        cite(
            f"{player.name} performs the strategic action of {card} and exhausts it{chosen}", rules
        ),
        rules,
        {"player": player.id, "card": card, "free": list(free)},
    )
    if not others:
        game, more = end_turn(game, acted=True)
        return game, (event, *more)
    return game, (event,)


def _secondary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player = game.player(game.secondary_queue[0])
    if choice.get("player", player.id) != player.id:
        raise refuse(
            f"{player.name} decides on the secondary ability first: each other player in turn, "
            f"clockwise from the active player's left",
            "82.1",
        )
    rules = secondary_rules(player)
    free = free_secondary(game.secondary_card)
    if choice.get("resolve") and free:
        # Leadership's secondary spends influence, never a command token (20.5.1, 52.3).
        rules = (*rules, "20.5.1", "52.3", "52.4")
        game, spent = leadership(game, player, choice)
        note = " although they have passed" if player.passed else ""
        text = (
            f"{player.name} resolves the secondary ability of {game.secondary_card}{note}, {spent}"
        )
    elif choice.get("resolve") and player.id in game.secondary_free:
        rules = (*rules, "92.4")
        text = (
            f"{player.name} resolves the secondary ability of {game.secondary_card} without "
            f"spending a command token, as the active player chose"
        )
    elif choice.get("resolve"):
        rules = (*rules, "20.5")
        if player.strategy == 0:
            raise refuse(
                f"{player.name} cannot resolve the secondary ability: no command token in the "
                f"strategy pool",
                *rules,
            )
        game = game.with_player(replace(player, strategy=player.strategy - 1))
        note = " although they have passed" if player.passed else ""
        text = (
            f"{player.name} spends a strategy token to resolve the secondary ability of "
            f"{game.secondary_card}{note}"
        )
    else:
        text = f"{player.name} declines the secondary ability of {game.secondary_card}"
    game = replace(game, secondary_queue=game.secondary_queue[1:])
    event = Event(
        "secondary",
        cite(text, rules),
        rules,
        {"player": player.id, "resolve": bool(choice.get("resolve"))},
    )
    if not game.secondary_queue:
        game = replace(game, secondary_card=None, secondary_free=())
        game, more = end_turn(game, acted=True)
        return game, (event, *more)
    return game, (event,)


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
    return game, tuple(events)
