"""The VIEW dict a page draws: the board, the players, the current step and the log.

:func:`view` draws any game by its edition's view (looked up in
:mod:`engine.core.editions`); :func:`draw` is the part every edition shares,
which an edition's view fills in with its step and combat and then adds to.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.editions import Step, for_game
from engine.core.state import Game, Unit
from engine.core.units import UnitType

__all__ = ["draw", "producible", "view"]


def producible(table: Mapping[str, UnitType]) -> dict[str, dict[str, Any]]:
    """What a production builder may offer: every unit of ``table`` with a cost."""
    return {
        u.name: {"label": u.label, "cost": u.cost, "per_cost": u.per_cost}
        for u in table.values()
        if u.cost is not None
    }


def view(game: Game) -> dict[str, Any]:
    """Everything a page needs to draw the game as it stands."""
    return for_game(game).view(game)


def _unit(unit: Unit) -> dict[str, Any]:
    shown = {"id": unit.id, "type": unit.type, "owner": unit.owner, "damaged": unit.damaged}
    if unit.grade:  # an upgraded or faction unit: its grade and printed name (97.4)
        shown |= {"grade": unit.grade, "label": unit.spec.label}
    return shown


def draw(game: Game, step: str, shown: Step, combat: dict[str, Any] | None) -> dict[str, Any]:
    """The shared VIEW of ``game`` at ``step``, titled ``shown``, with ``combat`` drawn."""
    title, rules = shown
    return {
        "title": game.title,
        "edition": game.edition,
        "step": step,
        "step_title": title,
        "step_rules": list(rules),
        "active_player": game.active_player,
        "active_system": game.action.activated if game.action else None,
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
                "commodities": p.commodities,
                "victory_points": p.victory_points,
                "secret_objectives": p.secret_objectives,
                "scored_secrets": p.scored_secrets,
                "action_cards": len(p.action_cards) + p.unnamed_action_cards,
                "technologies": list(p.technologies),
                "exhausted": list(p.exhausted),
                "upgrades": list(p.upgrades),
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
                "anomalies": list(s.anomalies),
                "wormholes": list(s.wormholes),
                "space": [_unit(u) for u in s.space],
                "planets": [
                    {
                        "name": p.name,
                        "resources": p.resources,
                        "influence": p.influence,
                        "controller": p.controller,
                        "exhausted": p.exhausted,
                        "trait": p.trait,
                        "units": [_unit(u) for u in p.units],
                    }
                    for p in s.planets
                ],
            }
            for s in game.systems
        ],
        "speaker": game.speaker,
        "objectives": [
            {"name": o.name, "points": o.points, "scored_by": list(o.scored_by)}
            for o in game.objectives
        ],
        "links": [list(link) for link in game.links],
        "combat": combat,
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
        "log": [e.to_json() for e in game.log],
    }
