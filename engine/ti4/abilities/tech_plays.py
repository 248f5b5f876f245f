"""What the technologies of :mod:`engine.ti4.abilities.technologies` do on the board: the
ways each offers at its moment and what each way does (pure functions of the game).

Duranium Armor repairs after hits are assigned (its card; 87.1); Assault Cannon's
opponent destroys a non-fighter ship at the start of space combat (its card; 78.2);
before a volley of space cannon offense, Plasma Scoring's extra die and Graviton Laser
System's hits bound to non-fighter ships (their cards; 77.3, 77.5); Non-Euclidean
Shielding's Sustain Damage cancelling 2 hits (87.1) and Valkyrie Particle Weave's extra
ground combat hit (42.2), each a change to hits before they are assigned.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.casualties import casualty_rank
from engine.core.combat import (
    GROUND_COMBAT,
    SPACE_CANNON_OFFENSE,
    Attack,
    CombatUnit,
    RollChange,
    spec_of,
)
from engine.core.events import Event
from engine.core.state import Game, PendingHits, Unit, remove_units, replace_unit
from engine.ti4.abilities.arming import armed, cannons
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import (
    best_first,
    event,
    fighting,
    fits,
    is_played,
    played_way,
)
from engine.ti4.records import Played, Use, in_progress

__all__ = [
    "assault",
    "assault_ways",
    "bombarders",
    "cannons_of",
    "graviton",
    "graviton_hits",
    "graviton_ways",
    "grid",
    "grid_ways",
    "named_for_volley",
    "plasma",
    "plasma_bombard_ways",
    "plasma_die",
    "plasma_ways",
    "repair",
    "repair_ways",
    "shielding",
    "weave",
    "x89",
    "x89_ways",
]


def repair_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Each damaged unit of the holder's in this combat that did not use Sustain Damage this
    round, the odds' choice (the one they would rather keep) first."""
    if not fits(ability, game, use):
        return []
    sustained = set(in_progress(game).sustained)
    damaged = [u for u in fighting(game, use, use.player) if u.damaged and u.id not in sustained]
    return [
        {"label": f"{ability.name}: repair {u.id} ({u.label})", "unit": u.id}
        for u in best_first(damaged)
    ]


def repair(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The unit the way names is repaired."""
    unit = next(u for u in fighting(game, use, use.player) if u.id == way["unit"])
    game = replace_unit(game, replace(unit, damaged=False))
    text = f"{game.player_name(use.player)} repairs {unit.id} with {ability.name}"
    return game, (event(ability, text, unit=unit.id),)


def _non_fighter_ships(game: Game, use: Use, player: str) -> list[Unit]:
    space = game.system(use.system).space
    return [u for u in space if u.owner == player and u.spec.is_ship and u.type != "fighter"]


def assault_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """With 3 or more of the holder's non-fighter ships in the combat, each non-fighter
    ship of the opponent's, the one the opponent would rather lose (the odds') first."""
    if not fits(ability, game, use) or len(_non_fighter_ships(game, use, use.player)) < 3:
        return []
    ships = sorted(
        _non_fighter_ships(game, use, use.opponent),
        key=lambda u: (casualty_rank(u.spec), not u.damaged),
    )
    return [
        {"label": f"destroy {u.id} ({u.label}) for {ability.name}", "unit": u.id} for u in ships
    ]


def assault(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The opponent destroys the non-fighter ship the way names."""
    game = remove_units(game, {way["unit"]})
    text = (
        f"{game.player_name(use.opponent)} destroys {way['unit']}: {game.player_name(use.player)}"
        f" has 3 or more non-fighter ships and {ability.name}"
    )
    return game, (event(ability, text, unit=way["unit"]),)


# --- before a volley of space cannon: Plasma Scoring, Graviton Laser System -----------------


