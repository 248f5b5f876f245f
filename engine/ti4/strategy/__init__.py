"""The strategy cards of the base game and Prophecy of Kings, one frozen object each.

Each module writes one card (:class:`~engine.ti4.strategy.card.StrategyCard`):
its primary and secondary abilities and the choices they offer. :data:`CARDS`
is the registry the action phase reads; :func:`card_named` finds a card by the
name a scenario gives it. Shared steps (spending, gaining tokens, drawing)
are in ``common``.
"""

from __future__ import annotations

import importlib
import pkgutil

from engine.ti4.strategy.card import Offer, Option, Resolve, StrategyCard

__all__ = ["CARDS", "Offer", "Option", "Resolve", "StrategyCard", "card_named"]

# Every module of this package that defines a ``CARD`` is one card: adding a card is adding
# its module, never a line here.
_MODULES = (importlib.import_module(f"{__name__}.{m.name}") for m in pkgutil.iter_modules(__path__))
CARDS: dict[str, StrategyCard] = {
    card.id: card
    for card in sorted(
        (module.CARD for module in _MODULES if hasattr(module, "CARD")),
        key=lambda c: c.initiative,
    )
}
"""The eight strategy cards by id, in initiative order (83.5)."""


def card_named(name: str | None) -> StrategyCard | None:
    """The card a scenario names (any case, surrounding spaces ignored), or ``None``."""
    return CARDS.get((name or "").strip().lower())
