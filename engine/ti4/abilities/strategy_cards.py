"""The eight strategy cards of the base game and Prophecy of Kings, as abilities.

Each card acts in two windows: its primary ability, resolved by the player who
performs its strategic action, and its secondary, which each other player may
resolve (82). What each does is the card's object in :mod:`engine.ti4.strategy`,
which names its constant here (its options, the values it reads, its initiative).
Texts were read in ti-assistant ``server/data/base/strategycards.ts`` and AsyncTI4
``strategy_cards/pok.json``; see engine/RULES.md, "Strategy cards as the engine plays
them".
"""

from __future__ import annotations

from engine.ti4.abilities.model import Ability, Kind, register
from engine.ti4.abilities.model import Window as W

__all__ = [
    "CONSTRUCTION",
    "DIPLOMACY",
    "IMPERIAL",
    "LEADERSHIP",
    "POLITICS",
    "TECHNOLOGY",
    "TRADE",
    "WARFARE",
]

_BOTH = frozenset({W.PRIMARY, W.SECONDARY})
_BOARD = "its primary and secondary as printed (engine/ti4/strategy), with their choices"
_NO_COMBAT = (
    "a strategy card acts in the action phase's strategic actions and never in a combat: the "
    "odds have no option for it and there is no combat of its own to compare (its board "
    "tests pin the primary and the secondary)"
)


def _card(key: str, name: str, description: str, rules: tuple[str, ...]) -> Ability:
    # Performing a strategic action and resolving a secondary are each a choice (82.1).
    return register(
        Ability(
            key,
            name,
            Kind.STRATEGY_CARD,
            _BOTH,
            description,
            rules,
            may=True,
            odds=None,
            board=_BOARD,
            unchecked=_NO_COMBAT,
        )
    )


LEADERSHIP = _card(
    "leadership",
    "Leadership",
    "gain 3 command tokens, then 1 per 3 influence spent; secondary: 1 per 3 influence "
    "spent, without a strategy token",
    ("52", "52.2", "52.3", "52.4", "20.5.1"),
)
DIPLOMACY = _card(
    "diplomacy",
    "Diplomacy",
    "each other player places a command token in a system with your planet, and you ready "
    "2 planets; secondary: ready 2 planets",
    ("32", "32.2", "32.2.1", "32.2.2", "32.3"),
)
POLITICS = _card(
    "politics",
    "Politics",
    "give the speaker token to another player and draw 2 action cards; secondary: draw 2 "
    "action cards",
    ("66", "66.2", "66.3", "80.6"),
)
CONSTRUCTION = _card(
    "construction",
    "Construction",
    "place a PDS or a space dock, then a PDS; secondary: place the strategy token in a "
    "system and a PDS or a space dock there",
    ("24", "24.2", "24.3", "24.4", "24.4.1", "85.6"),
)
TRADE = _card(
    "trade",
    "Trade",
    "gain 3 trade goods, replenish commodities, let other players resolve the secondary "
    "free; secondary: replenish commodities",
    ("92", "92.2", "92.3", "92.4", "92.5"),
)
WARFARE = _card(
    "warfare",
    "Warfare",
    "take a command token off the board and redistribute the command sheet; secondary: "
    "one home space dock's Production",
    ("99", "99.1", "99.2", "99.3", "99.3.1"),
)
TECHNOLOGY = _card(
    "technology",
    "Technology",
    "research a technology, then another for 6 resources; secondary: research one for 4 resources",
    ("91", "91.2", "91.3", "90.3", "90.10", "90.11", "90.12"),
)
IMPERIAL = _card(
    "imperial",
    "Imperial",
    "score a public objective, then 1 victory point for Mecatol Rex or a secret objective; "
    "secondary: draw a secret objective",
    ("45", "45.2", "45.3", "45.4", "61.8", "61.16", "98.7"),
)
