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
from engine.core.state import Game, PendingHits, remove_units, replace_unit
from engine.ti4.abilities.leaders import blocked
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import discard, event, fits, is_played
from engine.ti4.records import Use, in_progress

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
    "jets_ready",
    "repair_all",
    "repair_all_ways",
    "shield",
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


def shield(ability: Ability, game: Game, use: Use, pending: PendingHits) -> PendingHits:
    """Shields Holding played this round: up to 2 of the space combat hits its holder is to
    assign are cancelled, those bound to non-fighter ships first (as the odds take it)."""
    mine = pending.player == use.player and pending.source == SPACE_COMBAT.name
    if not mine or not is_played(game, use.player, ability):
        return pending
    off = min(pending.forced, 2)
    free = max(0, pending.count - pending.forced - (2 - off))
    return replace(
        pending,
        count=free + pending.forced - off,
        forced=pending.forced - off,
        rules=(*pending.rules, *ability.rules),
        notes=(*pending.notes, f"{ability.name} cancelled up to 2 hits"),
    )


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


def jets_ready(game: Game, use: Use) -> bool:
    """Maneuvering Jets may be played: another player is about to fire space cannon at the
    holder's units (``use.about``: the shooter)."""
    return bool(use.about) and use.about != use.player


def jets(ability: Ability, game: Game, use: Use, pending: PendingHits) -> PendingHits:
    """With the card played for this volley, 1 space cannon hit against the holder's units
    is cancelled."""
    cannon = pending.source in (SPACE_CANNON_OFFENSE.name, SPACE_CANNON_DEFENSE.name)
    if pending.player != use.player or not cannon or not is_played(game, use.player, ability):
        return pending
    return replace(
        pending,
        count=pending.count - 1,
        forced=max(0, min(pending.forced, pending.count - 1)),
        rules=(*pending.rules, *ability.rules),
        notes=(*pending.notes, f"{ability.name} cancelled 1 hit"),
    )


def disable_ready(game: Game, use: Use) -> bool:
    """Disable may be played: the holder is invading a system with another player's PDS."""
    if use.player != game.active_player:
        return False
    units = game.system(use.system).all_units()
    return any(u.owner != use.player and u.type == "pds" for u in units)


def flare_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Solar Flare, for the active player, before another player's space cannon offense at
    their ships (``use.about``: the shooter)."""
    if use.player != game.active_player or use.about in ("", use.player):
        return []
    if not fits(ability, game, use):
        return []
    return [{"label": f"play {ability.name}: no other player's space cannon at your ships here"}]


def flare(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """Every other player still to decide on space cannon offense loses the chance."""
    game = discard(game, use.player, ability)
    tactical = in_progress(game)
    kept = tuple(p for p in tactical.cannon_queue if p == use.player)
    game = replace(game, action=replace(tactical, cannon_queue=kept))
    text = (
        f"{game.player_name(use.player)} plays {ability.name}: other players cannot use Space "
        "Cannon against their ships in this system during this movement"
    )
    return game, (event(ability, text),)
