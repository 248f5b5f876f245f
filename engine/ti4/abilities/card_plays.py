"""What the action cards and promissory notes of :mod:`engine.ti4.abilities.cards` do on the
board when played: rerolling missed dice (Fire Team, War Funding, Munitions Reserves) and
the Tekklar Legion's +1 (and -1 to the Sardakk N'orr opposing it)."""

from __future__ import annotations

from typing import Any

from engine.core.combat import Attack, CombatUnit, RollChange
from engine.core.events import Event
from engine.core.state import Game
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import (
    discard,
    event,
    fits,
    is_played,
    mark,
    misses,
    pay,
    reroll_misses,
    round_combat,
)
from engine.ti4.records import Use

__all__ = ["fire", "fund", "funding_ways", "reroll_ways", "tekklar"]


def reroll_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    if not fits(ability, game, use) or not misses(game, use.player):
        return []
    return [
        {"label": f"{ability.name}: roll your {len(misses(game, use.player))} missed dice again"}
    ]


def fire(ability: Ability, game: Game, use: Use) -> tuple[Game, tuple[Event, ...]]:
    game, events = reroll_misses(ability, discard(game, use.player, ability), use)
    return game, events


def funding_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    if not fits(ability, game, use) or is_played(game, use.player, ability):
        return []
    holder = game.player(use.player)
    if ability.id in holder.promissory_notes:
        return [{"label": "play War Funding: reroll your missed dice this round"}]
    if holder.faction == ability.also_faction and holder.trade_goods >= 2:
        return [
            {
                "label": "Munitions Reserves: spend 2 trade goods to reroll your missed dice "
                "this round",
                "trade_goods": 2,
            }
        ]
    return []


def fund(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    name = game.player_name(use.player)
    if way.get("trade_goods"):
        game = pay(game, use.player, 2)
        text = (
            f"{name} spends 2 trade goods (Munitions Reserves): missed dice are rolled again "
            "this round"
        )
    else:
        game = discard(game, use.player, ability)
        text = f"{name} plays War Funding: missed dice are rolled again this round"
    return mark(game, use.player, ability, "round"), (event(ability, text),)


def tekklar(
    ability: Ability, game: Game, use: Use, unit: CombatUnit, attack: Attack
) -> RollChange | None:
    if (
        not is_played(game, use.player, ability)
        or not round_combat(attack, use)
        or use.planet is None
    ):
        return None
    owner = getattr(unit, "owner", None)
    if owner == use.player:
        return RollChange(plus=1)
    if owner == use.opponent and game.player(use.opponent).faction == "sardakk":
        return RollChange(plus=-1)
    return None
