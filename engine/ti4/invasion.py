"""Step 4 of a tactical action – Invasion (89.4, LRR 49).

Bombardment (49.1, 15) and committing ground forces (49.2) are here; space
cannon defense (49.3, 77.6–77.8), ground combat (49.4, 42) and establishing
control (49.5) are in :mod:`engine.ti4.ground_combat`. Each sub-step happens
in order; the ones with nothing to do say so.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.combat import (
    BOMBARDMENT,
    PLANETARY_SHIELD_RULES,
    pending_for,
    roll_attack,
)
from engine.core.events import Event, refuse
from engine.core.state import Game, Planet, Unit, with_planet
from engine.ti4 import ground_combat, hits, offers
from engine.ti4.abilities import Moment
from engine.ti4.abilities.derived import holds
from engine.ti4.abilities.faction_technologies import L4_DISRUPTORS
from engine.ti4.abilities.law_bars import barred
from engine.ti4.abilities.leaders import blocked
from engine.ti4.combat_round import dice_rules, roll_round
from engine.ti4.ground_combat import (
    defending_player,
    defense,
    ground_forces,
    invasion_of,
    next_defense,
    planet_in_active_system,
    shielding,
    with_invasion,
)
from engine.ti4.records import Invasion, in_progress


def open_step(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Begin the Invasion step at its Bombardment sub-step."""
    game = _before_bombardment(with_invasion(game, Invasion()))
    rules = ("89.4", "49")
    return game, (Event("step", cite("Invasion step begins", rules), rules, {"step": "invasion"}),)


def _before_bombardment(game: Game) -> Game:
    """What acts before the bombardment rolls is offered: the active player's (Plasma
    Scoring), then each other player's with ground forces there (Bunker), at their planet."""
    system = game.active_system
    assert system is not None
    active = game.active_player or ""
    # The active player's use names a planet they may invade (its ground abilities fit).
    held = [p.name for p in system.planets if any(u.owner != active for u in p.units)]
    uses = [offers.use_for(game, active, planet=held[0] if held else None)] + [
        offers.use_for(game, owner, planet=p.name)
        for p in system.planets
        for owner in dict.fromkeys(u.owner for u in p.units if u.owner != active)
    ]
    return offers.queue(game, Moment.BOMBARDMENT, uses)


def _bombarders(game: Game) -> tuple[Unit, ...]:
    """The active player's units in the active system that can bombard, until they have."""
    system = game.active_system
    assert system is not None
    if invasion_of(game).bombarded_by:
        return ()
    return tuple(
        u for u in system.space if u.owner == game.active_player and u.spec.bombardment is not None
    )


def _bombard_targets(game: Game) -> tuple[Planet, ...]:
    """Planets holding another player's ground forces (a shield may still stop bombardment)."""
    system = game.active_system
    assert system is not None
    active = game.active_player or ""
    return tuple(
        p
        for p in system.planets
        if any(u.owner != active and u.spec.is_ground_force for u in p.units)
        and not barred(game, p)
    )


