"""What several strategy cards do: spend planets and trade goods, gain command tokens,
ready planets, replenish commodities, draw action cards and secret objectives.

Each helper checks the part of a choice it reads and refuses a wrong one with its
rule, so a card's ability is a few calls in the order its text gives (82.3).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import counted
from engine.core.events import refuse
from engine.core.state import Game, Planet, Player, System, with_planet
from engine.ti4.factions import FACTIONS
from engine.ti4.tokens import POOLS, in_reinforcements

__all__ = [
    "HAND_LIMIT",
    "commodity_value",
    "count_param",
    "draw_action_cards",
    "draw_secret_objective",
    "gain_tokens",
    "names_param",
    "ready",
    "ready_planets",
    "replenish",
    "spend",
    "text_param",
]

HAND_LIMIT = 7  # action cards a player may hold (2.4)
SECRET_LIMIT = 3  # secret objectives, scored and unscored (61.21, 45.4)


def text_param(choice: dict[str, Any], key: str, *rules: str) -> str | None:
    """``choice[key]`` as text, ``None`` if absent; anything else is refused with ``rules``."""
    value = choice.get(key)
    if value is not None and not isinstance(value, str):
        raise refuse(f"Cannot read {key}: give it as text, not {value!r}", *rules)
    return value


def names_param(choice: dict[str, Any], key: str, *rules: str) -> list[str]:
    """``choice[key]`` as a list of texts (each once), ``[]`` if absent."""
    value = choice.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise refuse(f"Cannot read {key}: give a list of names", *rules)
    return list(dict.fromkeys(value))


def count_param(choice: dict[str, Any], key: str, *rules: str) -> int:
    """``choice[key]`` as a whole number of at least 0 (0 if absent)."""
    value = choice.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise refuse(f"Cannot read {key}: give a whole number, not {value!r}", *rules)
    return value


def ready(game: Game, player: str) -> list[tuple[System, Planet]]:
    """The planets ``player`` controls that are ready: those that can be spent."""
    return [(s, p) for s, p in game.planets_of(player) if not p.exhausted]


def spend(game: Game, player: Player, choice: dict[str, Any], value: str) -> tuple[Game, int, str]:
    """Exhaust the planets named in ``choice["pay"]`` and spend ``choice["trade_goods"]``.

    ``value`` is "resources" (75.2, 75.3) or "influence" (47.2, 47.3). Returns the
    game, the total spent and the words for it ("Jord, 2 trade goods").
    """
    planet_rule, goods_rule = ("75.2", "75.3") if value == "resources" else ("47.2", "47.3")
    names = names_param(choice, "pay", planet_rule)
    goods = count_param(choice, "trade_goods", goods_rule)
    if goods > player.trade_goods:
        raise refuse(
            f"Cannot spend {goods} trade goods: {player.name} has {player.trade_goods}", goods_rule
        )
    owned = {p.name: (s, p) for s, p in game.planets_of(player.id)}
    total = goods
    for name in names:
        if name not in owned:
            raise refuse(
                f"Cannot spend {name}'s {value}: {player.name} does not control it", planet_rule
            )
        system, planet = owned[name]
        if planet.exhausted:
            raise refuse(f"Cannot spend {name}'s {value}: it is exhausted", "64.9", planet_rule)
        game = game.with_system(
            with_planet(game.system(system.id), replace(planet, exhausted=True))
        )
        total += getattr(planet, "resources" if value == "resources" else "influence")
    game = game.with_player(replace(game.player(player.id), trade_goods=player.trade_goods - goods))
    spent = [*names, *([counted(goods, "trade good")] if goods else [])]
    return game, total, ", ".join(spent) or "nothing"


def gain_tokens(
    game: Game, player_id: str, count: int, raw_pools: Any, rules: tuple[str, ...]
) -> tuple[Game, int, str]:
    """Gain up to ``count`` command tokens, no more than reinforcements hold (20.3a), each
    into the pool ``raw_pools`` names (``{pool: n}``; all in the tactic pool if absent;
    20.2, 52.4). Returns the game, how many were gained and where they went, in words."""
    player = game.player(player_id)
    gained = min(count, in_reinforcements(game, player))
    pools = raw_pools if raw_pools is not None else ({"tactic": gained} if gained else {})
    if (
        not isinstance(pools, dict)
        or not set(pools) <= set(POOLS)
        or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in pools.values()
        )
        or sum(pools.values()) != gained
    ):
        raise refuse(
            f"Cannot place the command tokens: name pools ({', '.join(POOLS)}) for exactly "
            f"{gained}",
            *rules,
            "20.2",
            "20.3.1",
        )
    player = replace(player, **{pool: getattr(player, pool) + n for pool, n in pools.items()})
    placed = ", ".join(f"{n} in the {pool} pool" for pool, n in pools.items() if n)
    short = f" (only {gained} left in reinforcements)" if gained < count else ""
    words = f"{counted(gained, 'command token')}{short}" + (f": {placed}" if placed else "")
    return game.with_player(player), gained, words


def ready_planets(
    game: Game, player_id: str, names: list[str], most: int, rules: tuple[str, ...]
) -> tuple[Game, str]:
    """Ready up to ``most`` of the player's exhausted planets, by name."""
    if len(names) > most:
        raise refuse(f"Cannot ready {len(names)} planets: up to {most}", *rules)
    owned = {p.name: (s, p) for s, p in game.planets_of(player_id)}
    for name in names:
        if name not in owned or not owned[name][1].exhausted:
            raise refuse(
                f"Cannot ready {name}: it is not an exhausted planet "
                f"{game.player_name(player_id)} controls",
                *rules,
            )
        system, planet = owned[name]
        game = game.with_system(
            with_planet(game.system(system.id), replace(planet, exhausted=False))
        )
    return game, ", ".join(names) or "no planet"


