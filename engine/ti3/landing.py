"""Planetary landings, then bombardment and raze, before any invasion combat.

The active player lands ground forces and PDS carried in the activated
system's space area: a friendly landing on his own planet, a neutral landing
on a planet no one owns, a hostile landing (an invasion) on a planet holding
enemy units. No landing on a planet probed this activation; in a transfer,
friendly landings only. Once landings end they cannot be changed. Then each
war sun or dreadnought in the system may be used once: to bombard an invaded
planet (a dreadnought not where an enemy PDS stands; a war sun even where no
invasion follows) or to raze the domain counter of a planet being landed on.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.combat import roll_attack
from engine.core.events import Event, refuse
from engine.core.state import Game, Planet, System, remove_units, with_planet
from engine.ti3 import anchors
from engine.ti3.board import action, active, spec, with_action
from engine.ti3.hits import BOMBARDMENT, take_now
from engine.ti3.records import Landing

KIND_RULES = {
    "friendly": anchors.FRIENDLY_LANDING,
    "neutral": anchors.NEUTRAL_LANDING,
    "hostile": anchors.HOSTILE_LANDING,
}


def _rules(game: Game) -> tuple[str, ...]:
    transfer = action(game).action == "transfer"
    return (anchors.TRANSFER_LANDINGS,) if transfer else (anchors.LANDINGS,)


def landing_kind(planet: Planet, player: str) -> str:
    """Friendly on the player's own planet, neutral on an unowned empty one, else hostile."""
    if any(u.owner != player for u in planet.units):
        return "hostile"
    if planet.controller == player:
        return "friendly"
    return "neutral" if planet.controller is None else "hostile"


def _landers(game: Game) -> dict[str, tuple[str, ...]]:
    """Per system of the action, the ids of the active player's units in space that can land."""
    player = active(game)
    return {
        s: tuple(
            u.id
            for u in game.system(s).space
            if u.owner == player and u.type in ("ground_force", "pds")
        )
        for s in action(game).systems
    }


def _planets(game: Game) -> list[tuple[System, Planet]]:
    return [(game.system(s), p) for s in action(game).systems for p in game.system(s).planets]


def choices(game: Game) -> list[dict[str, Any]]:
    player = active(game)
    landers = _landers(game)
    listed = []
    for system, planet in _planets(game):
        kind = landing_kind(planet, player)
        if not landers[system.id] or planet.name in action(game).probed:
            continue
        if action(game).action == "transfer" and kind != "friendly":
            continue
        listed.append(
            make_choice(
                "land",
                f"{kind.title()} landing on {planet.name} with {', '.join(landers[system.id])}",
                (*_rules(game), KIND_RULES[kind]),
                planet=planet.name,
                units=list(landers[system.id]),
            )
        )
    listed.append(make_choice("end_landings", "End planetary landings", _rules(game)))
    return listed


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    if choice["kind"] == "end_landings":
        rules = _rules(game)
        nxt = "bombardment" if action(game).action == "tactical" else "production"
        text = "Planetary landings are final"
        return with_action(game, step=nxt), (Event("end_landings", cite(text, rules), rules),)
    return _land(game, choice)