def choices(game: Game) -> list[dict[str, Any]]:
    """The choices of the current invasion sub-step."""
    invasion = invasion_of(game)
    system = game.active_system
    assert system is not None
    active = game.active_player or ""
    if invasion.stage == "bombardment":
        units = _bombarders(game)
        bombarders = [u.id for u in units]
        planets = [
            p.name for p in _bombard_targets(game) if not blocked(game, units, shielding(game, p))
        ]
        # ``bombarders`` and ``planets`` let a page send each unit to its own planet (15.1).
        result = [
            make_choice(
                "bombard",
                f"Bombard {name} with {', '.join(bombarders)}",
                ("49.1", "15.1"),
                planet=name,
                targets=dict.fromkeys(bombarders, name),
                bombarders=bombarders,
                planets=planets,
            )
            for name in planets
        ]
        return [*result, make_choice("skip", "Do not bombard", ("49.1",))]
    if invasion.stage == "commit":
        forces = ground_forces(system.space, active)
        result = [
            make_choice(
                "commit",
                f"Commit {len(forces)} ground force(s) to {p.name}",
                ("49.2", "49.2.1"),
                planet=p.name,
                units=[u.id for u in forces],
            )
            for p in system.planets
            if forces
        ]
        label = (
            "Finish committing ground forces" if invasion.committed else "Commit no ground forces"
        )
        return [*result, make_choice("skip", label, ("49.2", "49.2.3"))]
    if invasion.stage == "space_cannon_defense":
        planet = system.planet(invasion.defense_queue[0])
        owner = defending_player(planet, active) or ""
        name = game.player_name(owner)
        return [
            make_choice(
                "space_cannon",
                f"{name}: fire Space Cannon on {planet.name} at the committed ground forces",
                ("49.3", "77.7"),
                player=owner,
                fire=True,
            ),
            make_choice(
                "space_cannon", f"{name}: do not fire", ("49.3",), player=owner, fire=False
            ),
        ]
    planet_name = invasion.combat_queue[0]
    return [make_choice("roll", f"Roll dice for the ground combat on {planet_name}", ("42.1",))]


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Apply a choice of the current invasion sub-step."""
    invasion = invasion_of(game)
    kind = choice.get("kind")
    handlers = {
        ("bombardment", "bombard"): _bombard,
        ("bombardment", "skip"): _end_bombardment,
        ("commit", "commit"): _commit,
        ("commit", "skip"): _end_commit,
        ("space_cannon_defense", "space_cannon"): defense,
        ("ground_combat", "roll"): lambda g, _: roll_round(g),
    }
    handler = handlers.get((invasion.stage, str(kind)))
    if handler is None:
        stage = invasion.stage.replace("_", " ")
        raise refuse(f"Cannot {kind} now: the invasion is at its {stage} sub-step", "89.4", "49")
    return handler(game, choice)


def _bombard_targets_of(game: Game, choice: dict[str, Any]) -> dict[str, str]:
    """The declared planet of each bombarding unit: ``targets`` {unit: planet}, or ``planet``."""
    if "targets" not in choice:
        planet = planet_in_active_system(game, choice, "bombard", "15.1")
        return {u.id: planet.name for u in _bombarders(game)}
    raw = choice["targets"]
    if not isinstance(raw, dict) or not raw:
        raise refuse("Cannot bombard: declare a planet for each bombarding unit", "15.1", "15.1.4")
    for planet in raw.values():
        planet_in_active_system(game, {"planet": planet}, "bombard", "15.1")
    return {str(unit): str(planet) for unit, planet in raw.items()}


def _bombard(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Declare the planet each unit bombards, then roll for each unit (15.1, 15.1.4)."""
    system = game.active_system
    assert system is not None
    bombarders = {u.id: u for u in _bombarders(game)}
    if not bombarders:
        raise refuse(
            "Cannot bombard: none of your units in the active system has Bombardment", "15.1"
        )
    targets = _bombard_targets_of(game, choice)
    strangers = [u for u in targets if u not in bombarders]
    if strangers:
        raise refuse(
            f"Cannot bombard with {', '.join(strangers)}: only your units in the active system "
            f"with Bombardment can",
            "15.1",
        )
    allowed = {p.name for p in _bombard_targets(game)}
    for name in dict.fromkeys(targets.values()):
        planet = system.planet(name)
        if name not in allowed:
            why = f"Cannot bombard {name}: it holds no other player’s ground forces"
            raise refuse(*(barred(game, planet) or (why, "15.1", "15.2")))
        if blocked(game, tuple(bombarders.values()), shielding(game, planet)):
            raise refuse(
                f"Cannot bombard {name}: a unit there has Planetary Shield", *PLANETARY_SHIELD_RULES
            )
    active = game.active_player or ""
    events: list[Event] = []
    owed: list[tuple[str, int]] = []
    dice = game.dice
    owners = [active, *(u.owner for p in system.planets for u in p.units if u.owner != active)]
    for name in dict.fromkeys(targets.values()):
        units = tuple(bombarders[u] for u in targets if targets[u] == name)
        volley = roll_attack(
            dice,
            units,
            BOMBARDMENT,
            game.player_name(active),
            system.planet(name).units,
            dice_rules(game, [offers.use_for(game, p) for p in dict.fromkeys(owners)]),
        )
        dice = volley.dice
        planet = system.planet(name)
        verb = "bombards" if len(units) == 1 else "bombard"
        text = f"{', '.join(u.id for u in units)} {verb} {name}"
        events.append(
            Event("bombard", cite(text, ("15.1", "15.1.4")), ("15.1", "15.1.4"), {"planet": name})
        )
        events.append(volley.event)
        if any(u.spec.planetary_shield for u in planet.units):
            events.append(
                Event(
                    "note",
                    cite("A war sun ignores the Planetary Shield there", ("65.3",)),
                    ("65.3",),
                )
            )
        if volley.hits and defending_player(planet, active):
            owed.append((name, volley.hits))
    before = tuple(
        (
            name,
            sum(1 for u in system.planet(name).units if u.owner != active and u.type == "infantry"),
        )
        for name in dict.fromkeys(targets.values())
    )
    invasion = replace(
        invasion_of(game),
        bombarded_by=tuple(targets),
        bombard_hits=tuple(owed),
        infantry_before=before,
    )
    game = offers.expire(replace(with_invasion(game, invasion), dice=dice), "volley")
    return game, tuple(events)


