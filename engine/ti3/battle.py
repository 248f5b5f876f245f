"""The 3rd-edition space battle: anti-fighter barrage, then rounds until one side is left.

Each round: the attacker may announce a withdrawal; only if he does not, the
defender may announce a retreat. Both roll; the attacker assigns his
casualties first, then the defender. An announced withdrawal or retreat is
then carried out – unless the other side has no ships left – moving the whole
fleet to an adjacent system the retreating player has activated (holding his
command counter) with no enemy ships, where his Fleet Supply is checked again.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, make_choice
from engine.core.combat import pending_for, roll_attack
from engine.core.combat_record import Combat
from engine.core.events import Event, refuse
from engine.core.galaxy import neighbours
from engine.core.state import Game, remove_units
from engine.ti3 import anchors
from engine.ti3.board import (
    action,
    activated_by,
    active,
    enemies_with_ships,
    enforce_fleet_supply,
    lose_stranded,
    ships,
    spec,
    with_action,
)
from engine.ti3.hits import ANTI_FIGHTER_BARRAGE, SPACE_BATTLE


def _battle(game: Game) -> Combat:
    battle = action(game).battle
    assert battle is not None
    return battle


def _set(game: Game, battle: Combat | None) -> Game:
    return with_action(game, battle=battle)


def open_step(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Start the battle if two players' ships share the activated system; barrage first."""
    player = active(game)
    system = game.system(action(game).systems[0])
    enemies = enemies_with_ships(system, player)
    if not ships(system.space, player) or not enemies:
        return with_action(game, step="landings"), ()
    battle = Combat("space", system.id, None, player, enemies[0], stage="barrage")
    rules = (anchors.SPACE_BATTLE, anchors.PRE_COMBAT_ORDER)
    text = (
        f"Space battle in {system.name}: {game.player_name(player)} attacks, "
        f"{game.player_name(enemies[0])} defends; anti-fighter barrage comes first"
    )
    events: list[Event] = [Event("battle", cite(text, rules), rules, {"system": system.id})]
    dice = game.dice
    hits = {}
    for shooter, target in ((player, enemies[0]), (enemies[0], player)):
        fighters = [u for u in system.space if u.owner == target and u.type == "fighter"]
        barrage = [u for u in ships(system.space, shooter) if spec(u).anti_fighter_barrage]
        if not fighters or not barrage:
            continue
        volley = roll_attack(
            dice, ships(system.space, shooter), ANTI_FIGHTER_BARRAGE, game.player_name(shooter)
        )
        dice = volley.dice
        events.append(volley.event)
        hits[target] = min(volley.hits, len(fighters))
    battle = replace(
        battle,
        hits_on_attacker=hits.get(player, 0),
        hits_on_defender=hits.get(enemies[0], 0),
    )
    return _set(replace(game, dice=dice), battle), tuple(events)


def _queue_hits(game: Game) -> Game | None:
    """Hand the next hits to their owner: the attacker assigns first, then the defender."""
    battle = _battle(game)
    attack = ANTI_FIGHTER_BARRAGE if battle.stage == "barrage" else SPACE_BATTLE
    if battle.hits_on_attacker:
        player, count = battle.attacker, battle.hits_on_attacker
        game = _set(game, replace(battle, hits_on_attacker=0))
    elif battle.hits_on_defender:
        player, count = battle.defender, battle.hits_on_defender
        game = _set(game, replace(battle, hits_on_defender=0))
    else:
        return None
    return replace(game, pending=pending_for(player, count, battle.system, None, attack))


