"""What acts on the board as a player's ships retreat from a space combat (78.7): Last
Dispatch, the Ral Nel Consortium's flagship.

"When this ship retreats, you may destroy 1 ship in the active system that does not have
SUSTAIN DAMAGE" (where the text was read: engine/RULES.md). The odds always use it on the
opponent's most valuable such ship; the board does the same, without asking, as the ships
are about to move (the retreat then goes on).
"""

from __future__ import annotations

from typing import Any

from engine.core.casualties import casualty_rank
from engine.core.events import Event
from engine.core.state import Game, Unit, remove_units
from engine.ti4.abilities.plays import event, flagship_in
from engine.ti4.records import Use

__all__ = ["dispatch", "dispatch_ways"]


def _target(game: Game, use: Use) -> Unit | None:
    """The opponent's most valuable ship without Sustain Damage in the active system."""
    bare = [
        u
        for u in game.system(use.system).space
        if u.owner == use.opponent and u.spec.is_ship and not u.spec.sustain_damage
    ]
    return max(bare, key=lambda u: (casualty_rank(u.spec), not u.damaged), default=None)


def dispatch_ways(ability: Any, game: Game, use: Use) -> list[dict[str, Any]]:
    """As the holder retreats with the flagship, with such a ship of the opponent there."""
    if use.about != use.player or not flagship_in(game, use, use.player):
        return []
    target = _target(game, use)
    return [{"label": f"{ability.name}: destroy {target.id}"}] if target else []


def dispatch(
    ability: Any, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    target = _target(game, use)
    assert target is not None
    game = remove_units(game, {target.id})
    text = (
        f"{game.player_name(use.player)}'s flagship retreats: {ability.name} destroys {target.id}"
    )
    return game, (event(ability, text, destroyed=[target.id]),)
