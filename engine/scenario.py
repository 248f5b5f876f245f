"""Old path of :mod:`engine.core.scenario`, kept for ``engine/play.py`` (see ``engine.flow``)."""

from __future__ import annotations

from engine.core.scenario import Scenario, ScenarioError, build

__all__ = ["Scenario", "ScenarioError", "build"]
