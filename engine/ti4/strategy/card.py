"""What a strategy card is to the engine: one frozen object per card.

A :class:`StrategyCard` names its id, printed name and initiative (83.5), the
rules topic it is read from, its primary and secondary abilities as pure
functions of ``(game, choice)`` returning the new game and what happened, and
the choices each offers a player. The action phase (:mod:`engine.ti4.action_phase`)
and the secondaries (:mod:`engine.ti4.secondaries`) resolve cards only through
these objects; :data:`engine.ti4.strategy.CARDS` gathers them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event
from engine.core.state import Game

__all__ = ["STANDARD_KEYS", "Offer", "Option", "Resolve", "StrategyCard", "unread_values"]

STANDARD_KEYS = frozenset({"kind", "label", "rules", "player", "card", "resolve"})
"""Keys every action-phase choice may carry besides an ability's own values."""

Resolve = Callable[[Game, dict[str, Any]], tuple[Game, tuple[Event, ...]]]
"""An ability: the game and the player's choice (its ``player`` says who resolves it)."""


@dataclass(frozen=True)
class Option:
    """One way to resolve an ability, as a choice offers it: what it does, why, its values."""

    label: str
    rules: tuple[str, ...]
    params: Mapping[str, Any] = field(default_factory=dict)


Offer = Callable[[Game, str], list[Option]]
"""The options an ability offers the player (by id) now; none that would be refused."""


@dataclass(frozen=True)
class StrategyCard:
    """A strategy card of the base game and Prophecy of Kings (LRR 83).

    ``primary_values`` and ``secondary_values`` are the choice values each ability
    reads (any other is refused, never silently dropped); ``secondary_costs_token``
    is false only for Leadership (20.5a); ``rules`` are the card's own topic in the
    Living Rules Reference, ``read`` where its printed text was read.
    """

    id: str
    name: str
    initiative: int
    primary: Resolve
    secondary: Resolve
    primary_options: Offer
    secondary_options: Offer
    primary_values: frozenset[str]
    secondary_values: frozenset[str]
    rules: tuple[str, ...]
    read: str
    secondary_costs_token: bool = True


def unread_values(choice: Mapping[str, Any], values: frozenset[str]) -> list[str]:
    """The keys of ``choice`` that neither the action phase nor the ability reads."""
    return sorted(k for k in choice if k not in STANDARD_KEYS and k not in values)