def progress(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Move the battle on when no one has to decide: queue hits, end the round or the battle."""
    battle = _battle(game)
    if battle.stage not in ("barrage", "assign"):
        return game, ()
    queued = _queue_hits(game)
    if queued is not None:
        return queued, ()
    if battle.stage == "barrage":
        return _set(game, replace(battle, stage="announce", announcer=battle.attacker)), ()
    return _end_round(game)


def choices(game: Game) -> list[dict[str, Any]]:
    battle = _battle(game)
    if battle.stage == "roll":
        return [make_choice("roll", "Both players roll combat dice", (anchors.BATTLE_ROLL,))]
    player = battle.announcer or battle.attacker
    rules = (anchors.ANNOUNCE_RETREAT,)
    name = game.player_name(player)
    return [
        *(
            make_choice(
                "announce_retreat",
                f"{name}: announce {_verb(battle, player)} to {game.system(s).name}",
                (anchors.ANNOUNCE_RETREAT, anchors.EXECUTE_RETREAT),
                player=player,
                to=s,
            )
            for s in _havens(game, player)
        ),
        make_choice("no_retreat", f"{name}: stay and fight", rules, player=player),
    ]


def _verb(battle: Combat, player: str) -> str:
    return "a withdrawal" if player == battle.attacker else "a retreat"


def _havens(game: Game, player: str) -> tuple[str, ...]:
    """Adjacent systems the player has activated and that hold no enemy ships."""
    battle = _battle(game)
    return tuple(
        s
        for s in neighbours(game, battle.system)
        if activated_by(game.system(s), player) and not enemies_with_ships(game.system(s), player)
    )


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    battle = _battle(game)
    kind = choice["kind"]
    if kind == "roll":
        if battle.stage != "roll":
            raise refuse(
                "Cannot roll yet: withdrawals and retreats are announced first",
                anchors.ANNOUNCE_RETREAT,
            )
        return _roll(game)
    rules = (anchors.ANNOUNCE_RETREAT,)
    if battle.stage != "announce":
        raise refuse(f"Cannot {kind} now: announcements are over for this round", *rules)
    player = battle.announcer or battle.attacker
    if choice.get("player") != player:
        raise refuse(
            f"Cannot {kind} now: {game.player_name(player)} announces first (the attacker, "
            "then the defender only if the attacker does not withdraw)",
            *rules,
        )
    name = game.player_name(player)
    if kind == "no_retreat":
        if player == battle.attacker:
            nxt = replace(battle, announcer=battle.defender)
        else:
            nxt = replace(battle, stage="roll", announcer=None)
        text = f"{name} announces no {_verb(battle, player).split()[-1]}"
        return _set(game, nxt), (Event("no_retreat", cite(text, rules), rules),)
    to = choice.get("to")
    if to not in _havens(game, player):
        raise refuse(
            f"Cannot announce {_verb(battle, player)} to {to!r}: it must be an adjacent system "
            "you have activated that holds no enemy ships",
            anchors.EXECUTE_RETREAT,
        )
    nxt = replace(battle, stage="roll", announcer=None, retreat_player=player, retreat_to=str(to))
    text = f"{name} announces {_verb(battle, player)} to {game.system(str(to)).name}"
    return _set(game, nxt), (Event("announce_retreat", cite(text, rules), rules, {"to": to}),)


def _roll(game: Game) -> tuple[Game, tuple[Event, ...]]:
    battle = _battle(game)
    system = game.system(battle.system)
    first = roll_attack(
        game.dice,
        ships(system.space, battle.attacker),
        SPACE_BATTLE,
        game.player_name(battle.attacker),
    )
    second = roll_attack(
        first.dice,
        ships(system.space, battle.defender),
        SPACE_BATTLE,
        game.player_name(battle.defender),
    )
    nxt = replace(battle, stage="assign", hits_on_defender=first.hits, hits_on_attacker=second.hits)
    return _set(replace(game, dice=second.dice), nxt), (first.event, second.event)


def _end_round(game: Game) -> tuple[Game, tuple[Event, ...]]:
    battle = _battle(game)
    events: list[Event] = []
    mover = battle.retreat_player
    if mover is not None and battle.retreat_to is not None:
        other = battle.defender if mover == battle.attacker else battle.attacker
        rules = (anchors.EXECUTE_RETREAT,)
        if not ships(game.system(battle.system).space, other):
            text = (
                f"{game.player_name(other)} has no ships left: the announced "
                f"{_verb(battle, mover)} is cancelled"
            )
            events.append(Event("retreat_cancelled", cite(text, rules), rules))
        elif ships(game.system(battle.system).space, mover):
            game, moved = _retreat(game, mover, battle.retreat_to)
            events += moved
    game, lost = lose_stranded(game, battle.system)
    events += lost
    space = game.system(battle.system).space
    if ships(space, battle.attacker) and ships(space, battle.defender):
        nxt = replace(
            battle,
            round=battle.round + 1,
            stage="announce",
            announcer=battle.attacker,
            retreat_player=None,
            retreat_to=None,
        )
        return _set(game, nxt), tuple(events)
    rules = (anchors.BATTLE_END,)
    left = [p for p in (battle.attacker, battle.defender) if ships(space, p)]
    outcome = f"{game.player_name(left[0])} holds the system" if left else "no ships remain"
    text = f"The space battle in {game.system(battle.system).name} ends: {outcome}"
    events.append(
        Event("battle_end", cite(text, rules), rules, {"winner": left[0] if left else None})
    )
    return with_action(_set(game, None), step="landings"), tuple(events)


def _retreat(game: Game, player: str, to: str) -> tuple[Game, tuple[Event, ...]]:
    battle = _battle(game)
    rules = (anchors.EXECUTE_RETREAT,)
    fleet = tuple(u for u in game.system(battle.system).space if u.owner == player)
    game = remove_units(game, {u.id for u in fleet})
    haven = game.system(to)
    game = game.with_system(replace(haven, space=(*haven.space, *fleet)))
    text = (
        f"{game.player_name(player)} carries out {_verb(battle, player)}: "
        f"{', '.join(u.id for u in fleet)} move to {haven.name}"
    )
    event = Event("retreat", cite(text, rules), rules, {"player": player, "to": to})
    game, excess = enforce_fleet_supply(game, player, to, rules)
    return game, (event, *excess)
