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
once (rerolling a hit never helps). Strike Wing Ambuscade (the Argent Flight's note, held
by another player): "When 1 or more of your units make a roll for a unit ability: Choose 1
of those units to roll 1 additional die. Then, return this card": offered before the
holder's space cannon, barrage or bombardment roll, the best unit first.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.combat import Attack, CombatUnit, RollChange, spec_of
from engine.core.events import Event
from engine.core.state import Game, Unit
from engine.ti4.abilities.holders import in_effect
from engine.ti4.abilities.model import Hook, Moment
from engine.ti4.abilities.plays import discard, fighting, fits, unit_ways
from engine.ti4.abilities.tech_plays import bombarders, cannons_of, named_for_volley, plasma
from engine.ti4.records import Use

Ways = list[dict[str, Any]]

__all__ = [
    "NOTE_HOOKS",
    "UNIT_ABILITIES",
    "barrage_barred",
    "best_unit_die",
    "no_barrage_at",
    "note_die",
    "reroll_misses",
]

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


# --- Strike Wing Ambuscade (the Argent Flight's promissory note) --------------------------


def _note_ways(ability: Any, game: Game, use: Use, units: Sequence[Unit], kind: str) -> Ways:
    """One way per kind of the holder's units about to roll ``kind``, the best value first
    (the odds' choice): that unit rolls 1 more die."""
    if not units or not fits(ability, game, use):
        return []

    def value(unit: Unit) -> int:
        dice = getattr(unit.spec, kind)
        return dice.value if dice is not None else 11

    return unit_ways(
        sorted(units, key=value),
        lambda u: f"play {ability.name}: {u.id} ({u.label}) rolls 1 more die",
    )


def note_cannon_ways(ability: Any, game: Game, use: Use) -> Ways:
    """Before the holder's own space cannon roll (offense or, at a planet, defense)."""
    if use.about and use.about != use.player:  # another player's volley
        return []
    return _note_ways(ability, game, use, cannons_of(game, use), "space_cannon")


def note_barrage_ways(ability: Any, game: Game, use: Use) -> Ways:
    """As the holder's ships roll Anti-Fighter Barrage in the first round."""
    if use.planet is not None:
        return []
    ships = [u for u in fighting(game, use, use.player) if u.spec.anti_fighter_barrage]
    return _note_ways(ability, game, use, ships, "anti_fighter_barrage")


def note_bombard_ways(ability: Any, game: Game, use: Use) -> Ways:
    """Before the active player's (the holder's) bombardment roll."""
    if use.player != game.active_player:
        return []
    return _note_ways(ability, game, use, bombarders(game, use), "bombardment")


def note_play(
    ability: Any, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The note goes back to its owner; the unit named rolls 1 more die in this volley."""
    return plasma(ability, discard(game, use.player, ability), use, way)


def note_die(
    ability: Any, game: Game, use: Use, unit: CombatUnit, attack: Attack
) -> RollChange | None:
    """1 more die for the unit the note names, in the volley it was played for."""
    chosen = attack.ability in UNIT_ABILITIES and named_for_volley(ability, game, use, unit)
    return RollChange(more=1) if chosen else None


NOTE_HOOKS = (
    Hook(Moment.CANNON, note_cannon_ways, note_play),
    Hook(Moment.BEFORE_BARRAGE, note_barrage_ways, note_play),
    Hook(Moment.BOMBARDMENT, note_bombard_ways, note_play),
)