def cannons_of(game: Game, use: Use) -> tuple[Unit, ...]:
    """The holder's units about to fire: space cannon offense's (in or next to the system),
    or space cannon defense's on the invaded planet (``use.planet``)."""
    if use.planet is not None:
        units = armed(game, game.system(use.system).planet(use.planet).units)
        return tuple(u for u in units if u.owner == use.player and u.spec.space_cannon)
    return cannons(game, game.system(use.system), use.player)


def plasma_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Each of the holder's units about to fire space cannon, the one the odds pick (the
    best value) first: it rolls 1 more die."""
    if use.about and use.about != use.player:  # another player's volley
        return []
    return _plasma(ability, game, use, cannons_of(game, use), "space_cannon")


def plasma_bombard_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Each of the active player's units about to bombard, the best value first."""
    if use.player != game.active_player:
        return []
    return _plasma(ability, game, use, bombarders(game, use), "bombardment")


def bombarders(game: Game, use: Use) -> tuple[Unit, ...]:
    """The active player's units with Bombardment in the active system's space area."""
    space = game.system(use.system).space
    active = game.active_player
    return tuple(u for u in space if u.owner == active and u.spec.bombardment is not None)


def _plasma(
    ability: Ability, game: Game, use: Use, units: tuple[Unit, ...], kind: str
) -> list[dict[str, Any]]:
    if not fits(ability, game, use) or is_played(game, use.player, ability):
        return []

    def value(unit: Unit) -> int:
        dice = getattr(unit.spec, kind)
        return dice.value if dice is not None else 11

    return [
        {"label": f"{ability.name}: {u.id} ({u.label}) rolls 1 more die", "unit": u.id}
        for u in sorted(units, key=value)
    ]


