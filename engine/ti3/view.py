"""What a page draws of a 3rd-edition action: the shared board view and what it adds."""

from __future__ import annotations

from typing import Any

from engine.core.state import Combat, Game
from engine.core.view import draw, producible
from engine.ti3 import flow
from engine.ti3.board import action
from engine.ti3.odds import from_here
from engine.ti3.units import SOURCES, UNIT_TYPES

PRODUCIBLE = producible(UNIT_TYPES)


# The VIEW's steps: the action's own, then "finished" as every edition reports it.
STEPS = {
    **{f"ti3_{name}": step for name, step in flow.STEPS.items() if name != "finished"},
    "finished": ("Finished", ()),
}


def view(game: Game) -> dict[str, Any]:
    """The shared VIEW with the 3rd-edition entries replacing or adding to its own."""
    step = flow.step_name(game)
    drawn = draw(game, step, STEPS[step], None)
    drawn.update(_entries(game))
    return drawn


def _entries(game: Game) -> dict[str, Any]:
    """The 3rd-edition entries of the VIEW."""
    state = action(game)
    battle = state.battle
    return {
        "action": state.action,
        "active_system": state.systems[0] if state.systems else None,
        "action_systems": list(state.systems),
        "mines": [{"system": s, "owner": o} for s, o in state.mines],
        "domain_counters": list(state.domains),
        "probed": list(state.probed),
        "landings": [
            {"planet": x.planet, "kind": x.kind, "units": list(x.units)} for x in state.landings
        ],
        "combat": None
        if battle is None
        else {
            "kind": battle.kind,
            "system": battle.system,
            "planet": battle.planet,
            "round": battle.round,
            "attacker": battle.attacker,
            "defender": battle.defender,
            "odds": _odds(game, battle),
        },
        "producible": PRODUCIBLE,
        "unit_sources": list(SOURCES),
    }


def _odds(game: Game, battle: Combat) -> dict[str, float]:
    """Exact odds of the rounds still to fight (nobody withdrawing)."""
    system = game.system(battle.system)
    units = system.planet(battle.planet).units if battle.planet else system.space
    sides = [
        [(u.type, u.damaged) for u in units if u.owner == player]
        for player in (battle.attacker, battle.defender)
    ]
    return from_here(sides[0], sides[1], ground=battle.kind == "ground")
