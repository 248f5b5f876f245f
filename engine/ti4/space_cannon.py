"""Space Cannon Offense, after the Move Ships step (89.2.3, LRR 77.2–77.5).

Beginning with the active player and going round the table (the scenario's
player order), each player with Space Cannon units in the active system may
fire them. Other players must target the active player's ships (77.5.1); the
active player chooses another player with ships there (77.5.2).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.combat import SPACE_CANNON_OFFENSE, Attack, pending_for, roll_attack
from engine.core.events import Event, refuse
from engine.core.state import Game, System, owners_with_ships
from engine.ti4 import hits, offers
from engine.ti4.abilities import Ability, Moment
from engine.ti4.abilities.arming import cannons
from engine.ti4.abilities.cards import SOLAR_FLARE
from engine.ti4.abilities.derived import GUARDING, holds, in_effect
from engine.ti4.abilities.plays import is_played
from engine.ti4.abilities.technologies import ANTIMASS_DEFLECTORS
from engine.ti4.combat_round import dice_rules
from engine.ti4.records import Use, tactical_of

STEP_RULES = ("89.2.3", "movement-step-2-space-cannon-offense-1")


def against(game: Game, attack: Attack, target: str) -> Attack:
    """A space cannon attack at ``target``'s units: -1 to each roll if they own Antimass Deflectors.

    The card: "When other players' units use SPACE CANNON against your units, apply -1 to
    the result of each die roll"; it overrides 77.3.4 (modifiers do not touch space cannon
    rolls) by 1.2. The hits keep the plain attack's name (``hits.ATTACKS``).
    """
    if not holds(game.player(target), ANTIMASS_DEFLECTORS):
        return attack
    return replace(
        attack,
        name=f"{attack.name} (-1 to each roll: Antimass Deflectors)",
        roll_rules=(*attack.roll_rules, "1.2"),
        bonus=attack.bonus - 1,
    )


def guards(game: Game, system: System, target: str, shooter: str) -> tuple[Ability, ...]:
    """``target``'s abilities that keep ``shooter``'s space cannon off their
    ships in ``system`` (Quetzecoatl)."""
    if target == shooter:
        return ()
    return tuple(
        a
        for a in GUARDING
        if a.guard is not None
        and in_effect(game, target, a)
        and a.guard(a, game, Use(target, shooter, system.id, about=shooter))
    )


def targets(game: Game, system: System, player: str) -> tuple[str, ...]:
    """The players whose ships ``player``'s space cannon may hit (77.5.1, 77.5.2): not the
    active player's once they played Solar Flare for this movement, and no player whose
    abilities keep it off their ships."""
    active = game.active_player
    with_ships = owners_with_ships(system)
    reach: tuple[str, ...]
    if player != active:
        flared = is_played(game, active or "", SOLAR_FLARE)
        reach = (active,) if active in with_ships and not flared else ()
    else:
        reach = tuple(p for p in with_ships if p != active)
    return tuple(p for p in reach if not guards(game, system, p, player))


def _guarded(game: Game, system: System) -> tuple[Event, ...]:
    """What says a player with space cannon here cannot fire it at another's ships."""
    events = []
    for shooter in game.seating_from(game.active_player or ""):
        if not cannons(game, system, shooter):
            continue
        for target in owners_with_ships(system):
            for guard in guards(game, system, target, shooter):
                rules = guard.rules
                text = (
                    f"{guard.name}: {game.player_name(shooter)} cannot use Space Cannon against "
                    f"{game.player_name(target)}’s ships in {system.name}"
                )
                events.append(Event("ability", cite(text, rules), rules, {"ability": guard.id}))
    return tuple(events)


def open_step(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Queue every player who can fire; say so when nobody can."""
    tactical = tactical_of(game)
    assert tactical is not None and tactical.active_system is not None
    system = game.system(tactical.active_system)
    queue = tuple(
        p
        for p in game.seating_from(game.active_player or "")
        if cannons(game, system, p) and targets(game, system, p)
    )
    game = _before_volley(replace(game, action=replace(tactical, cannon_queue=queue)))
    guarded = _guarded(game, system)
    if queue:
        names = ", ".join(game.player_name(p) for p in queue)
        text = f"Space Cannon Offense: {names} may fire at ships in {system.name}"
    else:
        text = f"Space Cannon Offense: no player can fire Space Cannon at ships in {system.name}"
    return game, (
        Event("step", cite(text, STEP_RULES), STEP_RULES, {"step": "space_cannon_offense"}),
        *guarded,
    )


def _before_volley(game: Game) -> Game:
    """The next player to decide on space cannon is offered what acts before they fire
    (Plasma Scoring, Graviton Laser System), then each player they may fire at (Maneuvering
    Jets)."""
    tactical = tactical_of(game)
    assert tactical is not None and tactical.active_system is not None
    if not tactical.cannon_queue:
        return game
    shooter = tactical.cannon_queue[0]
    system = game.system(tactical.active_system)
    uses = [offers.use_for(game, shooter, about=shooter)] + [
        offers.use_for(game, target, about=shooter) for target in targets(game, system, shooter)
    ]
    return offers.queue(game, Moment.CANNON, uses)


def choices(game: Game) -> list[dict[str, Any]]:
    """Fire (at each possible target) or hold fire, for the next player in the queue."""
    tactical = tactical_of(game)
    assert tactical is not None and tactical.active_system is not None
    player = tactical.cannon_queue[0]
    system = game.system(tactical.active_system)
    name = game.player_name(player)
    rules = ("89.2.3", "77.3", "77.5")
    fire = [
        make_choice(
            "space_cannon",
            f"{name}: fire Space Cannon at {game.player_name(t)}’s ships",
            rules,
            player=player,
            fire=True,
            target=t,
        )
        for t in targets(game, system, player)
    ]
    hold = make_choice(
        "space_cannon", f"{name}: do not fire Space Cannon", ("89.2.3",), player=player, fire=False
    )
    return [*fire, hold]


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Roll the player's space cannon dice and leave the hits for the target to assign."""
    tactical = tactical_of(game)
    assert tactical is not None and tactical.active_system is not None
    player = tactical.cannon_queue[0]
    if choice.get("player", player) != player:
        raise refuse(
            f"It is {game.player_name(player)}’s turn to decide on Space Cannon Offense", "77.2"
        )
    system = game.system(tactical.active_system)
    rest = replace(tactical, cannon_queue=tactical.cannon_queue[1:])
    if not choice.get("fire"):
        text = f"{game.player_name(player)} does not fire Space Cannon"
        game = _before_volley(offers.expire(replace(game, action=rest), "volley"))
        return game, (Event("space_cannon", cite(text, ("89.2.3",)), ("89.2.3",)),)
    allowed = targets(game, system, player)
    target = choice.get("target", allowed[0] if len(allowed) == 1 else None)
    if target not in allowed:
        rules = ("77.5.1",) if player != game.active_player else ("77.5.2",)
        raise refuse(
            f"Cannot fire Space Cannon at {target!r}: choose one of "
            f"{', '.join(game.player_name(t) for t in allowed)}",
            *rules,
        )
    volley = roll_attack(
        game.dice,
        cannons(game, system, player),
        against(game, SPACE_CANNON_OFFENSE, str(target)),
        game.player_name(player),
        dice_rules=dice_rules(game, [offers.use_for(game, player)]),
    )
    game = replace(game, dice=volley.dice, action=rest)
    pending = pending_for(str(target), volley.hits, system.id, None, SPACE_CANNON_OFFENSE)
    game = offers.expire(hits.queue(game, replace(pending, by=player)), "volley")
    return _before_volley(game), (volley.event,)
