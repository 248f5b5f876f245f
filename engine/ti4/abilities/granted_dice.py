"""Action cards that give units dice they do not print: Blitz's Bombardment 6 for ships
without it, Experimental Battlestation's Space Cannon 5 (x3) for a space dock.

The unit carries the ability as a role word of its grade (:mod:`engine.ti4.roles`) while the
card lasts, so every step reads it from the unit's values. Texts and where they were read:
engine/RULES.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.combat import SPACE_CANNON_OFFENSE, pending_for, roll_attack
from engine.core.events import Event
from engine.core.galaxy import neighbours
from engine.core.state import Game, Unit, replace_unit, ships_of
from engine.ti4.abilities.faction_plays import queue_hits
from engine.ti4.abilities.holders import holds
from engine.ti4.abilities.model import Ability, Hook, Moment
from engine.ti4.abilities.plays import discard, event, fits, is_played, mark, taking_roles
from engine.ti4.abilities.technologies import ANTIMASS_DEFLECTORS
from engine.ti4.records import Use, in_progress
from engine.ti4.roles import split, with_role

__all__ = [
    "BATTLESTATION_HOOKS",
    "BLITZ_HOOKS",
    "battlestation",
    "battlestation_ways",
    "blitz",
    "blitz_over",
    "blitz_over_ways",
    "blitz_ways",
]

Ways = list[dict[str, Any]]
Played = tuple[Game, tuple[Event, ...]]


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
    game = taking_roles(game, ships, "blitzed")
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
    return [{"label": "Blitz's Bombardment ends"}] if _armed(game, use, "blitzed") else []


def blitz_over(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    return _without(game, _armed(game, use, "blitzed"), "blitzed"), ()


BLITZ_HOOKS = (
    Hook(Moment.BOMBARDMENT, blitz_ways, blitz),
    # Bombardment happens once an invasion: past it, the ships' Bombardment 6 has no use.
    Hook(Moment.JOIN, blitz_over_ways, blitz_over, auto=True),
)


# --- Experimental Battlestation -----------------------------------------------------------


def _docks(game: Game, use: Use) -> list[Unit]:
    """The holder's space docks in the active system, then in the systems next to it."""
    systems = (use.system, *neighbours(game, use.system))
    return [
        u
        for s in systems
        for u in game.system(s).all_units()
        if u.owner == use.player and u.type == "space_dock"
    ]


def battlestation_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """After the active player (another) moved ships into the system: one way per space dock
    of the holder's in or next to it (one in it first)."""
    active = game.active_player or ""
    if use.player == active or not fits(ability, game, use):
        return []
    if not in_progress(game).moved or not ships_of(game.system(use.system).space, active):
        return []
    return [
        {"label": f"play {ability.name}: {d.id} fires Space Cannon 5 (x3)", "unit": d.id}
        for d in _docks(game, use)
    ]


def battlestation(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    """The card is discarded; the dock named rolls Space Cannon 5 (x3) at the active
    player's ships (-1 to each roll if they own Antimass Deflectors, as for any space
    cannon), whose owner assigns the hits."""
    active = game.active_player or ""
    dock = next(d for d in _docks(game, use) if d.id == way["unit"])
    game = discard(game, use.player, ability)
    attack = SPACE_CANNON_OFFENSE
    if holds(game.player(active), ANTIMASS_DEFLECTORS):
        attack = replace(attack, bonus=attack.bonus - 1, roll_rules=(*attack.roll_rules, "1.2"))
    armed = replace(dock, grade=with_role(dock.grade, "battlestation"))
    name = game.player_name(use.player)
    volley = roll_attack(game.dice, [armed], attack, name)
    game = replace(game, dice=volley.dice)
    said = event(ability, f"{name} plays {ability.name}: {dock.id} uses Space Cannon 5 (x3)")
    if volley.hits:
        pending = pending_for(active, volley.hits, use.system, None, SPACE_CANNON_OFFENSE)
        game = queue_hits(game, replace(pending, by=use.player))
    return game, (said, volley.event)


BATTLESTATION_HOOKS = (Hook(Moment.MOVED, battlestation_ways, battlestation),)
