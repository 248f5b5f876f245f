"""Secondary abilities of strategy cards: who may resolve them and what they cost.

Each other player, clockwise from the active player's left, may resolve the
secondary ability (82.1), a passed player too (3.3.2), by spending a command
token from the strategy pool (20.5); Leadership's costs none (20.5.1, 52.3),
and the players Trade's primary chooses resolve Trade's free (92.4). Of the
cards' effects only Leadership's is modelled (:func:`leadership`): influence
spent, 1 command token per 3 (52.3), into the pools the player names (52.4).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import counted, make_choice
from engine.core.events import refuse
from engine.core.state import Game, Player, with_planet

__all__ = ["free_secondary", "leadership", "secondary_choices", "secondary_rules", "trade_free"]

COMMAND_TOKENS = 16  # a faction's command tokens (rulebook components; 20.3 limits them)
POOLS = ("tactic", "fleet", "strategy")


def secondary_rules(player: Player) -> tuple[str, ...]:
    return ("82.1", "3.3.2") if player.passed else ("82.1",)


def trade_free(raw: Any, card: str, others: tuple[str, ...]) -> tuple[str, ...]:
    """The players Trade's primary lets resolve the secondary without a token (92.4)."""
    if raw is None or raw == []:
        return ()
    if card.strip().lower() != "trade":
        raise refuse(
            f"Cannot choose players to resolve {card}'s secondary free: only Trade", "92.4"
        )
    if not isinstance(raw, list) or not all(isinstance(p, str) and p in others for p in raw):
        raise refuse("Cannot choose those players: name other players by id", "92.4")
    return tuple(p for p in others if p in raw)


def free_secondary(card: str | None) -> bool:
    """Whether the secondary ability costs no strategy-pool token: Leadership's (20.5.1)."""
    return (card or "").strip().lower() == "leadership"


def secondary_choices(game: Game) -> list[dict[str, Any]]:
    player = game.player(game.secondary_queue[0])
    rules = secondary_rules(player)
    result = []
    free = free_secondary(game.secondary_card)
    if free:
        rules = (*rules, "20.5.1", "52.3")
    elif player.id in game.secondary_free:
        free, rules = True, (*rules, "92.4")
    if player.strategy > 0 or free:
        result.append(
            make_choice(
                "secondary",
                f"{player.name}: resolve the secondary ability of {game.secondary_card}",
                rules,
                player=player.id,
                resolve=True,
            )
        )
    ready = [p for _, p in game.planets_of(player.id) if not p.exhausted]
    influence = sum(p.influence for p in ready)
    if free_secondary(game.secondary_card) and influence >= 3:
        gain = min(influence // 3, _in_reinforcements(game, player))
        result.append(
            make_choice(
                "secondary",
                f"{player.name}: resolve {game.secondary_card}'s secondary, exhausting "
                f"{', '.join(p.name for p in ready)} for {counted(gain, 'command token')} "
                f"in the tactic pool",
                (*rules, "47.2", "52.4"),
                player=player.id,
                resolve=True,
                influence=[p.name for p in ready],
                pools={"tactic": gain},
            )
        )
    result.append(
        make_choice(
            "secondary",
            f"{player.name}: decline the secondary ability",
            rules,
            player=player.id,
            resolve=False,
        )
    )
    return result


def _in_reinforcements(game: Game, player: Player) -> int:
    """Command tokens the player has off the command sheet and the board (20.3)."""
    on_board = sum(1 for s in game.systems for t in s.tokens if t == player.id)
    return max(COMMAND_TOKENS - player.tactic - player.fleet - player.strategy - on_board, 0)


def leadership(game: Game, player: Player, choice: dict[str, Any]) -> tuple[Game, str]:
    """Spend influence for command tokens: planets exhausted (47.2), trade goods (47.3),
    1 token per 3 influence (52.3), each into the pool named in ``pools`` (52.4), no more
    than the reinforcements hold (20.3.1). Returns the game and what happened, in words."""
    names = choice.get("influence", [])
    goods = choice.get("trade_goods", 0)
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise refuse("Cannot spend influence: list the planets to exhaust by name", "47.2")
    if (
        not isinstance(goods, int)
        or isinstance(goods, bool)
        or not 0 <= goods <= player.trade_goods
    ):
        raise refuse(f"Cannot spend {goods!r} trade goods: you have {player.trade_goods}", "47.3")
    owned = {p.name: (s, p) for s, p in game.planets_of(player.id)}
    total = goods
    for name in dict.fromkeys(names):
        if name not in owned or owned[name][1].exhausted:
            raise refuse(
                f"Cannot spend {name}'s influence: you need it ready and controlled", "47.2"
            )
        system, planet = owned[name]
        game = game.with_system(
            with_planet(game.system(system.id), replace(planet, exhausted=True))
        )
        total += planet.influence
    gained = min(total // 3, _in_reinforcements(game, player))
    pools = choice.get("pools", {"tactic": gained} if gained else {})
    if (
        not isinstance(pools, dict)
        or not set(pools) <= set(POOLS)
        or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in pools.values()
        )
        or sum(pools.values()) != gained
    ):
        raise refuse(
            f"Cannot place the tokens: name pools ({', '.join(POOLS)}) for exactly {gained}",
            "52.3",
            "52.4",
            "20.3.1",
        )
    player = replace(
        player,
        trade_goods=player.trade_goods - goods,
        **{pool: getattr(player, pool) + n for pool, n in pools.items()},
    )
    game = game.with_player(player)
    if not total:
        return game, "spending no command token and no influence"
    placed = ", ".join(f"{n} in the {pool} pool" for pool, n in pools.items() if n)
    return (
        game,
        f"spending no command token but {total} influence, for {counted(gained, 'command token')}"
        + (f": {placed}" if placed else ""),
    )
