"""The 3rd edition's ways of shooting, and hits waiting for their owner to assign them.

Each ``Attack`` reads the 3rd-edition unit table and cites the 3rd-edition
item that decides it; rolling and taking hits are the shared
:mod:`engine.core.combat` functions. Hits wait on ``game.pending`` as in the 4th
edition, and the owner answers with ``assign_hits``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.casualties import casualty_plan, take_chosen_hits, take_hits
from engine.core.choice import counted, hit_targets, make_choice
from engine.core.combat import Attack
from engine.core.events import Event, refuse
from engine.core.state import Game, PendingHits, Unit, remove_units, replace_unit
from engine.core.units import UnitType
from engine.ti3 import anchors
from engine.ti3.units import UNIT_TYPES, is_fighter


def _ship(unit: UnitType) -> bool:
    return unit.is_ship


def _ground_force(unit: UnitType) -> bool:
    return unit.is_ground_force


def _pds(unit: UnitType) -> bool:
    return unit.name == "pds"


def _attack(
    name: str,
    ability: str,
    shooters: Any,
    targets: Any,
    sustain: bool,
    roll_rules: tuple[str, ...],
    hit_rules: tuple[str, ...],
) -> Attack:
    return Attack(
        name,
        ability,
        shooters,
        targets,
        sustain,
        roll_rules,
        hit_rules,
        units=UNIT_TYPES,
        sustain_rules=(anchors.BATTLE_CASUALTIES,),
    )


SPACE_BATTLE = _attack(
    "space battle",
    "combat",
    _ship,
    _ship,
    True,
    (anchors.BATTLE_ROLL,),
    (anchors.BATTLE_CASUALTIES,),
)
ANTI_FIGHTER_BARRAGE = _attack(
    "anti-fighter barrage",
    "anti_fighter_barrage",
    _ship,
    is_fighter,
    False,
    (anchors.ANTI_FIGHTER_BARRAGE,),
    (anchors.ANTI_FIGHTER_BARRAGE,),
)
PDS_FIRE = _attack(
    "PDS fire", "space_cannon", _pds, _ship, True, (anchors.PDS_FIRE,), (anchors.PDS_FIRE,)
)
TRANSFER_PDS_FIRE = _attack(
    "PDS fire in a transfer",
    "space_cannon",
    _pds,
    _ship,
    True,
    (anchors.TRANSFER_PDS,),
    (anchors.TRANSFER_PDS,),
)
BOMBARDMENT = _attack(
    "bombardment",
    "bombardment",
    _ship,
    _ground_force,
    False,
    (anchors.BOMBARDMENT,),
    (anchors.BOMBARDMENT,),
)
INVASION_PDS = _attack(
    "PDS fire at invaders",
    "space_cannon",
    _pds,
    _ground_force,
    False,
    (anchors.INVASION_PDS,),
    (anchors.INVASION_PDS,),
)
INVASION_COMBAT = _attack(
    "invasion combat",
    "combat",
    _ground_force,
    _ground_force,
    False,
    (anchors.INVASION_ROLL,),
    (anchors.INVASION_CASUALTIES,),
)

ATTACKS: dict[str, Attack] = {
    a.name: a
    for a in (
        SPACE_BATTLE,
        ANTI_FIGHTER_BARRAGE,
        PDS_FIRE,
        TRANSFER_PDS_FIRE,
        BOMBARDMENT,
        INVASION_PDS,
        INVASION_COMBAT,
    )
}


def _units(game: Game, pending: PendingHits) -> tuple[Unit, ...]:
    system = game.system(pending.system)
    pool = system.space if pending.planet is None else system.planet(pending.planet).units
    return tuple(u for u in pool if u.owner == pending.player)


def choices(game: Game) -> list[dict[str, Any]]:
    """The suggested assignment: sustain damage first, the weakest units lost first."""
    pending = game.pending
    assert pending is not None
    attack = ATTACKS[pending.source]
    units = _units(game, pending)
    plan = casualty_plan(units, pending.count, attack)
    sustained = [units[i].id for i in plan.sustained]
    destroyed = [units[i].id for i in plan.destroyed]
    ids = sustained + destroyed
    label = (
        f"{game.player_name(pending.player)}: assign {counted(pending.count, 'hit')} from "
        f"{attack.name} to {hit_targets(sustained, destroyed)}"
    )
    return [make_choice("assign_hits", label, pending.rules, player=pending.player, units=ids)]


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Assign the pending hits to the units the choice names (one id per hit).

    A ship that can sustain damage uses it on the first hit it is given.
    """
    pending = game.pending
    assert pending is not None
    attack = ATTACKS[pending.source]
    chosen = choice.get("units")
    if not isinstance(chosen, list) or not all(isinstance(u, str) for u in chosen):
        raise refuse("Name the units that take the hits as a list of unit ids", *pending.rules)
    units = _units(game, pending)
    hittable = {u.id for u in units if attack.targets(UNIT_TYPES[u.type])}
    wrong = [u for u in chosen if u not in hittable]
    if wrong:
        raise refuse(
            f"Cannot assign a hit from {attack.name} to {wrong[0]}: it is not one of "
            f"{game.player_name(pending.player)}'s units that {attack.name} can hit here",
            *pending.rules,
        )
    taken = take_chosen_hits(units, pending.count, attack, game.player_name(pending.player), chosen)
    return _taken(replace(game, pending=None), taken.destroyed, taken.survivors), (taken.event,)


def _taken(game: Game, destroyed: tuple[Any, ...], survivors: tuple[Any, ...]) -> Game:
    game = remove_units(game, {u.id for u in destroyed})
    for unit in survivors:
        game = replace_unit(game, unit)
    return game


def take_now(
    game: Game, units: tuple[Unit, ...], hits: int, attack: Attack, player: str
) -> tuple[Game, Event]:
    """Take hits with no choice to make (identical ground forces, say), by the shared policy."""
    taken = take_hits(units, hits, attack, game.player_name(player))
    return _taken(game, taken.destroyed, taken.survivors), taken.event
