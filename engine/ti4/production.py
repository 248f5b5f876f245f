"""Step 5 of a tactical action – Production (89.5, LRR 67 Producing Units, 68 Production).

The active player may produce with their units' Production abilities in the
active system (a space dock produces its planet's resources + 2), even if
nothing moved or landed (89.5.1). Fighters and infantry come two for one
cost, each counting toward the production limit (68.1.2, 67.2). Cost is paid
by exhausting planets the player controls (75.2; an exhausted one cannot be
spent, 64.9) and spending trade goods (75.3). Ships go to the space area
(68.2); ground forces onto planets that contain a unit that used its
Production (68.3), each force to the planet the player names. Every base
unit with Production is a space dock on a planet, so 68.4 (a producer in
the space area) never arises here.

Production may exceed capacity or the fleet pool: the rules remove the
excess afterwards (16.3, 37.3: "choose and remove excess"), so the player
then chooses which units go (:mod:`engine.ti4.excess`).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.events import Event, IllegalChoice, refuse
from engine.core.state import Game, Planet, System, Unit, next_unit_ids, with_planet
from engine.core.units import unit_type
from engine.ti4.excess import check_limits
from engine.ti4.factions import grade_of
from engine.ti4.records import in_progress, so_far
from engine.ti4.reinforcements import apply_reclaim, reclaim_for, refuse_short, shortfall
from engine.ti4.units import UNIT_TYPES


def producers(system: System, player: str) -> tuple[tuple[Planet, Unit], ...]:
    """The player's units with Production in the system, each with its planet."""
    return tuple(
        (p, u)
        for p in system.planets
        for u in p.units
        if u.owner == player and u.spec.production is not None
    )


def production_limit(system: System, player: str) -> int:
    """The combined Production value in the system (68.1.1): planet resources + 2 per dock.

    A space dock II adds 4; a unit whose Production is its own number adds only that.
    """
    return sum(
        (p.resources if u.spec.production_adds_resources else 0) + (u.spec.production or 0)
        for p, u in producers(system, player)
    )


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
            label = f"Produce {spec.per_cost} {spec.label} (cost {spec.cost})"
            places: list[str | None] = (
                [None] if spec.is_ship else list(landing_planets(system, player.id))
            )
            for planet in places:
                short = shortfall(game, player.id, system.id, units, [planet] if planet else [])
                reclaim = reclaim_for(game, player.id, short) if short else []
                if reclaim is None:
                    continue  # not in reinforcements, and nothing to take back (67.5)
                where: dict[str, Any] = {"planet": planet} if planet else {}
                shown = f"{label} on {planet}" if planet else label
                if reclaim:
                    shown += f", first taking {', '.join(reclaim)} off the board (67.5.1)"
                    where["reclaim"] = reclaim
                result.append(_produce_choice(shown, units, pay, **where))
    return [*result, make_choice("skip", "Produce nothing", ("89.5",))]


def _produce_choice(
    label: str, units: dict[str, int], pay: list[str], **where: Any
) -> dict[str, Any]:
    return make_choice(
        "produce", label, ("89.5", "68.1", "67.1"), units=units, pay=pay, trade_goods=0, **where
    )


