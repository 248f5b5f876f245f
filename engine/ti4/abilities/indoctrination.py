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
from engine.ti4.abilities.plays import event, fighting, fits
from engine.ti4.records import Use

__all__ = ["indoctrination", "indoctrination_ways"]

Ways = list[dict[str, Any]]


def _influence_ways(game: Game, player: str, amount: int) -> Ways:
    """Ways to spend ``amount`` influence: trade goods (each counts as 1), or the ready
    planets the player controls, the least influence first, until it is reached."""
    ways: Ways = []
    if game.player(player).trade_goods >= amount:
        ways.append({"label": f"spend {amount} trade goods", "trade_goods": amount})
    ready = sorted(
        (p for s in game.systems for p in s.planets if p.controller == player and not p.exhausted),
        key=lambda p: (p.influence, p.name),
    )
    chosen, total = [], 0
    for planet in ready:
        if total >= amount:
            break
        if planet.influence:
            chosen.append(planet.name)
            total += planet.influence
    if total >= amount:
        ways.append({"label": f"exhaust {', '.join(chosen)}", "planets": chosen})
    return ways


def _pay_influence(game: Game, player: str, way: dict[str, Any]) -> Game:
    holder = game.player(player)
    if way.get("trade_goods"):
        return game.with_player(replace(holder, trade_goods=holder.trade_goods - 2))
    for system in game.systems:
        for planet in system.planets:
            if planet.name in way.get("planets", ()):
                game = game.with_system(
                    with_planet(game.system(system.id), replace(planet, exhausted=True))
                )
    return game


def indoctrination_ways(ability: Ability, game: Game, use: Use) -> Ways:
    if not fits(ability, game, use) or use.planet is None:
        return []
    theirs = [u for u in fighting(game, use, use.opponent) if u.type == "infantry"]
    if not theirs:
        return []
    return [
        {**way, "label": f"Indoctrination: {way['label']} to replace {theirs[0].id} with yours"}
        for way in _influence_ways(game, use.player, 2)
    ]


def indoctrination(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    game = _pay_influence(game, use.player, way)
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
