"""What a page draws of a 4th-edition game: the shared VIEW, its step and its combat's odds."""

from __future__ import annotations

from typing import Any

from engine.core.state import Combat, Game, Unit, ships_of
from engine.core.view import draw, producible
from engine.odds import combat_odds
from engine.odds.board import board_odds
from engine.ti4 import excess, flow, tokens
from engine.ti4.abilities import (
    ABILITIES,
    Ability,
    Moment,
    Odds,
    Window,
)
from engine.ti4.abilities.derived import OWN_KINDS, odds_options
from engine.ti4.anomalies import defender_bonus, is_rift
from engine.ti4.records import tactical_of
from engine.ti4.units import UNIT_TYPES

PRODUCIBLE = producible(UNIT_TYPES)
"""What a production builder may offer (the VIEW's ``producible``)."""


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


def waiting_starts(game: Game, player: str) -> tuple[Ability, ...]:
    """``player``'s start-of-combat options still waiting to be offered (Ambush): the box
    counts them used, as the odds assume, until their holder decides."""
    tactical = tactical_of(game)
    waiting = tactical.offers if tactical else ()
    return tuple(
        ABILITIES[w.ability]
        for w in waiting
        if w.use.player == player
        and w.moment == Moment.START_OF_COMBAT.value
        and ABILITIES[w.ability].odds is Odds.OPTION
        and not (ABILITIES[w.ability].requires or ABILITIES[w.ability].amount)
    )


def _odds(game: Game, combat: Combat) -> dict[str, float] | None:
    """Exact odds of the combat from here on, with the engine's casualty policy.

    A space combat in a nebula counts the defender's +1 to each combat roll (59.3).
    The players' factions and their units' grades (upgrades, faction units) count as
    ``engine.api.odds`` counts them with ``attacker_faction``/``defender_faction``, and
    the options each player holds on the board (their technologies, a card played, a law)
    as its ``attacker_options``/``defender_options`` (``derived.odds_options``).
    """
    system = game.system(combat.system)
    sides: list[tuple[Unit, ...]]
    if combat.kind == "space":
        sides = [ships_of(system.space, p) for p in (combat.attacker, combat.defender)]
    else:
        units = system.planet(combat.planet or "").units
        sides = [
            tuple(u for u in units if u.owner == p and u.spec.is_ground_force)
            for p in (combat.attacker, combat.defender)
        ]
    factions = [game.player(p).faction for p in (combat.attacker, combat.defender)]
    bonus = defender_bonus(system, combat.kind)
    ground = combat.kind == "ground"
    players = (combat.attacker, combat.defender)
    options = [odds_options(game, p, ground=ground, attacker=p == combat.attacker) for p in players]
    harrow = (ABILITIES[i] for i in options[0])
    if ground and any(a.kind in OWN_KINDS and a.acts_in(Window.END_OF_ROUND) for a in harrow):
        # Harrow bombards from the space area each round: its ships come into the count.
        sides[0] = (*sides[0], *ships_of(system.space, combat.attacker))
    # Before the barrage (78.2, 78.3) the box counts it and the abilities still waiting;
    # space cannon has fired: a ship with it (it would fire again) keeps the box to rounds.
    opening = (
        combat.kind == "space"
        and combat.stage in ("start", "before_barrage")
        and not any(u.spec.space_cannon for side in sides for u in side)
    )
    for p, found in zip(players, options, strict=True):
        for ability in waiting_starts(game, p) if opening else ():
            found.setdefault(ability.id, ())
    if any(factions) or any(options) or any(u.grade for side in sides for u in side):
        try:
            return board_odds(
                sides[0],
                sides[1],
                ground=ground,
                attacker_faction=factions[0],
                defender_faction=factions[1],
                defender_bonus=bonus,
                attacker_options=options[0],
                defender_options=options[1],
                opening=opening,
            )
        except ValueError:
            return None
    try:
        odds = combat_odds(
            sides[0],
            sides[1],
            ground=combat.kind == "ground",
            barrage=False,
            defender_bonus=bonus,
        )
    except ValueError:
        return None
    return {
        "attacker_wins": odds.attacker_wins,
        "defender_wins": odds.defender_wins,
        "both_destroyed": odds.both_destroyed,
    }


def view(game: Game) -> dict[str, Any]:
    """Everything a page needs to draw the game as it stands."""
    step = flow.current_step(game)
    shown = flow.STEPS[step]
    if game.pending_tokens:
        shown = tokens.step_title(game)
    elif game.removals:
        shown = excess.step_title(game)
    tactical = tactical_of(game)
    combat = _combat(game, tactical.combat) if tactical and tactical.combat else None
    drawn = draw(game, step, shown, combat)
    drawn["producible"] = PRODUCIBLE
    for system, shown_system in zip(game.systems, drawn["systems"], strict=True):
        # A Dimensional Tear makes its system a gravity rift (9.4): drawn as one, so the
        # map shows the +1 and the roll where the engine applies them.
        if is_rift(game, system) and "gravity_rift" not in shown_system["anomalies"]:
            shown_system["anomalies"] = [*shown_system["anomalies"], "gravity_rift"]
    return drawn
