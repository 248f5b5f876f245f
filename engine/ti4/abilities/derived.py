"""What the engine reads of every ability together: each list derived from the objects.

Which options act in the combat rounds, which are folded into the dice, which act in the
first round only, at the start of a space combat or at the end of a round, which
flagships change the rounds, which technologies a scenario may name: each is the set of
abilities whose declared windows, rounds or fold say so. Nothing here names an ability.
"""

from __future__ import annotations

import importlib
import pkgutil

from engine.core.state import Game
from engine.ti4.abilities.holders import held, holds, in_effect
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

# Each kind's module registers its abilities when imported: every module of the package,
# found, never listed (adding a kind is adding its module), before any list is derived.
_PACKAGE = __name__.rpartition(".")[0]
for _module in pkgutil.iter_modules(importlib.import_module(_PACKAGE).__path__):
    if f"{_PACKAGE}.{_module.name}" != __name__:
        importlib.import_module(f"{_PACKAGE}.{_module.name}")

__all__ = [
    "DICE_RULES",
    "FIRST_ROUND",
    "FOLDED",
    "GUARDING",
    "HITTING",
    "HOOKED",
    "LATE",
    "LIFTS",
    "OPTIONS",
    "ORDERED",
    "OWN_KINDS",
    "PLAYABLE_TECHNOLOGIES",
    "ROLLING",
    "ROUND_FLAGSHIPS",
    "ROUND_OPTIONS",
    "STARTS",
    "counted",
    "held",
    "holds",
    "in_effect",
    "odds_options",
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
    a.id: a for a in ORDERED if a.kind in TECHNOLOGIES and a.board and a.unit is None
}
"""The technologies a scenario may give a player: those the board plays, by id (not a
unit upgrade's own ability, held with the upgrade: ``upgrades``)."""

DICE_RULES = tuple(a.dice for a in ORDERED if a.dice is not None)
"""How abilities change a unit's dice on the board (``engine.core.combat.roll_attack``)."""

LIFTS = tuple(a for a in ORDERED if a.lifts)
"""Abilities that let their holder's ships move into or through an anomaly."""

HOOKED = tuple(a for a in ORDERED if a.hooks)
"""Abilities the board offers at a moment of a tactical action."""

ROLLING = tuple(a for a in ORDERED if a.roll is not None or a.volley is not None)
"""Abilities that change a unit's dice in a combat round on the board."""

HITTING = tuple(a for a in ORDERED if a.hits is not None)
"""Abilities that change hits before their owner assigns them on the board."""

GUARDING = tuple(a for a in ORDERED if a.guard is not None)
"""Abilities that keep other players' space cannon off their holder's ships on the board."""


def of_faction(faction: str | None, kind: Kind | None = None) -> tuple[Ability, ...]:
    """Every ability ``faction`` owns (of ``kind``, if given), in registry order."""
    return tuple(a for a in ORDERED if a.owner == faction and kind in (None, a.kind))


OWN_KINDS = frozenset({Kind.FACTION_ABILITY, Kind.MECH, Kind.FLAGSHIP})
"""Kinds a player holds by their faction and keeps when used (no card is spent)."""


def counted(game: Game, player: str, ability: Ability, played: frozenset[str]) -> bool:
    """Whether the odds box counts ``ability`` used by ``player`` (who holds it, or has it
    in effect, or played it: ``played``). One rule for what its holder chooses ("may"): a
    card or a choice once played and still in effect; unplayed, only a faction's own
    ability that acts in every round, spends nothing and has neither a condition the board
    does not ask nor a number to name (Harrow, Quantum Manipulator: using it only helps,
    as the exact odds assume). One its holder does not choose counts while in effect."""
    if ability.id in played:
        return True
    if not in_effect(game, player, ability):
        return False
    if not ability.may:
        return True
    return (
        ability.kind in OWN_KINDS
        and ability.rounds is Rounds.EVERY
        and not (ability.requires or ability.amount)
    )


def odds_options(
    game: Game, player: str, *, ground: bool, attacker: bool
) -> dict[str, tuple[int, ...]]:
    """The options the exact odds take for ``player``'s side of a combat under way (the odds
    box of a board): each option acting in the rounds that :func:`counted` counts, on their
    side of this combat, of their faction if it is a faction's, and not exhausted; one whose
    holder names its rounds, for the round now fought. Options with an amount (trade goods,
    repairs) are left to the player."""
    holder = game.player(player)
    played = frozenset(p.ability for p in getattr(game.action, "played", ()) if p.player == player)
    found: dict[str, tuple[int, ...]] = {}
    for ability in ORDERED:
        if ability not in ROUND_OPTIONS or ability.amount or ability.id in holder.exhausted:
            continue
        if ability.combat is not Combat.BOTH and (ability.combat is Combat.GROUND) != ground:
            continue
        if ability.side.value != "either" and (ability.side.value == "attacker") != attacker:
            continue
        if ability.faction_only and holder.faction != ability.owner:
            continue
        if counted(game, player, ability, played):
            found[ability.id] = (1,) if ability.id in played and ability.by_round else ()
    return found
