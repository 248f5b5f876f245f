"""One round of a space or ground combat on the board: both sides roll, then each assigns hits.

Space combat (78.5, 78.6) and ground combat (42.1, 42.2) share this flow;
only who fights differs: ships in the space area, or ground forces on the
planet. The combat in progress is ``in_progress(game).combat``.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.combat import (
    GROUND_COMBAT,
    SPACE_COMBAT,
    Attack,
    pending_for,
    roll_attack,
    with_roll_bonus,
)
from engine.core.events import Event
from engine.core.state import Combat, Game, Unit, ships_of
from engine.ti4.abilities.derived import DICE_RULES
from engine.ti4.anomalies import defender_bonus
from engine.ti4.records import in_progress


def _combat(game: Game) -> Combat:
    combat = in_progress(game).combat
    assert combat is not None
    return combat


def _attack(combat: Combat) -> Attack:
    return SPACE_COMBAT if combat.planet is None else GROUND_COMBAT


def combatants(game: Game, player: str) -> tuple[Unit, ...]:
    """The player's units that fight in the current combat."""
    combat = _combat(game)
    system = game.system(combat.system)
    if combat.planet is None:
        return ships_of(system.space, player)
    units = system.planet(combat.planet).units
    return tuple(u for u in units if u.owner == player and u.spec.is_ground_force)


def roll_round(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Both players roll their combat dice, the attacker first; the round moves to assigning.

    In a nebula the defender adds 1 to each combat roll of their ships (59.3).
    """
    combat = _combat(game)
    attack = _attack(combat)
    kind = "space" if combat.planet is None else "ground"
    bonus = defender_bonus(game.system(combat.system), kind)
    attackers, defenders = combatants(game, combat.attacker), combatants(game, combat.defender)
    first = roll_attack(
        game.dice, attackers, attack, game.player_name(combat.attacker), defenders, DICE_RULES
    )
    second = roll_attack(
        first.dice,
        defenders,
        with_roll_bonus(attack, bonus, ("59.3",)),
        game.player_name(combat.defender),
        attackers,
        DICE_RULES,
    )
    nxt = replace(combat, stage="assign", hits_on_defender=first.hits, hits_on_attacker=second.hits)
    game = replace(game, dice=second.dice, action=replace(in_progress(game), combat=nxt))
    return game, (first.event, second.event)


def queue_hits(game: Game) -> Game | None:
    """Hand the next unassigned hits to their owner, the attacker's first; ``None`` if none."""
    combat = _combat(game)
    for player, count in (
        (combat.attacker, combat.hits_on_attacker),
        (combat.defender, combat.hits_on_defender),
    ):
        if count:
            pending = pending_for(player, count, combat.system, combat.planet, _attack(combat))
            if player == combat.attacker:
                nxt = replace(combat, hits_on_attacker=0)
            else:
                nxt = replace(combat, hits_on_defender=0)
            return replace(game, pending=pending, action=replace(in_progress(game), combat=nxt))
    return None
