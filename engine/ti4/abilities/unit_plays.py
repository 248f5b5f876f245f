"""What the faction units' abilities (flagships, mechs, unit upgrades) do on the board.

Each is a hook's offer and play, like :mod:`engine.ti4.abilities.faction_plays`: the
Matriarch's fighters committed to a planet (Naalu flagship), an Infantry II's return to
its home system. Texts and where they were read: engine/RULES.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.combat import Attack, CombatUnit, RollChange
from engine.core.events import Event
from engine.core.state import Game, PendingHits, Unit, remove_units, replace_unit, with_planet
from engine.ti4.abilities.faction_plays import queue_hits
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import event, flagship_in, round_combat
from engine.ti4.records import Use, in_progress
from engine.ti4.roles import with_role

__all__ = [
    "arc_repair",
    "arc_ways",
    "egeiro_roll",
    "exoskeleton",
    "exoskeleton_ways",
    "fourth_moon_hits",
    "matriarch",
    "matriarch_ways",
    "moll_terminus_hits",
    "van_hauge",
    "van_hauge_ways",
    "zero_zero_one_hits",
]

Ways = list[dict[str, Any]]
Played = tuple[Game, tuple[Event, ...]]


# --- Matriarch (Naalu Collective's flagship) -------------------------------------------------


def _fighters(game: Game, use: Use) -> list[Unit]:
    space = game.system(use.system).space
    return [u for u in space if u.owner == use.player and u.type == "fighter"]


def _invaded(game: Game, use: Use) -> list[str]:
    """Planets of the active system with another player's ground forces (49.2)."""
    return [
        p.name
        for p in game.system(use.system).planets
        if any(u.owner != use.player and u.spec.is_ground_force for u in p.units)
    ]


def matriarch_ways(ability: Ability, game: Game, use: Use) -> Ways:
    invasion = in_progress(game).invasion
    if invasion is None or invasion.stage != "commit" or use.player != game.active_player:
        return []
    if not flagship_in(game, use, use.player) or not _fighters(game, use):
        return []
    count = len(_fighters(game, use))
    return [
        {
            "label": f"Matriarch: commit your {count} fighter(s) to {name} as ground forces",
            "planet": name,
        }
        for name in _invaded(game, use)
    ]


