"""What a strategy card is to the engine: one frozen object per card.

A :class:`StrategyCard` names its ability object (:mod:`engine.ti4.abilities.strategy_cards`:
its id, printed name, windows and rules, registered with every other ability), its
initiative (83.5), its primary and secondary abilities as pure functions of
``(game, choice)`` returning the new game and what happened, and the choices each
offers a player. The action phase (:mod:`engine.ti4.action_phase`)
and the secondaries (:mod:`engine.ti4.secondaries`) resolve cards only through
these objects; :data:`engine.ti4.strategy.CARDS` gathers them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event, IllegalChoice, refuse
from engine.core.state import Game
from engine.ti4.abilities.model import Ability

__all__ = [
    "STANDARD_KEYS",
    "Offer",
    "Option",
    "Resolve",
    "StrategyCard",
    "accepted",
    "check_values",
]

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

    ``ability`` is the card in the registry of abilities (its ``rules``: the card's
    own topic in the Living Rules Reference first); ``primary_values`` and
    ``secondary_values`` are the choice values each ability reads (any other is
    refused, never silently dropped); ``secondary_costs_token`` is false only for
    Leadership (20.5a).
    """

    ability: Ability
    initiative: int
    primary: Resolve
    secondary: Resolve
    primary_options: Offer
    secondary_options: Offer
    primary_values: frozenset[str]
    secondary_values: frozenset[str]
    secondary_costs_token: bool = True

    @property
    def id(self) -> str:
        """The card's id (its ability's): ``leadership``."""
        return self.ability.id

    @property
    def name(self) -> str:
        """The card's printed name: ``Leadership``."""
        return self.ability.name

    @property
    def rules(self) -> tuple[str, ...]:
        """The rules the card is read under, its own topic first."""
        return self.ability.rules


def check_values(card: StrategyCard, choice: Mapping[str, Any], ability: str) -> None:
    """Refuse a choice carrying a value the card's ``ability`` ("primary", "secondary")
    does not read: it would otherwise be dropped without a word."""
    values = card.primary_values if ability == "primary" else card.secondary_values
    unread = sorted(k for k in choice if k not in STANDARD_KEYS and k not in values)
    if unread:
        reads = ", ".join(sorted(values)) or "nothing"
        raise refuse(
            f"Cannot resolve {card.name}'s {ability} ability with {', '.join(unread)}: it "
            f"reads {reads}",
            card.rules[0],
        )


def accepted(
    options: list[Option], resolve: Resolve, game: Game, player: str
) -> list[tuple[Option, dict[str, Any]]]:
    """The options ``resolve`` accepts on ``game``, each with its choice values and player.

    An ability is a pure function: trying one changes nothing, so none offered is refused.
    """
    result = []
    for option in options:
        params = {**option.params, "player": player}
        try:
            resolve(game, params)
        except IllegalChoice:
            continue
        result.append((option, params))
    return result
