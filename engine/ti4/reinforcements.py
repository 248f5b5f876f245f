"""Reinforcements: production is limited by the units a player has left (LRR 67.5, 23.4).

A colour has so many plastic units (96.2, :data:`engine.ti4.units.REINFORCEMENTS`);
what is not on the board is in reinforcements (72.1). Fighters and infantry
are not limited that way: tokens from the supply stand in for plastic
(67.5.2, 23.4.2), but a token needs a plastic piece of its type beside it
(23.4.2): every system holding a player's fighters has a plastic fighter
(36.3), every planet or space area holding their infantry a plastic infantry
(46.3). So a player with 10 systems holding fighters cannot produce a fighter
into an eleventh, and can into any of those ten.

The way out (67.5.1): a player short of a unit may first take their own units
of that type off systems holding none of their command tokens, into
reinforcements, and must produce them at once. A production choice names
those units in ``reclaim``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from engine.core.events import refuse
from engine.core.state import Game, remove_units
from engine.limits import REINFORCEMENTS, TOKEN_PLACES

__all__ = ["apply_reclaim", "in_reinforcements", "reclaim_for", "refuse_short", "shortfall"]

# Plastic fighters and infantry (96.2); tokens make up the rest (36.3, 46.3).
PLASTIC_TOKENS = TOKEN_PLACES


def _places(game: Game, player: str, kind: str) -> set[tuple[str, str | None]]:
    """Where the player has units of ``kind``: (system, planet or ``None`` for space)."""
    places: set[tuple[str, str | None]] = set()
    for system in game.systems:
        if any(u.owner == player and u.type == kind for u in system.space):
            places.add((system.id, None))
        for planet in system.planets:
            if any(u.owner == player and u.type == kind for u in planet.units):
                places.add((system.id, planet.name))
    return places


def in_reinforcements(game: Game, player: str, kind: str) -> int | None:
    """Plastic units of ``kind`` the player has off the board; ``None`` if not limited."""
    if kind in PLASTIC_TOKENS:
        return PLASTIC_TOKENS[kind] - len(_places(game, player, kind))
    most = REINFORCEMENTS.get(kind)
    if most is None:
        return None
    on_board = sum(
        1 for s in game.systems for u in s.all_units() if u.owner == player and u.type == kind
    )
    return most - on_board


def _needed(
    game: Game, player: str, system: str, kind: str, count: int, planets: Iterable[str]
) -> int:
    """Plastic units of ``kind`` that producing ``count`` of them takes."""
    if kind not in PLASTIC_TOKENS:
        return count
    held = _places(game, player, kind)
    # Fighters go to the space area (68.2); infantry to the planets named.
    targets = {(system, None)} if kind == "fighter" else {(system, p) for p in planets}
    return len(targets - held)


def shortfall(
    game: Game, player: str, system: str, units: Mapping[str, int], planets: Iterable[str] = ()
) -> dict[str, int]:
    """For each unit type: how many more plastic units producing ``units`` needs than are left."""
    short = {}
    for kind, count in units.items():
        left = in_reinforcements(game, player, kind)
        if left is None:
            continue
        missing = _needed(game, player, system, kind, count, planets) - max(left, 0)
        if missing > 0:
            short[kind] = missing
    return short


def refuse_short(short: Mapping[str, int], game: Game, player: str) -> None:
    """Refuse a production that needs units the player does not have in reinforcements."""
    if not short:
        return
    kind, missing = next(iter(short.items()))
    label = kind.replace("_", " ")
    left = max(in_reinforcements(game, player, kind) or 0, 0)
    token = (
        "; fighter and infantry tokens stand in for plastic only beside a plastic piece"
        if kind in PLASTIC_TOKENS
        else ""
    )
    raise refuse(
        f"Cannot produce: {left} {label} left in your reinforcements, {missing} too few{token}. "
        f"You may first take your own {label} units off systems without your command token "
        f"(reclaim) and produce them at once",
        "67.5",
        "67.5.1",
        *(("67.5.2", "23.4.2") if kind in PLASTIC_TOKENS else ("23.4",)),
    )


def reclaim_for(game: Game, player: str, short: Mapping[str, int]) -> list[str] | None:
    """Units the player could take off the board to cover ``short`` (67.5.1), or ``None``."""
    chosen: list[str] = []
    for kind, missing in short.items():
        found = [
            u.id
            for s in game.systems
            if player not in s.tokens
            for u in s.all_units()
            if u.owner == player and u.type == kind
        ]
        if kind in PLASTIC_TOKENS:
            return None  # a token place freed takes all its units: not suggested
        if len(found) < missing:
            return None
        chosen += found[:missing]
    return chosen


def apply_reclaim(game: Game, player: str, raw: object, units: Mapping[str, int]) -> Game:
    """Take the units named in ``reclaim`` off the board into reinforcements (67.5.1)."""
    if raw is None or raw == []:
        return game
    if not isinstance(raw, list) or not all(isinstance(u, str) for u in raw):
        raise refuse("Cannot reclaim: list the unit ids to take off the board", "67.5.1")
    taken: dict[str, int] = {}
    for unit_id in dict.fromkeys(raw):
        try:
            system, _, unit = game.locate(unit_id)
        except KeyError:
            raise refuse(f"Cannot reclaim {unit_id!r}: there is no such unit", "67.5.1") from None
        if unit.owner != player:
            raise refuse(f"Cannot reclaim {unit_id}: it is not yours", "67.5.1")
        if player in system.tokens:
            raise refuse(
                f"Cannot reclaim {unit_id}: {system.name} holds your command token", "67.5.1"
            )
        if unit.type not in units:
            raise refuse(
                f"Cannot reclaim {unit_id}: units taken off the board must be produced at once, "
                f"and no {unit.label} is being produced",
                "67.5.1",
            )
        taken[unit.type] = taken.get(unit.type, 0) + 1
    for kind, count in taken.items():
        if count > units[kind]:
            raise refuse(
                f"Cannot reclaim {count} {kind.replace('_', ' ')} units to produce {units[kind]}: "
                f"each one taken off must be produced at once",
                "67.5.1",
            )
    return remove_units(game, set(raw))
