"""Hits waiting to be assigned: whoever was hit chooses which of their units take them.

Every roll that produces hits (space cannon, barrage, combat, bombardment)
leaves a :class:`~engine.state.PendingHits` on the game; play waits until the
owner of the units answers with ``assign_hits``. The offered choice follows
the shared casualty policy of :mod:`engine.combat`; any other legal
assignment is accepted too.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.combat import (
    ANTI_FIGHTER_BARRAGE,
    BOMBARDMENT,
    GROUND_COMBAT,
    SPACE_CANNON_DEFENSE,
    SPACE_CANNON_OFFENSE,
    SPACE_COMBAT,
    Attack,
    casualty_plan,
    take_chosen_hits,
)
from engine.events import Event, refuse
from engine.state import Game, PendingHits, Unit, remove_units, replace_unit

ATTACKS: dict[str, Attack] = {
    a.name: a
    for a in (
        SPACE_COMBAT,
        GROUND_COMBAT,
        ANTI_FIGHTER_BARRAGE,
        BOMBARDMENT,
        SPACE_CANNON_OFFENSE,
        SPACE_CANNON_DEFENSE,
    )
}


def pending_for(
    player: str, count: int, system: str, planet: str | None, attack: Attack
) -> PendingHits:
    """The hits ``player`` must assign after ``attack`` produced ``count`` hits."""
    return PendingHits(player, count, system, planet, attack.name, attack.hit_rules)


def _units(game: Game, pending: PendingHits) -> tuple[Unit, ...]:
    system = game.system(pending.system)
    pool = system.space if pending.planet is None else system.planet(pending.planet).units
    return tuple(u for u in pool if u.owner == pending.player)


def choices(game: Game, attacks: Mapping[str, Attack] = ATTACKS) -> list[dict[str, Any]]:
    """The suggested assignment of the pending hits (policy: sustain first, weakest lost).

    ``attacks`` names the attacks hits can come from (the 3rd edition has its own).
    """
    pending = game.pending
    assert pending is not None
    attack = attacks[pending.source]
    units = _units(game, pending)
    plan = casualty_plan(units, pending.count, attack)
    ids = [units[i].id for i in plan.sustained] + [units[i].id for i in plan.destroyed]
    shown = ", ".join(ids) if ids else "nothing can be hit"
    return [
        {
            "kind": "assign_hits",
            "player": pending.player,
            "units": ids,
            "label": f"{game.player_name(pending.player)}: assign {pending.count} "
            f"hit(s) from {attack.name} to {shown}",
            "rules": list(pending.rules),
        }
    ]


def apply(
    game: Game, choice: dict[str, Any], attacks: Mapping[str, Attack] = ATTACKS
) -> tuple[Game, tuple[Event, ...]]:
    """Assign the pending hits to the units the choice names (one id per hit)."""
    pending = game.pending
    assert pending is not None
    attack = attacks[pending.source]
    chosen = choice.get("units")
    if not isinstance(chosen, list) or not all(isinstance(u, str) for u in chosen):
        raise refuse("Name the units that take the hits as a list of unit ids", *pending.rules)
    taken = take_chosen_hits(
        _units(game, pending), pending.count, attack, game.player_name(pending.player), chosen
    )
    game = remove_units(game, {u.id for u in taken.destroyed})
    for unit in taken.survivors:
        game = replace_unit(game, unit)
    return replace(game, pending=None), (taken.event,)
