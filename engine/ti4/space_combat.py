"""Step 3 of a tactical action – Space Combat (89.3, LRR 78).

Each round: anti-fighter barrage (first round only, 78.3), announce retreats
(defender first, 78.4), roll dice (attacker first, 78.5), assign hits (78.6),
then a retreat announced earlier is carried out (78.7). Rounds repeat while
both players have ships (78.8); the combat ends when one or neither has
ships left (78.9).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.events import Event, refuse
from engine.core.galaxy import neighbours
from engine.core.state import Combat, Game, remove_units, ships_of
from engine.ti4 import anomalies, combat_round, offers, tokens
from engine.ti4.abilities import Moment
from engine.ti4.barrage import barrage
from engine.ti4.combat_round import roll_round
from engine.ti4.excess import (
    check_limits,
    check_retreat,
    needing_transport,
    retreat_excess,
    retreating_ships,
)
from engine.ti4.records import Tactical, tactical_of


def _has_ships(game: Game, system_id: str, player: str) -> bool:
    return bool(ships_of(game.system(system_id).space, player))


def open_step(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Start a space combat if two players have ships in the active system, else skip (89.3.1)."""
    tactical = tactical_of(game)
    assert tactical is not None and tactical.active_system is not None
    system = game.system(tactical.active_system)
    active = game.active_player or ""
    others = [p.id for p in game.players if p.id != active and ships_of(system.space, p.id)]
    # A scenario cannot put three players' ships in one system (engine.core.scenario), so
    # ``others`` holds at most one player: the combat is between two players (78).
    if _has_ships(game, system.id, active) and others:
        combat = Combat(
            "space", system.id, None, attacker=active, defender=others[0], stage="start"
        )
        rules = ("89.3", "78")
        text = (
            f"Space Combat in {system.name}: {game.player_name(active)} attacks "
            f"{game.player_name(others[0])}"
        )
        game = replace(game, action=replace(tactical, step="space_combat", combat=combat))
        # Units joining as ships first, then each player's start-of-combat abilities, the
        # active player's first (78.2).
        uses = [offers.use_for(game, p) for p in (active, others[0])]
        game = offers.queue(game, Moment.JOIN, uses)
        for use in uses:
            game = offers.queue(game, Moment.START_OF_COMBAT, [use])
        return game, (Event("step", cite(text, rules), rules, {"step": "space_combat"}),)
    if _has_ships(game, system.id, active):
        rules = ("89.3.1", "89-note-1")
        text = (
            f"Space Combat: {game.player_name(active)} is the only player with ships in "
            f"{system.name}, so this step is skipped"
        )
    else:
        rules = ("89.3", "89-note-1")
        text = f"Space Combat: two players do not both have ships in {system.name}; no combat"
    game = replace(game, action=replace(tactical, step="invasion"))
    return game, (
        Event("step", cite(text, rules), rules, {"step": "space_combat", "skipped": True}),
    )


def retreat_options(game: Game, player: str) -> tuple[str, ...]:
    """Adjacent systems ``player`` may retreat to (78.7.3): own units or planet, no enemy ships.

    Ships cannot move into an asteroid field or supernova (11.1, 86.1), nor into a nebula
    that is not the active system (59.1): no retreat goes there, unless the player's
    abilities lift that rule (:func:`engine.ti4.anomalies.barrier`).
    """
    tactical = tactical_of(game)
    assert tactical is not None and tactical.active_system is not None
    result = []
    for system_id in neighbours(game, tactical.active_system):
        system = game.system(system_id)
        if anomalies.closed(game, system, None, player):
            continue
        own = any(u.owner == player for u in system.all_units()) or any(
            p.controller == player for p in system.planets
        )
        enemy = any(u.owner != player and u.spec.is_ship for u in system.space)
        if own and not enemy:
            result.append(system_id)
    return tuple(result)


def choices(game: Game) -> list[dict[str, Any]]:
    """Announce a retreat (or not) for the announcing player, or roll the next round's dice."""
    tactical = tactical_of(game)
    assert tactical is not None and tactical.combat is not None
    combat = tactical.combat
    if combat.stage == "announce":
        player = combat.announcer or combat.defender
        name = game.player_name(player)
        options = [
            make_choice(
                "announce_retreat",
                f"{name}: announce a retreat to {game.system(s).name}",
                ("78.4", "78.7.3"),
                player=player,
                to=s,
            )
            for s in retreat_options(game, player)
        ]
        return [
            *options,
            make_choice("no_retreat", f"{name}: do not retreat", ("78.4",), player=player),
        ]
    return [
        make_choice(
            "roll",
            f"Roll dice for round {combat.round} of the space combat",
            ("78.5",),
        )
    ]


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Resolve an announcement or a round's combat rolls."""
    tactical = tactical_of(game)
    assert tactical is not None and tactical.combat is not None
    combat = tactical.combat
    kind = choice.get("kind")
    if combat.stage == "announce" and kind in ("announce_retreat", "no_retreat"):
        return _announce(game, choice)
    if combat.stage == "roll" and kind == "roll":
        # The attacker rolls first (78.5.6).
        return roll_round(game)
    if kind == "roll":
        raise refuse(
            "Cannot roll yet: retreats are announced first, beginning with the defender", "78.4"
        )
    raise refuse(f"Cannot {kind} now: the combat round is at its Roll Dice step", "78.5")


