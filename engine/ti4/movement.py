"""Step 2 of a tactical action – Movement: moving ships and transporting (LRR 89.2).

Wiki items cited: ``movement-step-1-move-ships-1`` … ``-8`` (the Move Ships
paragraph, its six bullets and its closing transport paragraph),
``movement-transport-1`` … ``-3`` (the Transport paragraphs) and
``movement-faq-1`` (fighters block movement).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.events import Event, IllegalChoice, refuse
from engine.core.galaxy import adjacent
from engine.core.state import Game, System, Unit, remove_units, ships_of
from engine.ti4 import anomalies, offers
from engine.ti4.abilities import Moment
from engine.ti4.excess import check_limits
from engine.ti4.paths import blocking, legal_paths, route
from engine.ti4.records import so_far, tactical_of

MOVE = "movement-step-1-move-ships-"
TRANSPORT = "movement-transport-"


def _pickup_systems(start: str, path: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys((start, *path)))


def carry_candidates(
    game: Game, player: str, start: str, path: tuple[str, ...]
) -> tuple[Unit, ...]:
    """Fighters and ground forces the ship may pick up along ``path`` (movement-transport-2)."""
    active = so_far(game).active_system
    moved = set(so_far(game).moved)
    result: list[Unit] = []
    for system_id in _pickup_systems(start, path):
        system = game.system(system_id)
        if player in system.tokens and system_id != active:
            continue
        pool = system.space + tuple(u for p in system.planets for u in p.units)
        result.extend(
            u
            for u in pool
            if u.owner == player
            and (u.type == "fighter" or u.spec.is_ground_force)
            and u.id not in moved
        )
    return tuple(result)


def movable_ships(game: Game) -> tuple[tuple[Unit, System], ...]:
    """The active player's ships that may still move this action, with where they are."""
    player = game.active_player or ""
    result = []
    for system in game.systems:
        for unit in ships_of(system.space, player):
            if _cannot_move(game, unit, system) is None:
                result.append((unit, system))
    return tuple(result)


def _cannot_move(game: Game, unit: Unit, system: System) -> IllegalChoice | None:
    tactical = tactical_of(game)
    assert tactical is not None
    label = unit.label
    if unit.spec.move is None:
        return refuse(
            f"Cannot move: {label} has no move value; it moves only when transported",
            "89.2",
            "89.2.1",
            f"{TRANSPORT}1",
        )
    if unit.id in tactical.moved:
        return refuse(f"Cannot move: {label} already moved during this tactical action", "89.2")
    if system.id == tactical.active_system:
        return refuse(
            f"Cannot move: {label} is already in the active system, which holds your command token",
            "89.2",
        )
    if unit.owner in system.tokens:
        return refuse(
            f"Cannot move: {label} starts in a system holding your command token",
            "89.2",
            f"{MOVE}4",
        )
    return None


def choices(game: Game) -> list[dict[str, Any]]:
    """One ``move`` choice per movable ship and legal path, plus ``end_movement``."""
    player = game.active_player or ""
    result = []
    for unit, system in movable_ships(game):
        move = anomalies.start_move(game, unit, system)
        for path in legal_paths(game, system.id, move, player):
            candidates = [
                u.id for u in carry_candidates(game, player, system.id, path) if u.id != unit.id
            ]
            rules, note = anomalies.move_rules(game, unit, system, path)
            result.append(
                make_choice(
                    "move",
                    f"Move {unit.id} {route(game, system.id, path)}{note}",
                    ("89.2", f"{MOVE}1", f"{MOVE}2", f"{MOVE}7", *rules),
                    unit=unit.id,
                    path=list(path),
                    carry=[],
                    carry_candidates=candidates if unit.spec.capacity else [],
                    capacity=unit.spec.capacity,
                )
            )
    moved_any = bool(so_far(game).moved)
    label = "Finish moving ships" if moved_any else "Move no ships"
    result.append(make_choice("end_movement", label, ("89.2", "89.2.2")))
    return result