def _land(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player = active(game)
    rules = _rules(game)
    found = next(((s, p) for s, p in _planets(game) if p.name == choice.get("planet")), None)
    if found is None:
        raise refuse(
            f"Cannot land on {choice.get('planet')!r}: not a planet of this action", *rules
        )
    system, planet = found
    if planet.name in action(game).probed:
        raise refuse(f"Cannot land on {planet.name}: it was probed this activation", anchors.PROBE)
    kind = landing_kind(planet, player)
    if action(game).action == "transfer" and kind != "friendly":
        raise refuse(
            f"Cannot land on {planet.name}: a transfer lands only on friendly planets, "
            f"and this would be a {kind} landing",
            anchors.TRANSFER_LANDINGS,
        )
    units = choice.get("units")
    ready = _landers(game)[system.id]
    if not isinstance(units, list) or not units or any(u not in ready for u in units):
        raise refuse(
            f"Cannot land {units!r}: name your ground forces or PDS in {system.name}'s space area",
            *rules,
        )
    if len(set(units)) != len(units):
        raise refuse("Cannot land a unit twice", *rules)
    landed = tuple(u for u in system.space if u.id in units)
    game = remove_units(game, set(units))
    system = game.system(system.id)
    planet = system.planet(planet.name)
    game = game.with_system(with_planet(system, replace(planet, units=(*planet.units, *landed))))
    landing = Landing(planet.name, kind, tuple(units))
    game = with_action(game, landings=(*action(game).landings, landing))
    cited = (*rules, KIND_RULES[kind])
    text = f"{game.player_name(player)} makes a {kind} landing on {planet.name}: {', '.join(units)}"
    data = {"planet": planet.name, "landing": kind, "units": units}
    return game, (Event("land", cite(text, cited), cited, data),)


def _bombarders(game: Game) -> list[Any]:
    player = active(game)
    used = set(action(game).bombarders)
    system = game.system(action(game).systems[0])
    return [
        u for u in system.space if u.owner == player and spec(u).bombardment and u.id not in used
    ]


def _invaded(game: Game) -> set[str]:
    return {landing.planet for landing in action(game).landings if landing.kind == "hostile"}


def _neutral(game: Game) -> set[str]:
    return {landing.planet for landing in action(game).landings if landing.kind == "neutral"}


def _bombard_reason(game: Game, unit: Any, planet: Planet) -> tuple[str, str] | None:
    """Why ``unit`` may not bombard ``planet`` (a reason and its item), or ``None``."""
    player = active(game)
    if not any(u.owner != player and u.type == "ground_force" for u in planet.units):
        return f"{planet.name} holds no enemy ground forces", anchors.BOMBARDMENT
    if unit.type == "dreadnought":
        if any(u.owner != player and u.type == "pds" for u in planet.units):
            return f"{planet.name} holds an enemy PDS", anchors.DREADNOUGHT_PDS
        if planet.name not in _invaded(game):
            return f"no invasion of {planet.name} follows", anchors.BOMBARDMENT
    return None


def bombard_choices(game: Game) -> list[dict[str, Any]]:
    system = game.system(action(game).systems[0])
    listed = []
    for unit in _bombarders(game):
        for planet in system.planets:
            if _bombard_reason(game, unit, planet) is None:
                rules = (anchors.BOMBARDMENT,) + (
                    (anchors.WAR_SUN_BOMBARD,) if planet.name not in _invaded(game) else ()
                )
                listed.append(
                    make_choice(
                        "bombard",
                        f"{unit.id} bombards {planet.name}",
                        rules,
                        unit=unit.id,
                        planet=planet.name,
                    )
                )
            if planet.name in _neutral(game) and planet.name in action(game).domains:
                listed.append(
                    make_choice(
                        "raze",
                        f"{unit.id} razes the domain counter on {planet.name}",
                        (anchors.RAZE,),
                        unit=unit.id,
                        planet=planet.name,
                    )
                )
    listed.append(make_choice("skip", "No (more) bombardment", (anchors.BOMBARDMENT,)))
    return listed


def apply_bombard(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    kind = choice["kind"]
    if kind == "skip":
        return with_action(game, step="invasion"), ()
    rules = (anchors.RAZE,) if kind == "raze" else (anchors.BOMBARDMENT,)
    unit = next((u for u in _bombarders(game) if u.id == choice.get("unit")), None)
    if unit is None:
        raise refuse(
            f"Cannot {kind} with {choice.get('unit')!r}: a war sun or dreadnought in the system "
            "takes part in a single bombardment only, to raze or to bombard",
            anchors.RAZE,
        )
    system = game.system(action(game).systems[0])
    planet = next((p for p in system.planets if p.name == choice.get("planet")), None)
    if planet is None:
        raise refuse(f"Cannot {kind} {choice.get('planet')!r}: no such planet here", *rules)
    game = with_action(game, bombarders=(*action(game).bombarders, unit.id))
    if kind == "raze":
        if planet.name not in _neutral(game) or planet.name not in action(game).domains:
            raise refuse(
                f"Cannot raze on {planet.name}: only a domain counter on a planet being landed "
                "on can be razed",
                anchors.RAZE,
            )
        game = with_action(
            game,
            razed=(*action(game).razed, planet.name),
            domains=tuple(d for d in action(game).domains if d != planet.name),
        )
        text = f"{unit.id} razes the domain counter on {planet.name}"
        return game, (Event("raze", cite(text, rules), rules, {"planet": planet.name}),)
    reason = _bombard_reason(game, unit, planet)
    if reason is not None:
        raise refuse(f"Cannot bombard {planet.name} with {unit.id}: {reason[0]}", reason[1])
    player = active(game)
    volley = roll_attack(game.dice, (unit,), BOMBARDMENT, game.player_name(player))
    game = replace(game, dice=volley.dice)
    defenders = tuple(u for u in planet.units if u.owner != player)
    owner = defenders[0].owner
    game, taken = take_now(game, defenders, volley.hits, BOMBARDMENT, owner)
    return game, (volley.event, taken)


def bombard_open(game: Game) -> tuple[Game, tuple[Event, ...]]:
    if len(bombard_choices(game)) == 1:
        return with_action(game, step="invasion"), ()
    return game, ()
