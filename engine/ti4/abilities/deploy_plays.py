"""Deploy abilities on the board: a mech placed in a combat in place of an infantry.

The Dunlain Reaper's deploy (the Barony of Letnev's mech) is offered at the start of each
ground combat round while its holder fights there with infantry, has a mech in
reinforcements and 2 trade goods to spend (the board pays resources in trade goods; the
odds count no payment).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.events import Event
from engine.core.state import Game, Unit, next_unit_ids, remove_units, with_planet
from engine.ti4.abilities.plays import event, fighting, fits, pay
from engine.ti4.records import Use
from engine.ti4.units import REINFORCEMENTS

__all__ = ["COST", "deploy", "deploy_ways"]

COST = 2
"""The resources the deploy costs, paid in trade goods."""


def _infantry(game: Game, use: Use) -> list[Unit]:
    """The holder's infantry in the ground combat, an undamaged one first (the odds')."""
    units = [u for u in fighting(game, use, use.player) if u.type == "infantry"]
    return sorted(units, key=lambda u: (u.damaged, u.id))


def deploy_ways(ability: Any, game: Game, use: Use) -> list[dict[str, Any]]:
    """At the start of a ground combat round: an infantry there, a mech in reinforcements
    and the cost in trade goods."""
    if not fits(ability, game, use) or use.planet is None:
        return []
    infantry = _infantry(game, use)
    if not infantry or game.player(use.player).trade_goods < COST:
        return []
    mechs = sum(
        u.owner == use.player and u.type == "mech" for s in game.systems for u in s.all_units()
    )
    if mechs >= REINFORCEMENTS["mech"]:  # every piece is on the board (96.2)
        return []
    return [
        {"label": f"{ability.name}: spend {COST} trade goods, replace {infantry[0].id} with a mech"}
    ]


def deploy(
    ability: Any, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The infantry is removed to reinforcements and a mech of the holder's takes its place."""
    assert use.planet is not None
    infantry = _infantry(game, use)[0]
    holder = game.player(use.player)
    (mech_id,) = next_unit_ids(game, use.player, "mech", 1)
    mech = Unit(mech_id, "mech", use.player, grade=holder.faction or "")
    game = pay(remove_units(game, {infantry.id}), use.player, COST)
    system = game.system(use.system)
    planet = system.planet(use.planet)
    game = game.with_system(with_planet(system, replace(planet, units=(*planet.units, mech))))
    name = game.player_name(use.player)
    text = f"{name} spends {COST} trade goods: {mech_id} replaces {infantry.id} ({ability.name})"
    return game, (event(ability, text, removed=infantry.id, placed=mech_id),)
