"""The engine's JSON surface: plain dicts in, plain dicts out (what the browser calls).

Functions:

* ``load_scenario(scenario)`` → ``{"ok": True, "state", "view", "choices"}`` or
  ``{"ok": False, "error": {"message", "path"}}``.
* ``choices(state)`` → ``{"ok": True, "view", "choices"}``.
* ``apply(state, choice)`` → ``{"ok": True, "state", "events", "view", "choices"}``
  or ``{"ok": False, "refusal": {"reason", "rules"}, "state" (the same object),
  "view", "choices"}``. The input state is never changed.
* ``odds(attacker, defender, ground=False, casualties=None, edition=4, mines=False)``
  → ``{"ok": True}`` and the exact combat odds, or ``{"ok": False, "error":
  {"message", "field"}}``. Under ``edition=3`` (``engine.ti3.odds``) PDS listed
  with the defender and, with ``mines``, a space mine go off before the battle.
  4th edition only: ``attacker_faction``/``defender_faction``, ``attacker_options``/
  ``defender_options`` (ids, ``id:ROUNDS`` for a card played in chosen rounds,
  ``sustain_first``/``lose_first``/``keep:UNIT``), ``rounds`` (stop after N; what is
  still fought is ``undecided``) and ``retreat`` (that side leaves after ``rounds``);
  fleets may say ``2 cruiser ii``, ``1 damaged dreadnought``, ``flagship``, ``mech``.
  The answer adds each side's faction, options (with their rules) and notes.
  Progress and cancelling: ``progress`` (the one argument that is not JSON: a callable,
  in the browser a JavaScript function passed through Pyodide) is called with the share
  of the work done, a number from 0 to 1 that only grows, at most about 80 times a
  calculation (not at all for fleets without options, which take milliseconds).
  Returning ``false``/``False`` from it stops the calculation: the answer is then
  ``{"ok": False, "error": {"message", "field": "progress"}}``. A page cancels at once by
  terminating the worker the calculation runs in. The work is bounded: a request whose
  exact odds would take longer than about a minute (Duranium Armor with 30 units a side
  able to sustain damage, say) is refused the same way, ``field`` naming the larger
  fleet, before that work is done.
* ``odds_options()`` → ``{"ok": True, "factions": [{"id", "name"}], "options":
  [{"id", "name", "kind", "side", "description", "rules", ...}]}``; a faction
  technology also names its ``faction`` (the id of the faction it belongs to).
* ``for_edition(scenario, edition)`` → ``{"ok": True, "scenario"}``: one board
  played under edition 3 or 4, its units renamed for that edition (infantry ↔
  ground force, :mod:`engine.core.editions`), or ``{"ok": False, "error": {"message",
  "path"}}``.
* ``STEPS``: every step name the VIEW reports (``view["step"]``).

Every malformed call is answered, never raised: ``{"ok": False, "error":
{"message", "path"}}``, the path naming the argument or the field in it
(``choice``, ``state``, ``systems[0].space.red.cruiser``; ``odds`` names its
argument as ``field``). Sizes are bounded (:mod:`engine.limits`) before anything
is built from an argument.

STATE is opaque: the serialised game, dice seed and roll counter included.
VIEW is what a page draws (``engine.core.view.view``): the step and its rules, the
players and their pools, every system with its tokens, units and planets, the
combat under way with its exact odds, hits waiting to be assigned, the unit
types a production may name (``producible``: label, cost, units per cost),
the ``speaker`` and public ``objectives``, each player's commodities, victory
points, secret objectives, action cards held and exhausted technologies, and the
log of events.

Choices (every one carries ``kind``, ``label`` and ``rules``; ``player`` names
who decides where that is not the active player):

* ``activate {system}`` – Step 1.
* ``move {unit, path, carry}`` – ``path`` lists the systems entered in order,
  ending in the active system; ``carry`` lists fighter/ground force ids to
  transport. Listed per movable ship and legal path, with ``carry_candidates``
  and ``capacity``; ``apply`` checks any such dict. Anomalies (a system's
  ``anomaly`` in a scenario, ``anomalies`` in the VIEW) close or lengthen
  paths; each gravity rift left rolls a die as the ship moves (41.2).
* ``end_movement`` – finish Move Ships (or move nothing, 89.2.2).
* ``space_cannon {player, fire, target}`` – offense (target: the player hit) and
  defense (no target).
* ``announce_retreat {player, to}`` / ``no_retreat {player}`` / ``roll`` – combat.
* ``assign_hits {player, units, sustain}`` – one unit id per hit; ``sustain``
  (optional) lists the units that use Sustain Damage (87: the player's
  choice): the first hit on each is cancelled and the unit damaged, any
  other hit destroys its unit. Without ``sustain`` every undamaged unit able
  to sustain does. Offered choices carry ``sustain``, ``candidates`` and
  ``can_sustain``; when the suggestion sustains, the same hits without
  Sustain Damage are offered too.
* ``bombard {targets: {unit: planet}}`` or ``bombard {planet}`` (every
  bombarding unit at that planet), ``commit {planet, units}``, ``skip`` –
  invasion. One declaration names each bombarding unit's planet, then all
  roll (15.1); each planet's owner then assigns that planet's hits. Offered
  ``bombard`` choices list ``bombarders`` and the ``planets`` they may
  target. ``skip`` ends bombardment or committing.
* ``produce {units: {type: count}, pay: [planet names], trade_goods, planet,
  placement, reclaim}``, ``skip`` – ``reclaim`` lists own units taken off
  systems without the player's command token first, when reinforcements
  lack them (67.5.1). Produced ground forces go on planets holding a
  unit with Production (68.3): ``placement`` {planet: count} splits them,
  ``planet`` puts all on one, by default the first space dock's planet.
  Production may exceed capacity or the fleet pool; the player then removes
  the excess (16.3, 37.3).
* ``remove_excess {player, system, units}`` – when a player has more
  non-fighter ships than fleet pool tokens (with Fighter II, fighters beyond
  capacity count too: 1.2), or more fighters and ground forces in a space
  area than capacity (at the end of Move Ships, in the active system and in
  every system a moving ship left, 58.6; after space cannon offense, at the
  end of a combat, at a retreat's destination, after production), or more
  than their retreating ships can transport (78.7.2, before they leave),
  they choose which units to remove, one id each; the offered choice also
  lists ``count`` (the fewest units that bring the system within the limit)
  and ``candidates``. Nothing else is accepted until it is answered.
* ``end_action`` – end-of-action effects, then end-of-turn effects.
* Action phase: ``strategic_action {card, ...}``, ``tactical_action``,
  ``component_action {name}``, ``pass``, ``secondary {player, resolve, ...}``,
  ``action_card {player, card}``. A strategic action resolves the card's
  primary ability and ``secondary`` (``resolve: true``) its secondary, with the
  card's values (:mod:`engine.ti4.strategy`; any other value is refused):
  Leadership ``pay`` (planets), ``trade_goods``, ``pools`` ({tactic, fleet,
  strategy}); Diplomacy ``system``, ``ready`` (planets); Politics ``speaker``,
  ``discard``; Construction ``place`` ([{unit, planet}]), ``system``,
  ``reclaim``; Trade ``free`` (player ids); Warfare ``system``, ``pools``, and
  for its secondary ``dock`` with a production's values; Technology
  ``research`` (ids such as ``antimass_deflectors``, ``cruiser_ii``), ``pay``,
  ``trade_goods``; Imperial ``score`` (an objective's name). Every option
  offered carries its values and is accepted as it is.
* ``ability {player, ability, use, ...}`` – a card or ability offered in its window
  (``engine.ti4.abilities``: a technology, an action card or promissory note the
  scenario gives, a faction's): one choice per way of using it, carrying that way's
  values (``unit``: the unit it repairs, destroys or gives a die; ``trade_goods``), the
  first the way the exact odds assume, and ``use: false`` ("do not use") where the card
  says "may". ``player`` is whoever decides: the holder, or the holder's opponent where
  the card makes them choose (Assault Cannon's ship). Nothing else is accepted until it
  is answered; any way not offered is refused citing the card's rules.
* ``take_token {player, pool}`` – a command token to place with none left in
  reinforcements (a retreat, Diplomacy) comes from the pool its owner names
  (20.3b); nothing else is accepted until it is answered.

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
and ``unit_sources``; its combat carries the exact odds of the rounds still to
fight, whatever the number of units.
"""

