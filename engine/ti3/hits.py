"""The 3rd edition's ways of shooting, and hits waiting for their owner to assign them.

Each ``Attack`` reads the 3rd-edition unit table and cites the 3rd-edition
item that decides it; rolling and taking hits are the shared
:mod:`engine.combat` functions. Hits wait on ``game.pending`` as in the 4th
edition, and the owner answers with ``assign_hits``.
"""

from __future__ import annotations

from typing import Any

from engine import hits as shared_hits
from engine.combat import Attack, take_hits
from engine.events import Event
from engine.state import Game, Unit, remove_units, replace_unit
from engine.ti3 import anchors
from engine.ti3.units import UNIT_TYPES, is_fighter
from engine.units import UnitType


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


pending_for = shared_hits.pending_for


def choices(game: Game) -> list[dict[str, Any]]:
    """The suggested assignment: sustain damage first, the weakest units lost first."""
    return shared_hits.choices(game, ATTACKS)


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Assign the pending hits to the units the choice names (one id per hit)."""
    return shared_hits.apply(game, choice, ATTACKS)


def take_now(
    game: Game, units: tuple[Unit, ...], hits: int, attack: Attack, player: str
) -> tuple[Game, Event]:
    """Take hits with no choice to make (identical ground forces, say), by the shared policy."""
    taken = take_hits(units, hits, attack, game.player_name(player))
    game = remove_units(game, {u.id for u in taken.destroyed})
    for unit in taken.survivors:
        game = replace_unit(game, unit)
    return game, taken.event