def landing_planets(system: System, player: str) -> list[str]:
    """Where produced ground forces may go: planets holding a unit with Production (68.3)."""
    return list(dict.fromkeys(p.name for p, _ in producers(system, player)))


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


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Produce the chosen units, paying with the chosen planets and trade goods."""
    system = game.active_system
    assert system is not None
    player = game.player(game.active_player or "")
    units = _units(choice.get("units"))
    game = apply_reclaim(game, player.id, choice.get("reclaim"), units)
    _check(game, units)
    cost = cost_of(units)
    planets = _planets(game, choice.get("pay", []), player.id)
    goods = choice.get("trade_goods", 0)
    if (
        not isinstance(goods, int)
        or isinstance(goods, bool)
        or not 0 <= goods <= player.trade_goods
    ):
        raise refuse(f"Cannot spend {goods!r} trade goods: you have {player.trade_goods}", "75.3")
    paid = sum(p.resources for _, p in planets) + goods
    if paid < cost:
        raise refuse(f"Cannot produce: the units cost {cost} and you pay only {paid}", "67.1")
    for owner_system, planet in planets:
        current = game.system(owner_system.id)
        game = game.with_system(
            with_planet(current, replace(current.planet(planet.name), exhausted=True))
        )
    game = game.with_player(replace(player, trade_goods=player.trade_goods - goods))
    landing = _landings(game, choice, sum(c for n, c in units.items() if not UNIT_TYPES[n].is_ship))
    refuse_short(shortfall(game, player.id, system.id, units, landing), game, player.id)
    new_ships: list[Unit] = []
    new_ground: list[Unit] = []
    for name, count in units.items():
        ids = next_unit_ids(game, player.id, name, count)
        grade = grade_of(name, player.faction, player.upgrades)
        made = [Unit(i, name, player.id, grade=grade) for i in ids]
        (new_ships if UNIT_TYPES[name].is_ship else new_ground).extend(made)
        # Number later types after these: put them on the board type by type.
        current = game.system(system.id)
        if UNIT_TYPES[name].is_ship:
            game = game.with_system(replace(current, space=current.space + tuple(made)))
    for unit, planet_name in zip(new_ground, landing, strict=True):
        current = game.system(system.id)
        planet = current.planet(planet_name)
        game = game.with_system(with_planet(current, replace(planet, units=(*planet.units, unit))))
    game = replace(game, action=replace(in_progress(game), step="end_of_action"))
    if new_ships:
        game = check_limits(game, system.id, player.id, "68.2")
    rules: tuple[str, ...] = ("89.5", "68.1", "67.1")
    if any(UNIT_TYPES[n].per_cost > 1 for n in units):
        rules = (*rules, "67.2")
    if not so_far(game).moved:
        rules = (*rules, "89.5.1")
    reclaimed = [str(u) for u in dict.fromkeys(choice.get("reclaim") or [])]
    if reclaimed:
        rules = (*rules, "67.5", "67.5.1")
    made_ids = [u.id for u in new_ships + new_ground]
    spent = [p.name for _, p in planets] + ([f"{goods} trade goods"] if goods else [])
    first = (
        f"takes {', '.join(reclaimed)} off the board into reinforcements, then "
        if reclaimed
        else ""
    )
    text = (
        f"{player.name} {first}produces {', '.join(made_ids)} for {cost} "
        f"{'resource' if cost == 1 else 'resources'} "
        f"(paid with {', '.join(spent) or 'nothing'}; exhausted)"
    )
    return game, (Event("produce", cite(text, rules), rules, {"units": made_ids, "cost": cost}),)


def apply_skip(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Produce nothing: the step still happens (89-note-1)."""
    game = replace(game, action=replace(in_progress(game), step="end_of_action"))
    rules = ("89.5", "89-note-1")
    text = f"{game.player_name(game.active_player or '')} produces nothing"
    return game, (Event("produce", cite(text, rules), rules, {"units": []}),)


def _landings(game: Game, choice: dict[str, Any], count: int) -> list[str]:
    """The planet of each produced ground force, in production order (68.3).

    ``placement`` ({planet: count}) splits them between planets; ``planet``
    puts them all on one; without either they go on the first producer's.
    """
    system = game.active_system
    assert system is not None
    allowed = landing_planets(system, game.active_player or "")
    raw = choice.get("placement")
    if raw is None:
        raw = {choice.get("planet", allowed[0]): count} if count else {}
    if not isinstance(raw, dict) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in raw.values()
    ):
        raise refuse("Cannot place produced ground forces: give {planet: count}", "68.3")
    strangers = [str(name) for name in raw if name not in allowed]
    if strangers:
        raise refuse(
            f"Cannot place produced ground forces on {', '.join(strangers)}: they go on a planet "
            f"that contains a unit that used its Production ({', '.join(allowed)})",
            "68.3",
        )
    if sum(raw.values()) != count:
        raise refuse(
            f"Cannot place {sum(raw.values())} ground force(s): {count} are produced", "68.3"
        )
    return [str(name) for name, n in raw.items() for _ in range(n)]


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
            raise refuse(f"Cannot pay with {name}: it is already exhausted", "64.9", "75.2")
        result.append(owned[name])
    return result
