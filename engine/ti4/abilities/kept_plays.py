"""What the action cards the odds keep until their moment (``engine.odds.kept``) do on the
board: Reflective Shielding and Courageous to the End.

Reflective Shielding: "When one of your ships uses SUSTAIN DAMAGE during combat: produce 2
hits against your opponent's ships in the active system" (78.6, 87.1), offered after a
ship of its holder's sustains against a space combat round's hits; the opponent assigns
them (and may sustain). Courageous to the End: "After 1 of your ships is destroyed during
a space combat round: roll 2 dice; for each result equal to or greater than that ship's
combat value, your opponent must choose and destroy 1 of their ships" (78.6), offered once
the round's hits are all assigned, at the best value among the ships lost; the opponent's
ships go in the order they would rather lose them (the odds' casualty order).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.core.casualties import take_hits
from engine.core.combat import SPACE_COMBAT
from engine.core.events import Event
from engine.core.state import Game, PendingHits, remove_units, ships_of
from engine.core.units import pieces
from engine.ti4.abilities.faction_plays import queue_hits
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import card_dice, discard, event, fighting, fits
from engine.ti4.records import Use, in_progress

__all__ = ["courageous", "courageous_ways", "reflective", "reflective_ways"]

DESTROYED = dataclasses.replace(
    SPACE_COMBAT, name="Courageous to the End", sustain=False, roll_rules=("78.6",)
)
"""The ships Courageous to the End makes the opponent destroy (no Sustain Damage)."""


def reflective_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """After a ship of the holder's sustained against a space combat round's hits, while
    the opponent has ships there."""
    if use.about != use.player or use.source != SPACE_COMBAT.name or use.planet is not None:
        return []
    if not fits(ability, game, use) or not fighting(game, use, use.opponent):
        return []
    return [{"label": f"play {ability.name}: 2 hits against {game.player_name(use.opponent)}"}]


def reflective(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """2 hits the opponent assigns to their ships; the card is discarded."""
    game = discard(game, use.player, ability)
    pending = PendingHits(
        use.opponent, 2, use.system, None, SPACE_COMBAT.name, ability.rules, by=use.player
    )
    game = queue_hits(game, pending)
    text = (
        f"{game.player_name(use.player)} plays {ability.name}: 2 hits against "
        f"{game.player_name(use.opponent)}'s ships"
    )
    return game, (event(ability, text),)


def _best_lost(game: Game, use: Use) -> int | None:
    """The best (lowest) printed combat value among the holder's ships that rolled this
    round and are no longer in the system; ``None`` if none was destroyed."""
    here = {u.id for u in game.system(use.system).space}
    holder = game.player(use.player)
    values = []
    for rolled in in_progress(game).rolled:
        if rolled.player != use.player or rolled.unit in here:
            continue
        # The grade the holder's units of its type have (their faction's, ``ii`` upgraded).
        grade = " ".join(
            [
                *([holder.faction] if holder.faction else []),
                *(["ii"] if rolled.type in holder.upgrades else []),
            ]
        )
        spec = pieces().spec(rolled.type, grade)
        if spec.is_ship and spec.combat is not None:
            values.append(spec.combat.value)
    return min(values, default=None)


def courageous_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Once a space combat round's hits are assigned, if a ship of the holder's was lost."""
    if use.planet is not None or not fits(ability, game, use):
        return []
    value = _best_lost(game, use)
    if value is None or not fighting(game, use, use.opponent):
        return []
    return [{"label": f"play {ability.name}: roll 2 dice, each {value} or more destroys a ship"}]


def courageous(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """2 dice at the lost ship's combat value: the opponent destroys a ship for each hit."""
    value = _best_lost(game, use)
    assert value is not None
    game = discard(game, use.player, ability)
    text = f"plays {ability.name}, for each hit a ship of the opponent's is destroyed"
    game, hits, said = card_dice(ability, game, use.player, 2, value, text)
    if not hits:
        return game, (said,)
    ships = ships_of(game.system(use.system).space, use.opponent)
    taken = take_hits(ships, hits, DESTROYED, game.player_name(use.opponent))
    return remove_units(game, {u.id for u in taken.destroyed}), (said, taken.event)
