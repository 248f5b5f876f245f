"""Leadership (initiative 1; LRR 52).

Primary: gain 3 command tokens, then spend any amount of influence for 1 token
per 3 spent (52.2). Secondary: the same spending, and it costs no strategy
token (52.3, 20.5a). Each token goes to the pool the player names (52.4),
none beyond what reinforcements hold (20.3a). Influence comes from exhausted
planets (47.2) and trade goods (47.3).

Choice values: ``pay`` (planets to exhaust for influence), ``trade_goods``,
``pools`` ({tactic, fleet, strategy}: where the tokens go; all in the tactic
pool if absent).
"""

from __future__ import annotations

from typing import Any

from engine.core.choice import cite, counted
from engine.core.events import Event
from engine.core.state import Game
from engine.ti4.abilities.strategy_cards import LEADERSHIP
from engine.ti4.strategy.card import Option, StrategyCard
from engine.ti4.strategy.common import gain_tokens, ready, spend
from engine.ti4.tokens import in_reinforcements

PRIMARY_RULES = ("52.2", "52.4")
SECONDARY_RULES = ("52.3", "52.4")


def _resolve(
    game: Game, choice: dict[str, Any], base: int, rules: tuple[str, ...]
) -> tuple[Game, tuple[Event, ...]]:
    player = game.player(str(choice["player"]))
    game, influence, words = spend(game, player, choice, "influence")
    count = base + influence // 3
    game, gained, placed = gain_tokens(game, player.id, count, choice.get("pools"), rules)
    cited = rules
    if influence:
        cited = (*cited, "47.2", "47.3") if choice.get("trade_goods") else (*cited, "47.2")
    if gained < count:
        cited = (*cited, "20.3.1")
    if influence:
        more = f"{count - base} more" if base else counted(count, "command token")
        text = f"{player.name} spends {influence} influence ({words}) for {more}"
        text += f" and gains {placed}" if count else " and gains none"
    elif base:
        text = f"{player.name} gains {placed}"
    else:
        text = f"{player.name} spends no influence and gains no command token"
    return game, (Event(LEADERSHIP.id, cite(text, cited), cited, {"player": player.id}),)


def primary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Gain 3 command tokens, then 1 per 3 influence spent (52.2)."""
    return _resolve(game, choice, 3, PRIMARY_RULES)


def secondary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Spend influence for 1 command token per 3 (52.3)."""
    return _resolve(game, choice, 0, SECONDARY_RULES)


def _influence(game: Game, player_id: str) -> tuple[list[str], int]:
    planets = [p for _, p in ready(game, player_id) if p.influence]
    return [p.name for p in planets], sum(p.influence for p in planets)


def primary_options(game: Game, player_id: str) -> list[Option]:
    """All in the tactic pool, one in each pool, and with the ready influence spent too.

    Any other split is a choice's ``pools``; few buttons keep a phone's list short.
    """
    room = in_reinforcements(game, game.player(player_id))
    gained = min(3, room)
    options = [
        Option(
            f"{counted(gained, 'command token')} to the tactic pool",
            PRIMARY_RULES,
            {"pools": {"tactic": gained} if gained else {}},
        )
    ]
    if gained == 3:
        options.append(
            Option(
                "1 command token to each pool",
                PRIMARY_RULES,
                {"pools": {"tactic": 1, "fleet": 1, "strategy": 1}},
            )
        )
    names, influence = _influence(game, player_id)
    more = min(3 + influence // 3, room)
    if influence >= 3 and more > gained:
        options.append(
            Option(
                f"spend {influence} influence ({', '.join(names)}) too: {more} command tokens to "
                f"the tactic pool",
                (*PRIMARY_RULES, "47.2"),
                {"pay": names, "pools": {"tactic": more}},
            )
        )
    return options


def secondary_options(game: Game, player_id: str) -> list[Option]:
    options = [Option("spend no influence", SECONDARY_RULES, {"pools": {}})]
    names, influence = _influence(game, player_id)
    gained = min(influence // 3, in_reinforcements(game, game.player(player_id)))
    if gained:
        options.append(
            Option(
                f"exhaust {', '.join(names)} for {counted(gained, 'command token')} in the "
                f"tactic pool",
                (*SECONDARY_RULES, "47.2"),
                {"pay": names, "pools": {"tactic": gained}},
            )
        )
    return options


CARD = StrategyCard(
    ability=LEADERSHIP,
    initiative=1,
    primary=primary,
    secondary=secondary,
    primary_options=primary_options,
    secondary_options=secondary_options,
    primary_values=frozenset({"pay", "trade_goods", "pools"}),
    secondary_values=frozenset({"pay", "trade_goods", "pools"}),
    secondary_costs_token=False,
)