def matriarch(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    fighters = _fighters(game, use)
    game = remove_units(game, {u.id for u in fighters})
    system = game.system(use.system)
    planet = system.planet(way["planet"])
    landing = tuple(replace(u, grade=with_role(u.grade, "ground")) for u in fighters)
    game = game.with_system(with_planet(system, replace(planet, units=planet.units + landing)))
    tactical = in_progress(game)
    invasion = tactical.invasion
    assert invasion is not None
    if planet.name not in invasion.committed:
        invasion = replace(invasion, committed=(*invasion.committed, planet.name))
        game = replace(game, action=replace(tactical, invasion=invasion))
    name = game.player_name(use.player)
    text = (
        f"{name} commits {', '.join(u.id for u in fighters)} to {planet.name} as ground forces "
        "(Matriarch); they return to the space area when the combat ends"
    )
    return game, (event(ability, text, planet=planet.name, units=[u.id for u in fighters]),)


# --- hits their holder's opponent takes, changed -------------------------------------------


def _noted(pending: PendingHits, ability: Ability, **changes: Any) -> PendingHits:
    return replace(pending, notes=(*pending.notes, ability.name), **changes)


def fourth_moon_hits(ability: Ability, game: Game, use: Use, pending: PendingHits) -> PendingHits:
    """The Fourth Moon: other players' ships in its system cannot use Sustain Damage."""
    if pending.player == use.player or pending.planet is not None:
        return pending
    here = replace(use, system=pending.system)
    if not flagship_in(game, here, use.player):
        return pending
    return _noted(pending, ability, sustain=False)


def moll_terminus_hits(ability: Ability, game: Game, use: Use, pending: PendingHits) -> PendingHits:
    """Moll Terminus: the opponent's ground forces on the planet of the holder's mech cannot
    use Sustain Damage (the card: any hits there; the odds model its combat rounds)."""
    if pending.player == use.player or pending.planet is None:
        return pending
    units = game.system(pending.system).planet(pending.planet).units
    if not any(u.owner == use.player and u.type == "mech" for u in units):
        return pending
    return _noted(pending, ability, sustain=False)


def zero_zero_one_hits(ability: Ability, game: Game, use: Use, pending: PendingHits) -> PendingHits:
    """[0.0.1]: in a space combat round, hits by the flagship and the holder's dreadnoughts
    go to the opponent's non-fighter ships if able."""
    if pending.by != use.player or pending.source != "space combat" or pending.planet is not None:
        return pending
    if not flagship_in(game, replace(use, system=pending.system), use.player):
        return pending
    rolled = in_progress(game).rolled
    forced = sum(r.hits for r in rolled if r.player == use.player and r.type in FORCING)
    return _noted(pending, ability, forced=min(forced, pending.count)) if forced else pending


FORCING = ("flagship", "dreadnought")
"""The units whose hits [0.0.1] puts on non-fighter ships."""


# --- Valkyrie Exoskeleton (Sardakk N'orr mech) -----------------------------------------------


def _sustained_mechs(game: Game, use: Use) -> list[Unit]:
    """The holder's mechs that just used Sustain Damage in a ground combat round and stand."""
    if use.about != use.player or use.source != "ground combat" or use.planet is None:
        return []
    units = game.system(use.system).planet(use.planet).units
    return [u for u in units if u.id in use.units and u.type == "mech" and u.owner == use.player]


def exoskeleton_ways(ability: Ability, game: Game, use: Use) -> Ways:
    mechs = _sustained_mechs(game, use)
    if not mechs:
        return []
    return [{"label": f"Valkyrie Exoskeleton: {len(mechs)} hit(s) on the opponent's ground forces"}]


def exoskeleton(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    mechs = _sustained_mechs(game, use)
    rules = (*ability.rules,)
    pending = PendingHits(
        use.opponent, len(mechs), use.system, use.planet, "ground combat", rules, use.player
    )
    game = queue_hits(game, pending)
    name = game.player_name(use.player)
    ids = ", ".join(u.id for u in mechs)
    text = f"{name}'s {ids} sustained damage: {len(mechs)} hit(s) back (Valkyrie Exoskeleton)"
    return game, (event(ability, text, units=[u.id for u in mechs]),)


# --- flagships' own rounds -------------------------------------------------------------------


def _flagship_of(unit: CombatUnit, faction: str) -> bool:
    return unit.type == "flagship" and faction in getattr(unit, "grade", "").split()


def egeiro_roll(
    ability: Ability, game: Game, use: Use, unit: CombatUnit, attack: Attack
) -> RollChange | None:
    """The Egeiro: +1 to its combat rolls for each non-home system that contains a planet
    its owner controls (the board counts them)."""
    if getattr(unit, "owner", None) != use.player or not _flagship_of(unit, "last_bastion"):
        return None
    if not round_combat(attack, use):
        return None
    home = game.player(use.player).home
    count = sum(
        1
        for s in game.systems
        if s.id != home and any(p.controller == use.player for p in s.planets)
    )
    return RollChange(plus=count) if count else None


def _damaged_flagship(game: Game, use: Use) -> Unit | None:
    space = game.system(use.system).space
    return next(
        (u for u in space if u.owner == use.player and u.type == "flagship" and u.damaged), None
    )


def arc_ways(ability: Ability, game: Game, use: Use) -> Ways:
    if use.planet is not None or _damaged_flagship(game, use) is None:
        return []
    return [{"label": "Arc Secundus repairs itself"}]


def arc_repair(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    flagship = _damaged_flagship(game, use)
    assert flagship is not None
    game = replace_unit(game, replace(flagship, damaged=False))
    text = f"{game.player_name(use.player)}'s {flagship.id} repairs itself (Arc Secundus)"
    return game, (event(ability, text, unit=flagship.id),)


def van_hauge_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """Van Hauge: when it is destroyed, every ship in its system is destroyed."""
    if use.about != use.player or not any(
        i.startswith(f"{use.player}-flagship-") for i in use.units
    ):
        return []
    if not any(u.spec.is_ship for u in game.system(use.system).space):
        return []
    return [{"label": "Van Hauge destroys every ship in its system"}]


def van_hauge(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    ships = [u for u in game.system(use.system).space if u.spec.is_ship]
    game = remove_units(game, {u.id for u in ships})
    text = (
        f"Van Hauge is destroyed: so is every ship in its system ({', '.join(u.id for u in ships)})"
    )
    return game, (event(ability, text, units=[u.id for u in ships]),)
