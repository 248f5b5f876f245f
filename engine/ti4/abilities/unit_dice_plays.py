"""What the board does of the abilities that change dice rolled for a unit ability (Space
Cannon, Anti-Fighter Barrage, Bombardment), as ``engine.odds.unit_dice`` counts them.

Iconoclast Ω (the Naalu Collective's Codex mech): "Other players cannot use ANTI-FIGHTER
BARRAGE against your units in this system" (10.1) while one of the holder's mechs is in
the system: the opponent's units roll no barrage dice, nor does Metali Void Armaments.
Trrakan Aun Zulok (the Argent Flight's commander): "When 1 or more of your units make a
roll for a unit ability: You may choose 1 of those units to roll 1 additional die" (77.3,
10.1, 15.1): the unit with the best of those dice (an extra die never hurts, so the board
takes it). Ta Zern (the Universities of Jol-Nar's commander): "After you roll dice for a
unit ability: You may reroll any of those dice": each die that misses is rolled again,
once (rerolling a hit never helps).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.combat import Attack, CombatUnit, RollChange, spec_of
from engine.core.state import Game
from engine.ti4.abilities.holders import in_effect
from engine.ti4.records import Use

__all__ = ["UNIT_ABILITIES", "barrage_barred", "best_unit_die", "no_barrage_at", "reroll_misses"]

UNIT_ABILITIES = frozenset({"space_cannon", "anti_fighter_barrage", "bombardment"})
"""The unit abilities whose rolls these cards change (the attacks' dice attributes)."""


def _mech_in(game: Game, player: str, system: str) -> bool:
    return any(u.owner == player and u.type == "mech" for u in game.system(system).all_units())


def barrage_barred(ability: Any, game: Game, holder: str, system: str) -> bool:
    """Whether ``holder``'s Iconoclast Ω (``ability``) bars barrage against their units in
    ``system``: they hold it and one of their mechs is there."""
    return in_effect(game, holder, ability) and _mech_in(game, holder, system)


def no_barrage_at(
    ability: Any, game: Game, use: Use, unit: CombatUnit, attack: Attack
) -> RollChange | None:
    """The holder's opponent's units roll no Anti-Fighter Barrage while a mech of the
    holder's is in the system."""
    if attack.ability != "anti_fighter_barrage" or getattr(unit, "owner", None) == use.player:
        return None
    return RollChange(dice=0) if _mech_in(game, use.player, use.system) else None


def _own(unit: CombatUnit, use: Use, attack: Attack) -> bool:
    return attack.ability in UNIT_ABILITIES and getattr(unit, "owner", None) == use.player


def best_unit_die(
    ability: Any,
    game: Game,
    use: Use,
    unit: CombatUnit,
    side: Sequence[CombatUnit],
    attack: Attack,
) -> RollChange | None:
    """1 more die for the holder's unit with the best of the volley's dice (the lowest
    value; the first of equals)."""
    if not _own(unit, use, attack):
        return None
    rolling = [
        (dice.value, n, u)
        for n, u in enumerate(side)
        if (dice := attack.dice_of(spec_of(u, attack))) is not None
    ]
    if not rolling or min(rolling, key=lambda r: r[:2])[2] is not unit:
        return None
    return RollChange(more=1)


def reroll_misses(
    ability: Any, game: Game, use: Use, unit: CombatUnit, attack: Attack
) -> RollChange | None:
    """Each of the holder's unit-ability dice that misses is rolled again, once."""
    return RollChange(reroll=True) if _own(unit, use, attack) else None
