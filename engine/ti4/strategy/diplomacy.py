"""Diplomacy (initiative 2; LRR 32; the Codex I / Prophecy of Kings card the LRR describes).

Primary: choose a system, other than the Mecatol Rex system, that contains a
planet you control; each other player places a command token from their
reinforcements there (32.2), one from the command sheet of their choice if
they have none left (32.2a), none if they have one there already (32.2b).
Then ready up to two of your exhausted planets. Secondary: ready up to two
exhausted planets you control (32.3). (The base game's first printing readied
each planet in the chosen system instead; the engine plays the LRR's card.)

Choice values: ``system`` (primary), ``ready`` (planet names, at most two).
"""

from __future__ import annotations

from typing import Any

from engine.core.choice import cite
from engine.core.events import Event, refuse
from engine.core.state import Game, System
from engine.ti4 import tokens
from engine.ti4.abilities.strategy_cards import DIPLOMACY
from engine.ti4.strategy.card import Option, StrategyCard
from engine.ti4.strategy.common import names_param, ready_planets, text_param

MECATOL_REX = "Mecatol Rex"


def _eligible(game: Game, player_id: str) -> list[System]:
    return [
        s
        for s in game.systems
        if any(p.controller == player_id for p in s.planets)
        and not any(p.name == MECATOL_REX for p in s.planets)
    ]


def primary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player = game.player(str(choice["player"]))
    system_id = text_param(choice, "system", "32.2")
    eligible = {s.id: s for s in _eligible(game, player.id)}
    rules = ("32.2",)
    events: list[Event] = []
    if system_id is not None or eligible:
        if system_id not in eligible:
            allowed = ", ".join(eligible) or "none"
            raise refuse(
                f"Cannot choose {system_id!r} for Diplomacy: choose a system other than the "
                f"Mecatol Rex system that contains a planet {player.name} controls ({allowed})",
                "32.2",
            )
        game, events = _chosen(game, player.id, eligible[str(system_id)])
    game, readied = ready_planets(
        game, player.id, names_param(choice, "ready", "32.2"), 2, ("32.2",)
    )
    text = f"{player.name} readies {readied}"
    if not eligible:
        text = (
            f"{player.name} controls no planet outside the Mecatol Rex system to choose, and "
            f"readies {readied}"
        )
    events.append(Event("ready", cite(text, rules), rules, {"player": player.id}))
    return game, tuple(events)


def _chosen(game: Game, player_id: str, system: System) -> tuple[Game, list[Event]]:
    """Each other player places a command token in the chosen system (32.2, 32.2a, 32.2b)."""
    rules = ("32.2",)
    events = [
        Event(
            DIPLOMACY.id,
            cite(f"{game.player_name(player_id)} chooses {system.name} for Diplomacy", rules),
            rules,
            {"player": player_id, "system": system.id},
        )
    ]
    for other in game.seating_from(player_id)[1:]:
        where: tuple[str, ...] = ("32.2",)
        if other in game.system(system.id).tokens:
            where = ("32.2", "32.2.2")
        elif tokens.in_reinforcements(game, game.player(other)) == 0:
            where = ("32.2", "32.2.1")  # the owner names the pool: tokens.choices
        game, placed = tokens.place(game, other, system.id, where)
        events.extend(placed)
    return game, events


def secondary(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    player_id = str(choice["player"])
    rules = ("32.3",)
    game, readied = ready_planets(game, player_id, names_param(choice, "ready", *rules), 2, rules)
    text = f"{game.player_name(player_id)} readies {readied}"
    return game, (Event("ready", cite(text, rules), rules, {"player": player_id}),)


def _best_exhausted(game: Game, player_id: str) -> list[str]:
    exhausted = [p for _, p in game.planets_of(player_id) if p.exhausted]
    exhausted.sort(key=lambda p: -(p.resources + p.influence))
    return [p.name for p in exhausted[:2]]


def primary_options(game: Game, player_id: str) -> list[Option]:
    best = _best_exhausted(game, player_id)
    readying = f", readying {' and '.join(best)}" if best else ""
    eligible = _eligible(game, player_id)[:6]
    if not eligible:
        return [
            Option(f"choose no system (none is eligible){readying}", ("32.2",), {"ready": best})
        ]
    return [
        Option(f"choose {s.name}{readying}", ("32.2",), {"system": s.id, "ready": best})
        for s in eligible
    ]


def secondary_options(game: Game, player_id: str) -> list[Option]:
    best = _best_exhausted(game, player_id)
    return [Option(f"ready {' and '.join(best) or 'no planet'}", ("32.3",), {"ready": best})]


CARD = StrategyCard(
    ability=DIPLOMACY,
    initiative=2,
    primary=primary,
    secondary=secondary,
    primary_options=primary_options,
    secondary_options=secondary_options,
    primary_values=frozenset({"system", "ready"}),
    secondary_values=frozenset({"ready"}),
)