def _end_bombardment(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    game = with_invasion(game, replace(invasion_of(game), stage="commit"))
    # Units an ability commits in another role first (Matriarch's fighters).
    game = offers.queue(game, Moment.JOIN, [offers.use_for(game, game.active_player or "")])
    rules = ("49.2",)
    return game, (Event("step", cite("Commit Ground Forces", rules), rules),)


def _commit(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    system = game.active_system
    assert system is not None
    active = game.active_player or ""
    planet = planet_in_active_system(game, choice, "commit to", "49.2")
    raw = choice.get("units")
    if not isinstance(raw, list) or not raw or not all(isinstance(u, str) for u in raw):
        raise refuse("Cannot commit: list the ground forces to land", "49.2")
    available = {u.id: u for u in ground_forces(system.space, active)}
    for unit_id in raw:
        if unit_id not in available:
            raise refuse(
                f"Cannot commit {unit_id}: only your ground forces in the space area of the "
                f"active system can be committed",
                "49.2",
                "movement-transport-3",
            )
    landing = tuple(available[u] for u in dict.fromkeys(raw))
    ids = {u.id for u in landing}
    system = replace(system, space=tuple(u for u in system.space if u.id not in ids))
    planet = replace(planet, units=planet.units + landing)
    game = game.with_system(with_planet(system, planet))
    invasion = invasion_of(game)
    committed = (
        invasion.committed
        if planet.name in invasion.committed
        else (*invasion.committed, planet.name)
    )
    game = with_invasion(game, replace(invasion, committed=committed))
    rules: tuple[str, ...] = ("49.2", "49.2.1")
    if defending_player(planet, active):
        rules = (*rules, "49.2.2")
    landed = ", ".join(u.id for u in landing)
    text = f"{game.player_name(active)} commits {landed} to land on {planet.name}"
    return game, (
        Event("commit", cite(text, rules), rules, {"planet": planet.name, "units": sorted(ids)}),
    )


def _end_commit(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    system = game.active_system
    assert system is not None
    active = game.active_player or ""
    invasion = invasion_of(game)
    if not invasion.committed:
        rules = ("49.2.3", "89-note-1")
        text = f"{game.player_name(active)} commits no ground forces and proceeds to Production"
        game = replace(game, action=replace(in_progress(game), step="production", invasion=None))
        return game, (Event("step", cite(text, rules), rules),)
    queue = tuple(
        p
        for p in invasion.committed
        if any(
            u.owner != active and u.spec.space_cannon is not None
            for u in shielding(game, system.planet(p))
        )
    )
    barred: tuple[Event, ...] = ()
    if queue and holds(game.player(active), L4_DISRUPTORS):
        # "During an invasion, units cannot use SPACE CANNON against your units."
        queue = ()
        cited = (*L4_DISRUPTORS.rules, "49.3")
        text = (
            f"{L4_DISRUPTORS.name}: no unit may use Space Cannon against "
            f"{game.player_name(active)}’s units during this invasion"
        )
        barred = (Event("ability", cite(text, cited), cited, {"ability": L4_DISRUPTORS.id}),)
    game = with_invasion(game, replace(invasion, stage="space_cannon_defense", defense_queue=queue))
    game, events = next_defense(game)
    return game, (*barred, *events)


def progress(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Move the invasion on when nothing is waiting for a player: hits, rounds, next sub-step."""
    if game.pending is not None:
        return game, ()
    invasion = invasion_of(game)
    system = game.active_system
    assert system is not None
    if invasion.stage == "bombardment" and invasion.bombard_hits:
        (planet_name, count), rest = invasion.bombard_hits[0], invasion.bombard_hits[1:]
        owner = defending_player(system.planet(planet_name), game.active_player or "") or ""
        game = with_invasion(game, replace(invasion, bombard_hits=rest))
        pending = pending_for(owner, count, system.id, planet_name, BOMBARDMENT)
        return hits.queue(game, replace(pending, by=game.active_player)), ()
    if invasion.stage == "bombardment" and invasion.bombarded_by:
        # What acts after a planet's bombardment (X-89 Bacterial Weapon Ω), then Commit.
        active = game.active_player or ""
        uses = [
            offers.use_for(game, active, planet=name, count=count)
            for name, count in invasion.infantry_before
        ]
        return _end_bombardment(offers.queue(game, Moment.AFTER_BOMBARDMENT, uses), {})
    if invasion.stage == "bombardment" and not (_bombarders(game) and _bombard_targets(game)):
        rules = ("49.1",)
        text = (
            f"Bombardment: none of {game.player_name(game.active_player or '')}’s units in "
            f"{system.name} can bombard another player’s ground forces"
        )
        game, more = _end_bombardment(game, {})
        return game, (Event("bombardment", cite(text, rules), rules), *more)
    if invasion.stage == "commit" and not ground_forces(system.space, game.active_player or ""):
        return _end_commit(game, {})
    if invasion.stage == "space_cannon_defense":
        return next_defense(game)
    return ground_combat.progress(game)
