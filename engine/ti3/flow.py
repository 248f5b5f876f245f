"""Where a 3rd-edition action stands and what happens next: the dispatcher over its steps.

``choices`` lists the legal choices now, ``apply`` applies one (refusing an
illegal one with the 3rd-edition item that forbids it) and ``advance`` runs
everything that needs no decision: opening each step once, skipping a step
with nothing to do, space mines, queueing hits, ending battle rounds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.choice import cite, counted, make_choice
from engine.core.events import Event, refuse
from engine.core.state import Game
from engine.ti3 import (
    actions,
    anchors,
    battle,
    hits,
    invasion,
    landing,
    mines,
    movement,
    pds,
    production,
)
from engine.ti3.board import action, active, with_action

Handler = Callable[[Game, dict[str, Any]], tuple[Game, tuple[Event, ...]]]

STEPS: dict[str, tuple[str, tuple[str, ...]]] = {
    "action": ("3rd edition – choose the action", (anchors.ACTIVATE, anchors.TRANSFER_ACTIVATE)),
    "activation": ("3rd edition – Activate a system", (anchors.ACTIVATE,)),
    "movement": ("3rd edition – Move ships", (anchors.MOVE, anchors.MOVE_LIMITS)),
    "probe": ("3rd edition – Probe", (anchors.PROBE,)),
    "pds_fire": ("3rd edition – PDS fire", (anchors.PDS_FIRE,)),
    "space_mines": ("3rd edition – Space mines", (anchors.SPACE_MINES,)),
    "space_battle": ("3rd edition – Space battle", (anchors.SPACE_BATTLE,)),
    "landings": ("3rd edition – Planetary landings", (anchors.LANDINGS,)),
    "bombardment": ("3rd edition – Bombardment and raze", (anchors.BOMBARDMENT, anchors.RAZE)),
    "invasion": ("3rd edition – Invasion combat", (anchors.INVASION_COMBAT,)),
    "production": ("3rd edition – Produce units", (anchors.PRODUCE,)),
    # The action ends once the active player has executed "some or all of the remaining steps".
    "end": ("3rd edition – End of the action", (anchors.ACTIVATE,)),
    "finished": ("Finished", (anchors.ACTIVATE,)),
}


def step_name(game: Game) -> str:
    """The VIEW's step name: "ti3_" and the step of the action, "finished" once it is over."""
    step = action(game).step
    return "finished" if step == "finished" else "ti3_" + step


def _end(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    kind = action(game).action or "tactical"
    rules = (anchors.TRANSFER_ACTIVATE,) if kind == "transfer" else (anchors.ACTIVATE,)
    text = f"{game.player_name(active(game))} ends the {kind} action"
    game = with_action(game, step="finished", battle=None)
    return game, (Event("end_action", cite(text, rules), rules),)


HANDLERS: dict[str, dict[str, Handler]] = {
    "action": dict.fromkeys(("tactical_action", "transfer_action"), actions.apply_action),
    "activation": {"activate": actions.apply},
    "movement": {"move": movement.apply_move, "end_movement": movement.apply_end},
    "probe": dict.fromkeys(("probe", "skip"), movement.apply_probe),
    "pds_fire": {"pds_fire": pds.apply},
    "space_battle": dict.fromkeys(("announce_retreat", "no_retreat", "roll"), battle.apply),
    "landings": dict.fromkeys(("land", "end_landings"), landing.apply),
    "bombardment": dict.fromkeys(("bombard", "raze", "skip"), landing.apply_bombard),
    "invasion": dict.fromkeys(("invade", "roll"), invasion.apply),
    "production": dict.fromkeys(("produce", "build_dock", "skip"), production.apply),
    "end": {"end_action": _end},
}

LISTS: dict[str, Callable[[Game], list[dict[str, Any]]]] = {
    "action": actions.choices_action,
    "activation": actions.choices,
    "movement": movement.choices,
    "probe": movement.probe_choices,
    "pds_fire": pds.choices,
    "space_battle": battle.choices,
    "landings": landing.choices,
    "bombardment": landing.bombard_choices,
    "invasion": invasion.choices,
    "production": production.choices,
    "end": lambda g: [make_choice("end_action", "End the action", STEPS["end"][1])],
    "finished": lambda g: [],
}


def choices(game: Game) -> list[dict[str, Any]]:
    if game.pending is not None:
        return hits.choices(game)
    return LISTS[action(game).step](game)


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Apply ``choice`` and everything that follows without a decision.

    Raises:
        IllegalChoice: the choice is not legal now; its refusal cites the 3rd-edition item.
    """
    if not isinstance(choice, dict) or not isinstance(choice.get("kind"), str):
        raise refuse("A choice is a mapping with a 'kind'")
    kind = choice["kind"]
    step = action(game).step
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
    else:
        handler = HANDLERS.get(step, {}).get(kind)
        if handler is None:
            allowed = ", ".join(sorted({c["kind"] for c in choices(game)})) or "nothing"
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
    if game.pending is not None:
        return game, ()
    state = action(game)
    step = state.step
    if state.opened != step:
        game = with_action(game, opened=step)
        return _open(game, step)
    if step == "pds_fire" and not state.pds_queue:
        nxt = "space_mines" if state.action == "tactical" else "landings"
        return with_action(game, step=nxt), ()
    if step == "space_battle" and state.battle is not None:
        return battle.progress(game)
    return game, ()


def _open(game: Game, step: str) -> tuple[Game, tuple[Event, ...]]:
    title, rules = STEPS[step]
    announce = (Event("step", cite(title, rules), rules, {"step": "ti3_" + step}),)
    if step == "probe" and not movement.probe_targets(game):
        return with_action(game, step="pds_fire"), ()
    if step == "pds_fire":
        return pds.open_step(game), announce
    if step == "space_mines":
        game, events = mines.resolve(game)
        return with_action(game, step="space_battle"), events
    if step == "space_battle":
        game, events = battle.open_step(game)
        return game, events
    if step == "bombardment":
        return landing.bombard_open(game)
    if step == "invasion":
        game, events = invasion.open_step(game)
        return game, events
    return game, announce
