"""Scenarios: a starting position (and optionally a scripted line of play) as data.

A scenario is a dict (``python -m rulesite play`` reads one from a YAML file) with
``title``, ``seed`` (or ``dice``: exact results for tests), ``players``,
``systems``, ``links``, ``effects``, ``start`` and ``script``; the shapes are
documented in :mod:`engine.api`. Loading checks every value and reports the
first problem by its path (``systems[2].space.red: unknown unit 'dreadnaught'``)
and, for a file, its line. Unit ids are given in file order, numbered per
owner and type: ``red-carrier-1``, ``red-carrier-2``. ``players`` are listed
in seating order, clockwise round the table: the order secondary abilities
(82.1) and space cannon offense (77.2) go round in.

:func:`build` looks the scenario's edition up in the registry
(:mod:`engine.core.editions`); an edition's builder calls :func:`build_board`
with its unit table for the shared board (read in
:mod:`engine.core._scenario_board`) and adds what only it has.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from engine.core import editions
from engine.core._scenario_board import Sheets, _effects, _links, _players, _systems
from engine.core._scenario_checks import (
    Scenario,
    ScenarioError,
    _count,
    _list,
    _mapping,
    _text,
    child_path,
)
from engine.core.dice import Dice
from engine.core.state import Game
from engine.core.units import UnitType

__all__ = [
    "TOP_LEVEL_KEYS",
    "Scenario",
    "ScenarioError",
    "Sheets",
    "build",
    "build_board",
    "child_path",
]

TOP_LEVEL_KEYS = frozenset(
    {
        "title",
        "seed",
        "dice",
        "players",
        "systems",
        "links",
        "effects",
        "start",
        "script",
        "edition",
    }
)


def build(data: Any) -> Scenario:
    """Check a scenario dict and build its starting game under its edition (4 by default).

    The edition is looked up in the registry (:mod:`engine.core.editions`).
    """
    top = _mapping(data, "")
    edition = top.get("edition", editions.DEFAULT_EDITION)
    found = editions.find(edition)
    if found is None:
        known = editions.known_numbers()
        raise ScenarioError(f"edition must be {known}, got {edition!r}", "edition")
    return found.build(top)


def build_board(
    top: dict[str, Any], lookup: Callable[[str], UnitType], sheets: Sheets | None = None
) -> Scenario:
    """Build a scenario whose units are looked up with ``lookup`` (an edition's unit table).

    ``sheets``: an edition's player sheets, which read the player keys only it has and
    grade each player's units (the 4th edition's factions and upgrades).
    """
    unknown = sorted(set(top) - TOP_LEVEL_KEYS)
    if unknown:
        allowed = ", ".join(sorted(TOP_LEVEL_KEYS))
        raise ScenarioError(f"unknown key {unknown[0]!r} (allowed: {allowed})", unknown[0])
    players = _players(top.get("players"), "players", sheets)
    ids = {p.id for p in players}
    systems = _systems(top.get("systems"), "systems", ids, lookup, players, sheets)
    system_ids = {s.id for s in systems}
    for index, player in enumerate(players):
        if player.home is not None and player.home not in system_ids:
            raise ScenarioError(
                f"home must name a system, got {player.home!r}",
                child_path(child_path("players", index), "home"),
            )
    links = _links(top.get("links", []), "links", system_ids)
    effects = _effects(top.get("effects", []), "effects", ids)
    dice = _dice(top)
    game = Game(
        title=_text(top.get("title", "Scenario"), "title"),
        dice=dice,
        players=players,
        systems=systems,
        links=links,
        effects=effects,
    )
    game = _start(game, top.get("start", {"phase": "action_phase"}), "start")
    script = _list(top.get("script", []), "script")
    for index, item in enumerate(script):
        _mapping(item, child_path("script", index))
    return Scenario(game, tuple(script))


def _start(game: Game, data: Any, path: str) -> Game:
    start = _mapping(data, path)
    phase = start.get("phase", "action_phase")
    if phase == "tactical_action":
        active = start.get("active_player")
        if active not in {p.id for p in game.players}:
            raise ScenarioError(
                f"active_player must name a player, got {active!r}",
                child_path(path, "active_player"),
            )
        # The edition's builder fills the action slot with its record of the action.
        return replace(game, phase="tactical_action", active_player=active, standalone=True)
    if phase == "action_phase":
        waiting = sorted((p for p in game.players if not p.passed), key=lambda p: p.initiative)
        first = waiting[0].id if waiting else None
        return replace(game, phase="action_phase", active_player=first)
    raise ScenarioError(
        f"phase must be 'action_phase' or 'tactical_action', got {phase!r}",
        child_path(path, "phase"),
    )


def _dice(top: Mapping[str, Any]) -> Dice:
    if "dice" in top:
        results = _list(top["dice"], "dice")
        for index, result in enumerate(results):
            if not isinstance(result, int) or isinstance(result, bool) or not 1 <= result <= 10:
                raise ScenarioError(
                    f"a die result must be 1 to 10, got {result!r}", child_path("dice", index)
                )
        return Dice(script=tuple(results))
    return Dice(seed=_count(top.get("seed", 0), "seed"))
