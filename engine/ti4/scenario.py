"""4th-edition scenarios: the shared board (:mod:`engine.core.scenario`) with the 4th-edition units.

Beyond the shared keys a 4th-edition scenario may name the ``speaker`` (a player
id, 80) and the revealed public ``objectives`` (``[{name, points, scored_by,
qualifies}]``, 61: ``qualifies`` lists the players who fulfil the objective's
requirement, which the engine cannot read). It starts in the action phase or
inside a tactical action (``start: {phase: tactical_action, active_player: ID}``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core._scenario_checks import _count, _list, _mapping, _only, _text
from engine.core.scenario import Scenario, ScenarioError, build_board, child_path
from engine.core.state import Game, Objective
from engine.core.units import UnitType, unit_type
from engine.limits import PER_PLANET
from engine.ti4.holdings import laws
from engine.ti4.records import Tactical
from engine.ti4.sheets import SHEETS
from engine.ti4.strategy import CARDS, card_named
from engine.ti4.units import UNIT_TYPES

EXTRA_KEYS = ("speaker", "objectives")


def build4(top: dict[str, Any]) -> Scenario:
    """Check a 4th-edition scenario dict and build its starting game.

    A board with more structures on a planet than the rules allow is refused
    with the planet's path: one space dock and two PDS per player (85.6).
    """
    shared = {k: v for k, v in top.items() if k not in EXTRA_KEYS}
    scenario = build_board(shared, _unit_type, SHEETS)
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
    players = {p.id for p in scenario.game.players}
    systems = {s.id for s in scenario.game.systems}
    for index, player in enumerate(scenario.game.players):
        for key, named, known in (
            ("plots", player.plots, players),
            ("breaches", player.breaches, systems),
        ):
            for number, item in enumerate(named):
                if item not in known:
                    what = "player" if key == "plots" else "system"
                    raise ScenarioError(
                        f"{key} must name a {what}, got {item!r}",
                        f"players[{index}].{key}[{number}]",
                    )
        secrets = player.secret_objectives + player.scored_secrets
        if secrets > 3:
            raise ScenarioError(
                f"{secrets} secret objectives: a player has at most three, scored and "
                f"unscored (61.21)",
                f"players[{index}].secret_objectives",
            )
        for number, card in enumerate(player.strategy_cards):
            if card_named(card.name) is None:
                raise ScenarioError(
                    f"unknown strategy card {card.name!r} (cards: "
                    f"{', '.join(c.name for c in CARDS.values())})",
                    f"players[{index}].strategy_cards[{number}]",
                )
    game = _table(scenario.game, top)
    return Scenario(game, scenario.script)


def _table(game: Game, top: dict[str, Any]) -> Game:
    """The speaker and the public objectives of ``top`` on ``game``."""
    players = {p.id for p in game.players}
    speaker = top.get("speaker")
    if speaker is not None and speaker not in players:
        raise ScenarioError(f"speaker must name a player, got {speaker!r}", "speaker")
    objectives: list[Objective] = []
    for index, item in enumerate(_list(top.get("objectives", []), "objectives")):
        where = child_path("objectives", index)
        entry = _mapping(item, where)
        _only(entry, where, {"name", "points", "scored_by", "qualifies"})
        name = _text(entry.get("name"), child_path(where, "name"))
        if any(o.name == name for o in objectives):
            raise ScenarioError(f"duplicate objective {name!r}", child_path(where, "name"))
        lists = {}
        for key in ("scored_by", "qualifies"):
            at = child_path(where, key)
            named = _list(entry.get(key, []), at)
            for number, who in enumerate(named):
                if who not in players:
                    raise ScenarioError(f"must name a player, got {who!r}", child_path(at, number))
            lists[key] = tuple(dict.fromkeys(str(p) for p in named))
        points = _count(entry.get("points", 1), child_path(where, "points"))
        objectives.append(Objective(name, points, lists["scored_by"], lists["qualifies"]))
    return replace(game, speaker=speaker, objectives=tuple(objectives))


def _unit_type(name: str) -> UnitType:
    return unit_type(name, UNIT_TYPES)