from __future__ import annotations

from typing import Any

# The editions this API plays, registered on import (their scenarios, flow, steps and view).
from engine import ti3  # noqa: F401
from engine.core import editions, flow
from engine.core.casualties import CasualtyPolicy
from engine.core.codec import decode_game, encode_game
from engine.core.dice import DiceExhausted
from engine.core.editions import board_for
from engine.core.events import IllegalChoice
from engine.core.scenario import ScenarioError, build
from engine.core.state import Game
from engine.core.view import view
from engine.limits import LimitError, check_json, check_scenario
from engine.odds import FleetError, combat_odds, parse_fleet
from engine.odds.request import graded_odds, graded_text, options_catalogue
from engine.ti3 import odds as ti3_odds
from engine.ti4 import edition as _ti4  # noqa: F401

__all__ = [
    "EDITION_ONLY_KEYS",
    "STEPS",
    "apply",
    "choices",
    "for_edition",
    "load_scenario",
    "odds",
    "odds_options",
]

STEPS: tuple[str, ...] = tuple(flow.steps())
"""Every step name the VIEW reports as ``view["step"]``."""

EDITION_ONLY_KEYS: frozenset[str] = frozenset().union(
    *(e.scenario_keys for e in editions.registered())
)
"""Scenario keys only one edition reads (the 3rd's mines, domain counters, Deep Space Cannon)."""


