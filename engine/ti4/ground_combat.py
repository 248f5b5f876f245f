"""Invasion sub-steps 3 to 5: space cannon defense, ground combat and establishing control.

After bombardment and committing ground forces (:mod:`engine.ti4.invasion`),
each committed planet's owner may fire Space Cannon at the invaders (49.3,
77.6–77.8); then a ground combat is fought on each committed planet where
both players have ground forces (49.4, 42), and the active player gains
control of every committed planet where their ground forces remain (49.5).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite
from engine.core.combat import SPACE_CANNON_DEFENSE, pending_for, roll_attack
from engine.core.events import Event
from engine.core.state import Combat, Game, Planet, Unit, remove_units, with_planet
from engine.ti4 import combat_round, hits, offers, space_cannon
from engine.ti4.abilities import Moment
from engine.ti4.abilities.arming import armed
from engine.ti4.abilities.cards import DISABLE
from engine.ti4.abilities.plays import is_played
from engine.ti4.records import Invasion, in_progress


def ground_forces(units: tuple[Unit, ...], player: str) -> tuple[Unit, ...]:
    return tuple(u for u in units if u.owner == player and u.spec.is_ground_force)


def defending_player(planet: Planet, active: str) -> str | None:
    """The other player holding this planet: with ground forces there, else its controller."""
    owners = [u.owner for u in planet.units if u.owner != active]
    if owners:
        return owners[0]
    return planet.controller if planet.controller not in (None, active) else None


def shielding(game: Game, planet: Planet) -> tuple[Unit, ...]:
    """The planet's units as their abilities stand this invasion: armed by what their owners
    hold (Lightrail Ordnance's space dock fires space cannon); with Disable played by the
    active player, the other players' PDS have neither Planetary Shield nor Space Cannon
    (left out here)."""
    active = game.active_player or ""
    units = armed(game, planet.units)
    if not is_played(game, active, DISABLE):
        return units
    return tuple(u for u in units if u.owner == active or u.type != "pds")


def invasion_of(game: Game) -> Invasion:
    invasion = in_progress(game).invasion
    assert invasion is not None
    return invasion


def with_invasion(game: Game, invasion: Invasion) -> Game:
    return replace(game, action=replace(in_progress(game), invasion=invasion))


def next_defense(game: Game) -> tuple[Game, tuple[Event, ...]]:
    invasion = invasion_of(game)
    if invasion.defense_queue:
        return _before_defense(game, invasion), ()
    system = game.active_system
    assert system is not None
    active = game.active_player or ""
    combats = tuple(
        p
        for p in invasion.committed
        if ground_forces(system.planet(p).units, active)
        and any(u.owner != active and u.spec.is_ground_force for u in system.planet(p).units)
    )
    game = with_invasion(game, replace(invasion, stage="ground_combat", combat_queue=combats))
    return _next_combat(game)


def _before_defense(game: Game, invasion: Invasion) -> Game:
    """Once a planet's owner is next to decide on space cannon defense, they are offered
    what acts before they fire (Plasma Scoring, 77.3)."""
    head = invasion.defense_queue[0]
    if invasion.defense_asked == head:
        return game
    game = with_invasion(game, replace(invasion, defense_asked=head))
    system = game.active_system
    assert system is not None
    owner = defending_player(system.planet(head), game.active_player or "") or ""
    use = offers.use_for(game, owner, about=owner, planet=head)
    return offers.queue(game, Moment.CANNON, [use])


def defense(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    system = game.active_system
    assert system is not None
    active = game.active_player or ""
    invasion = invasion_of(game)
    planet = system.planet(invasion.defense_queue[0])
    owner = defending_player(planet, active) or ""
    game = with_invasion(game, replace(invasion, defense_queue=invasion.defense_queue[1:]))
    if not choice.get("fire"):
        rules = ("49.3",)
        event = Event(
            "space_cannon",
            cite(f"{game.player_name(owner)} does not fire Space Cannon", rules),
            rules,
        )
        game, more = next_defense(offers.expire(game, "volley"))
        return game, (event, *more)
    cannons = tuple(
        u for u in shielding(game, planet) if u.owner == owner and u.spec.space_cannon is not None
    )
    attack = space_cannon.against(game, SPACE_CANNON_DEFENSE, active)
    changes = combat_round.dice_rules(game, [offers.use_for(game, owner, planet=planet.name)])
    volley = roll_attack(game.dice, cannons, attack, game.player_name(owner), (), changes)
    game = replace(game, dice=volley.dice)
    pending = pending_for(active, volley.hits, system.id, planet.name, SPACE_CANNON_DEFENSE)
    game = offers.expire(hits.queue(game, replace(pending, by=owner)), "volley")
    return game, (volley.event,)


def _next_combat(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Start the next queued ground combat, or establish control when none is left."""
    invasion = invasion_of(game)
    system = game.active_system
    assert system is not None
    active = game.active_player or ""
    if not invasion.combat_queue:
        return _establish_control(game)
    planet = system.planet(invasion.combat_queue[0])
    defender = defending_player(planet, active) or ""
    combat = Combat(
        "ground", system.id, planet.name, attacker=active, defender=defender, stage="start"
    )
    game = replace(game, action=replace(in_progress(game), combat=combat))
    rules = ("49.4", "42")
    text = (
        f"Ground combat on {planet.name}: {game.player_name(active)} attacks "
        f"{game.player_name(defender)}"
    )
    return game, (Event("step", cite(text, rules), rules, {"planet": planet.name}),)


def progress(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Move a ground combat on: its start-of-combat abilities, its rounds, then another
    round or its end."""
    invasion = invasion_of(game)
    combat = in_progress(game).combat
    if invasion.stage != "ground_combat" or combat is None:
        return game, ()
    if combat.stage == "start":
        # Each player's start-of-combat abilities, the active player's first.
        game = _staged(game, combat, "opened")
        for player in (combat.attacker, combat.defender):
            game = offers.queue(game, Moment.START_OF_COMBAT, [offers.use_for(game, player)])
        return game, ()
    if combat.stage not in ("opened", "done"):
        moved = combat_round.progress(game)
        return moved if moved is not None else (game, ())
    planet_name = combat.planet or ""
    planet = game.system(combat.system).planet(planet_name)
    attackers = ground_forces(planet.units, combat.attacker)
    defenders = ground_forces(planet.units, combat.defender)
    if attackers and defenders and combat.stage == "opened":
        return combat_round.begin_round(game), ()
    if attackers and defenders:
        nxt = replace(combat, stage="round_start", round=combat.round + 1)
        rules = ("42.3",)
        text = f"Both players still have ground forces on {planet_name}: round {nxt.round}"
        return replace(game, action=replace(in_progress(game), combat=nxt)), (
            Event("round", cite(text, rules), rules),
        )
    rules = ("42.4",)
    data = {
        "winner": combat.attacker
        if attackers and not defenders
        else (combat.defender if defenders and not attackers else None),
        "left": combat_round.left(game),
    }
    if attackers or defenders:
        winner = combat.attacker if attackers else combat.defender
        text = f"The ground combat on {planet_name} ends: {game.player_name(winner)} wins"
    else:
        text = f"The ground combat on {planet_name} ends with both sides destroyed"
    drawn = invasion.drawn + (() if attackers or defenders else (planet_name,))
    invasion = replace(invasion, combat_queue=invasion.combat_queue[1:], drawn=drawn)
    game = combat_round.roles_end(offers.expire(game, "round", "combat"), combat.system)
    after = replace(in_progress(game), combat=None, invasion=invasion, rolled=(), sustained=())
    game = replace(game, action=after)
    event = Event("combat_end", cite(text, rules), rules, data)
    game, more = _next_combat(game)
    return game, (event, *more)


def _staged(game: Game, combat: Combat, stage: str) -> Game:
    return replace(game, action=replace(in_progress(game), combat=replace(combat, stage=stage)))


def _establish_control(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Gain each committed planet still holding the active player's ground forces (49.5)."""
    invasion = invasion_of(game)
    active = game.active_player or ""
    events: list[Event] = []
    for name in invasion.committed:
        system = game.active_system
        assert system is not None
        planet = system.planet(name)
        if not ground_forces(planet.units, active):
            if name in invasion.drawn:
                rules: tuple[str, ...] = ("49.5.4",)
                text = f"All units on {name} were destroyed: the defender keeps control"
                events.append(Event("control", cite(text, rules), rules, {"planet": name}))
            continue
        if planet.controller == active:
            continue
        doomed = [u for u in planet.units if u.owner != active and u.spec.is_structure]
        planet = replace(planet, controller=active, exhausted=True)
        game = game.with_system(with_planet(system, planet))
        game = remove_units(game, {u.id for u in doomed})
        rules = ("49.5", "49.5.2") + (("49.5.1",) if doomed else ())
        text = f"{game.player_name(active)} gains control of {name}; its planet card is exhausted"
        if doomed:
            text += f"; {', '.join(u.id for u in doomed)} destroyed"
        events.append(
            Event(
                "control",
                cite(text, rules),
                rules,
                {"planet": name, "player": active, "destroyed": [u.id for u in doomed]},
            )
        )
    game = replace(game, action=replace(in_progress(game), step="production", invasion=None))
    if not events:
        events.append(
            Event(
                "control", cite("Establish Control: no planet changes hands", ("49.5",)), ("49.5",)
            )
        )
    return game, tuple(events)
