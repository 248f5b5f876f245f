"""Imperial (initiative 8; LRR 45).

Primary (45.2): score one public objective whose requirement you fulfil,
then gain 1 victory point if you control Mecatol Rex, else draw a secret
objective. Secondary (45.3): draw a secret objective. A player holding more
than three secret objectives, scored and unscored, returns an unscored one
(45.4).

The engine cannot read an objective's requirement: the scenario's revealed
``objectives`` name the players who fulfil each (``qualifies``). A player
scores each objective once (61.8), and no public objective without
controlling every planet of their home system (61.16). Secret objectives are
counted, not named (no deck is kept). The game ends when a player reaches 10
victory points (98.7).

Choice value: ``score`` (primary): the name of the public objective to score.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.choice import cite, counted
from engine.core.events import Event, refuse
from engine.core.state import Game, Objective, Player
from engine.ti4.abilities.strategy_cards import IMPERIAL
from engine.ti4.strategy.card import Option, StrategyCard
from engine.ti4.strategy.common import draw_secret_objective, text_param

MECATOL_REX = "Mecatol Rex"
WINNING_POINTS = 10  # 98.7


def _home_held(game: Game, player: Player) -> bool:
    if player.home is None:
        return True
    return all(p.controller == player.id for p in game.system(player.home).planets)


def scorable(game: Game, player: Player) -> list[Objective]:
    """The public objectives the player may score now (45.2, 61.8, 61.16)."""
    if not _home_held(game, player):
        return []
    return [o for o in game.objectives if player.id in o.qualifies and player.id not in o.scored_by]


def _score(game: Game, player: Player, name: str) -> tuple[Game, Event]:
    found = next((o for o in game.objectives if o.name == name), None)
    if found is None or found not in scorable(game, player):
        if found is not None and not _home_held(game, player):
            raise refuse(
                f"Cannot score {name}: {player.name} does not control every planet in their "
                f"home system",
                "61.16",
            )
        why = (
            "already scored it"
            if found and player.id in found.scored_by
            else "no such revealed objective they fulfil"
        )
        raise refuse(f"Cannot score {name!r}: {player.name} has {why}", "45.2", "61.8")
    objective = replace(found, scored_by=(*found.scored_by, player.id))
    game = replace(
        game, objectives=tuple(objective if o.name == name else o for o in game.objectives)
    )
    game = game.with_player(replace(player, victory_points=player.victory_points + found.points))
    rules = ("45.2", "61.12")
    text = f"{player.name} scores {name} for {counted(found.points, 'victory point')}"
    return game, Event("score", cite(text, rules), rules, {"player": player.id, "objective": name})


def won(game: Game, events: list[Event]) -> Game:
    """End the game if a player has reached 10 victory points (98.7)."""
    leaders = [p for p in game.players if p.victory_points >= WINNING_POINTS]
    if not leaders:
        return game
    winner = min(leaders, key=lambda p: p.initiative)
    rules = ("98.7",)
    text = f"{winner.name} has {winner.victory_points} victory points and wins the game"
    events.append(Event("game_over", cite(text, rules), rules, {"winner": winner.id}))
    return replace(game, phase="game_over", active_player=None, secondary_queue=())


def primary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player = game.player(str(choice["player"]))
    events: list[Event] = []
    name = text_param(choice, "score", "45.2")
    if name is not None:
        game, scored = _score(game, player, name)
        events.append(scored)
        player = game.player(player.id)
    mecatol = [p for _, p in game.planets_of(player.id) if p.name == MECATOL_REX]
    rules: tuple[str, ...] = ("45.2",)
    if mecatol:
        game = game.with_player(replace(player, victory_points=player.victory_points + 1))
        rules = (*rules, "98.4")
        text = f"{player.name} controls Mecatol Rex and gains 1 victory point"
    else:
        game, drew, over = draw_secret_objective(game, player.id)
        rules = (*rules, "45.4") if over else rules
        text = f"{player.name} does not control Mecatol Rex and {drew}"
    events.append(Event(IMPERIAL.id, cite(text, rules), rules, {"player": player.id}))
    return won(game, events), tuple(events)


def secondary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player_id = str(choice["player"])
    game, drew, over = draw_secret_objective(game, player_id)
    rules = ("45.3", "45.4") if over else ("45.3",)
    text = f"{game.player_name(player_id)} {drew}"
    return game, (Event(IMPERIAL.id, cite(text, rules), rules, {"player": player_id}),)


def primary_options(game: Game, player_id: str) -> list[Option]:
    player = game.player(player_id)
    then = (
        "gain 1 victory point for Mecatol Rex"
        if any(p.name == MECATOL_REX for _, p in game.planets_of(player_id))
        else "draw a secret objective"
    )
    options = [
        Option(f"score {o.name} ({o.points}), then {then}", ("45.2",), {"score": o.name})
        for o in scorable(game, player)
    ]
    return [*options, Option(f"score no public objective, then {then}", ("45.2",))]


def secondary_options(game: Game, player_id: str) -> list[Option]:
    return [Option("draw a secret objective", ("45.3",))]


CARD = StrategyCard(
    ability=IMPERIAL,
    initiative=8,
    primary=primary,
    secondary=secondary,
    primary_options=primary_options,
    secondary_options=secondary_options,
    primary_values=frozenset({"score"}),
    secondary_values=frozenset(),
)
