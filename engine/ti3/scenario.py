"""3rd-edition scenarios: ``edition: 3``, the shared board with the 3rd-edition unit table.

Beyond the shared keys (see :mod:`engine.core.scenario`) a 3rd-edition scenario
may name ``mines`` (``[{system, owner}]``, one entry per space mine token),
``domain_counters`` (planets holding a face-down domain counter) and
``deep_space_cannon`` (players whose PDS reach adjacent systems). It starts
inside an action: ``start: {phase: tactical_action, active_player: ID}``; the
player then chooses the tactical or the transfer action.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core._scenario_checks import _once
from engine.core.scenario import Scenario, ScenarioError, build_board, child_path
from engine.ti3.records import Action3
from engine.ti3.units import unit_type

EXTRA_KEYS = ("mines", "domain_counters", "deep_space_cannon")
# The 4th edition's factions, unit upgrades and technologies: the 3rd edition's differ, and
# reading one as the other would play the wrong card.
FOURTH_EDITION_PLAYER_KEYS = ("faction", "upgrades", "technologies")


def build3(top: dict[str, Any]) -> Scenario:
    """Check a 3rd-edition scenario dict and build its starting game."""
    start = top.get("start")
    if not isinstance(start, dict) or start.get("phase") != "tactical_action":
        raise ScenarioError(
            "a 3rd-edition scenario starts inside an action: "
            "start: {phase: tactical_action, active_player: ID}",
            "start",
        )
    if top.get("laws") not in (None, []):
        raise ScenarioError("laws are 4th-edition agendas; a 3rd-edition scenario has none", "laws")
    for index, entry in enumerate(_list(top, "players")):
        for key in FOURTH_EDITION_PLAYER_KEYS:
            if isinstance(entry, dict) and entry.get(key) not in (None, []):
                raise ScenarioError(
                    f"{key} are 4th-edition components; a 3rd-edition scenario has none",
                    child_path(child_path("players", index), key),
                )
    shared = {k: v for k, v in top.items() if k not in EXTRA_KEYS and k != "edition"}
    if isinstance(shared.get("players"), list):  # an empty 4th-edition key says nothing
        shared["players"] = [
            {k: v for k, v in p.items() if k not in FOURTH_EDITION_PLAYER_KEYS}
            if isinstance(p, dict)
            else p
            for p in shared["players"]
        ]
    loaded = build_board(shared, unit_type)
    game = loaded.game
    for index, system in enumerate(game.systems):
        if system.anomalies:
            raise ScenarioError(
                "anomalies are not modelled for the 3rd edition: its rules for them differ",
                child_path(child_path("systems", index), "anomaly"),
            )
    systems = {s.id for s in game.systems}
    planets = {p.name for s in game.systems for p in s.planets}
    players = {p.id for p in game.players}
    mines = []  # a list of tokens: two in one system are two mines to remove (a count)
    for index, item in enumerate(_list(top, "mines")):
        where = child_path("mines", index)
        if not isinstance(item, dict) or set(item) != {"system", "owner"}:
            raise ScenarioError("a space mine is {system: ID, owner: PLAYER}", where)
        _known(item["system"], systems, child_path(where, "system"), "system")
        _known(item["owner"], players, child_path(where, "owner"), "player")
        mines.append((str(item["system"]), str(item["owner"])))
    domains: dict[str, str] = {}
    for i, name in enumerate(_list(top, "domain_counters")):
        where = child_path("domain_counters", i)
        _once(domains, _known(name, planets, where, "planet"), where, "the domain counter on")
    cannon: dict[str, str] = {}
    for i, name in enumerate(_list(top, "deep_space_cannon")):
        where = child_path("deep_space_cannon", i)
        _once(cannon, _known(name, players, where, "player"), where, "deep space cannon of")
    action = Action3(mines=tuple(mines), domains=tuple(domains), deep_space_cannon=tuple(cannon))
    game = replace(game, edition=3, action=action)
    return Scenario(game, loaded.script)


def _list(top: dict[str, Any], key: str) -> list[Any]:
    value = top.get(key, [])
    if not isinstance(value, list):
        raise ScenarioError(f"expected a list, got {type(value).__name__}", key)
    return value


def _known(value: Any, known: set[str], path: str, what: str) -> str:
    if value not in known:
        raise ScenarioError(f"unknown {what} {value!r} (known: {', '.join(sorted(known))})", path)
    return str(value)
