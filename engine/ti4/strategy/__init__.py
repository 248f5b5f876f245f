"""The strategy cards of the base game and Prophecy of Kings, one frozen object each.

Each module writes one card (:class:`~engine.ti4.strategy.card.StrategyCard`):
its primary and secondary abilities and the choices they offer. :data:`CARDS`
is the registry the action phase reads; :func:`card_named` finds a card by the
name a scenario gives it. Shared steps (spending, gaining tokens, drawing)
are in ``common``.
"""

from __future__ import annotations

from engine.ti4.strategy import (
    construction,
    diplomacy,
    imperial,
    leadership,
    politics,
    technology,
    trade,
    warfare,
)
from engine.ti4.strategy.card import Offer, Option, Resolve, StrategyCard

__all__ = ["CARDS", "Offer", "Option", "Resolve", "StrategyCard", "card_named"]

CARDS: dict[str, StrategyCard] = {
    card.id: card
    for card in sorted(
        (
            module.CARD
            for module in (
                construction,
                diplomacy,
                imperial,
                leadership,
                politics,
                technology,
                trade,
                warfare,
            )
        ),
        key=lambda c: c.initiative,
    )
}
"""The eight strategy cards by id, in initiative order (83.5)."""


def card_named(name: str | None) -> StrategyCard | None:
    """The card a scenario names (any case, surrounding spaces ignored), or ``None``."""
    return CARDS.get((name or "").strip().lower())