def plasma(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The unit the way names rolls 1 more die in this volley."""
    tactical = in_progress(game)
    played = (*tactical.played, Played(use.player, ability.id, "volley", (way["unit"],)))
    game = replace(game, action=replace(tactical, played=played))
    text = f"{game.player_name(use.player)} uses {ability.name}: {way['unit']} rolls 1 more die"
    return game, (event(ability, text, unit=way["unit"]),)


def plasma_die(
    ability: Ability, game: Game, use: Use, unit: CombatUnit, attack: Attack
) -> RollChange | None:
    """1 more die for the unit Plasma Scoring names, in its volley of space cannon or its
    bombardment."""
    if attack.ability not in ("space_cannon", "bombardment"):
        return None
    printed = attack.dice_of(spec_of(unit, attack))
    chosen = named_for_volley(ability, game, use, unit)
    return RollChange(dice=printed.dice + 1) if chosen and printed is not None else None


def named_for_volley(ability: Any, game: Game, use: Use, unit: CombatUnit) -> bool:
    """Whether the holder of ``use`` used ``ability`` on ``unit`` for this volley."""
    return any(
        p.player == use.player and p.ability == ability.id and unit.id in p.units
        for p in in_progress(game).played
    )


def graviton_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Graviton Laser System, readied, before the holder's space cannon offense."""
    if not fits(ability, game, use) or is_played(game, use.player, ability):
        return []
    if (use.about and use.about != use.player) or use.planet is not None:
        return []  # not space cannon defense: its hits go to ground forces
    if not cannons_of(game, use):
        return []
    return [{"label": f"exhaust {ability.name}: your space cannon hits go to non-fighter ships"}]


def graviton(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    text = f"exhausts {ability.name}: its space cannon hits must go to non-fighter ships"
    return played_way(ability, game, use, "volley", text)


def graviton_hits(ability: Ability, game: Game, use: Use, pending: PendingHits) -> PendingHits:
    """The holder's space cannon offense hits, with the card exhausted for them: each must
    go to a non-fighter ship while one is left."""
    if pending.by != use.player or pending.source != SPACE_CANNON_OFFENSE.name:
        return pending
    if not is_played(game, use.player, ability):
        return pending
    return replace(
        pending,
        forced=pending.count,
        rules=(*pending.rules, *ability.rules),
        notes=(*pending.notes, f"{ability.name}: to non-fighter ships first"),
    )


# --- hits: Non-Euclidean Shielding, Valkyrie Particle Weave ----------------------------------


def shielding(ability: Ability, game: Game, use: Use, pending: PendingHits) -> PendingHits:
    """Each Sustain Damage of the holder's units cancels 2 hits instead of 1."""
    if pending.player != use.player or not pending.sustain:
        return pending
    return replace(
        pending,
        per_sustain=2,
        rules=(*pending.rules, *ability.rules),
        notes=(*pending.notes, f"{ability.name}: each Sustain Damage cancels 2 hits"),
    )


def weave(ability: Ability, game: Game, use: Use, pending: PendingHits) -> PendingHits:
    """In a ground combat round where the opponent produced 1 or more hits, the holder
    produces 1 more."""
    if pending.by != use.player or pending.source != GROUND_COMBAT.name:
        return pending
    if not any(r.player == use.opponent and r.hits for r in in_progress(game).rolled):
        return pending
    return replace(
        pending,
        count=pending.count + 1,
        rules=(*pending.rules, *ability.rules),
        notes=(*pending.notes, f"{ability.name}: 1 more hit"),
    )


# --- start of ground combat: Magen Defense Grid Ω --------------------------------------------


def _sustains(unit: Unit) -> bool:
    return unit.spec.sustain_damage and not unit.damaged


def _worth(unit: Unit) -> tuple[float, tuple[int, float, int, str]]:
    spec = unit.spec
    return ((spec.cost or 0) / spec.per_cost, casualty_rank(spec))


def grid_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """With a structure of the holder's on the planet, each ground force of the opponent's
    there to assign the hit to: the odds' first (the most costly that cannot cancel it)."""
    if not fits(ability, game, use) or use.planet is None:
        return []
    units = game.system(use.system).planet(use.planet).units
    if not any(u.owner == use.player and u.spec.is_structure for u in units):
        return []
    foes = [u for u in units if u.owner == use.opponent and u.spec.is_ground_force]
    ranked = sorted(foes, key=lambda u: (not _sustains(u), _worth(u)), reverse=True)
    return [{"label": f"{ability.name}: 1 hit on {u.id} ({u.label})", "unit": u.id} for u in ranked]


def grid(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The named unit takes the hit: it sustains if it can (its owner would), else it is
    destroyed."""
    unit = next(u for u in fighting(game, use, use.opponent) if u.id == way["unit"])
    if _sustains(unit):
        game = replace_unit(game, replace(unit, damaged=True))
        said = f"{unit.id} sustains damage"
    else:
        game = remove_units(game, {unit.id})
        said = f"{unit.id} is destroyed"
    text = f"{game.player_name(use.player)} uses {ability.name}: 1 hit; {said}"
    return game, (event(ability, text, unit=unit.id),)


# --- after bombardment: X-89 Bacterial Weapon Ω ----------------------------------------------


def _infantry(game: Game, use: Use) -> list[Unit]:
    units = game.system(use.system).planet(use.planet or "").units
    return [u for u in units if u.owner != use.player and u.type == "infantry"]


def x89_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """After the holder's bombardment of a planet destroyed 1 or more of the other players'
    infantry there (``use.count``: how many there were), destroying the rest."""
    if use.planet is None or use.player != game.active_player:
        return []
    left = _infantry(game, use)
    if not left or len(left) >= use.count or not fits(ability, game, use):
        return []
    return [{"label": f"{ability.name}: destroy the {len(left)} infantry left on {use.planet}"}]


def x89(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    left = _infantry(game, use)
    game = remove_units(game, {u.id for u in left})
    ids = ", ".join(u.id for u in left)
    text = f"{game.player_name(use.player)} uses {ability.name} on {use.planet}: {ids} destroyed"
    return game, (event(ability, text, units=[u.id for u in left]),)
