"""Producing units with Production abilities (LRR 67, 68): what a choice may build and where.

Shared by Step 5 of a tactical action (:mod:`engine.ti4.production`) and the
Warfare card's secondary (one space dock in the home system, 99.3). A
production uses some of the player's units with Production in one system
(``used``); their combined value is the most units it makes (68.1a), fighters
and infantry counting one each (68.1b, 67.2). The cards decide what can be
made: a unit without a cost cannot be produced (26.3), so a war sun needs the
War Sun technology unless the faction sheet prints its own (the Muaat's
Prototype War Sun); an Arborec space dock's Production cannot make infantry,
even beside other producers (68.1d, Mitosis). Ships cannot be produced where
another player has ships (67.6). Cost is paid by exhausting planets (75.2; an
exhausted one cannot be spent, 64.9) and spending trade goods (75.3).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from engine.core.choice import counted
from engine.core.events import refuse
from engine.core.state import Game, Planet, Player, System, Unit, next_unit_ids, with_planet
from engine.core.units import unit_type
from engine.ti4.abilities.derived import holds
from engine.ti4.abilities.faction_abilities import MITOSIS
from engine.ti4.excess import check_limits
from engine.ti4.factions import FACTIONS, grade_of
from engine.ti4.reinforcements import apply_reclaim, refuse_short, shortfall
from engine.ti4.technologies import TECHNOLOGIES
from engine.ti4.units import UNIT_TYPES

Producer = tuple[Planet, Unit]

__all__ = [
    "Producer",
    "cost_of",
    "landing_planets",
    "limit_of",
    "make",
    "paying",
    "producers",
    "unlocked",
]


def producers(system: System, player: str) -> tuple[Producer, ...]:
    """The player's units with Production in the system, each with its planet."""
    return tuple(
        (p, u)
        for p in system.planets
        for u in p.units
        if u.owner == player and u.spec.production is not None
    )


def limit_of(used: tuple[Producer, ...]) -> int:
    """The combined Production value of ``used`` (68.1a): planet resources + 2 per dock.

    A space dock II adds 4; a unit whose Production is its own number adds only that.
    """
    return sum(
        (p.resources if u.spec.production_adds_resources else 0) + (u.spec.production or 0)
        for p, u in used
    )


def cost_of(units: dict[str, int]) -> int:
    """Total cost: units that come two per cost are paid for in pairs (67.2)."""
    total = 0
    for name, count in units.items():
        spec = UNIT_TYPES[name]
        total += math.ceil(count / spec.per_cost) * (spec.cost or 0)
    return total


def paying(cost: int, ready: list[Planet]) -> list[str] | None:
    """Planets to exhaust for ``cost`` resources, richest first; ``None`` if they fall short."""
    paid: list[str] = []
    total = 0
    for planet in sorted(ready, key=lambda p: -p.resources):
        if total >= cost:
            break
        paid.append(planet.name)
        total += planet.resources
    return paid if total >= cost else None


def landing_planets(used: tuple[Producer, ...]) -> list[str]:
    """Where produced ground forces may go: planets holding a unit with Production (68.3)."""
    return list(dict.fromkeys(p.name for p, _ in used))


def unlocked(player: Player, name: str) -> bool:
    """Whether the player's sheets give unit ``name`` a cost (26.3).

    A unit some technology unlocks (the war sun) has none without it, unless the
    faction sheet prints that unit itself (the Muaat's Prototype War Sun I).
    """
    unlocking = [tech for tech in TECHNOLOGIES.values() if tech.unlocks == name]
    if not unlocking or any(holds(player, tech) for tech in unlocking):
        return True
    return player.faction is not None and name in FACTIONS[player.faction].units


def _dock_limited(player: Player, used: tuple[Producer, ...], name: str) -> int | None:
    """How many of ``name`` the non-dock producers may make, if the player's docks cannot
    (Mitosis: an Arborec space dock makes no infantry, 68.1d)."""
    if name != "infantry" or not holds(player, MITOSIS):
        return None
    return limit_of(tuple((p, u) for p, u in used if u.type != "space_dock"))


def check(
    game: Game,
    player: Player,
    system: System,
    used: tuple[Producer, ...],
    units: dict[str, int],
    where: str = "the active system",
) -> None:
    """Refuse ``units`` if ``used`` cannot produce them in ``system`` (the rules above);
    ``where`` names what produces in a refusal."""
    if not used:
        raise refuse("Cannot produce: none of your units there has Production", "68")
    for name in units:
        if not unlocked(player, name):
            label = UNIT_TYPES[name].label
            raise refuse(
                f"Cannot produce a {label}: {player.name} does not own its technology, and a "
                f"unit without a cost cannot be produced",
                "26.3",
            )
    count = sum(units.values())
    limit = limit_of(used)
    if count > limit:
        raise refuse(
            f"Cannot produce {count} units: your Production in {where} is {limit}",
            "68.1",
            "68.1.1",
            "68.1.2",
        )
    for name, made in units.items():
        most = _dock_limited(player, used, name)
        if most is not None and made > most:
            raise refuse(
                f"Cannot produce {counted(made, UNIT_TYPES[name].label.lower())}: "
                f"{player.name}'s space docks cannot produce {name} (Mitosis), and their other "
                f"units' Production is {most}",
                "68.1.4",
            )
    ships = {n: c for n, c in units.items() if UNIT_TYPES[n].is_ship}
    if ships and any(u.owner != player.id and u.spec.is_ship for u in system.space):
        raise refuse(f"Cannot produce ships: another player has ships in {system.name}", "67.6")


