"""Helpers for engine tests: build a scenario and play choices through ``engine.api``."""

from __future__ import annotations

import copy
import json
from typing import Any

from engine import api


class Table:
    """A game being played through the JSON API, one choice at a time."""

    def __init__(self, scenario: dict[str, Any]) -> None:
        result = api.load_scenario(scenario)
        assert result["ok"], result
        self.result = result
        self.state = result["state"]
        self.events: list[dict[str, Any]] = list(result["view"]["log"])

    @property
    def view(self) -> dict[str, Any]:
        return self.result["view"]

    @property
    def choices(self) -> list[dict[str, Any]]:
        return self.result["choices"]

    def kinds(self) -> set[str]:
        return {c["kind"] for c in self.choices}

    def do(self, kind: str, **params: Any) -> list[dict[str, Any]]:
        """Apply a legal choice; returns its events (and fails the test if it is refused)."""
        before = copy.deepcopy(self.state)
        result = api.apply(self.state, {"kind": kind, **params})
        assert self.state == before, "apply changed its input state"
        assert result["ok"], result.get("refusal")
        json.dumps(result)
        self.result = result
        self.state = result["state"]
        self.events.extend(result["events"])
        return result["events"]

    def refused(self, kind: str, **params: Any) -> dict[str, Any]:
        """Apply an illegal choice; returns the refusal (and fails the test if it is accepted)."""
        result = api.apply(self.state, {"kind": kind, **params})
        assert not result["ok"], f"{kind} {params} was accepted"
        assert result["state"] is self.state
        return result["refusal"]

    def system(self, system_id: str) -> dict[str, Any]:
        return next(s for s in self.view["systems"] if s["id"] == system_id)

    def space_ids(self, system_id: str) -> list[str]:
        return [u["id"] for u in self.system(system_id)["space"]]

    def planet(self, system_id: str, name: str) -> dict[str, Any]:
        return next(p for p in self.system(system_id)["planets"] if p["name"] == name)

    def player(self, player_id: str) -> dict[str, Any]:
        return next(p for p in self.view["players"] if p["id"] == player_id)

    def texts(self) -> list[str]:
        return [e["text"] for e in self.events]

    def cited(self, rule: str) -> list[dict[str, Any]]:
        """The events so far that cite ``rule``."""
        return [e for e in self.events if rule in e["rules"]]


def scenario(systems: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """Two players (red active) and the given systems, starting a tactical action."""
    base: dict[str, Any] = {
        "title": "test",
        "players": [
            {"id": "red", "initiative": 1, "tactic": 3, "fleet": 3, "strategy": 2},
            {"id": "blue", "initiative": 2},
        ],
        "systems": systems,
        "start": {"phase": "tactical_action", "active_player": "red"},
    }
    base.update(extra)
    return base


def system(system_id: str, q: int, r: int, **extra: Any) -> dict[str, Any]:
    return {"id": system_id, "q": q, "r": r, **extra}


def action_phase(
    players: list[dict[str, Any]], systems: list[dict[str, Any]], **extra: Any
) -> Table:
    """A game in the action phase: ``players`` in seating order, the first to act first."""
    return Table(
        {
            "title": "action phase",
            "players": players,
            "systems": systems,
            "start": {"phase": "action_phase"},
            **extra,
        }
    )


def planet(
    name: str, controller: str, resources: int = 1, influence: int = 1, **extra: Any
) -> dict[str, Any]:
    return {
        "name": name,
        "resources": resources,
        "influence": influence,
        "controller": controller,
        **extra,
    }
