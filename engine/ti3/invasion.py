"""After the landings: neutral landings resolved, then each invasion combat in the chosen order.

Before an invasion combat's rounds, every defending PDS on the contested
planet fires a single shot at the invading ground forces. Then both sides
roll each round until one side is gone; ground forces are alike, so removing
casualties needs no choice. Only ground forces fight: landed PDS take no
part. A successful invasion destroys the defender's PDS and space docks and
takes the planet, exhausted; a failed one destroys the invading PDS.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.combat import roll_attack
from engine.core.combat_record import Combat
from engine.core.events import Event, refuse
from engine.core.state import Game, Planet, remove_units, with_planet
from engine.ti3 import anchors
from engine.ti3.board import action, active, with_action
from engine.ti3.hits import INVASION_COMBAT, INVASION_PDS, take_now


def _planet(game: Game, name: str) -> Planet:
    return game.system(action(game).systems[0]).planet(name)


def _ground(planet: Planet, owner: str, same: bool = True) -> tuple[Any, ...]:
    return tuple(u for u in planet.units if (u.owner == owner) == same and u.type == "ground_force")


def open_step(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Resolve the neutral landings, then queue the invasions (hostile landings)."""
    events: list[Event] = []
    for landing in action(game).landings:
        if landing.kind == "neutral":
            game, more = _neutral(game, landing.planet)
            events += more
    queue = tuple(landing.planet for landing in action(game).landings if landing.kind == "hostile")
    game = with_action(game, invasions=queue)
    if not queue:
        return with_action(game, step="production"), tuple(events)
    if len(queue) == 1:
        game, more = _start(game, queue[0])
        events += more
    return game, tuple(events)


def _neutral(game: Game, name: str) -> tuple[Game, tuple[Event, ...]]:
    player = active(game)
    rules = (anchors.NEUTRAL_LANDING,)
    events = []
    if name in action(game).domains:
        game = with_action(game, domains=tuple(d for d in action(game).domains if d != name))
        text = (
            f"The domain counter on {name} is resolved and removed (the seed does not describe "
            "what the counters hold)"
        )
        events.append(Event("domain_counter", cite(text, rules), rules, {"planet": name}))
    planet = _planet(game, name)
    if _ground(planet, player):
        game = _take(game, planet, player)
        text = f"{game.player_name(player)} claims {name}; its planet card comes exhausted"
        events.append(Event("claim", cite(text, rules), rules, {"planet": name}))
    else:
        text = f"No ground force landed on {name}: only ground forces claim a planet"
        events.append(Event("no_claim", cite(text, rules), rules, {"planet": name}))
    return game, tuple(events)


def _take(game: Game, planet: Planet, player: str) -> Game:
    system = game.system(action(game).systems[0])
    game = game.with_system(with_planet(system, replace(planet, controller=player, exhausted=True)))
    return with_action(game, gained=(*action(game).gained, planet.name))


def choices(game: Game) -> list[dict[str, Any]]:
    battle = action(game).battle
    if battle is not None:
        return [
            make_choice("roll", "Both players roll invasion combat dice", (anchors.INVASION_ROLL,))
        ]
    return [
        make_choice(
            "invade", f"Resolve the invasion of {name}", (anchors.INVASION_COMBAT,), planet=name
        )
        for name in action(game).invasions
    ]


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    battle = action(game).battle
    if choice["kind"] == "invade":
        if battle is not None or choice.get("planet") not in action(game).invasions:
            raise refuse(
                f"Cannot invade {choice.get('planet')!r} now: the active player picks the next "
                "of the invasions still to fight, one at a time",
                anchors.INVASION_COMBAT,
            )
        return _start(game, str(choice["planet"]))
    if battle is None:
        raise refuse("Cannot roll: pick the invasion to resolve first", anchors.INVASION_COMBAT)
    return _round(game, battle)


