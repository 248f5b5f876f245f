"""Dice rolled for a unit ability (Space Cannon, Anti-Fighter Barrage, Bombardment): the
extra dice and rerolls that cards give them.

Plasma Scoring (Space Cannon and Bombardment), Trrakan Aun Zulok (each such roll) and
Strike Wing Ambuscade (its holder's first such roll) each give the unit with the best of
those dice 1 more; Ta Zern rolls each die that misses again, once (the extra ones too).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from engine.core.combat import ANTI_FIGHTER_BARRAGE
from engine.core.units import DiceAbility
from engine.odds.exact import graded
from engine.odds.parts import GRADED, Piece, Side, hit_distribution
from engine.odds.rolls import convolve, die
from engine.ti4.abilities.cards import MANEUVERING_JETS
from engine.ti4.abilities.leaders import TA_ZERN, TRRAKAN_AUN_ZULOK
from engine.ti4.abilities.technologies import ANTIMASS_DEFLECTORS, PLASMA_SCORING

if TYPE_CHECKING:
    from engine.odds.fight import Setup

__all__ = ["Roll", "ability_hits", "barrage_hits", "cannon", "changes_barrage"]

Roll = Callable[[Side, Side], tuple[float, ...]]
"""A side's hits as a distribution, given both sides (most rolls ignore them)."""


def ability_hits(
    shooters: Iterable[Piece],
    ability: str,
    own: Setup,
    *,
    extra: int = 0,
    minus: int = 0,
    blitz: bool = False,
) -> tuple[float, ...]:
    """P(k hits) of ``shooters``' ``ability`` dice (``minus`` added to each value), with
    ``extra`` dice for the best unit and those ``own``'s commanders give."""
    reroll = own.has(TA_ZERN)
    dice: list[tuple[float, ...]] = []
    for piece in shooters:
        spec = GRADED[piece.type]
        rolled: DiceAbility | None = getattr(spec, ability)
        if ability == ANTI_FIGHTER_BARRAGE.ability:
            rolled = graded(ANTI_FIGHTER_BARRAGE).dice_of(spec)
        if blitz and rolled is None and spec.is_ship and spec.name != "fighter":
            rolled = DiceAbility(6)  # Blitz: Bombardment 6 for the invasion
        if rolled is not None:
            dice += [die(rolled.value + minus, reroll, False)] * rolled.dice
    if dice:
        # The best unit's die is the one least likely to miss (its P(0 hits) the least).
        dice += [min(dice)] * (extra + own.has(TRRAKAN_AUN_ZULOK))
    return convolve(tuple(sorted(dice)))


def cannon(shooters: list[Piece], own: Setup, foe: Setup, *, played: bool = False) -> Roll:
    """``own``'s space cannon roll at ``foe``: Antimass Deflectors' -1, Plasma Scoring's
    and the commanders' dice, Strike Wing Ambuscade's if ``played``; Maneuvering Jets
    cancels 1 hit."""
    hits = ability_hits(
        shooters,
        "space_cannon",
        own,
        extra=own.has(PLASMA_SCORING) + played,
        minus=foe.has(ANTIMASS_DEFLECTORS),
    )
    if foe.has(MANEUVERING_JETS) and len(hits) > 1:
        hits = (hits[0] + hits[1], *hits[2:])  # 1 hit cancelled
    return lambda *_: hits


def changes_barrage(own: Setup, played: bool) -> bool:
    """Whether ``own``'s barrage rolls more dice or rerolls (not the units' own dice alone)."""
    return played or own.has(TRRAKAN_AUN_ZULOK) or own.has(TA_ZERN)


def barrage_hits(side: Side, own: Setup, played: bool = False) -> tuple[float, ...]:
    """P(k hits) of ``side``'s Anti-Fighter Barrage, Strike Wing Ambuscade's die if
    ``played``."""
    if not changes_barrage(own, played):
        return hit_distribution(side, graded(ANTI_FIGHTER_BARRAGE))
    return ability_hits(side, ANTI_FIGHTER_BARRAGE.ability, own, extra=int(played))