def read_units(raw: Any) -> dict[str, int]:
    """A choice's ``units`` ({type: count}) checked: known units with a cost, positive counts."""
    if not isinstance(raw, dict) or not raw:
        raise refuse("Cannot produce: give the units as {type: count}", "68.1")
    result: dict[str, int] = {}
    for name, count in raw.items():
        try:
            spec = unit_type(str(name), UNIT_TYPES)
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


def _pay(game: Game, player: Player, choice: dict[str, Any], cost: int) -> tuple[Game, list[str]]:
    raw = choice.get("pay", [])
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise refuse("Cannot pay: list the planets to exhaust by name", "67.1")
    goods = choice.get("trade_goods", 0)
    if (
        not isinstance(goods, int)
        or isinstance(goods, bool)
        or not 0 <= goods <= player.trade_goods
    ):
        raise refuse(f"Cannot spend {goods!r} trade goods: you have {player.trade_goods}", "75.3")
    owned = {p.name: (s, p) for s, p in game.planets_of(player.id)}
    paid = goods
    for name in dict.fromkeys(raw):
        if name not in owned:
            raise refuse(f"Cannot pay with {name}: you do not control it", "67.1.1")
        system, planet = owned[name]
        if planet.exhausted:
            raise refuse(f"Cannot pay with {name}: it is already exhausted", "64.9", "75.2")
        current = game.system(system.id)
        game = game.with_system(with_planet(current, replace(planet, exhausted=True)))
        paid += planet.resources
    if paid < cost:
        raise refuse(f"Cannot produce: the units cost {cost} and you pay only {paid}", "67.1")
    game = game.with_player(replace(game.player(player.id), trade_goods=player.trade_goods - goods))
    return game, [*dict.fromkeys(raw), *([f"{goods} trade goods"] if goods else [])]


def _landings(choice: dict[str, Any], allowed: list[str], count: int) -> list[str]:
    """The planet of each produced ground force, in production order (68.3).

    ``placement`` ({planet: count}) splits them between planets; ``planet``
    puts them all on one; without either they go on the first producer's.
    """
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


def make(
    game: Game,
    player_id: str,
    system_id: str,
    used: tuple[Producer, ...],
    choice: dict[str, Any],
    where: str = "the active system",
) -> tuple[Game, dict[str, Any]]:
    """Produce ``choice["units"]`` with ``used`` in the system: reclaim, check, pay, place.

    Returns the game and what happened: ``units`` (new ids), ``cost``, ``spent``
    (planets and trade goods) and ``reclaimed`` (units taken back first, 67.5.1).
    """
    units = read_units(choice.get("units"))
    game = apply_reclaim(game, player_id, choice.get("reclaim"), units)
    player = game.player(player_id)
    system = game.system(system_id)
    check(game, player, system, used, units, where)
    cost = cost_of(units)
    game, spent = _pay(game, player, choice, cost)
    landing = _landings(
        choice, landing_planets(used), sum(c for n, c in units.items() if not UNIT_TYPES[n].is_ship)
    )
    refuse_short(shortfall(game, player_id, system_id, units, landing), game, player_id)
    new_ships: list[Unit] = []
    new_ground: list[Unit] = []
    for name, count in units.items():
        ids = next_unit_ids(game, player_id, name, count)
        grade = grade_of(name, player.faction, player.upgrades)
        made = [Unit(i, name, player_id, grade=grade) for i in ids]
        (new_ships if UNIT_TYPES[name].is_ship else new_ground).extend(made)
        # Number later types after these: put them on the board type by type.
        current = game.system(system_id)
        if UNIT_TYPES[name].is_ship:
            game = game.with_system(replace(current, space=current.space + tuple(made)))
    for unit, planet_name in zip(new_ground, landing, strict=True):
        current = game.system(system_id)
        planet = current.planet(planet_name)
        game = game.with_system(with_planet(current, replace(planet, units=(*planet.units, unit))))
    if new_ships:
        game = check_limits(game, system_id, player_id, "68.2")
    reclaimed = [str(u) for u in dict.fromkeys(choice.get("reclaim") or [])]
    return game, {
        "units": [u.id for u in new_ships + new_ground],
        "cost": cost,
        "spent": spent,
        "reclaimed": reclaimed,
        "pairs": any(UNIT_TYPES[n].per_cost > 1 for n in units),
    }