def _start(game: Game, name: str) -> tuple[Game, tuple[Event, ...]]:
    player = active(game)
    planet = _planet(game, name)
    # An enemy planet with no units left on it is still the controller's to lose.
    defender = next((u.owner for u in planet.units if u.owner != player), planet.controller)
    assert defender is not None
    battle = Combat("ground", action(game).systems[0], name, player, defender)
    game = with_action(
        game, battle=battle, invasions=tuple(p for p in action(game).invasions if p != name)
    )
    rules = (anchors.INVASION_COMBAT,)
    attacker_name, defender_name = game.player_name(player), game.player_name(defender)
    text = f"Invasion combat on {name}: {attacker_name} against {defender_name}"
    events = [Event("invasion", cite(text, rules), rules, {"planet": name})]
    pds = tuple(u for u in planet.units if u.owner == defender and u.type == "pds")
    if pds and _ground(planet, player):
        volley = roll_attack(game.dice, pds, INVASION_PDS, game.player_name(defender))
        game = replace(game, dice=volley.dice)
        game, taken = take_now(game, _ground(planet, player), volley.hits, INVASION_PDS, player)
        events += [volley.event, taken]
    game, more = _settle(game)
    return game, (*events, *more)


def _round(game: Game, battle: Combat) -> tuple[Game, tuple[Event, ...]]:
    planet = _planet(game, battle.planet or "")
    first = roll_attack(
        game.dice,
        _ground(planet, battle.attacker),
        INVASION_COMBAT,
        game.player_name(battle.attacker),
    )
    second = roll_attack(
        first.dice,
        _ground(planet, battle.defender),
        INVASION_COMBAT,
        game.player_name(battle.defender),
    )
    game = replace(game, dice=second.dice)
    game, on_attacker = take_now(
        game, _ground(planet, battle.attacker), second.hits, INVASION_COMBAT, battle.attacker
    )
    game, on_defender = take_now(
        game, _ground(planet, battle.defender), first.hits, INVASION_COMBAT, battle.defender
    )
    game = with_action(game, battle=replace(battle, round=battle.round + 1))
    game, more = _settle(game)
    return game, (first.event, second.event, on_attacker, on_defender, *more)


def _settle(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """End the invasion once a side has no ground forces; then the next one, or production."""
    battle = action(game).battle
    assert battle is not None and battle.planet is not None
    planet = _planet(game, battle.planet)
    invaders = _ground(planet, battle.attacker)
    defenders = _ground(planet, battle.defender)
    if invaders and defenders:
        return game, ()
    events: list[Event] = []
    rules: tuple[str, ...]
    if invaders:
        rules = (anchors.INVASION_SUCCESS,)
        lost = [u.id for u in planet.units if u.owner == battle.defender]
        game = remove_units(game, set(lost))
        game = _take(game, _planet(game, battle.planet), battle.attacker)
        text = (
            f"The invasion of {planet.name} succeeds: {game.player_name(battle.attacker)} takes "
            f"the planet exhausted" + (f"; {', '.join(lost)} destroyed" if lost else "")
        )
        events.append(Event("invasion_success", cite(text, rules), rules, {"destroyed": lost}))
    else:
        rules = (anchors.INVASION_SUCCESS, anchors.LANDING_PDS)
        lost = [u.id for u in planet.units if u.owner == battle.attacker]
        game = remove_units(game, set(lost))
        text = (
            f"The invasion of {planet.name} fails: {game.player_name(battle.defender)} keeps it"
            + (f"; invading {', '.join(lost)} destroyed" if lost else "")
        )
        events.append(Event("invasion_failed", cite(text, rules), rules, {"destroyed": lost}))
    game = with_action(game, battle=None)
    if not action(game).invasions:
        return with_action(game, step="production"), tuple(events)
    if len(action(game).invasions) == 1:
        game, more = _start(game, action(game).invasions[0])
        return game, (*events, *more)
    return game, tuple(events)
