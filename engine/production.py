"""Step 5 of a tactical action – Production (89.5, LRR 67 Producing Units, 68 Production).

The active player may produce with their units' Production abilities in the
active system (a space dock produces its planet's resources + 2), even if
nothing moved or landed (89.5.1). Fighters and infantry come two for one
cost, each counting toward the production limit (68.1.2, 67.2). Cost is paid
by exhausting planets the player controls and spending trade goods (67.1).
Ships go to the space area (68.2), ground forces onto the planet with the
space dock (68.3); fighters must fit the capacity there (16.2, a space dock
holds 3) and non-fighter ships the fleet pool (37.1).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from engine.choice import cite, make_choice
from engine.events import Event, IllegalChoice, refuse
from engine.movement import capacity_in_space
from engine.state import Game, Planet, System, Unit, next_unit_ids, ships_of, with_planet
from engine.units import UNIT_TYPES, unit_type


def producers(system: System, player: str) -> tuple[tuple[Planet, Unit], ...]:
    """The player's units with Production in the system, each with its planet."""
    return tuple(
        (p, u)
        for p in system.planets
        for u in p.units
        if u.owner == player and u.spec.production is not None
    )


def production_limit(system: System, player: str) -> int:
    """The combined Production value in the system (68.1.1): planet resources + 2 per dock."""
    return sum(p.resources + (u.spec.production or 0) for p, u in producers(system, player))


def cost_of(units: dict[str, int]) -> int:
    """Total cost: units that come two per cost are paid for in pairs (67.2)."""
    total = 0
    for name, count in units.items():
        spec = UNIT_TYPES[name]
        total += math.ceil(count / spec.per_cost) * (spec.cost or 0)
    return total


def choices(game: Game) -> list[dict[str, Any]]:
    """Suggest producing one of each affordable unit, plus skipping the step."""
    system = game.active_system
    assert system is not None
    player = game.player(game.active_player or "")
    result = []
    if producers(system, player.id):
        ready = [(s, p) for s, p in game.planets_of(player.id) if not p.exhausted]
        for spec in UNIT_TYPES.values():
            if spec.cost is None:
                continue
            units = {spec.name: spec.per_cost}
            pay = _pay_for(cost_of(units), ready)
            if pay is None:
                continue
            try:
                _check(game, units)
            except IllegalChoice:
                continue
            result.append(
                make_choice(
                    "produce",
                    f"Produce {spec.per_cost} {spec.label} (cost {spec.cost})",
                    ("89.5", "68.1", "67.1"),
                    units=units,
                    pay=pay,
                    trade_goods=0,
                )
            )
    return [*result, make_choice("skip", "Produce nothing", ("89.5",))]


def _pay_for(cost: int, ready: list[tuple[System, Planet]]) -> list[str] | None:
    paid: list[str] = []
    total = 0
    for _, planet in sorted(ready, key=lambda sp: -sp[1].resources):
        if total >= cost:
            break
        paid.append(planet.name)
        total += planet.resources
    return paid if total >= cost else None


