"""Where any game stands and what happens next, whichever edition plays it.

Each call looks the game's edition up in the registry
(:mod:`engine.core.editions`) and hands the game to that edition's own
dispatcher (``engine.ti4.flow``, ``engine.ti3.flow``): ``choices`` lists the
legal choices now, ``apply`` applies one (refusing an illegal one with its
rule) and then advances, ``advance`` runs everything that needs no decision.
"""

from __future__ import annotations

from typing import Any

from engine.core.editions import Step, for_game, registered
from engine.core.events import Event
from engine.core.state import Game

__all__ = ["advance", "apply", "choices", "current_step", "steps"]


def steps() -> dict[str, Step]:
    """Every step name a VIEW may report, with its title and rules, over all editions."""
    merged: dict[str, Step] = {}
    for entry in registered():
        merged.update({k: v for k, v in entry.steps.items() if k not in merged})
    return merged


def current_step(game: Game) -> str:
    """The VIEW's step name for where play stands."""
    return for_game(game).current_step(game)


def choices(game: Game) -> list[dict[str, Any]]:
    """Every legal choice now (for whichever player must decide)."""
    return for_game(game).choices(game)


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Apply ``choice`` and everything that follows without a decision.

    Raises:
        IllegalChoice: the choice is not legal now; its refusal cites the rule.
    """
    return for_game(game).apply(game, choice)


def advance(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Run everything that needs no decision, until a player must choose."""
    return for_game(game).advance(game)