def commodity_value(player: Player) -> int:
    """The commodity value on the player's faction sheet (21.2); 0 without a faction."""
    return FACTIONS[player.faction].commodities if player.faction else 0


def replenish(game: Game, player_id: str) -> tuple[Game, str]:
    """Take commodities up to the faction sheet's commodity value (21.3)."""
    player = game.player(player_id)
    most = commodity_value(player)
    taken = max(most - player.commodities, 0)
    game = game.with_player(replace(player, commodities=max(player.commodities, most)))
    if player.faction is None:
        return game, "replenishes no commodities: the player has no faction sheet"
    if most == 0:
        return game, (
            f"replenishes no commodities: the engine does not hold the commodity value of "
            f"{FACTIONS[player.faction].name} yet"
        )
    return game, (
        f"replenishes commodities to {most}, the commodity value of "
        f"{FACTIONS[player.faction].name} ({taken} taken)"
    )


def draw_action_cards(
    game: Game, player_id: str, count: int, discard: list[str]
) -> tuple[Game, str, bool]:
    """Draw ``count`` action cards (2.3), then keep seven (2.4).

    The engine keeps no action card deck: a drawn card is held unnamed. Over the
    limit the player discards the named cards in ``discard``, then unnamed ones.
    Returns the game, what happened in words and whether cards were discarded.
    """
    player = game.player(player_id)
    unknown = [c for c in discard if c not in player.action_cards]
    if unknown:
        raise refuse(
            f"Cannot discard {', '.join(unknown)}: {player.name} holds no such card", "2.4"
        )
    held = len(player.action_cards) + player.unnamed_action_cards + count
    over = max(held - HAND_LIMIT, 0)
    if len(discard) > over:
        raise refuse(
            f"Cannot discard {len(discard)} action cards: {player.name} holds {held}, "
            f"{over} over the limit of {HAND_LIMIT}",
            "2.4",
        )
    named = tuple(c for c in player.action_cards if c not in discard)
    unnamed = player.unnamed_action_cards + count - (over - len(discard))
    game = game.with_player(replace(player, action_cards=named, unnamed_action_cards=unnamed))
    text = f"draws {counted(count, 'action card')}"
    if over:
        rest = over - len(discard)
        gone = [*discard, *([counted(rest, "unnamed card")] if rest else [])]
        text += f" and, holding {held}, discards {', '.join(gone)} to keep {HAND_LIMIT}"
    return game, text, bool(over)


def draw_secret_objective(game: Game, player_id: str) -> tuple[Game, str, bool]:
    """Draw a secret objective; with more than three in all, return an unscored one (45.4).

    The engine keeps no objective deck: it counts the cards a player holds, all alike,
    so the one returned needs no choice. Returns the game, the words and whether one
    was returned.
    """
    player = game.player(player_id)
    held = player.secret_objectives + 1
    text = "draws a secret objective"
    over = held + player.scored_secrets > SECRET_LIMIT
    if over:
        held -= 1
        text += (
            f" and, holding more than {SECRET_LIMIT} scored and unscored, returns an unscored "
            f"one to the deck"
        )
    return game.with_player(replace(player, secret_objectives=held)), text, over
