"""Where a 4th-edition game stands and what happens next: the dispatcher over every step.

``choices`` lists the legal choices now, ``apply`` applies one (refusing an
illegal one with its rule) and then ``advance`` runs everything that needs no
decision: opening the next step, skipping a step with nothing to do (and
saying so, 89-note-1), queueing hits, ending combat rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.core.choice import cite, counted, make_choice
from engine.core.events import Event, refuse
from engine.core.state import Game
from engine.ti4 import (
    action_phase,
    activation,
    combat_round,
    excess,
    hits,
    invasion,
    movement,
    offers,
    production,
    space_cannon,
    space_combat,
    tokens,
)
from engine.ti4.records import in_progress, tactical_of

Handler = Callable[[Game, dict[str, Any]], tuple[Game, tuple[Event, ...]]]

STEPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "activation": ("Step 1 – Activation", ("89.1",)),
    "movement": ("Step 2 – Movement", ("89.2",)),
    "space_cannon_offense": ("Step 2 – Movement: Space Cannon Offense", ("89.2.3",)),
    "space_combat": ("Step 3 – Space Combat", ("89.3",)),
    "invasion": ("Step 4 – Invasion", ("89.4",)),
    "production": ("Step 5 – Production", ("89.5",)),
    "end_of_action": ("End of the tactical action", ("89-note-2",)),
    "action_phase": ("Action Phase", ("3",)),
    "finished": ("Finished", ()),
}


def current_step(game: Game) -> str:
    """The VIEW's step name for where play stands."""
    if game.phase == "tactical_action" and tactical_of(game) is not None:
        return in_progress(game).step
    if game.phase == "action_phase":
        return "action_phase"
    return "finished"


def _end_action(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    rules = ("89-note-2",)
    name = game.player_name(game.active_player or "")
    event = Event("end_action", cite(f"{name} ends the tactical action", rules), rules)
    if (active := game.active_system) is not None:  # what lasted for the action ends with it
        game = combat_round.roles_end(game, active.id, keep=())
    game, more = action_phase.end_turn(game, acted=True)
    return game, (event, *more)


HANDLERS: dict[str, dict[str, Handler]] = {
    "activation": {"activate": activation.apply},
    "movement": {"move": movement.apply_move, "end_movement": movement.apply_end},
    "space_cannon_offense": {"space_cannon": space_cannon.apply},
    "space_combat": dict.fromkeys(("announce_retreat", "no_retreat", "roll"), space_combat.apply),
    "invasion": dict.fromkeys(
        ("bombard", "commit", "skip", "space_cannon", "roll"), invasion.apply
    ),
    "production": {"produce": production.apply, "skip": production.apply_skip},
    "end_of_action": {"end_action": _end_action},
}


def choices(game: Game) -> list[dict[str, Any]]:
    """Every legal choice now (for whichever player must decide)."""
    if game.pending is not None:
        return hits.choices(game)
    if game.pending_tokens:
        return tokens.choices(game)
    if game.removals:
        return excess.choices(game)
    tactical = tactical_of(game)
    if tactical is not None and tactical.offers:
        return offers.choices(game)
    step = current_step(game)
    if step == "action_phase":
        return action_phase.choices(game)
    if step == "finished":
        return []
    listing: dict[str, Callable[[Game], list[dict[str, Any]]]] = {
        "activation": activation.choices,
        "movement": movement.choices,
        "space_cannon_offense": space_cannon.choices,
        "space_combat": space_combat.choices,
        "invasion": invasion.choices,
        "production": production.choices,
        "end_of_action": lambda g: [
            make_choice("end_action", "End the tactical action", ("89-note-2",))
        ],
    }
    return listing[step](game)


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Apply ``choice`` and everything that follows without a decision.

    Raises:
        IllegalChoice: the choice is not legal now; its refusal cites the rule.
    """
    if not isinstance(choice, dict) or not isinstance(choice.get("kind"), str):
        raise refuse("A choice is a mapping with a 'kind'")
    kind = choice["kind"]
    step = current_step(game)
    title, rules = STEPS[step]
    if game.pending is not None:
        pending = game.pending
        if kind != "assign_hits":
            raise refuse(
                f"Cannot {kind} now: {game.player_name(pending.player)} must first assign "
                f"{counted(pending.count, 'hit')} from {pending.source}",
                *pending.rules,
            )
        game, events = hits.apply(game, choice)
    elif game.pending_tokens:
        if kind != "take_token":
            raise tokens.waiting(game, kind)
        game, events = tokens.apply(game, choice)
    elif game.removals:
        if kind != "remove_excess":
            raise excess.waiting(game, kind)
        game, events = excess.apply(game, choice)
    elif (tactical := tactical_of(game)) is not None and tactical.offers:
        if kind != "ability":
            waiting = offers.choices(game)[0]
            raise refuse(
                f"Cannot {kind} now: {waiting['label']} is decided first", *waiting["rules"]
            )
        game, events = offers.apply(game, choice)
    elif step == "action_phase":
        game, events = action_phase.apply(game, choice)
    elif step == "finished":
        raise refuse(f"Cannot {kind}: play has finished")
    else:
        handler = HANDLERS[step].get(kind)
        if handler is None:
            allowed = ", ".join(sorted({c["kind"] for c in choices(game)}))
            raise refuse(f"Cannot {kind} during {title}; possible now: {allowed}", *rules)
        game, events = handler(game, choice)
    game, more = advance(game)
    return game, events + more


def advance(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Run everything that needs no decision, until a player must choose."""
    events: list[Event] = []
    while True:
        after, more = _step_once(game)
        events.extend(more)
        if after is game:
            return game, tuple(events)
        game = after


def _step_once(game: Game) -> tuple[Game, tuple[Event, ...]]:
    if game.pending is None and game.pending_tokens:
        # A token no choice is left for is dropped; one that is waits for its owner.
        return tokens.settle(game)
    if game.pending is None and game.removals:
        # Limits within bounds are dropped; one that is over waits for its owner's choice.
        return excess.settle(game), ()
    tactical = tactical_of(game)
    if game.pending is not None or game.phase != "tactical_action" or tactical is None:
        return game, ()
    if tactical.hits:  # hits produced wait for their owner, in order
        return hits.hand_out(game)
    if tactical.offers:  # an ability to offer: dropped, played, or waiting for a decision
        return offers.settle(game)
    step = tactical.step
    if tactical.opened != step:
        game = replace(game, action=replace(tactical, opened=step))
        return _open(game, step)
    if step == "space_cannon_offense" and not tactical.cannon_queue:
        return replace(game, action=replace(tactical, step="space_combat")), ()
    if step == "space_combat" and tactical.combat is not None:
        return space_combat.progress(game)
    if step == "invasion":
        return invasion.progress(game)
    return game, ()


def _open(game: Game, step: str) -> tuple[Game, tuple[Event, ...]]:
    openers: dict[str, Callable[[Game], tuple[Game, tuple[Event, ...]]]] = {
        "space_cannon_offense": space_cannon.open_step,
        "space_combat": space_combat.open_step,
        "invasion": invasion.open_step,
    }
    if step in openers:
        return openers[step](game)
    title, rules = STEPS[step]
    return game, (Event("step", cite(title, rules), rules, {"step": step}),)
