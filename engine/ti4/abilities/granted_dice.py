"""Action cards that give units dice they do not print: Blitz's Bombardment 6 for ships
without it, Experimental Battlestation's Space Cannon 5 (x3) for a space dock.

The unit carries the ability as a role word of its grade (:mod:`engine.ti4.roles`) while the
card lasts, so every step reads it from the unit's values. Texts and where they were read:
engine/RULES.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.events import Event
from engine.core.state import Game, Unit, replace_unit
from engine.ti4.abilities.model import Ability, Hook, Moment
from engine.ti4.abilities.plays import discard, event, fits, is_played, mark
from engine.ti4.records import Use
from engine.ti4.roles import split, with_role

__all__ = ["BLITZ_HOOKS", "blitz", "blitz_over", "blitz_over_ways", "blitz_ways"]

Ways = list[dict[str, Any]]
Played = tuple[Game, tuple[Event, ...]]


def _with(game: Game, units: list[Unit], role: str) -> Game:
    for unit in units:
        game = replace_unit(game, replace(unit, grade=with_role(unit.grade, role)))
    return game


def _without(game: Game, units: list[Unit], role: str) -> Game:
    for unit in units:
        kept = " ".join(w for w in unit.grade.split() if w != role)
        game = replace_unit(game, replace(unit, grade=kept))
    return game


# --- Blitz ----------------------------------------------------------------------------------


def _blitzing(game: Game, use: Use) -> list[Unit]:
    """The holder's non-fighter ships in the system without Bombardment."""
    return [
        u
        for u in game.system(use.system).space
        if u.owner == use.player
        and u.spec.is_ship
        and u.type != "fighter"
        and u.spec.bombardment is None
    ]


def blitz_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """At the start of the holder's invasion, with a ship the card would arm."""
    if use.player != game.active_player or not fits(ability, game, use):
        return []
    if is_played(game, use.player, ability) or not _blitzing(game, use):
        return []
    count = len(_blitzing(game, use))
    return [{"label": f"play Blitz: your {count} ship(s) without it gain Bombardment 6"}]


def blitz(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    """The card is discarded; each such ship bombards at 6 (one die) this invasion."""
    ships = _blitzing(game, use)
    game = mark(discard(game, use.player, ability), use.player, ability, "action")
    game = _with(game, ships, "blitz")
    ids = ", ".join(u.id for u in ships)
    text = f"{game.player_name(use.player)} plays Blitz: {ids} gain Bombardment 6"
    return game, (event(ability, text, units=[u.id for u in ships]),)


def _armed(game: Game, use: Use, role: str) -> list[Unit]:
    return [
        u
        for u in game.system(use.system).all_units()
        if u.owner == use.player and role in split(u.grade)[1]
    ]


def blitz_over_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """Once the bombardment is over (ground forces are committed next): the ships lose it."""
    return [{"label": "Blitz's Bombardment ends"}] if _armed(game, use, "blitz") else []


def blitz_over(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    return _without(game, _armed(game, use, "blitz"), "blitz"), ()


BLITZ_HOOKS = (
    Hook(Moment.BOMBARDMENT, blitz_ways, blitz),
    # Bombardment happens once an invasion: past it, the ships' Bombardment 6 has no use.
    Hook(Moment.JOIN, blitz_over_ways, blitz_over, auto=True),
)
