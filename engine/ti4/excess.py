"""Capacity and fleet pool: counting them, and the player's choice of what to remove when over.

Fighters and ground forces in a space area must fit the capacity of their
owner's ships there (16.2, 16.3), plus up to three fighters per space dock in
the system (the Space Dock unit card: "up to 3 fighters in this system do
not count against your ships' capacity"; the card's text, not the LRR's); non-fighter
ships in a system must not outnumber the fleet pool's tokens (37.1, 37.3).
Both hold at any time outside combat (16.3c exempts only combat), so the
check is queued on the game whenever a limit can be broken: a ship leaves
cargo behind, the end of movement, space cannon offense destroys a carrier,
the end of a combat, a retreat's destination, units produced past a limit.
Play waits until the owner chooses which units go with ``remove_excess``
(16.3a, 37.3). The fleet pool is checked before capacity, since removing a
ship can lower capacity.

A retreat (78.7.2) is the third limit: the retreating ships take fighters
and ground forces from the active system only up to their own capacity; the
owner chooses which of the rest are removed before the ships leave.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, counted, make_choice
from engine.core.events import Event, IllegalChoice, refuse
from engine.core.state import Game, PendingRemoval, System, Unit, remove_units, ships_of
from engine.core.units import UNIT_TYPES

CAPACITY_RULES = ("16.3", "16.3.1")
FLEET_POOL_RULES = ("37.1", "37.3")
RETREAT_RULES = ("78.7.2",)


def capacity_in_space(system: System, player: str) -> int:
    """The combined capacity of ``player``'s ships in the system's space area (16.2)."""
    return sum(u.spec.capacity for u in ships_of(system.space, player))


def dock_fighter_slots(system: System, player: str) -> int:
    """Fighters the player's space docks in the system hold without using ship capacity."""
    return sum(
        UNIT_TYPES["space_dock"].capacity
        for p in system.planets
        for u in p.units
        if u.owner == player and u.type == "space_dock"
    )


def cargo(system: System, player: str) -> tuple[Unit, ...]:
    """The player's fighters and ground forces in the space area: what capacity must hold."""
    return tuple(
        u
        for u in system.space
        if u.owner == player and (u.type == "fighter" or u.spec.is_ground_force)
    )


def capacity_excess(system: System, player: str) -> int:
    """How many of the player's fighters and ground forces in space exceed capacity."""
    units = cargo(system, player)
    fighters = sum(1 for u in units if u.type == "fighter")
    needing_ships = max(fighters - dock_fighter_slots(system, player), 0)
    needing_ships += len(units) - fighters
    return max(needing_ships - capacity_in_space(system, player), 0)


def fleet_pool_ships(system: System, player: str) -> tuple[Unit, ...]:
    """The player's ships in the system that count against the fleet pool (not fighters)."""
    return tuple(u for u in ships_of(system.space, player) if u.type != "fighter")


def fleet_pool_excess(game: Game, system: System, player: str) -> int:
    """How many of the player's non-fighter ships in the system exceed the fleet pool."""
    return max(len(fleet_pool_ships(system, player)) - game.player(player).fleet, 0)


def retreating_ships(system: System, player: str) -> tuple[Unit, ...]:
    """The player's ships that retreat: those with a move value (78.7.2)."""
    return tuple(u for u in ships_of(system.space, player) if u.spec.move is not None)


def retreat_excess(system: System, player: str) -> int:
    """How many fighters and ground forces the retreating ships cannot transport (78.7.2)."""
    room = sum(u.spec.capacity for u in retreating_ships(system, player))
    return max(len(cargo(system, player)) - room, 0)


def check_retreat(game: Game, system_id: str, player: str) -> Game:
    """Queue the choice of which units the retreating ships leave behind to be removed."""
    check = PendingRemoval(player, system_id, "retreat", ())
    return replace(game, removals=(*game.removals, check))


def check_limits(game: Game, system_id: str, player: str, *rules: str) -> Game:
    """Queue the fleet pool and capacity checks of ``player`` in a system, fleet pool first.

    ``rules`` cite the moment of the check (``"78.10.1"`` at the end of a combat).
    """
    checks = tuple(
        PendingRemoval(player, system_id, limit, rules) for limit in ("fleet_pool", "capacity")
    )
    return replace(game, removals=game.removals + checks)


def _excess(game: Game, removal: PendingRemoval) -> int:
    system = game.system(removal.system)
    if removal.limit == "fleet_pool":
        return fleet_pool_excess(game, system, removal.player)
    if removal.limit == "retreat":
        return retreat_excess(system, removal.player)
    return capacity_excess(system, removal.player)


def settle(game: Game) -> Game:
    """Drop queued checks that are within their limit, up to the first one that is over."""
    removals = game.removals
    while removals and _excess(game, removals[0]) == 0:
        removals = removals[1:]
    return game if removals == game.removals else replace(game, removals=removals)


