"""Moving ships into the activated system (or between a transfer's two), and probing.

A tactical action moves ships only into the activated system, only from
systems the active player has not activated, never through a system holding
enemy ships, and no more ships than the Fleet Supply. A transfer moves units
between its two systems by the same rules. Fighters, ground forces and PDS
ride in a ship's capacity, picked up in the ship's starting system.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.events import Event, refuse
from engine.core.galaxy import neighbours
from engine.core.state import Game, Unit, remove_units
from engine.ti3 import anchors
from engine.ti3.board import (
    action,
    activated_by,
    active,
    enemies_with_ships,
    spec,
    with_action,
)
from engine.ti3.units import counts_for_fleet_supply, is_transported


def _rules(game: Game) -> tuple[str, ...]:
    if action(game).action == "transfer":
        return (anchors.TRANSFER_MOVE,)
    return (anchors.MOVE, anchors.MOVE_LIMITS)


def path(
    game: Game, start: str, goal: str, reach: int, player: str | None
) -> tuple[str, ...] | None:
    """The shortest path (systems entered) within ``reach`` passing no ships enemy to ``player``.

    ``player`` ``None`` finds a path in range whatever it passes.
    """
    frontier: deque[tuple[str, tuple[str, ...]]] = deque([(start, ())])
    seen = {start}
    while frontier:
        here, route = frontier.popleft()
        if here == goal:
            return tuple(route)
        if len(route) == reach:
            continue
        # Enemy territory may be entered only as the destination, never passed through.
        if route and player is not None and enemies_with_ships(game.system(here), player):
            continue
        for nxt in neighbours(game, here):
            if nxt not in seen:
                seen.add(nxt)
                frontier.append((nxt, (*route, nxt)))
    return None


def _destinations(game: Game, origin: str) -> tuple[str, ...]:
    systems = action(game).systems
    if action(game).action == "transfer":
        return tuple(s for s in systems if s != origin)
    return systems


def _movable(game: Game) -> list[tuple[Unit, str]]:
    player = active(game)
    moved = set(action(game).moved)
    found = []
    for system in game.systems:
        if action(game).action == "tactical" and (
            activated_by(system, player) or system.id in action(game).systems
        ):
            continue
        if action(game).action == "transfer" and system.id not in action(game).systems:
            continue
        for unit in system.space:
            if unit.owner == player and spec(unit).move and unit.id not in moved:
                found.append((unit, system.id))
    return found


def _cargo(game: Game, origin: str) -> tuple[Unit, ...]:
    player = active(game)
    moved = set(action(game).moved)
    system = game.system(origin)
    return tuple(
        u
        for u in system.all_units()
        if u.owner == player and is_transported(spec(u)) and u.id not in moved
    )


def choices(game: Game) -> list[dict[str, Any]]:
    player = active(game)
    listed = []
    for unit, origin in _movable(game):
        for goal in _destinations(game, origin):
            route = path(game, origin, goal, spec(unit).move or 0, player)
            if route is None or not _within_supply(game, unit, goal):
                continue
            cargo = _cargo(game, origin)
            room = spec(unit).capacity
            listed.append(
                make_choice(
                    "move",
                    f"Move {unit.id} to {game.system(goal).name}",
                    _rules(game),
                    unit=unit.id,
                    to=goal,
                    carry=[u.id for u in cargo[:room]],
                    carry_candidates=[u.id for u in cargo],
                    capacity=room,
                )
            )
    listed.append(make_choice("end_movement", "End movement", _rules(game)))
    return listed


def apply_move(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player = active(game)
    rules = _rules(game)
    unit_id = choice.get("unit")
    try:
        origin, planet, unit = game.locate(str(unit_id))
    except KeyError:
        raise refuse(f"Cannot move: there is no unit {unit_id!r}", *rules) from None
    if unit.owner != player or planet is not None or not spec(unit).move:
        raise refuse(f"Cannot move {unit.id}: only your ships in space move", *rules)
    if unit.id in action(game).moved:
        raise refuse(f"Cannot move {unit.id}: it has already moved in this action", *rules)
    goals = _destinations(game, origin.id)
    goal = choice.get("to", goals[0] if len(goals) == 1 else None)
    if goal not in goals:
        raise refuse(
            f"Cannot move {unit.id}: ships move only into the activated system", anchors.MOVE
        )
    if action(game).action == "tactical" and activated_by(origin, player):
        raise refuse(
            f"Cannot move {unit.id}: {origin.name} holds your command counter; ships move "
            "only from unactivated systems",
            anchors.MOVE_LIMITS,
        )
    if action(game).action == "transfer" and origin.id not in action(game).systems:
        raise refuse(
            f"Cannot move {unit.id}: a transfer moves units between its two systems",
            anchors.TRANSFER_MOVE,
        )
    reach = spec(unit).move or 0
    route = path(game, origin.id, goal, reach, player)
    if route is None:
        open_route = path(game, origin.id, goal, reach, None)
        why = (
            "every path within its range passes through enemy territory"
            if open_route is not None
            else f"it is out of range (move {reach})"
        )
        raise refuse(f"Cannot move {unit.id} to {game.system(goal).name}: {why}", *rules)
    cargo = _carry(game, choice.get("carry", []), origin.id, spec(unit).capacity, rules)
    if not _within_supply(game, unit, goal):
        raise refuse(
            f"Cannot move {unit.id}: {_moved_in(game, goal)} ships already moved in and the Fleet "
            f"Supply holds {game.player(player).fleet}",
            anchors.MOVE_LIMITS if action(game).action == "tactical" else anchors.TRANSFER_MOVE,
        )
    ids = {unit.id} | {u.id for u in cargo}
    game = remove_units(game, ids)
    target = game.system(goal)
    game = game.with_system(replace(target, space=(*target.space, unit, *cargo)))
    game = with_action(game, moved=(*action(game).moved, *sorted(ids)))
    via = " via " + ", ".join(game.system(s).name for s in route[:-1]) if len(route) > 1 else ""
    carried = f" carrying {', '.join(u.id for u in cargo)}" if cargo else ""
    text = f"{unit.id} moves from {origin.name} to {target.name}{via}{carried}"
    data = {"unit": unit.id, "from": origin.id, "to": goal, "carry": [u.id for u in cargo]}
    return game, (Event("move", cite(text, rules), rules, data),)


def _moved_in(game: Game, goal: str) -> int:
    """Non-fighter ships moved into ``goal`` during this action."""
    moved = set(action(game).moved)
    return sum(
        1 for u in game.system(goal).space if u.id in moved and counts_for_fleet_supply(spec(u))
    )


def _within_supply(game: Game, unit: Unit, goal: str) -> bool:
    """Whether one more ship may move in: fighters do not count against the Fleet Supply."""
    if not counts_for_fleet_supply(spec(unit)):
        return True
    return _moved_in(game, goal) < game.player(active(game)).fleet


def _carry(
    game: Game, requested: Any, origin: str, room: int, rules: tuple[str, ...]
) -> tuple[Unit, ...]:
    if not isinstance(requested, list) or not all(isinstance(u, str) for u in requested):
        raise refuse("Name the carried units as a list of unit ids", *rules)
    candidates = {u.id: u for u in _cargo(game, origin)}
    wrong = [u for u in requested if u not in candidates]
    if wrong:
        raise refuse(
            f"Cannot carry {wrong[0]}: only your fighters, ground forces and PDS in the "
            "ship's starting system that have not moved can ride along",
            *rules,
        )
    if len(set(requested)) > room:
        raise refuse(f"Cannot carry {len(set(requested))} units: capacity is {room}", *rules)
    return tuple(candidates[u] for u in dict.fromkeys(requested))


def apply_end(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    rules = _rules(game)
    nxt = "probe" if action(game).action == "tactical" else "pds_fire"
    text = f"{game.player_name(active(game))} ends movement"
    return with_action(game, step=nxt), (Event("end_movement", cite(text, rules), rules),)


def probe_targets(game: Game) -> tuple[str, ...]:
    """Planets in the activated system with a face-down domain counter, if a fighter is there."""
    system = game.system(action(game).systems[0])
    player = active(game)
    if not any(u.owner == player and u.type == "fighter" for u in system.space):
        return ()
    return tuple(
        p.name
        for p in system.planets
        if p.name in action(game).domains and p.name not in action(game).probed
    )


def probe_choices(game: Game) -> list[dict[str, Any]]:
    rules = (anchors.PROBE,)
    return [
        *(
            make_choice("probe", f"Probe the domain counter on {name}", rules, planet=name)
            for name in probe_targets(game)
        ),
        make_choice("skip", "Probe no (more) domain counters", rules),
    ]


def apply_probe(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    rules = (anchors.PROBE,)
    if choice["kind"] == "skip":
        return with_action(game, step="pds_fire"), ()
    planet = choice.get("planet")
    if planet not in probe_targets(game):
        raise refuse(
            f"Cannot probe {planet!r}: it needs a face-down domain counter on a planet of the "
            "activated system and your fighter there",
            *rules,
        )
    game = with_action(game, probed=(*action(game).probed, str(planet)))
    text = (
        f"{game.player_name(active(game))} looks at the domain counter on {planet}; "
        "no landing on it during this activation"
    )
    return game, (Event("probe", cite(text, rules), rules, {"planet": planet}),)
