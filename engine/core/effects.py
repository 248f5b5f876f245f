"""Timing windows: abilities registered for a moment of the turn fire in window order.

A tactical (or any) action ends with two windows, in this order: "end of
action" abilities, then "end of turn" abilities (89-note-2, 3-note-2). A turn
opens with "start of turn" abilities, which fire even on the turn a player
passes (3.3.1, 3-note-3) and on each of a player's consecutive turns once
everyone else has passed (3-note-4).
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.state import Game

WINDOWS = ("start_of_turn", "end_of_action", "end_of_turn")

WINDOW_TITLES = {
    "start_of_turn": "start of turn",
    "end_of_action": "end of action",
    "end_of_turn": "end of turn",
}


def fire(game: Game, window: str, player: str, rules: tuple[str, ...]) -> tuple[Event, ...]:
    """The events of ``player``'s abilities registered for ``window``, in registration order.

    Nothing is logged for a window in which the player has no abilities.

    ``rules`` are the references that say why this window happens now.
    """
    title = WINDOW_TITLES[window]
    effects = [e for e in game.effects if e.window == window and e.owner == player]
    if not effects:
        return ()
    marker = Event(
        "window",
        f"{game.player_name(player)}: {title} window ({', '.join(rules)})",
        rules,
        {"window": window, "player": player},
    )
    return (
        marker,
        *(
            Event(
                "effect",
                f"{game.player_name(e.owner)} resolves “{e.text}” at the {title} "
                f"({', '.join(rules)})",
                rules,
                {"window": window, "player": e.owner, "effect": e.text},
            )
            for e in effects
        ),
    )
