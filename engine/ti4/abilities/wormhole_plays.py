"""What an ability that needs a wormhole does on the board: Dimensional Splicer's hit at the
start of a space combat (Ghosts of Creuss). Its text and where it was read: engine/RULES.md.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.core.state import Game
from engine.ti4.abilities.faction_plays import owners_target
from engine.ti4.abilities.hit_plays import hit_assigned
from engine.ti4.abilities.model import Ability, Hook, Moment
from engine.ti4.abilities.plays import event, fighting, fits
from engine.ti4.records import Use

__all__ = ["SPLICER_HOOKS", "splicer", "splicer_ways"]

Ways = list[dict[str, Any]]
Played = tuple[Game, tuple[Event, ...]]


def splicer_ways(ability: Ability, game: Game, use: Use) -> Ways:
    """At the start of a space combat in a system with a wormhole and the holder's ships: 1
    hit the holder assigns to each opponent's ship it may go to, the odds' target first."""
    if use.planet is not None or not fits(ability, game, use):
        return []
    if not game.system(use.system).wormholes or not fighting(game, use, use.player):
        return []
    targets = owners_target(list(fighting(game, use, use.opponent)))
    return [
        {"label": f"Dimensional Splicer: 1 hit assigned to {t.id} ({t.label})", "target": t.id}
        for t in targets
    ]


def splicer(ability: Ability, game: Game, use: Use, way: dict[str, Any]) -> Played:
    """The hit goes to the ship named; its owner cancels it with Sustain Damage if it can."""
    target = next(u for u in fighting(game, use, use.opponent) if u.id == way["target"])
    game, outcome = hit_assigned(game, target)
    name = game.player_name(use.player)
    text = f"{name} uses Dimensional Splicer: 1 hit assigned to {target.id}: {outcome}"
    return game, (event(ability, text, target=target.id),)


SPLICER_HOOKS = (Hook(Moment.START_OF_COMBAT, splicer_ways, splicer, rank=1),)
"""After the start-of-combat abilities of rank 0 (Ambush), as the odds take them."""
