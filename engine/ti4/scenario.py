"""4th-edition scenarios: the shared board (:mod:`engine.core.scenario`) with the 4th-edition units.

A 4th-edition scenario has no keys of its own: every key is the shared one.
It starts in the action phase or inside a tactical action
(``start: {phase: tactical_action, active_player: ID}``).
"""

from __future__ import annotations

from typing import Any

from engine.core.scenario import Scenario, build_board
from engine.core.units import unit_type


def build4(top: dict[str, Any]) -> Scenario:
    """Check a 4th-edition scenario dict and build its starting game."""
    return build_board(top, unit_type)
