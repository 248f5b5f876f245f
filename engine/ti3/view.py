"""What a page draws of a 3rd-edition action, beyond the shared board view."""

from __future__ import annotations

from typing import Any

from engine.state import Combat, Game
from engine.ti3.board import action
from engine.ti3.odds import from_here
from engine.ti3.units import SOURCES, UNIT_TYPES

PRODUCIBLE = {
    u.name: {"label": u.label, "cost": u.cost, "per_cost": u.per_cost}
    for u in UNIT_TYPES.values()
    if u.cost is not None
}


def view(game: Game) -> dict[str, Any]:
    """The 3rd-edition entries of the VIEW: they replace or add to the shared ones."""
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
