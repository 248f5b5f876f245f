"""What the engine reads of every ability together: each list derived from the objects.

Which options act in the combat rounds, which are folded into the dice, which act in the
first round only, at the start of a space combat or at the end of a round, which
flagships change the rounds, which technologies a scenario may name: each is the set of
abilities whose declared windows, rounds or fold say so. Nothing here names an ability.
"""

from __future__ import annotations

from engine.core.state import Player

# Each kind's module registers its abilities when imported: all of them before any list.
from engine.ti4.abilities import (  # noqa: F401
    anomalies,
    cards,
    faction_abilities,
    faction_technologies,
    faction_units,
    flagships,
    mechs,
    strategy_cards,
    technologies,
)
from engine.ti4.abilities.model import (
    ABILITIES,
    ROUND_WINDOWS,
    TECHNOLOGIES,
    Ability,
    Combat,
    Kind,
    Odds,
    Rounds,
    Window,
)

__all__ = [
    "DICE_RULES",
    "FIRST_ROUND",
    "FOLDED",
    "LATE",
    "LIFTS",
    "OPTIONS",
    "ORDERED",
    "PLAYABLE_TECHNOLOGIES",
    "ROUND_FLAGSHIPS",
    "ROUND_OPTIONS",
    "STARTS",
    "held",
    "holds",
    "of_faction",
]

ORDERED = tuple(sorted(ABILITIES.values(), key=lambda a: list(Kind).index(a.kind)))
"""Every ability by kind (in :class:`Kind`'s order), then as its module registers them."""

OPTIONS: dict[str, Ability] = {a.id: a for a in ORDERED if a.odds is Odds.OPTION}
"""The options the exact odds take, by id, in the catalogue's order."""

ROUND_OPTIONS = frozenset(a for a in OPTIONS.values() if a.acts_in(*ROUND_WINDOWS))
"""Options that change the combat rounds themselves: with one, rounds go state by state."""

FOLDED = frozenset(a for a in ROUND_OPTIONS if a.fold is not None)
"""Of those, the options alike in every round, folded into each side's dice for the sweep."""

FIRST_ROUND = frozenset(a for a in ROUND_OPTIONS if a.rounds is Rounds.FIRST)
"""Of those, the options acting in the first round only."""

STARTS = frozenset(
    a
    for a in OPTIONS.values()
    if a.acts_in(Window.START_OF_COMBAT) and a.combat in (Combat.SPACE, Combat.BOTH)
)
"""Options acting at the start of a space combat."""

LATE = frozenset(a for a in OPTIONS.values() if a.acts_in(Window.END_OF_ROUND))
"""Options acting at the end of a combat round."""

ROUND_FLAGSHIPS = frozenset(
    a.owner
    for a in ABILITIES.values()
    if a.kind is Kind.FLAGSHIP and a.odds is Odds.ALWAYS and a.acts_in(*ROUND_WINDOWS)
)
"""Factions whose flagship changes the combat rounds whenever it fights (no option)."""

PLAYABLE_TECHNOLOGIES: dict[str, Ability] = {
    a.id: a for a in ORDERED if a.kind in TECHNOLOGIES and a.board
}
"""The technologies a scenario may give a player: those the board plays, by id."""

DICE_RULES = tuple(a.dice for a in ORDERED if a.dice is not None)
"""How abilities change a unit's dice on the board (``engine.core.combat.roll_attack``)."""

LIFTS = tuple(a for a in ORDERED if a.lifts)
"""Abilities that let their holder's ships move into or through an anomaly."""


def of_faction(faction: str | None, kind: Kind | None = None) -> tuple[Ability, ...]:
    """Every ability ``faction`` owns (of ``kind``, if given), in registry order."""
    return tuple(a for a in ORDERED if a.owner == faction and kind in (None, a.kind))


def holds(player: Player, ability: Ability) -> bool:
    """Whether ``player`` holds ``ability`` on the board: a technology they own, or a
    faction ability, unit or flagship of their faction. Cards a player holds are not
    read yet (an action card, a promissory note, a law: ``False``)."""
    if ability.kind in TECHNOLOGIES:
        return ability.id in player.technologies
    if ability.owner is not None:
        return player.faction == ability.owner
    return False


def held(player: Player, abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
    """Those of ``abilities`` ``player`` holds, in their order."""
    return tuple(a for a in abilities if holds(player, a))