def apply_move(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Move one ship along a path into the active system, transporting units."""
    tactical = tactical_of(game)
    assert tactical is not None and tactical.active_system is not None
    player = game.active_player or ""
    unit_id = str(choice.get("unit"))
    try:
        start, planet, unit = game.locate(unit_id)
    except KeyError:
        raise refuse(f"Cannot move {unit_id!r}: there is no such unit", "89.2") from None
    if unit.owner != player:
        raise refuse(f"Cannot move {unit.id}: it belongs to another player", "89.2")
    if planet is not None or not unit.spec.is_ship:
        raise refuse(
            f"Cannot move: {unit.label} is not a ship; it moves only when transported",
            "89.2",
            "89.2.1",
            f"{TRANSPORT}1",
        )
    problem = _cannot_move(game, unit, start)
    if problem is not None:
        raise problem
    path = _check_path(game, unit, start, choice.get("path"), player)
    carried = _check_carry(game, unit, start, path, choice.get("carry", []), player)
    origins = {u.id: game.locate(u.id)[0].id for u in carried}
    moving = (unit, *carried)
    rules = [
        "89.2",
        f"{MOVE}1",
        f"{MOVE}2",
        f"{MOVE}7",
        *anomalies.move_rules(game, unit, start, path)[0],
    ]
    extras = []
    if any(player in game.system(s).tokens and s != tactical.active_system for s in path[:-1]):
        rules.append(f"{MOVE}5")
        extras.append("through a system holding its own command token")
    if tactical.active_system in path[:-1]:
        rules.append(f"{MOVE}6")
        extras.append("out of the active system and back")
    how = f" ({'; '.join(extras)})" if extras else ""
    events = [
        Event(
            "move",
            cite(
                f"{game.player_name(player)} moves {unit.id} {route(game, start.id, path)}{how}",
                tuple(rules),
            ),
            tuple(rules),
            {"unit": unit.id, "from": start.id, "path": list(path)},
        )
    ]
    # Each gravity rift left on the way rolls a die before the ship exits it (41.2).
    game, rolled, survived = anomalies.rift_rolls(game, unit, start.id, path, origins)
    events.extend(rolled)
    # What the ship leaves behind is checked when Move Ships ends (58.6).
    left = tuple(dict.fromkeys((*tactical.left, *_pickup_systems(start.id, path))))
    active_id = tactical.active_system
    tactical = replace(tactical, left=left)
    if not survived:
        lost = rolled[-1].data["removed"]
        game = replace(game, action=replace(tactical, moved=tactical.moved + tuple(lost)))
        return game, tuple(events)
    game = remove_units(game, {u.id for u in moving})
    active = game.system(active_id)
    game = game.with_system(replace(active, space=active.space + moving))
    game = replace(
        game, action=replace(tactical, moved=tactical.moved + tuple(u.id for u in moving))
    )
    if carried:
        t_rules = ("89.2.1", f"{MOVE}8", f"{TRANSPORT}1", f"{TRANSPORT}2", f"{TRANSPORT}3")
        events.append(
            Event(
                "transport",
                cite(
                    f"{unit.id} transports {', '.join(u.id for u in carried)}; they stay in the "
                    f"space area of {active.name} until the Invasion step",
                    t_rules,
                ),
                t_rules,
                {"unit": unit.id, "carried": [u.id for u in carried]},
            )
        )
    return game, tuple(events)


def _check_path(game: Game, unit: Unit, start: System, raw: Any, player: str) -> tuple[str, ...]:
    active = so_far(game).active_system
    if not isinstance(raw, list) or not raw or not all(isinstance(s, str) for s in raw):
        raise refuse(
            "Cannot move: give the path as the list of systems entered, ending in the active "
            "system",
            f"{MOVE}7",
        )
    path = tuple(raw)
    for system_id in path:
        try:
            game.system(system_id)
        except KeyError:
            raise refuse(f"Cannot move: there is no system {system_id!r}", f"{MOVE}7") from None
    previous = start.id
    for system_id in path:
        if not adjacent(game, previous, system_id):
            raise refuse(
                f"Cannot move: {game.system(system_id).name} is not adjacent to "
                f"{game.system(previous).name}",
                f"{MOVE}7",
            )
        previous = system_id
    move = anomalies.move_value(game, unit, start, path)
    if len(path) > move:
        rules = ["89.2", f"{MOVE}7"]
        why = ""
        if anomalies.start_move(game, unit, start) < (unit.spec.move or 0):
            rules.append("59.2")
            why = ", as it begins the Movement step in a nebula"
        if anomalies.rift_exits(game, start.id, path):
            rules.append("41.1")
            why += ", counting +1 for each gravity rift it moves out of"
        raise refuse(
            f"Cannot move: {unit.label} would enter {len(path)} systems but its move value "
            f"is {move}{why}",
            *rules,
        )
    if path[-1] != active:
        raise refuse(
            f"Cannot move: {unit.label} must end its movement in the active system", f"{MOVE}2"
        )
    problem = anomalies.path_problem(game, path, active, player)
    if problem is not None:
        raise problem
    for system_id in path[:-1]:
        blockers = blocking(game.system(system_id), player)
        if blockers:
            rules = [f"{MOVE}3"]
            if all(b.type == "fighter" for b in blockers):
                rules.append("movement-faq-1")
            owner = game.player_name(blockers[0].owner)
            raise refuse(
                f"Cannot move through {game.system(system_id).name}: it contains {owner}’s ships",
                *rules,
            )
    return path


def _check_carry(
    game: Game, ship: Unit, start: System, path: tuple[str, ...], raw: Any, player: str
) -> tuple[Unit, ...]:
    if raw is None:
        raw = []
    if not isinstance(raw, list) or not all(isinstance(u, str) for u in raw):
        raise refuse("Cannot transport: list the unit ids to carry", "89.2.1")
    if not raw:
        return ()
    capacity = ship.spec.capacity
    if capacity == 0:
        raise refuse(
            f"Cannot transport: {ship.label} has no capacity", "89.2.1", f"{MOVE}8", f"{TRANSPORT}1"
        )
    if len(set(raw)) != len(raw):
        raise refuse("Cannot transport the same unit twice", f"{TRANSPORT}1")
    if len(raw) > capacity:
        raise refuse(
            f"Cannot transport {len(raw)} units: {ship.label} has capacity {capacity}",
            "89.2.1",
            f"{TRANSPORT}1",
        )
    allowed = {u.id: u for u in carry_candidates(game, player, start.id, path)}
    active = so_far(game).active_system
    carried = []
    for unit_id in raw:
        if unit_id in allowed:
            carried.append(allowed[unit_id])
            continue
        try:
            where, _, unit = game.locate(unit_id)
        except KeyError:
            raise refuse(
                f"Cannot transport {unit_id!r}: there is no such unit", f"{TRANSPORT}1"
            ) from None
        if unit.owner != player or not (unit.type == "fighter" or unit.spec.is_ground_force):
            raise refuse(
                f"Cannot transport {unit.id}: a ship transports only your fighters and ground "
                f"forces",
                "89.2.1",
                f"{TRANSPORT}1",
            )
        if (
            where.id in _pickup_systems(start.id, path)
            and player in where.tokens
            and where.id != active
        ):
            raise refuse(
                f"Cannot transport {unit.id}: {where.name} holds your command token and is not "
                f"the active system",
                f"{TRANSPORT}2",
            )
        if unit.id in so_far(game).moved:
            raise refuse(
                f"Cannot transport {unit.id}: it already moved this action", f"{TRANSPORT}2"
            )
        raise refuse(
            f"Cannot transport {unit.id}: it is not in the start system, a system moved "
            f"through or the active system",
            f"{TRANSPORT}2",
        )
    return tuple(carried)


def apply_end(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """End the Move Ships step; capacity and fleet pool are checked where the player has ships.

    The moving ships leave and arrive together (58.6), so what they leave behind is
    checked now, not after each ship: a carrier may leave fighters that a second
    carrier then picks up, or that fly on as Fighter IIs. The active system is checked
    first, then each system a ship started in or moved through (16.3, 37.3).
    """
    tactical = tactical_of(game)
    assert tactical is not None and tactical.active_system is not None
    player = game.active_player or ""
    name = game.player_name(player)
    if tactical.moved:
        rules: tuple[str, ...] = ("89.2",)
        text = f"{name} finishes moving ships"
    else:
        rules = ("89.2.2",)
        text = f"{name} chooses not to move any ships"
    game = check_limits(game, tactical.active_system, player)
    for system_id in tactical.left:
        if system_id != tactical.active_system:
            game = check_limits(game, system_id, player)
    game = replace(game, action=replace(tactical, step="space_cannon_offense"))
    # What acts on the units in the active system once they are there (Quietus), before
    # space cannon offense.
    uses = [offers.use_for(game, p) for p in game.seating_from(player)]
    game = offers.queue(game, Moment.ARRIVAL, uses)
    return game, (Event("end_movement", cite(text, rules), rules),)
