"""The engine's JSON surface: plain dicts in, plain dicts out (what the browser calls).

Functions:

* ``load_scenario(scenario)`` → ``{"ok": True, "state", "view", "choices"}`` or
  ``{"ok": False, "error": {"message", "path"}}``.
* ``load_scenario_yaml(text)`` → the same, from the text of a YAML scenario
  (errors add ``"line"``).
* ``choices(state)`` → ``{"view", "choices"}``.
* ``apply(state, choice)`` → ``{"ok": True, "state", "events", "view", "choices"}``
  or ``{"ok": False, "refusal": {"reason", "rules"}, "state" (the same object),
  "view", "choices"}``. The input state is never changed.
* ``odds(attacker, defender, ground=False, casualties=None, edition=4, mines=False)``
  → exact combat odds (edition 3: PDS listed with the defender and a space
  mine, if ``mines``, go off before the battle; see ``engine.ti3.odds``).
* ``STEPS``: every step name the VIEW reports (``view["step"]``).

STATE is opaque: the serialised game, dice seed and roll counter included.
VIEW is what a page draws (``engine.view.view``): the step and its rules, the
players and their pools, every system with its tokens, units and planets, the
combat under way with its exact odds, hits waiting to be assigned, the unit
types a production may name (``producible``: label, cost, units per cost),
and the log of events.

Choices (every one carries ``kind``, ``label`` and ``rules``; ``player`` names
who decides where that is not the active player):

* ``activate {system}`` – Step 1.
* ``move {unit, path, carry}`` – ``path`` lists the systems entered in order,
  ending in the active system; ``carry`` lists fighter/ground force ids to
  transport. Listed per movable ship and legal path, with ``carry_candidates``
  and ``capacity``; ``apply`` checks any such dict.
* ``end_movement`` – finish Move Ships (or move nothing, 89.2.2).
* ``space_cannon {player, fire, target}`` – offense (target: the player hit) and
  defense (no target).
* ``announce_retreat {player, to}`` / ``no_retreat {player}`` / ``roll`` – combat.
* ``assign_hits {player, units}`` – one unit id per hit; a unit with Sustain
  Damage listed once is damaged, listed twice is destroyed.
* ``bombard {planet}``, ``commit {planet, units}``, ``skip`` – invasion
  (``skip`` ends bombardment or committing).
* ``produce {units: {type: count}, pay: [planet names], trade_goods, planet}``,
  ``skip`` – ``planet`` (optional) is where produced ground forces go: a
  planet the player controls in the active system, by default the space
  dock's; the listed ground-force choices carry one ``planet`` each.
* ``remove_excess {player, system, units}`` – when a player has more
  non-fighter ships than fleet pool tokens, or more fighters and ground
  forces in a space area than capacity (after a ship leaves cargo behind, at
  the end of movement, of a combat or of a retreat), they choose which units
  to remove, one id each; the offered choice also lists ``count`` and
  ``candidates``. Nothing else is accepted until it is answered.
* ``end_action`` – end-of-action effects, then end-of-turn effects.
* Action phase: ``strategic_action {card}``, ``tactical_action``,
  ``component_action {name}``, ``pass``, ``secondary {player, resolve}``,
  ``action_card {player, card}``.

A scenario with ``edition: 3`` plays the 3rd edition (``engine.ti3``); its
rules are the anchors of 3rd-edition items and its choices are
``tactical_action``, ``transfer_action``, ``activate {system, second}``
(``second`` for a transfer), ``move {unit, to, carry}``, ``end_movement``,
``probe {planet}``, ``pds_fire {player, system, fire}``,
``announce_retreat {player, to}`` / ``no_retreat {player}`` / ``roll``,
``assign_hits``, ``land {planet, units}``, ``end_landings``,
``bombard {unit, planet}``, ``raze {unit, planet}``, ``invade {planet}``,
``produce {system, units, pay, trade_goods}``, ``build_dock {planet, pay}``,
``skip`` and ``end_action``. Its VIEW adds ``edition``, ``action``,
``action_systems``, ``mines``, ``domain_counters``, ``probed``, ``landings``
and ``unit_sources``.
"""

from __future__ import annotations

from typing import Any

from engine import flow
from engine.codec import decode_game, encode_game
from engine.dice import DiceExhausted
from engine.events import IllegalChoice
from engine.odds import combat_odds, parse_fleet
from engine.scenario import ScenarioError, build
from engine.state import Game
from engine.ti3 import odds as ti3_odds
from engine.view import view
from engine.yaml_subset import YamlError, parse

STEPS: tuple[str, ...] = tuple(flow.STEPS)
"""Every step name the VIEW reports as ``view["step"]``."""


def _answer(game: Game) -> dict[str, Any]:
    return {"state": encode_game(game), "view": view(game), "choices": flow.choices(game)}


def load_scenario(scenario: dict[str, Any]) -> dict[str, Any]:
    """Build the starting state of a scenario dict."""
    try:
        loaded = build(scenario)
    except ScenarioError as error:
        return {"ok": False, "error": {"message": str(error), "path": error.path}}
    game, events = flow.advance(loaded.game)
    return {"ok": True, **_answer(game.logged(*events))}


def load_scenario_yaml(text: str) -> dict[str, Any]:
    """Build the starting state of a scenario written in YAML."""
    try:
        document = parse(text)
    except YamlError as error:
        return {"ok": False, "error": {"message": str(error), "path": "", "line": error.line}}
    result = load_scenario(document.data)
    if not result["ok"]:
        result["error"]["line"] = document.line_of(result["error"]["path"])
    return result


def choices(state: dict[str, Any]) -> dict[str, Any]:
    """The view and legal choices of a state."""
    game = decode_game(state)
    return {"view": view(game), "choices": flow.choices(game)}


def apply(state: dict[str, Any], choice: dict[str, Any]) -> dict[str, Any]:
    """Apply one choice; an illegal one is refused with its rule and the state unchanged."""
    game = decode_game(state)
    try:
        new, events = flow.apply(game, choice)
    except IllegalChoice as error:
        refusal = error.refusal.to_json()
    except DiceExhausted as error:
        refusal = {"reason": f"The scripted dice ran out: {error}", "rules": []}
    else:
        new = new.logged(*events)
        return {"ok": True, "events": [e.to_json() for e in events], **_answer(new)}
    return {
        "ok": False,
        "refusal": refusal,
        "state": state,
        "view": view(game),
        "choices": flow.choices(game),
    }


def odds(
    attacker: str,
    defender: str,
    ground: bool = False,
    casualties: str | None = None,
    edition: int = 4,
    mines: bool = False,
) -> dict[str, Any]:
    """Exact odds of a combat between two fleets written like ``"2 dreadnought, 3 fighter"``."""
    try:
        if edition == 3:
            return ti3_odds.odds(attacker, defender, ground=ground, mines=mines)
        result = combat_odds(
            parse_fleet(attacker), parse_fleet(defender), ground=ground, casualties=casualties
        )
    except ValueError as error:
        return {"ok": False, "error": {"message": str(error)}}
    return result.to_json()
