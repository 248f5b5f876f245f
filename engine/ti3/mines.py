"""Space mines: triggered when the active player's ships end their movement on one.

The active player rolls one die for each non-fighter ship in the activated
system, one ship at a time; on 9-10 that ship takes a hit. Then one space mine
token is removed, however many were there.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.choice import cite
from engine.core.dice import roll
from engine.core.events import Event
from engine.core.state import Game, remove_units, replace_unit
from engine.ti3 import anchors
from engine.ti3.board import action, active, spec, with_action
from engine.ti3.units import counts_for_fleet_supply

MINE_HITS_ON = 9


def resolve(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Roll for the mines of the activated system, if any were triggered."""
    rules = (anchors.SPACE_MINES,)
    player = active(game)
    system = game.system(action(game).systems[0])
    mine = next((m for m in action(game).mines if m[0] == system.id and m[1] != player), None)
    moved_in = {u.id for u in system.space} & set(action(game).moved)
    if mine is None or not moved_in:
        return game, ()
    events = []
    for ship in [u for u in system.space if u.owner == player and counts_for_fleet_supply(spec(u))]:
        (result,), dice = roll(game.dice, 1)
        game = replace(game, dice=dice)
        hit = result >= MINE_HITS_ON
        if not hit:
            outcome = "no hit"
        elif spec(ship).sustain_damage and not ship.damaged:
            game = replace_unit(game, replace(ship, damaged=True))
            outcome = "hit: it sustains damage"
        else:
            game = remove_units(game, {ship.id})
            outcome = "hit: it is destroyed"
        name = game.player_name(player)
        text = f"{name} rolls {result} for {ship.id} against the space mine – {outcome}"
        events.append(
            Event(
                "space_mine",
                cite(text, rules),
                rules,
                {
                    "unit": ship.id,
                    "result": result,
                    "hit": hit,
                    "destroyed": [ship.id] if outcome.endswith("destroyed") else [],
                },
            )
        )
    mines = list(action(game).mines)
    mines.remove(mine)
    game = with_action(game, mines=tuple(mines))
    text = f"One space mine token of {game.player_name(mine[1])} is removed from {system.name}"
    events.append(Event("space_mine_removed", cite(text, rules), rules, {"system": system.id}))
    return game, tuple(events)
