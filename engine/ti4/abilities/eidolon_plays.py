"""The Eidolon Maximum on the board (the Naaz-Rokha Alliance's breakthrough, Absolute
Synergy: the mech card flipped).

Once gained (a scenario's ``breakthroughs``), the holder's mechs fight as the Eidolon
Maximum: in a space combat, those in its space area join as ships as it starts (before
Z-Grav Eidolon would flip them); in a ground combat, those on the planet as it starts.
Each takes the role words (``ship``, ``eidolonmax``: combat 4 x4, Sustain Damage) that the
combat's end takes off, and is repaired after every combat round, without asking, as the
odds count it. Where the text was read: engine/RULES.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.events import Event
from engine.core.state import Game, Unit, replace_unit
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import event, taking_roles, units_at
from engine.ti4.records import Use, in_progress
from engine.ti4.roles import split

__all__ = ["maximum", "maximum_ways", "repair", "repair_ways"]

ROLE = "eidolonmax"
Ways = list[dict[str, Any]]


def _mechs(game: Game, use: Use) -> list[Unit]:
    """The holder's mechs where the starting combat is fought, in no role yet."""
    combat = in_progress(game).combat
    # A ground combat has moved to "opened" as its start-of-combat abilities are offered.
    if combat is None or combat.stage not in ("start", "opened"):
        return []
    return [
        u
        for u in units_at(game, use)
        if u.owner == use.player and u.type == "mech" and not split(u.grade)[1]
    ]


def maximum_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """As a combat starts with the holder's mechs where it is fought."""
    if not _mechs(game, use):
        return []
    return [{"label": f"{ability.name}: your mechs here fight as the Eidolon Maximum"}]


def maximum(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The mechs take the role (and, in space, join the ships) until the combat ends."""
    mechs = _mechs(game, use)
    words = ("ship", ROLE) if use.planet is None else (ROLE,)
    game = taking_roles(game, mechs, *words)
    ids = ", ".join(u.id for u in mechs)
    joins = ", each also a ship," if use.planet is None else ""
    text = (
        f"{game.player_name(use.player)}'s {ids}{joins} fight as the Eidolon Maximum "
        "(combat 4 x4, Sustain Damage) until the combat ends"
    )
    return game, (event(ability, text, units=[u.id for u in mechs]),)


def _damaged(game: Game, use: Use) -> list[Unit]:
    return [
        u
        for u in units_at(game, use)
        if u.owner == use.player and u.damaged and ROLE in split(u.grade)[1]
    ]


def repair_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """After a combat round, with a damaged Eidolon Maximum of the holder's there."""
    if not _damaged(game, use):
        return []
    return [{"label": f"{ability.name}: your damaged Eidolon Maximum is repaired"}]


def repair(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    units = _damaged(game, use)
    for unit in units:
        game = replace_unit(game, replace(unit, damaged=False))
    ids = ", ".join(u.id for u in units)
    text = f"{game.player_name(use.player)}'s {ids} is repaired at the end of the round"
    return game, (event(ability, text, repaired=[u.id for u in units]),)
