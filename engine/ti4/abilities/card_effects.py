"""What the combat action cards of :mod:`engine.ti4.abilities.cards` do on the board beyond
a card played for a round: Emergency Repairs' repairs, Shields Holding's cancelled hits,
Direct Hit's destroyed ship, Bunker's -4 to bombardment (pure functions of the game, each
citing its card's rules).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.casualties import casualty_rank
from engine.core.combat import (
    SPACE_CANNON_DEFENSE,
    SPACE_CANNON_OFFENSE,
    SPACE_COMBAT,
    Attack,
    CombatUnit,
    RollChange,
)
from engine.core.events import Event
from engine.core.state import Game, remove_units, replace_unit
from engine.ti4.abilities.arming import cannons
from engine.ti4.abilities.hit_plays import cancelled_one, head_hits, with_head_hits
from engine.ti4.abilities.leaders import blocked
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import discard, event, fits, is_played, mark
from engine.ti4.records import Use

__all__ = [
    "DIRECT_HIT_IMMUNE",
    "bunker",
    "bunker_ready",
    "direct_hit",
    "direct_hit_ways",
    "disable_ready",
    "flare",
    "flare_ways",
    "jets",
    "jets_ways",
    "repair_all",
    "repair_all_ways",
    "shield",
    "shield_ways",
]

DIRECT_HIT_IMMUNE = frozenset({"Dreadnought II", "Super-Dreadnought II", "Exotrireme II"})
"""Ships whose card says Direct Hit cannot destroy them (the printed names)."""


def _damaged(game: Game, use: Use) -> list[Any]:
    system = game.system(use.system)
    return [u for u in system.all_units() if u.owner == use.player and u.damaged]


def repair_all_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Emergency Repairs, while a unit of the holder's in the active system is damaged."""
    if not fits(ability, game, use) or not _damaged(game, use):
        return []
    count = len(_damaged(game, use))
    return [{"label": f"play {ability.name}: repair your {count} damaged unit(s) here"}]


def repair_all(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """Every damaged unit of the holder's in the active system is repaired; the card goes."""
    damaged = _damaged(game, use)
    game = discard(game, use.player, ability)
    for unit in damaged:
        game = replace_unit(game, replace(unit, damaged=False))
    ids = ", ".join(u.id for u in damaged)
    text = f"{game.player_name(use.player)} plays {ability.name}: {ids} repaired"
    return game, (event(ability, text, units=[u.id for u in damaged]),)


def shield_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Shields Holding, before its holder assigns a space combat round's hits."""
    pending = head_hits(game)
    if pending is None or pending.player != use.player or pending.source != SPACE_COMBAT.name:
        return []
    if not fits(ability, game, use):
        return []
    return [{"label": f"play {ability.name}: cancel up to 2 of these {pending.count} hit(s)"}]


def shield(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """Up to 2 of the hits about to be assigned are cancelled, those bound to non-fighter
    ships first (as the odds take it); the card is discarded."""
    pending = head_hits(game)
    assert pending is not None
    off = min(pending.forced, 2)
    free = max(0, pending.count - pending.forced - (2 - off))
    left = replace(
        pending,
        count=free + pending.forced - off,
        forced=pending.forced - off,
        rules=(*pending.rules, *ability.rules),
        notes=(*pending.notes, f"{ability.name} cancelled up to 2 hits"),
    )
    game = with_head_hits(discard(game, use.player, ability), left)
    cancelled = pending.count - left.count
    text = f"{game.player_name(use.player)} plays {ability.name}: {cancelled} hit(s) cancelled"
    return game, (event(ability, text),)


def direct_hit_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """After a ship of the opponent's sustained damage from the holder's hits: each such
    ship still there, not one the card spares, the most valuable (the odds') first."""
    if use.about == use.player or not fits(ability, game, use):
        return []
    space = {u.id: u for u in game.system(use.system).space}
    ships = [
        space[i]
        for i in use.units
        if i in space
        and space[i].spec.is_ship
        and space[i].damaged
        and space[i].spec.printed not in DIRECT_HIT_IMMUNE
    ]
    ships.sort(key=lambda u: casualty_rank(u.spec), reverse=True)
    return [
        {"label": f"play {ability.name}: destroy {u.id} ({u.label})", "unit": u.id} for u in ships
    ]


def direct_hit(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The ship the way names is destroyed; the card is discarded."""
    game = remove_units(discard(game, use.player, ability), {way["unit"]})
    text = f"{game.player_name(use.player)} plays {ability.name}: {way['unit']} is destroyed"
    return game, (event(ability, text, unit=way["unit"]),)


def bunker_ready(game: Game, use: Use) -> bool:
    """Bunker may be played: the active player has units that can bombard the holder's
    planet, and nothing there stops bombardment."""
    if use.player == game.active_player or use.planet is None:
        return False
    system = game.system(use.system)
    active = game.active_player
    shooters = [u for u in system.space if u.owner == active and u.spec.bombardment is not None]
    return bool(shooters) and not blocked(game, shooters, system.planet(use.planet).units)


def bunker(
    ability: Ability, game: Game, use: Use, unit: CombatUnit, attack: Attack
) -> RollChange | None:
    """-4 to each bombardment roll of the opponent's units while the card is played."""
    if attack.ability != "bombardment" or getattr(unit, "owner", None) != use.opponent:
        return None
    return RollChange(plus=-4) if is_played(game, use.player, ability) else None


def jets_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Maneuvering Jets, before its holder assigns hits another player's space cannon
    (offense or defense) produced against their units."""
    pending = head_hits(game)
    cannon = (SPACE_CANNON_OFFENSE.name, SPACE_CANNON_DEFENSE.name)
    if pending is None or pending.player != use.player or pending.source not in cannon:
        return []
    if pending.by in (None, use.player) or not fits(ability, game, use):
        return []
    return [{"label": f"play {ability.name}: cancel 1 of these {pending.count} hit(s)"}]


def jets(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """1 of the space cannon hits about to be assigned is cancelled; the card is discarded."""
    pending = head_hits(game)
    assert pending is not None
    game = with_head_hits(discard(game, use.player, ability), cancelled_one(ability, pending))
    text = f"{game.player_name(use.player)} plays {ability.name}: 1 space cannon hit cancelled"
    return game, (event(ability, text),)


def disable_ready(game: Game, use: Use) -> bool:
    """Disable may be played: the holder is invading a system with another player's PDS."""
    if use.player != game.active_player:
        return False
    units = game.system(use.system).all_units()
    return any(u.owner != use.player and u.type == "pds" for u in units)


def flare_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Solar Flare, for the active player just after they activate a system, while another
    player has units that could use Space Cannon there."""
    if use.player != game.active_player or not fits(ability, game, use):
        return []
    system = game.system(use.system)
    if not any(cannons(game, system, p.id) for p in game.players if p.id != use.player):
        return []
    return [{"label": f"play {ability.name}: no other player's space cannon at your ships here"}]


def flare(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """Other players cannot use Space Cannon against the holder's ships in the active system
    during this movement (``engine.ti4.space_cannon.targets`` reads it played)."""
    game = mark(discard(game, use.player, ability), use.player, ability, "action")
    text = (
        f"{game.player_name(use.player)} plays {ability.name}: other players cannot use Space "
        "Cannon against their ships in this system during this movement"
    )
    return game, (event(ability, text),)
