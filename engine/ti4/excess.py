"""Capacity and fleet pool: counting them, and the player's choice of what to remove when over.

Fighters and ground forces in a space area must fit the capacity of their
owner's ships there (16.2, 16.3), plus up to three fighters per space dock in
the system (the Space Dock unit card: "up to 3 fighters in this system do
not count against your ships' capacity"; the card's text, not the LRR's); non-fighter
ships in a system must not outnumber the fleet pool's tokens (37.1, 37.3).
Both hold at any time outside combat (16.3c exempts only combat), so the
check is queued on the game whenever a limit can be broken: the end of Move
Ships (the active system and every system a moving ship left: the ships move
together, 58.6), space cannon offense destroys a carrier, the end of a
combat, a retreat's destination, units produced past a limit.
Play waits until the owner chooses which units go with ``remove_excess``
(16.3a, 37.3). The fleet pool is checked before capacity, since removing a
ship can lower capacity.

A retreat (78.7.2) is the third limit: the retreating ships take fighters
and ground forces from the active system only up to their own capacity; the
owner chooses which of the rest are removed before the ships leave.

Fighter II (the Advanced Fighters card, and the Naalu's Hybrid Crystal
Fighter II): "this unit may move without being transported" and fighters in
excess of the ships' capacity count against the fleet pool instead of being
removed; a Hybrid Crystal Fighter II counts as half a ship. The card takes
precedence over 37.1 and 76.2.1 (1.2). Space docks hold fighters that need a
ship first, ground forces then take the ships' capacity (they have nowhere
else to go), the fighters that moves itself take what is left and the rest
count against the fleet pool; in a retreat they move themselves (78.7.2).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, counted, make_choice
from engine.core.events import Event, IllegalChoice, refuse
from engine.core.state import Game, PendingRemoval, System, Unit, remove_units, ships_of

CAPACITY_RULES = ("16.3", "16.3.1")
FLEET_POOL_RULES = ("37.1", "37.3")
RETREAT_RULES = ("78.7.2",)
# The Fighter II card overrides "fleet pool counts non-fighter ships" (1.2 over 37.1, 76.2.1).
FIGHTER_II_RULES = ("1.2", "37.1.1", "76.2.1")


def moves_itself(unit: Unit) -> bool:
    """Whether a fighter has a move value: Fighter II moves without being transported."""
    return unit.type == "fighter" and unit.spec.move is not None


def _halves(unit: Unit) -> int:
    """How many half ships a Fighter II beyond capacity counts as against the fleet pool.

    Hybrid Crystal Fighter II (Naalu): "counts as 1/2 of a ship"; Fighter II: 1 ship.
    """
    return 1 if unit.grade.split()[:1] == ["naalu"] else 2


def capacity_in_space(system: System, player: str) -> int:
    """The combined capacity of ``player``'s ships in the system's space area (16.2)."""
    return sum(u.spec.capacity for u in ships_of(system.space, player))


def dock_fighter_slots(system: System, player: str) -> int:
    """Fighters the player's space docks in the system hold without using ship capacity.

    3 per Space Dock I or II; 6 per Dimensional Tear I, 12 per II (the Vuil'raith cards).
    """
    return sum(
        u.spec.capacity
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


def _beyond(system: System, player: str) -> tuple[int, int]:
    """(Fighter IIs beyond capacity, other fighters and ground forces beyond capacity).

    Docks hold the fighters that need a ship first, ground forces take the ships'
    capacity next, Fighter IIs what is left; the Fighter IIs beyond it count against
    the fleet pool, any other unit beyond it is excess (16.3).
    """
    units = cargo(system, player)
    free = sum(1 for u in units if moves_itself(u))
    plain = sum(1 for u in units if u.type == "fighter") - free
    ground = len(units) - free - plain
    slots = dock_fighter_slots(system, player)
    plain_left = max(plain - slots, 0)
    free_left = max(free - max(slots - plain, 0), 0)
    over = max(ground + plain_left + free_left - capacity_in_space(system, player), 0)
    flying = min(over, free_left)
    return flying, over - flying


def capacity_excess(system: System, player: str) -> int:
    """How many of the player's fighters and ground forces in space exceed capacity (16.3).

    Fighter IIs beyond capacity are not among them: they count against the fleet pool.
    """
    return _beyond(system, player)[1]


def fleet_pool_ships(system: System, player: str) -> tuple[Unit, ...]:
    """The player's ships in the system that count against the fleet pool (not fighters)."""
    return tuple(u for u in ships_of(system.space, player) if u.type != "fighter")


def free_fighters(system: System, player: str) -> tuple[Unit, ...]:
    """The player's Fighter IIs in the system's space area."""
    return tuple(u for u in system.space if u.owner == player and moves_itself(u))


def fighters_over_capacity(system: System, player: str) -> int:
    """How many of the player's Fighter IIs in the system count against the fleet pool."""
    return _beyond(system, player)[0]


def _fleet_removal(game: Game, system: System, player: str) -> tuple[Unit, ...]:
    """The fewest units whose removal brings the system within the player's fleet pool.

    Non-fighter ships count 1 each, Fighter IIs beyond capacity 1 (or ½) each
    (37.1, 37.3, the Fighter II card). Removing a ship with capacity can push
    more Fighter IIs beyond it, so the ships tried first are those that hold least.
    """
    limit = 2 * game.player(player).fleet
    ships = sorted(
        fleet_pool_ships(system, player), key=lambda u: (u.spec.capacity, u.spec.cost or 0, u.id)
    )
    fighters = free_fighters(system, player)
    halves = _halves(fighters[0]) if fighters else 2
    best: tuple[Unit, ...] | None = None
    for k in range(len(ships) + 1):
        kept = 2 * (len(ships) - k)
        if kept > limit:
            continue
        gone = {u.id for u in ships[:k]}
        after = replace(system, space=tuple(u for u in system.space if u.id not in gone))
        over = kept + halves * fighters_over_capacity(after, player) - limit
        count = -(-max(over, 0) // halves)
        removal = (*ships[:k], *fighters[len(fighters) - count :][:count])
        if best is None or len(removal) < len(best):
            best = removal
    return best or ()


def fleet_pool_excess(game: Game, system: System, player: str) -> int:
    """How many of the player's ships in the system must go for the fleet pool (37.3).

    Non-fighter ships count, and Fighter IIs beyond capacity (the Fighter II card).
    """
    return len(_fleet_removal(game, system, player))


def retreating_ships(system: System, player: str) -> tuple[Unit, ...]:
    """The player's ships that retreat: those with a move value (78.7.2)."""
    return tuple(u for u in ships_of(system.space, player) if u.spec.move is not None)


def needing_transport(system: System, player: str) -> tuple[Unit, ...]:
    """The player's fighters and ground forces in space that move only when transported.

    A Fighter II moves itself; it retreats as a ship (78.7.2).
    """
    return tuple(u for u in cargo(system, player) if not moves_itself(u))


def retreat_excess(system: System, player: str) -> int:
    """How many fighters and ground forces the retreating ships cannot transport (78.7.2)."""
    room = sum(u.spec.capacity for u in retreating_ships(system, player))
    return max(len(needing_transport(system, player)) - room, 0)


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


def _flying(game: Game, removal: PendingRemoval) -> bool:
    """Whether Fighter IIs beyond capacity are part of a fleet pool removal."""
    system = game.system(removal.system)
    return removal.limit == "fleet_pool" and fighters_over_capacity(system, removal.player) > 0


def _rules(game: Game, removal: PendingRemoval) -> tuple[str, ...]:
    own = {"fleet_pool": FLEET_POOL_RULES, "retreat": RETREAT_RULES}.get(
        removal.limit, CAPACITY_RULES
    )
    card = FIGHTER_II_RULES if _flying(game, removal) else ()
    return (*removal.rules, *own, *card)


def _candidates(game: Game, removal: PendingRemoval) -> tuple[Unit, ...]:
    system = game.system(removal.system)
    if removal.limit == "fleet_pool":
        fighters = free_fighters(system, removal.player) if _flying(game, removal) else ()
        return (*fleet_pool_ships(system, removal.player), *fighters)
    return needing_transport(system, removal.player)


def _suggested(game: Game, removal: PendingRemoval, count: int) -> tuple[Unit, ...]:
    """The removal offered first: the fewest ships, or fighters before ground forces.

    Ground forces left in space are usually the ones the player means to land;
    fighters a space dock holds do not count against capacity, so only the
    fighters beyond its slots are worth removing.
    """
    system = game.system(removal.system)
    if removal.limit == "fleet_pool":
        return _fleet_removal(game, system, removal.player)
    units = _candidates(game, removal)
    fighters = [u for u in units if u.type == "fighter"]
    # A space dock holds fighters in place, not ones its owner's ships carry away.
    slots = 0 if removal.limit == "retreat" else dock_fighter_slots(system, removal.player)
    spare = max(len(fighters) - slots, 0)
    ground = [u for u in units if u.type != "fighter"]
    return tuple((fighters[:spare] + ground)[:count])


def _what(game: Game, removal: PendingRemoval) -> str:
    if _flying(game, removal):
        return "non-fighter ships and Fighter IIs beyond capacity than fleet pool tokens"
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
    return f"Remove units over the {limit}", _rules(game, removal)


def _half_ships(game: Game, removal: PendingRemoval) -> bool:
    """Whether half-ship fighters (Hybrid Crystal Fighter II) count against this fleet pool.

    Then two fighters may go instead of one ship (37.3 with the card): the player
    removes any units that bring the system within the limit, none of them spare.
    """
    fighters = free_fighters(game.system(removal.system), removal.player)
    return _flying(game, removal) and bool(fighters) and _halves(fighters[0]) == 1


def _fighters_only(game: Game, removal: PendingRemoval) -> tuple[Unit, ...]:
    """The fewest half-ship fighters whose removal alone brings the fleet pool within limit."""
    fighters = free_fighters(game.system(removal.system), removal.player)
    for k in range(1, len(fighters) + 1):
        gone = fighters[len(fighters) - k :]
        if not _excess(remove_units(game, {u.id for u in gone}), removal):
            return gone
    return ()


def choices(game: Game) -> list[dict[str, Any]]:
    """The choice of which units to remove for the first limit that is over.

    With half-ship fighters over a fleet pool, removing fighters only is offered too.
    """
    removal = game.removals[0]
    count = _excess(game, removal)
    offers = [[u.id for u in _suggested(game, removal, count)]]
    if _half_ships(game, removal):
        fighters = [u.id for u in _fighters_only(game, removal)]
        if fighters and fighters != offers[0]:
            offers.append(fighters)
    name = game.player_name(removal.player)
    where = game.system(removal.system).name
    return [
        make_choice(
            "remove_excess",
            f"{name}: remove {', '.join(chosen)} ({count} more {_what(game, removal)} in {where})",
            _rules(game, removal),
            player=removal.player,
            system=removal.system,
            units=chosen,
            count=count,
            candidates=[u.id for u in _candidates(game, removal)],
        )
        for chosen in offers
    ]


def waiting(game: Game, kind: str) -> IllegalChoice:
    """The refusal of any other choice while a player must remove units."""
    removal = game.removals[0]
    return refuse(
        f"Cannot {kind} now: {game.player_name(removal.player)} must first remove "
        f"{counted(_excess(game, removal), 'unit')}, having more {_what(game, removal)} in "
        f"{game.system(removal.system).name}",
        *_rules(game, removal),
    )


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Remove the units the player chose to bring the first limit that is over back within it."""
    removal = game.removals[0]
    rules = _rules(game, removal)
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
        if _flying(game, removal):
            kind = "non-fighter ships and Fighter IIs"
        raise refuse(
            f"Cannot remove {', '.join(strangers)}: only {name}’s {kind} in the space area of "
            f"{system.name} count against this limit",
            *rules,
        )
    chosen = list(dict.fromkeys(raw))
    halves = _half_ships(game, removal)
    if len(chosen) != count and not (halves and len(chosen) > count):
        raise refuse(
            f"Cannot remove {counted(len(chosen), 'unit')}: {name} has exactly {count} more "
            f"{_what(game, removal)} in {system.name}",
            *rules,
        )
    after = remove_units(game, set(chosen))
    if _excess(after, removal):
        why = "space dock room holds only fighters"
        if removal.limit == "fleet_pool":
            why = "a ship's capacity removed leaves more Fighter IIs beyond capacity"
        raise refuse(
            f"Cannot remove {', '.join(chosen)}: {name} would still have more "
            f"{_what(game, removal)} in {system.name}; {why}",
            *rules,
        )
    spare = [
        u for u in chosen if halves and not _excess(remove_units(game, set(chosen) - {u}), removal)
    ]
    if spare:
        raise refuse(
            f"Cannot remove {', '.join(chosen)}: {spare[0]} need not go; {name} removes only "
            f"the excess, two half-ship fighters counting as one ship",
            *rules,
        )
    after = replace(after, removals=game.removals[1:])
    text = (
        f"{name} has more {_what(game, removal)} in {system.name} and removes {', '.join(chosen)}"
    )
    return after, (Event("removed", cite(text, rules), rules, {"units": chosen}),)
