"""Producing units at the active player's space docks; a new space dock in a tactical action.

A space dock produces up to its planet's resources + 2 units; fighters and
ground forces come two for one cost. Cost is paid by exhausting planets and
spending trade goods. A transfer produces in one of its two systems only and
never builds a space dock; a tactical action may build one on a planet held
for the whole round (not one gained during this action).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.events import Event, refuse
from engine.core.state import Game, Planet, System, Unit, next_unit_ids, with_planet
from engine.ti3 import anchors
from engine.ti3.board import action, active, with_action
from engine.ti3.units import UNIT_TYPES


def _rules(game: Game) -> tuple[str, ...]:
    transfer = action(game).action == "transfer"
    return (anchors.TRANSFER_PRODUCE,) if transfer else (anchors.PRODUCE,)


def _docks(system: System, player: str) -> tuple[Planet, ...]:
    return tuple(
        p
        for p in system.planets
        if any(u.owner == player and u.type == "space_dock" for u in p.units)
    )


def _places(game: Game) -> tuple[str, ...]:
    """Systems of the action the player may still produce in."""
    done = action(game).produced_in
    return tuple(
        s
        for s in action(game).systems
        if _docks(game.system(s), active(game)) and (done is None or done == s)
    )


def cost_of(units: dict[str, int]) -> int:
    return sum(
        math.ceil(n / UNIT_TYPES[name].per_cost) * (UNIT_TYPES[name].cost or 0)
        for name, n in units.items()
    )


def _pay_for(game: Game, cost: int) -> list[str] | None:
    """Planets to exhaust, largest first, until the cost is met; ``None`` if it cannot be."""
    ready = sorted(
        (p for _, p in game.planets_of(active(game)) if not p.exhausted),
        key=lambda p: (-p.resources, p.name),
    )
    pay, total = [], 0
    for planet in ready:
        if total >= cost:
            break
        pay.append(planet.name)
        total += planet.resources
    return pay if total >= cost else None


def choices(game: Game) -> list[dict[str, Any]]:
    rules = _rules(game)
    listed = []
    for system_id in _places(game):
        for spec in UNIT_TYPES.values():
            if spec.name == "space_dock":
                continue
            units = {spec.name: spec.per_cost}
            pay = _pay_for(game, cost_of(units))
            if pay is not None and spec.per_cost <= _limit(game, system_id):
                listed.append(
                    make_choice(
                        "produce",
                        f"Produce {spec.per_cost} {spec.label} in {game.system(system_id).name}",
                        rules,
                        system=system_id,
                        units=units,
                        pay=pay,
                        trade_goods=0,
                    )
                )
    if action(game).action == "tactical":
        pay = _pay_for(game, cost_of({"space_dock": 1}))
        for planet in _dock_sites(game):
            if pay is not None:
                listed.append(
                    make_choice(
                        "build_dock",
                        f"Build a space dock on {planet}",
                        rules,
                        planet=planet,
                        pay=pay,
                    )
                )
    listed.append(make_choice("skip", "Produce nothing (more)", rules))
    return listed


def _limit(game: Game, system_id: str) -> int:
    return sum(p.resources + 2 for p in _docks(game.system(system_id), active(game)))


def _dock_sites(game: Game) -> tuple[str, ...]:
    system = game.system(action(game).systems[0])
    player = active(game)
    return tuple(
        p.name
        for p in system.planets
        if p.controller == player
        and p.name not in action(game).gained
        and p not in _docks(system, player)
    )


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    kind = choice["kind"]
    if kind == "skip":
        return with_action(game, step="end"), ()
    if kind == "build_dock":
        return _build_dock(game, choice)
    rules = _rules(game)
    system_id = choice.get("system", (_places(game) or ("",))[0])
    if system_id not in _places(game):
        why = (
            "a transfer produces in one of its two systems only"
            if action(game).produced_in
            else "you have no space dock there"
        )
        raise refuse(f"Cannot produce in {system_id!r}: {why}", *rules)
    units = _units(choice.get("units"), rules)
    count = sum(units.values())
    if count > _limit(game, system_id):
        raise refuse(
            f"Cannot produce {count} units: the space docks there produce "
            f"{_limit(game, system_id)} (planet resources + 2)",
            *rules,
        )
    game, paid = _pay(game, choice, cost_of(units), rules)
    system = game.system(system_id)
    dock = _docks(system, active(game))[0]
    made_ids: list[str] = []
    for name, n in units.items():
        made = [Unit(uid, name, active(game)) for uid in next_unit_ids(game, active(game), name, n)]
        ship = UNIT_TYPES[name].is_ship
        game = _placed(game, system_id, dock.name, made if ship else [], [] if ship else made)
        made_ids += [u.id for u in made]
    game = with_action(game, produced_in=system_id)
    shown = ", ".join(f"{n} {UNIT_TYPES[k].label}" for k, n in units.items())
    text = f"{game.player_name(active(game))} produces {shown} in {system.name} ({paid})"
    data = {"units": made_ids, "counts": units}
    return game, (Event("produce", cite(text, rules), rules, data),)


def _placed(game: Game, system_id: str, planet: str, space: list[Unit], ground: list[Unit]) -> Game:
    system = game.system(system_id)
    system = replace(system, space=(*system.space, *space))
    target = system.planet(planet)
    return game.with_system(with_planet(system, replace(target, units=(*target.units, *ground))))


def _units(data: Any, rules: tuple[str, ...]) -> dict[str, int]:
    if not isinstance(data, dict) or not data:
        raise refuse("Name the units to produce as {type: count}", *rules)
    for name, n in data.items():
        if name not in UNIT_TYPES or name == "space_dock":
            raise refuse(f"Cannot produce {name!r} at a space dock", *rules)
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise refuse(f"Cannot produce {n!r} {name}: give a positive count", *rules)
    return dict(data)


def _pay(game: Game, choice: dict[str, Any], cost: int, rules: tuple[str, ...]) -> tuple[Game, str]:
    player = game.player(active(game))
    names = choice.get("pay", [])
    goods = choice.get("trade_goods", 0)
    if not isinstance(names, list) or not isinstance(goods, int) or isinstance(goods, bool):
        raise refuse("Pay with a list of planet names and a number of trade goods", *rules)
    if not 0 <= goods <= player.trade_goods:
        raise refuse(f"Cannot spend {goods} trade goods: you have {player.trade_goods}", *rules)
    ready = {p.name: (s, p) for s, p in game.planets_of(player.id) if not p.exhausted}
    if any(n not in ready for n in names) or len(set(names)) != len(names):
        raise refuse(f"Cannot pay with {names!r}: name your own ready planets, once each", *rules)
    total = sum(ready[n][1].resources for n in names) + goods
    if total < cost:
        raise refuse(f"Cannot pay {cost} resources with {total}", *rules)
    for name in names:
        system, planet = ready[name]
        game = game.with_system(
            with_planet(game.system(system.id), replace(planet, exhausted=True))
        )
    game = game.with_player(replace(player, trade_goods=player.trade_goods - goods))
    return (
        game,
        f"cost {cost}, paid by exhausting {', '.join(names) or 'nothing'} and {goods} trade goods",
    )


def _build_dock(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    rules = _rules(game)
    if action(game).action == "transfer":
        raise refuse("Cannot build a space dock during a transfer action", anchors.TRANSFER_PRODUCE)
    planet = choice.get("planet")
    if planet not in _dock_sites(game):
        raise refuse(
            f"Cannot build a space dock on {planet!r}: it must be your planet in the activated "
            "system, held for the entire round, without a space dock",
            *rules,
        )
    game, paid = _pay(game, choice, cost_of({"space_dock": 1}), rules)
    (uid,) = next_unit_ids(game, active(game), "space_dock", 1)
    system_id = action(game).systems[0]
    game = _placed(game, system_id, str(planet), [], [Unit(uid, "space_dock", active(game))])
    text = f"{game.player_name(active(game))} builds a space dock on {planet} ({paid})"
    data = {"planet": planet, "units": [uid]}
    return game, (Event("produce", cite(text, rules), rules, data),)