def _announce(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    tactical = tactical_of(game)
    assert tactical is not None and tactical.combat is not None
    combat = tactical.combat
    player = combat.announcer or combat.defender
    name = game.player_name(player)
    if choice.get("player", player) != player:
        raise refuse(
            f"{name} announces first: retreats are announced beginning with the defender", "78.4"
        )
    after = combat.attacker if player == combat.defender else None
    if choice["kind"] == "no_retreat":
        event = Event(
            "no_retreat", cite(f"{name} does not announce a retreat", ("78.4",)), ("78.4",)
        )
        nxt = replace(combat, announcer=after, stage="announce" if after else "round_start")
        return replace(game, action=replace(tactical, combat=nxt)), (event,)
    options = retreat_options(game, player)
    if not options:
        raise refuse(
            f"{name} cannot announce a retreat: no adjacent system is eligible", "78.4.3", "78.7.3"
        )
    to = choice.get("to")
    if to not in options:
        raise refuse(
            f"Cannot retreat to {to!r}: the system must be adjacent, contain your units or a "
            f"planet you control, and no other player’s ships",
            "78.7.3",
        )
    rules: tuple[str, ...] = ("78.4", "78.4.1")
    text = (
        f"{name} announces a retreat to {game.system(str(to)).name}; it happens after hits "
        f"are assigned"
    )
    if player == combat.defender:
        rules = (*rules, "78.4.2")
        text += f"; {game.player_name(combat.attacker)} cannot announce a retreat this round"
    nxt = replace(
        combat, announcer=None, stage="round_start", retreat_player=player, retreat_to=str(to)
    )
    event = Event("announce_retreat", cite(text, rules), rules, {"player": player, "to": to})
    return replace(game, action=replace(tactical, combat=nxt)), (event,)


def progress(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Move the combat on once nothing waits for a player: from the start of combat to the
    barrage and the first announcement, through a round, then retreat and end or go on."""
    tactical = tactical_of(game)
    assert tactical is not None and tactical.combat is not None
    combat = tactical.combat
    both = _has_ships(game, combat.system, combat.attacker) and _has_ships(
        game, combat.system, combat.defender
    )
    if combat.stage == "start":
        if not both:  # the start of combat left a side without ships (78.3.1)
            return _end(game, ("78.3.1",))
        # What acts as the barrage is rolled (Strike Wing Ambuscade) is offered first.
        game = replace(
            game, action=replace(tactical, combat=replace(combat, stage="before_barrage"))
        )
        uses = [offers.use_for(game, p) for p in (combat.attacker, combat.defender)]
        return offers.queue(game, Moment.BEFORE_BARRAGE, uses), ()
    if combat.stage == "before_barrage":
        if not both:
            return _end(game, ("78.3.1",))
        return barrage(game)
    if combat.stage == "barrage":
        if not both:
            return _end(game, ("78.3.1",))
        nxt = replace(combat, stage="announce", announcer=combat.defender)
        return replace(game, action=replace(tactical, combat=nxt)), ()
    if combat.stage == "done":
        return _after_hits(game)
    moved = combat_round.progress(game)
    return moved if moved is not None else (game, ())


def _after_hits(game: Game) -> tuple[Game, tuple[Event, ...]]:
    tactical = tactical_of(game)
    assert tactical is not None and tactical.combat is not None
    combat = tactical.combat
    events: list[Event] = []
    if combat.retreat_player is not None:
        opponent = combat.defender if combat.retreat_player == combat.attacker else combat.attacker
        if not _has_ships(game, combat.system, opponent):
            rules = ("78.7.1",)
            events.append(
                Event(
                    "retreat_cancelled",
                    cite(
                        f"{game.player_name(opponent)} has no ships left: the combat ends and "
                        f"the retreat does not occur",
                        rules,
                    ),
                    rules,
                )
            )
        elif _has_ships(game, combat.system, combat.retreat_player) and (
            combat.retreat_to in retreat_options(game, combat.retreat_player)
        ):
            active = game.system(combat.system)
            if retreating_ships(active, combat.retreat_player) and retreat_excess(
                active, combat.retreat_player
            ):
                # The owner first chooses what stays behind; the retreat resumes after.
                return check_retreat(game, combat.system, combat.retreat_player), tuple(events)
            game, moved = _retreat(game, combat.retreat_player, combat.retreat_to or "")
            events.extend(moved)
    attacker_left = _has_ships(game, combat.system, combat.attacker)
    defender_left = _has_ships(game, combat.system, combat.defender)
    if attacker_left and defender_left:
        nxt = replace(
            _current(game),
            round=combat.round + 1,
            stage="announce",
            announcer=combat.defender,
            retreat_player=None,
            retreat_to=None,
        )
        rules = ("78.8",)
        events.append(
            Event(
                "round",
                cite(f"Both players still have ships: round {nxt.round} begins", rules),
                rules,
            )
        )
        return replace(game, action=replace(tactical, combat=nxt)), tuple(events)
    game, ended = _end(game, ("78.9",))
    return game, (*events, *ended)


def _tactical(game: Game) -> Tactical:
    tactical = tactical_of(game)
    assert tactical is not None
    return tactical


def _current(game: Game) -> Combat:
    combat = _tactical(game).combat
    assert combat is not None
    return combat


def _retreat(game: Game, player: str, to: str) -> tuple[Game, tuple[Event, ...]]:
    """Move the player's ships with a move value, and the cargo they can carry, to ``to``.

    78.7.2: "To retreat, a player takes all of their ships with a move value in
    the combat and moves them to a single system that is adjacent to the
    active system. That player's fighters and ground forces in the space area
    of the active system that are unable to move or be transported are
    removed." The player has already removed what does not fit
    (:func:`engine.ti4.excess.check_retreat`); fighters left with no ship to carry
    them are removed here. A command token goes to ``to`` only if a unit
    retreated (78.7.4).
    """
    tactical = tactical_of(game)
    assert tactical is not None and tactical.active_system is not None
    # What acts as the ships retreat (Last Dispatch), played before they move.
    use = offers.use_for(game, player, about=player)
    game, acted = offers.settle(offers.queue(game, Moment.RETREAT, [use], first=True))
    events: list[Event] = list(acted)
    active = game.system(tactical.active_system)
    ships = retreating_ships(active, player)
    if anomalies.is_rift(game, active):
        # Each ship moving out of a rift rolls as it leaves, a retreat too (41.2); what no
        # ship is left to carry stays behind, what no capacity holds is then removed (16.3).
        for ship in ships:
            game, rolled, _ = anomalies.rift_rolls(game, ship, active.id, (to,), {})
            events.extend(rolled)
        active = game.system(active.id)
        ships = retreating_ships(active, player)
    # A Fighter II is among the ships: it moves itself (78.7.2).
    carried = needing_transport(active, player) if ships else ()
    moving = ships + carried
    stranded = tuple(u for u in active.space if u.owner == player and u not in moving)
    game = remove_units(game, {u.id for u in moving + stranded})
    name = game.player_name(player)
    if moving:
        target = game.system(to)
        game = game.with_system(replace(target, space=target.space + moving))
        # The fleet pool holds at the destination as anywhere (37.3).
        game = check_limits(game, to, player)
        rules: tuple[str, ...] = ("78.7", "78.7.2", "78.7.4")
        text = f"{name} retreats {', '.join(u.id for u in moving)} to {target.name}"
        events.append(Event("retreat", cite(text, rules), rules, {"player": player, "to": to}))
        # From reinforcements; with none left, from a pool of the command sheet (78.7d).
        game, placed = tokens.place(game, player, to, ("78.7.4",), " for the retreat")
        events.extend(placed)
    if stranded:
        rules = ("78.7.2",)
        text = (
            f"{name}’s {', '.join(u.id for u in stranded)} cannot move or be transported and "
            f"are removed" + ("" if moving else "; nothing retreats, so no command token is placed")
        )
        if not moving:
            rules = (*rules, "78.7.4")
        events.append(
            Event("removed", cite(text, rules), rules, {"units": [u.id for u in stranded]})
        )
    return game, tuple(events)


def _end(game: Game, why: tuple[str, ...]) -> tuple[Game, tuple[Event, ...]]:
    tactical = tactical_of(game)
    assert tactical is not None and tactical.combat is not None
    combat = tactical.combat
    winners = [p for p in (combat.attacker, combat.defender) if _has_ships(game, combat.system, p)]
    rules = (*why, "78.10")
    if winners:
        text = f"The space combat ends: {game.player_name(winners[0])} wins"
    else:
        text = "The space combat ends in a draw: neither player has ships left"
    data = {"winner": winners[0] if winners else None, "left": combat_round.left(game)}
    events = [Event("combat_end", cite(text, rules), rules, data)]
    # What acted for the combat ends with it; units fighting in another role return to
    # their own (engine.ti4.roles).
    game = combat_round.roles_end(offers.expire(game, "round", "combat"), combat.system)
    # Capacity may be exceeded during combat, not after it (78.10.1).
    for player in (combat.attacker, combat.defender):
        game = check_limits(game, combat.system, player, "78.10.1")
    after = replace(_tactical(game), step="invasion", combat=None, rolled=(), sustained=())
    return replace(game, action=after), tuple(events)