def _check(game: Game, units: dict[str, int]) -> None:
    system = game.active_system
    assert system is not None
    player = game.active_player or ""
    if not producers(system, player):
        raise refuse(
            "Cannot produce: none of your units in the active system has Production", "89.5", "68"
        )
    count = sum(units.values())
    limit = production_limit(system, player)
    if count > limit:
        raise refuse(
            f"Cannot produce {count} units: your Production in the active system is {limit}",
            "68.1",
            "68.1.1",
            "68.1.2",
        )
    ships = {n: c for n, c in units.items() if UNIT_TYPES[n].is_ship}
    if ships and any(u.owner != player and u.spec.is_ship for u in system.space):
        raise refuse("Cannot produce ships: another player has ships in the active system", "67.6")
    fighters = units.get("fighter", 0)
    if fighters:
        docks = sum(
            UNIT_TYPES["space_dock"].capacity
            for _, u in producers(system, player)
            if u.type == "space_dock"
        )
        room = (
            capacity_in_space(system, player)
            + sum(UNIT_TYPES[n].capacity * c for n, c in ships.items())
            + docks
        )
        in_space = sum(
            1
            for u in system.space
            if u.owner == player and (u.type == "fighter" or u.spec.is_ground_force)
        )
        if in_space + fighters > room:
            raise refuse(
                f"Cannot produce {fighters} fighters: capacity in the active system is {room} "
                f"and {in_space} are already there",
                "16.2",
                "79",
            )
    big = sum(c for n, c in ships.items() if n != "fighter")
    if big:
        present = sum(1 for u in ships_of(system.space, player) if u.type != "fighter")
        fleet = game.player(player).fleet
        if present + big > fleet:
            raise refuse(
                f"Cannot produce {big} non-fighter ships: your fleet pool allows {fleet} in a "
                f"system and {present} are there",
                "37.1",
            )


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Produce the chosen units, paying with the chosen planets and trade goods."""
    system = game.active_system
    assert system is not None and game.tactical is not None
    player = game.player(game.active_player or "")
    units = _units(choice.get("units"))
    _check(game, units)
    cost = cost_of(units)
    planets = _planets(game, choice.get("pay", []), player.id)
    goods = choice.get("trade_goods", 0)
    if (
        not isinstance(goods, int)
        or isinstance(goods, bool)
        or not 0 <= goods <= player.trade_goods
    ):
        raise refuse(f"Cannot spend {goods!r} trade goods: you have {player.trade_goods}", "67.1.1")
    paid = sum(p.resources for _, p in planets) + goods
    if paid < cost:
        raise refuse(f"Cannot produce: the units cost {cost} and you pay only {paid}", "67.1")
    for owner_system, planet in planets:
        current = game.system(owner_system.id)
        game = game.with_system(
            with_planet(current, replace(current.planet(planet.name), exhausted=True))
        )
    game = game.with_player(replace(player, trade_goods=player.trade_goods - goods))
    dock_planet = producers(game.system(system.id), player.id)[0][0]
    new_ships: list[Unit] = []
    new_ground: list[Unit] = []
    for name, count in units.items():
        ids = next_unit_ids(game, player.id, name, count)
        made = [Unit(i, name, player.id) for i in ids]
        (new_ships if UNIT_TYPES[name].is_ship else new_ground).extend(made)
        # Number later types after these: put them on the board type by type.
        current = game.system(system.id)
        if UNIT_TYPES[name].is_ship:
            game = game.with_system(replace(current, space=current.space + tuple(made)))
        else:
            planet = current.planet(dock_planet.name)
            game = game.with_system(
                with_planet(current, replace(planet, units=planet.units + tuple(made)))
            )
    game = replace(game, tactical=replace(game.tactical, step="end_of_action"))
    rules: tuple[str, ...] = ("89.5", "68.1", "67.1")
    if any(UNIT_TYPES[n].per_cost > 1 for n in units):
        rules = (*rules, "67.2")
    if not game.tactical or not game.tactical.moved:
        rules = (*rules, "89.5.1")
    made_ids = [u.id for u in new_ships + new_ground]
    spent = [p.name for _, p in planets] + ([f"{goods} trade goods"] if goods else [])
    text = (
        f"{player.name} produces {', '.join(made_ids)} for {cost} resources "
        f"(paid with {', '.join(spent) or 'nothing'}; exhausted)"
    )
    return game, (Event("produce", cite(text, rules), rules, {"units": made_ids, "cost": cost}),)


def apply_skip(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Produce nothing: the step still happens (89-note-1)."""
    assert game.tactical is not None
    game = replace(game, tactical=replace(game.tactical, step="end_of_action"))
    rules = ("89.5", "89-note-1")
    text = f"{game.player_name(game.active_player or '')} produces nothing"
    return game, (Event("produce", cite(text, rules), rules, {"units": []}),)


def _units(raw: Any) -> dict[str, int]:
    if not isinstance(raw, dict) or not raw:
        raise refuse("Cannot produce: give the units as {type: count}", "68.1")
    result: dict[str, int] = {}
    for name, count in raw.items():
        try:
            spec = unit_type(str(name))
        except KeyError:
            raise refuse(f"Cannot produce {name!r}: there is no such unit", "67.1") from None
        if spec.cost is None:
            raise refuse(
                f"Cannot produce a {spec.label} with Production: it is a structure", "68.1"
            )
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise refuse(f"Cannot produce {count!r} {spec.label}: give a positive count", "68.1")
        result[spec.name] = result.get(spec.name, 0) + count
    return result


def _planets(game: Game, raw: Any, player: str) -> list[tuple[System, Planet]]:
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise refuse("Cannot pay: list the planets to exhaust by name", "67.1")
    owned = {p.name: (s, p) for s, p in game.planets_of(player)}
    result = []
    for name in dict.fromkeys(raw):
        if name not in owned:
            raise refuse(f"Cannot pay with {name}: you do not control it", "67.1.1")
        if owned[name][1].exhausted:
            raise refuse(f"Cannot pay with {name}: it is already exhausted", "67.1.1")
        result.append(owned[name])
    return result
