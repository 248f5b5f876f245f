"""4th-edition scenarios: the shared board (:mod:`engine.core.scenario`) with the 4th-edition units.

A 4th-edition scenario has no keys of its own: every key is the shared one.
It starts in the action phase or inside a tactical action
(``start: {phase: tactical_action, active_player: ID}``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.scenario import Scenario, ScenarioError, build_board
from engine.core.units import UnitType, unit_type
from engine.ti4.holdings import laws
from engine.ti4.records import Tactical
from engine.ti4.sheets import SHEETS
from engine.ti4.units import UNIT_TYPES

# The most structures of one kind a player has on one planet: 85.4 / 79.3 and 85.5 / 63.3.
PER_PLANET = {"space_dock": (1, ("85.4", "79.3")), "pds": (2, ("85.5", "63.3"))}


def build4(top: dict[str, Any]) -> Scenario:
    """Check a 4th-edition scenario dict and build its starting game.

    A board with more structures on a planet than the rules allow is refused
    with the planet's path: one space dock and two PDS per player (85.6).
    """
    scenario = build_board(top, _unit_type, SHEETS)
    if "laws" in top:
        game = replace(scenario.game, laws=laws(top["laws"], "laws"))
        scenario = replace(scenario, game=game)
    if scenario.game.phase == "tactical_action":  # it starts inside one: the action slot's
        scenario = replace(scenario, game=replace(scenario.game, action=Tactical()))
    for index, system in enumerate(scenario.game.systems):
        for planet in system.planets:
            for kind, (most, rules) in PER_PLANET.items():
                for owner in dict.fromkeys(u.owner for u in planet.units):
                    count = sum(1 for u in planet.units if u.owner == owner and u.type == kind)
                    if count > most:
                        label = "space docks" if kind == "space_dock" else "PDS"
                        raise ScenarioError(
                            f"{count} {label} of {owner!r} on {planet.name}: a player has at "
                            f"most {most} on a planet ({', '.join((*rules, '85.6'))})",
                            f"systems[{index}].ground.{planet.name}.{owner}.{kind}",
                        )
    return scenario


def _unit_type(name: str) -> UnitType:
    return unit_type(name, UNIT_TYPES)
