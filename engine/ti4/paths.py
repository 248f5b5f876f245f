"""The paths a ship may take to the active system, and how a move reads (LRR 89.2).

Anomalies and the abilities that change their rules are :mod:`engine.ti4.anomalies`.
"""

from __future__ import annotations

from engine.core.galaxy import neighbours
from engine.core.state import Game, System, Unit
from engine.ti4 import anomalies
from engine.ti4.abilities.derived import LIFTS, holds
from engine.ti4.records import so_far

__all__ = ["blocking", "legal_paths", "passes_ships", "route"]


def passes_ships(game: Game, unit: Unit | None) -> str | None:
    """The ability (by name) that lets ``unit`` move through systems with other players'
    ships (58): its owner holds it and it is that ability's unit (the Yssaril flagship)."""
    if unit is None:
        return None
    owner = game.player(unit.owner)
    found = (
        a
        for a in LIFTS
        if ("ships", "through") in a.lifts and a.unit in (None, unit.type) and holds(owner, a)
    )
    return next((a.name for a in found), None)


def blocking(game: Game, system: System, player: str, unit: Unit | None = None) -> tuple[Unit, ...]:
    """Other players' ships in ``system`` that keep ``player``'s ship (``unit``) from moving
    through it (58; none for a ship whose ability lets it)."""
    if passes_ships(game, unit):
        return ()
    return tuple(u for u in system.space if u.owner != player and u.spec.is_ship)


def legal_paths(
    game: Game, start: str, move: int, player: str, unit: Unit | None = None
) -> list[tuple[str, ...]]:
    """Every path (systems entered, in order) a ship with ``move`` may take to the active system.

    A path may pass through systems holding the player's own command tokens
    and may leave and re-enter the active system, but it may not pass through
    a system with another player's ships (fighters included). Anomalies (LRR
    11.1, 59.1, 86.1) close systems; each gravity rift left on the way adds 1
    to ``move`` (41.1). ``move`` is the value the ship starts with (59.2).
    Offered paths come back only to the active system (58.4e) or to a gravity
    rift (41.3), once: any other loop is legal but gains nothing, and rifts side
    by side would make loops without end. A choice may still name such a path.
    """
    active = so_far(game).active_system
    found: list[tuple[str, ...]] = []

    def walk(here: str, path: tuple[str, ...], reach: int) -> None:
        if path and path[-1] == active:
            found.append(path)
        system = game.system(here)
        if anomalies.is_rift(game, system):
            reach += 1  # moving out of it (41.1, 41.3)
        if len(path) >= reach:
            return
        # A system entered on the way is passed through: not one with another player's
        # ships, nor an anomaly the player's ships cannot move through (59.1.1, 86.1).
        if path and (
            blocking(game, system, player, unit)
            or anomalies.barrier(game, system, player, "through", active)
        ):
            return
        for nxt in neighbours(game, here):
            after = game.system(nxt)
            again = nxt == active or anomalies.is_rift(game, after)
            how = "into" if nxt == active else "through"
            if (start, *path).count(nxt) >= (2 if again else 1) or anomalies.barrier(
                game, after, player, how, active
            ):
                continue
            walk(nxt, (*path, nxt), reach)

    walk(start, (), move)
    return found


def route(game: Game, start: str, path: tuple[str, ...]) -> str:
    """``from Sol via Mid to Target``: a path as a player reads it."""
    names = [game.system(s).name for s in path]
    via = f" via {', '.join(names[:-1])}" if len(names) > 1 else ""
    return f"from {game.system(start).name}{via} to {names[-1]}"
