"""Indoctrination (Yin Brotherhood) on the board, and spending influence for it.

"At the start of a ground combat, you may spend 2 influence to replace 1 of your
opponent's participating infantry with 1 infantry from your reinforcements": offered with
each way of paying (2 trade goods, each counting as 1 influence; or ready planets
exhausted, the least influence first); the infantry replaced is the first the opponent
has there, as the odds take it. Where the text was read: engine/RULES.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.events import Event
from engine.core.state import Game, Unit, next_unit_ids, remove_units, with_planet
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import event, fighting, fits, influence_ways, pay_influence
from engine.ti4.records import Use

__all__ = ["indoctrination", "indoctrination_ways"]

Ways = list[dict[str, Any]]


def indoctrination_ways(ability: Ability, game: Game, use: Use) -> Ways:
    if not fits(ability, game, use) or use.planet is None:
        return []
    theirs = [u for u in fighting(game, use, use.opponent) if u.type == "infantry"]
    if not theirs:
        return []
    return [
        {**way, "label": f"Indoctrination: {way['label']} to replace {theirs[0].id} with yours"}
        for way in influence_ways(game, use.player, 2)
    ]


def indoctrination(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    game = pay_influence(game, use.player, way)
    gone = next(u for u in fighting(game, use, use.opponent) if u.type == "infantry")
    holder = game.player(use.player)
    [new_id] = next_unit_ids(game, use.player, "infantry", 1)
    grade = " ".join([*filter(None, [holder.faction]), *(["ii"] * ("infantry" in holder.upgrades))])
    game = remove_units(game, {gone.id})
    system = game.system(use.system)
    planet = system.planet(use.planet or "")
    mine = Unit(new_id, "infantry", use.player, grade=grade)
    game = game.with_system(with_planet(system, replace(planet, units=(*planet.units, mine))))
    text = (
        f"{game.player_name(use.player)} uses Indoctrination ({way['label'].split(': ')[1]}): "
        f"{gone.id} is replaced by {new_id}"
    )
    return game, (event(ability, text, removed=gone.id, placed=new_id),)