def _answer(game: Game) -> dict[str, Any]:
    return {"state": encode_game(game), "view": view(game), "choices": flow.choices(game)}


def _error(message: str, path: str) -> dict[str, Any]:
    return {"ok": False, "error": {"message": message, "path": path}}


def _refused(error: ScenarioError | LimitError) -> dict[str, Any]:
    return _error(str(error), error.path)


# What engine code raises on a value of the wrong shape deep inside an argument that
# passed the checks here; the API turns it into an answer naming that argument.
_SHAPE_ERRORS = (KeyError, TypeError, ValueError, AttributeError, IndexError)


def _shape(error: Exception) -> str:
    return f"{type(error).__name__}: {error}"


def load_scenario(scenario: dict[str, Any]) -> dict[str, Any]:
    """Build the starting state of a scenario dict."""
    try:
        if not isinstance(scenario, dict):
            raise LimitError(f"expected a scenario (mapping), got {_kind(scenario)}", "")
        check_json(scenario, "")
        check_scenario(scenario)
        loaded = build(scenario)
        game, events = flow.advance(loaded.game)
        return {"ok": True, **_answer(game.logged(*events))}
    except (ScenarioError, LimitError) as error:
        return _refused(error)
    except _SHAPE_ERRORS as error:
        return _error(f"the scenario cannot be read ({_shape(error)})", "")


def for_edition(scenario: Any, edition: Any) -> dict[str, Any]:
    """``scenario`` to be played under ``edition``: its ``edition`` set, its units renamed."""
    if editions.find(edition) is None:
        return _error(f"edition must be {editions.known_numbers()}, not {edition!r}", "edition")
    try:
        if not isinstance(scenario, dict):
            raise LimitError(f"expected a scenario (mapping), got {_kind(scenario)}", "")
        check_json(scenario, "")
        return {"ok": True, "scenario": {**board_for(scenario, edition), "edition": edition}}
    except (ScenarioError, LimitError) as error:
        return _refused(error)


def _game(state: Any) -> Game:
    """The game a STATE argument holds.

    Raises:
        LimitError: at ``state``, for anything but a state this engine wrote.
    """
    if not isinstance(state, dict):
        raise LimitError(f"expected an engine state, got {_kind(state)}", "state")
    check_json(state, "state")
    try:
        return decode_game(state)
    except ValueError as error:  # the codec's own "not an engine state: ..."
        raise LimitError(str(error), "state") from None
    except _SHAPE_ERRORS as error:
        raise LimitError(f"not an engine state ({_shape(error)})", "state") from None


def choices(state: dict[str, Any]) -> dict[str, Any]:
    """The view and legal choices of a state."""
    try:
        game = _game(state)
        return {"ok": True, "view": view(game), "choices": flow.choices(game)}
    except LimitError as error:
        return _refused(error)
    except _SHAPE_ERRORS as error:
        return _error(f"not an engine state ({_shape(error)})", "state")


def apply(state: dict[str, Any], choice: dict[str, Any]) -> dict[str, Any]:
    """Apply one choice; an illegal one is refused with its rule and the state unchanged."""
    try:
        game = _game(state)
        if not isinstance(choice, dict):
            raise LimitError(f"expected a choice (mapping), got {_kind(choice)}", "choice")
        check_json(choice, "choice")
    except LimitError as error:
        return _refused(error)
    try:
        return _applied(state, game, choice)
    except _SHAPE_ERRORS as error:
        return _error(f"the choice cannot be applied ({_shape(error)})", _blame(game))


