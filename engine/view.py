"""The VIEW dict a page draws: the board, the players, the current step and the log."""

from __future__ import annotations

from typing import Any

from engine import excess, flow
from engine.odds import combat_odds
from engine.state import Combat, Game, Unit, ships_of
from engine.ti3 import view as ti3_view
from engine.units import UNIT_TYPES


def _unit(unit: Unit) -> dict[str, Any]:
    return {"id": unit.id, "type": unit.type, "owner": unit.owner, "damaged": unit.damaged}


def _combat(game: Game, combat: Combat) -> dict[str, Any]:
    return {
        "kind": combat.kind,
        "system": combat.system,
        "planet": combat.planet,
        "round": combat.round,
        "attacker": combat.attacker,
        "defender": combat.defender,
        "odds": _odds(game, combat),
    }


def _odds(game: Game, combat: Combat) -> dict[str, float] | None:
    """Exact odds of the combat from here on, with the engine's casualty policy."""
    system = game.system(combat.system)
    if combat.kind == "space":
        sides = [ships_of(system.space, p) for p in (combat.attacker, combat.defender)]
    else:
        units = system.planet(combat.planet or "").units
        sides = [
            tuple(u for u in units if u.owner == p and u.spec.is_ground_force)
            for p in (combat.attacker, combat.defender)
        ]
    try:
        odds = combat_odds(sides[0], sides[1], ground=combat.kind == "ground", barrage=False)
    except ValueError:
        return None
    return {
        "attacker_wins": odds.attacker_wins,
        "defender_wins": odds.defender_wins,
        "both_destroyed": odds.both_destroyed,
    }


# What a production builder may offer: every unit with a cost, from the one unit table.
PRODUCIBLE = {
    u.name: {"label": u.label, "cost": u.cost, "per_cost": u.per_cost}
    for u in UNIT_TYPES.values()
    if u.cost is not None
}


def view(game: Game) -> dict[str, Any]:
    """Everything a page needs to draw the game as it stands."""
    step = flow.current_step(game)
    title, rules = flow.STEPS[step]
    if game.edition == 4 and game.removals:
        title, rules = excess.step_title(game)
    tactical = game.tactical
    drawn = {
        "title": game.title,
        "edition": game.edition,
        "step": step,
        "step_title": title,
        "step_rules": list(rules),
        "active_player": game.active_player,
        "active_system": tactical.active_system if tactical else None,
        "seed": game.dice.seed,
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "initiative": p.initiative,
                "tactic": p.tactic,
                "fleet": p.fleet,
                "strategy": p.strategy,
                "trade_goods": p.trade_goods,
                "passed": p.passed,
                "strategy_cards": [
                    {"name": c.name, "exhausted": c.exhausted} for c in p.strategy_cards
                ],
            }
            for p in game.players
        ],
        "systems": [
            {
                "id": s.id,
                "name": s.name,
                "q": s.q,
                "r": s.r,
                "tokens": list(s.tokens),
                "space": [_unit(u) for u in s.space],
                "planets": [
                    {
                        "name": p.name,
                        "resources": p.resources,
                        "influence": p.influence,
                        "controller": p.controller,
                        "exhausted": p.exhausted,
                        "units": [_unit(u) for u in p.units],
                    }
                    for p in s.planets
                ],
            }
            for s in game.systems
        ],
        "links": [list(link) for link in game.links],
        "combat": _combat(game, tactical.combat) if tactical and tactical.combat else None,
        "pending_hits": (
            {
                "player": game.pending.player,
                "count": game.pending.count,
                "source": game.pending.source,
                "planet": game.pending.planet,
            }
            if game.pending
            else None
        ),
        "producible": PRODUCIBLE,
        "log": [e.to_json() for e in game.log],
    }
    if game.edition == 3:
        drawn.update(ti3_view.view(game))
    return drawn
