"""The board read in 3rd-edition terms: whose units, fleet supply, PDS range, enemy territory."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.casualties import casualty_rank
from engine.core.choice import cite
from engine.core.events import Event
from engine.core.galaxy import neighbours
from engine.core.state import Game, System, Unit, remove_units
from engine.core.units import UnitType
from engine.ti3 import anchors
from engine.ti3.records import Action3
from engine.ti3.units import UNIT_TYPES, counts_for_fleet_supply


def spec(unit: Unit) -> UnitType:
    return UNIT_TYPES[unit.type]


def action(game: Game) -> Action3:
    """The 3rd-edition action ``game`` is in."""
    assert isinstance(game.action, Action3), "no 3rd-edition action in progress"
    return game.action


def with_action(game: Game, **changes: Any) -> Game:
    return replace(game, action=replace(action(game), **changes))


def active(game: Game) -> str:
    assert game.active_player is not None
    return game.active_player


def ships(units: tuple[Unit, ...], owner: str) -> tuple[Unit, ...]:
    return tuple(u for u in units if u.owner == owner and spec(u).is_ship)


def enemies_with_ships(system: System, player: str) -> tuple[str, ...]:
    """Every other player is an enemy in the 3rd edition, whatever their alliances."""
    return tuple(
        dict.fromkeys(u.owner for u in system.space if u.owner != player and spec(u).is_ship)
    )


def has_enemy_units(system: System, player: str) -> bool:
    return any(u.owner != player for u in system.all_units())


def activated_by(system: System, player: str) -> bool:
    """A system holding the player's command counter has been activated by them."""
    return player in system.tokens


def pds_in_range(game: Game, owner: str, target: str) -> tuple[Unit, ...]:
    """The owner's PDS that can fire into ``target``: there, or adjacent with Deep Space Cannon."""
    systems = [target]
    if owner in action(game).deep_space_cannon:
        systems += list(neighbours(game, target))
    return tuple(
        u
        for s in systems
        for p in game.system(s).planets
        for u in p.units
        if u.owner == owner and u.type == "pds"
    )


def supply_excess(game: Game, player: str, system_id: str) -> tuple[Unit, ...]:
    """The player's non-fighter ships in the system beyond their Fleet Supply, weakest first."""
    fleet = [u for u in game.system(system_id).space if u.owner == player]
    counted = [u for u in fleet if counts_for_fleet_supply(spec(u))]
    over = len(counted) - game.player(player).fleet
    if over <= 0:
        return ()
    ranked = sorted(counted, key=lambda u: (casualty_rank(spec(u)), not u.damaged, u.id))
    return tuple(ranked[:over])


def enforce_fleet_supply(
    game: Game, player: str, system_id: str, rules: tuple[str, ...]
) -> tuple[Game, tuple[Event, ...]]:
    """Destroy at once the ships beyond the player's Fleet Supply in the system."""
    excess = supply_excess(game, player, system_id)
    if not excess:
        return game, ()
    ids = [u.id for u in excess]
    text = (
        f"{game.player_name(player)} has more ships in {game.system(system_id).name} than "
        f"their Fleet Supply ({game.player(player).fleet}): {', '.join(ids)} destroyed"
    )
    event = Event("fleet_supply", cite(text, rules), rules, {"player": player, "destroyed": ids})
    return remove_units(game, set(ids)), (event,)


def stranded(game: Game, system_id: str) -> tuple[Unit, ...]:
    """Ground forces and PDS in a space area whose owner has no ship left there to carry them."""
    system = game.system(system_id)
    owners = {u.owner for u in system.space if spec(u).is_ship}
    return tuple(u for u in system.space if not spec(u).is_ship and u.owner not in owners)


def lose_stranded(game: Game, system_id: str) -> tuple[Game, tuple[Event, ...]]:
    """Cargo left in space without a ship is lost with the ships that carried it."""
    lost = stranded(game, system_id)
    if not lost:
        return game, ()
    rules = (anchors.BATTLE_CASUALTIES,)
    ids = [u.id for u in lost]
    text = f"{', '.join(ids)} had no ship left to carry them and are destroyed"
    event = Event("stranded", cite(text, rules), rules, {"destroyed": ids})
    return remove_units(game, set(ids)), (event,)


def capacity(game: Game, player: str, system_id: str) -> int:
    return sum(spec(u).capacity for u in ships(game.system(system_id).space, player))