def _applied(state: dict[str, Any], game: Game, choice: dict[str, Any]) -> dict[str, Any]:
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


def _blame(game: Game) -> str:
    """Which argument a failed apply is down to: a state that cannot even be shown is."""
    try:
        view(game)
        flow.choices(game)
    except _SHAPE_ERRORS:
        return "state"
    return "choice"


def odds_options() -> dict[str, Any]:
    """The factions and options ``odds`` takes: ids, printed names, what is modelled."""
    return options_catalogue()


def odds(
    attacker: Any,
    defender: Any,
    ground: Any = False,
    casualties: Any = None,
    edition: Any = 4,
    mines: Any = False,
    progress: Any = None,
    **extra: Any,
) -> dict[str, Any]:
    """Exact odds of a combat between two fleets written like ``"2 dreadnought, 3 fighter"``.

    ``extra`` (4th edition): ``attacker_faction``/``defender_faction`` (ids of
    ``odds_options()``), ``attacker_options``/``defender_options`` (lists of option
    ids), ``rounds`` (stop after N rounds; what is undecided is reported) and
    ``retreat`` (``"attacker"``/``"defender"``: that side retreats after ``rounds``).
    Fleet text may say ``2 cruiser ii``, ``1 damaged dreadnought``, ``flagship``.
    ``progress``: told the share of the work done; returning ``False`` stops it (module
    docstring). Anything malformed is answered ``{"ok": False, "error": {"message", "field"}}``,
    ``field`` naming the argument at fault.
    """
    sides = (("attacker", attacker), ("defender", defender))
    for field, value in sides:
        if not isinstance(value, str):
            return _odds_error(
                field, f"{field} must be a fleet written as text, not {_kind(value)}"
            )
    if not isinstance(ground, bool):
        return _odds_error("ground", f"ground must be true or false, not {_kind(ground)}")
    if edition == 3:
        if extra:
            field = sorted(extra)[0]
            return _odds_error(field, f"{field}: factions and options are the 4th edition's")
        return _third_edition_odds(attacker, defender, ground, mines)
    if edition != 4:
        return _odds_error("edition", f"edition must be 3 or 4, not {edition!r}")
    if casualties is not None and not (isinstance(casualties, str) and len(casualties) <= 40):
        return _odds_error("casualties", "casualties must be the name of a casualty policy")
    try:
        policy = CasualtyPolicy.parse(casualties)
    except ValueError as error:
        return _odds_error("casualties", str(error))
    if progress is not None and not callable(progress):
        return _odds_error("progress", f"progress must be a function, not {_kind(progress)}")
    if extra or graded_text(attacker) or graded_text(defender):
        return graded_odds(attacker, defender, ground, policy, extra, progress)
    fleets = {}
    for field, text in sides:
        try:
            fleets[field] = parse_fleet(text)
        except ValueError as error:
            return _odds_error(field, f"{field}: {error}")
    try:
        result = combat_odds(
            fleets["attacker"], fleets["defender"], ground=ground, casualties=policy
        )
    except FleetError as error:
        return _odds_error(error.side, str(error))
    return {"ok": True, **result.to_json()}


def _third_edition_odds(attacker: str, defender: str, ground: bool, mines: Any) -> dict[str, Any]:
    if not isinstance(mines, bool):
        return _odds_error("mines", f"mines must be true or false, not {_kind(mines)}")
    if ground and mines:
        return _odds_error("mines", "space mines go off before a space battle, not an invasion")
    sides = {}
    for field, text in (("attacker", attacker), ("defender", defender)):
        try:
            sides[field] = ti3_odds.parse(text)
        except ValueError as error:
            return _odds_error(field, f"{field}: {error}")
    if ground:
        return ti3_odds.invasion(sides["attacker"], sides["defender"])
    return ti3_odds.space_battle(sides["attacker"], sides["defender"], mines=mines)


def _odds_error(field: str, message: str) -> dict[str, Any]:
    return {"ok": False, "error": {"message": message, "field": field}}


def _kind(value: object) -> str:
    return "nothing" if value is None else type(value).__name__
