"""Secondary abilities of strategy cards: who may resolve them and what they cost.

Each other player, clockwise from the active player's left, may resolve the
secondary ability (82.1), a passed player too (3.3.2), by spending a command
token from the strategy pool (20.5); Leadership's costs none (20.5.1, 52.3),
and the players Trade's primary chooses resolve Trade's free (92.4). The
cards' effects themselves are not modelled.
"""

from __future__ import annotations

from typing import Any

from engine.core.choice import make_choice
from engine.core.events import refuse
from engine.core.state import Game, Player

__all__ = ["free_secondary", "secondary_choices", "secondary_rules", "trade_free"]


def secondary_rules(player: Player) -> tuple[str, ...]:
    return ("82.1", "3.3.2") if player.passed else ("82.1",)


def trade_free(raw: Any, card: str, others: tuple[str, ...]) -> tuple[str, ...]:
    """The players Trade's primary lets resolve the secondary without a token (92.4)."""
    if raw is None or raw == []:
        return ()
    if card.strip().lower() != "trade":
        raise refuse(
            f"Cannot choose players to resolve {card}'s secondary free: only Trade", "92.4"
        )
    if not isinstance(raw, list) or not all(isinstance(p, str) and p in others for p in raw):
        raise refuse("Cannot choose those players: name other players by id", "92.4")
    return tuple(p for p in others if p in raw)


def free_secondary(card: str | None) -> bool:
    """Whether the secondary ability costs no strategy-pool token: Leadership's (20.5.1)."""
    return (card or "").strip().lower() == "leadership"


def secondary_choices(game: Game) -> list[dict[str, Any]]:
    player = game.player(game.secondary_queue[0])
    rules = secondary_rules(player)
    result = []
    free = free_secondary(game.secondary_card)
    if free:
        rules = (*rules, "20.5.1", "52.3")
    elif player.id in game.secondary_free:
        free, rules = True, (*rules, "92.4")
    if player.strategy > 0 or free:
        result.append(
            make_choice(
                "secondary",
                f"{player.name}: resolve the secondary ability of {game.secondary_card}",
                rules,
                player=player.id,
                resolve=True,
            )
        )
    result.append(
        make_choice(
            "secondary",
            f"{player.name}: decline the secondary ability",
            rules,
            player=player.id,
            resolve=False,
        )
    )
    return result