def _rules(removal: PendingRemoval) -> tuple[str, ...]:
    own = {"fleet_pool": FLEET_POOL_RULES, "retreat": RETREAT_RULES}.get(
        removal.limit, CAPACITY_RULES
    )
    return (*removal.rules, *own)


def _candidates(game: Game, removal: PendingRemoval) -> tuple[Unit, ...]:
    system = game.system(removal.system)
    if removal.limit == "fleet_pool":
        return fleet_pool_ships(system, removal.player)
    return cargo(system, removal.player)


def _suggested(game: Game, removal: PendingRemoval, count: int) -> tuple[Unit, ...]:
    """The removal offered first: the cheapest ships, or fighters before ground forces.

    Ground forces left in space are usually the ones the player means to land;
    fighters a space dock holds do not count against capacity, so only the
    fighters beyond its slots are worth removing.
    """
    units = _candidates(game, removal)
    if removal.limit == "fleet_pool":
        return tuple(sorted(units, key=lambda u: (u.spec.cost or 0, u.id))[:count])
    system = game.system(removal.system)
    fighters = [u for u in units if u.type == "fighter"]
    # A space dock holds fighters in place, not ones its owner's ships carry away.
    slots = 0 if removal.limit == "retreat" else dock_fighter_slots(system, removal.player)
    spare = max(len(fighters) - slots, 0)
    ground = [u for u in units if u.type != "fighter"]
    return tuple((fighters[:spare] + ground)[:count])


def _what(removal: PendingRemoval) -> str:
    if removal.limit == "fleet_pool":
        return "non-fighter ships than fleet pool tokens"
    if removal.limit == "retreat":
        return "fighters and ground forces in space than the retreating ships can transport"
    return "fighters and ground forces in space than capacity"


def step_title(game: Game) -> tuple[str, tuple[str, ...]]:
    """What the page's step heading says while a player must remove units, and its rules.

    The step under way (Space Cannon Offense, say) is not what decides the removal.
    """
    removal = game.removals[0]
    limit = "fleet pool" if removal.limit == "fleet_pool" else "capacity"
    return f"Remove units over the {limit}", _rules(removal)


def choices(game: Game) -> list[dict[str, Any]]:
    """The choice of which units to remove for the first limit that is over."""
    removal = game.removals[0]
    count = _excess(game, removal)
    chosen = [u.id for u in _suggested(game, removal, count)]
    name = game.player_name(removal.player)
    where = game.system(removal.system).name
    return [
        make_choice(
            "remove_excess",
            f"{name}: remove {', '.join(chosen)} ({count} more {_what(removal)} in {where})",
            _rules(removal),
            player=removal.player,
            system=removal.system,
            units=chosen,
            count=count,
            candidates=[u.id for u in _candidates(game, removal)],
        )
    ]


def waiting(game: Game, kind: str) -> IllegalChoice:
    """The refusal of any other choice while a player must remove units."""
    removal = game.removals[0]
    return refuse(
        f"Cannot {kind} now: {game.player_name(removal.player)} must first remove "
        f"{counted(_excess(game, removal), 'unit')}, having more {_what(removal)} in "
        f"{game.system(removal.system).name}",
        *_rules(removal),
    )


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Remove the units the player chose to bring the first limit that is over back within it."""
    removal = game.removals[0]
    rules = _rules(removal)
    name = game.player_name(removal.player)
    system = game.system(removal.system)
    count = _excess(game, removal)
    if choice.get("player", removal.player) != removal.player:
        raise refuse(
            f"{name} chooses which of their units in {system.name} to remove, no one else", *rules
        )
    raw = choice.get("units")
    if not isinstance(raw, list) or not all(isinstance(u, str) for u in raw):
        raise refuse("Cannot remove units: list the unit ids to remove", *rules)
    candidates = {u.id: u for u in _candidates(game, removal)}
    strangers = [u for u in raw if u not in candidates]
    if strangers:
        kind = "non-fighter ships" if removal.limit == "fleet_pool" else "fighters or ground forces"
        raise refuse(
            f"Cannot remove {', '.join(strangers)}: only {name}’s {kind} in the space area of "
            f"{system.name} count against this limit",
            *rules,
        )
    chosen = list(dict.fromkeys(raw))
    if len(chosen) != count:
        raise refuse(
            f"Cannot remove {counted(len(chosen), 'unit')}: {name} has exactly {count} more "
            f"{_what(removal)} in {system.name}",
            *rules,
        )
    after = remove_units(game, set(chosen))
    if _excess(after, removal):
        raise refuse(
            f"Cannot remove {', '.join(chosen)}: {name} would still have more {_what(removal)} "
            f"in {system.name}; space dock room holds only fighters",
            *rules,
        )
    after = replace(after, removals=game.removals[1:])
    text = f"{name} has more {_what(removal)} in {system.name} and removes {', '.join(chosen)}"
    return after, (Event("removed", cite(text, rules), rules, {"units": chosen}),)
