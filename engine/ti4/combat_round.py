"""One round of a space or ground combat on the board, with the abilities of its moments.

Space combat (78.5, 78.6) and ground combat (42.1, 42.2) share this flow; only who fights
differs: ships in the space area, or ground forces on the planet. A round goes through
``Combat.stage``: "round_start" (abilities at the start of a round: a card played for
it), "roll" (waiting for the roll), "rolled" (abilities after the rolls: a reroll, trade
goods spent), "assign" (each side's hits, changed by abilities, assigned by their owner),
"after_hits" (repairs, hits that answer hits), "end_of_round" (abilities after the
round), then "done", where the space or ground combat's own step goes on. The combat in
progress is ``in_progress(game).combat``; the round's dice are ``Tactical.rolled``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from engine.core.combat import (
    GROUND_COMBAT,
    SPACE_COMBAT,
    Attack,
    CombatUnit,
    DiceRule,
    RollChange,
    Volley,
    pending_for,
    roll_attack,
    with_roll_bonus,
)
from engine.core.events import Event
from engine.core.state import Combat, Game, Unit, ships_of
from engine.ti4 import hits, offers
from engine.ti4.abilities import Ability, Moment
from engine.ti4.abilities.derived import DICE_RULES, ROLLING, in_effect
from engine.ti4.anomalies import defender_bonus
from engine.ti4.records import Rolled, Use, in_progress
from engine.ti4.roles import LASTING, VALUES_ONLY, split, without_roles

__all__ = [
    "attack_of",
    "begin_round",
    "combatants",
    "dice_rules",
    "left",
    "progress",
    "roles_end",
    "roll_round",
]


def _combat(game: Game) -> Combat:
    combat = in_progress(game).combat
    assert combat is not None
    return combat


def attack_of(combat: Combat) -> Attack:
    """The attack of the combat's rounds: space combat's or ground combat's."""
    return SPACE_COMBAT if combat.planet is None else GROUND_COMBAT


def combatants(game: Game, player: str) -> tuple[Unit, ...]:
    """The player's units that fight in the current combat (a unit an ability makes a
    ship or a ground force for the combat among them: its grade says so)."""
    combat = _combat(game)
    system = game.system(combat.system)
    if combat.planet is None:
        return ships_of(system.space, player)
    units = system.planet(combat.planet).units
    return tuple(u for u in units if u.owner == player and u.spec.is_ground_force)


def _with(game: Game, combat: Combat, **changes: Any) -> Game:
    return replace(game, action=replace(in_progress(game), combat=replace(combat, **changes)))


def begin_round(game: Game) -> Game:
    """The round begins: its start-of-round abilities come first. A unit that sustained
    before it (space cannon, barrage) did not sustain in this round (Duranium Armor)."""
    game = replace(game, action=replace(in_progress(game), sustained=()))
    return _with(game, _combat(game), stage="round_start")


def _uses(game: Game) -> list[Use]:
    combat = _combat(game)
    return [offers.use_for(game, p) for p in (combat.attacker, combat.defender)]


def dice_rules(game: Game, uses: Sequence[Use]) -> tuple[DiceRule, ...]:
    """The rules changing a unit's dice now: the flagships' own, and each ability of the
    players of ``uses`` with a roll hook, asked with its holder's use."""

    def bound(ability: Ability, use: Use) -> DiceRule:
        def rule(
            unit: CombatUnit, side: Sequence[CombatUnit], foes: Sequence[CombatUnit], a: Attack
        ) -> RollChange | None:
            if ability.volley is not None:
                return ability.volley(ability, game, use, unit, side, a)
            assert ability.roll is not None
            return ability.roll(ability, game, use, unit, a)

        return rule

    return DICE_RULES + tuple(
        bound(ability, use)
        for use in uses
        for ability in ROLLING
        if in_effect(game, use.player, ability)
    )


def rolled_of(volley: Volley, player: str) -> tuple[Rolled, ...]:
    """A volley's dice as the round keeps them."""
    return tuple(
        Rolled(player, r.unit_id, r.unit_type, r.value, r.result, r.extra) for r in volley.rolls
    )


def roll_round(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """Both players roll their combat dice, the attacker first (78.5.6); abilities after
    the rolls are offered next.

    In a nebula the defender adds 1 to each combat roll of their ships (59.3).
    """
    combat = _combat(game)
    attack = attack_of(combat)
    kind = "space" if combat.planet is None else "ground"
    bonus = defender_bonus(game.system(combat.system), kind)
    attackers, defenders = combatants(game, combat.attacker), combatants(game, combat.defender)
    uses = _uses(game)
    rules = dice_rules(game, uses)
    first = roll_attack(
        game.dice, attackers, attack, game.player_name(combat.attacker), defenders, rules
    )
    second = roll_attack(
        first.dice,
        defenders,
        with_roll_bonus(attack, bonus, ("59.3",)),
        game.player_name(combat.defender),
        attackers,
        rules,
    )
    rolled = rolled_of(first, combat.attacker) + rolled_of(second, combat.defender)
    game = replace(game, dice=second.dice, action=replace(in_progress(game), rolled=rolled))
    game = _with(game, combat, stage="rolled")
    game = offers.queue(game, Moment.AFTER_ROLL, uses)
    return game, (first.event, second.event)


def _hits(game: Game) -> Game:
    """Each side's hits from the round's dice, changed by abilities, wait for their owner
    (the attacker's first)."""
    combat = _combat(game)
    tactical = in_progress(game)
    game = _with(game, combat, stage="assign")
    for player, by in ((combat.attacker, combat.defender), (combat.defender, combat.attacker)):
        count = sum(r.hits for r in tactical.rolled if r.player == by)
        pending = pending_for(player, count, combat.system, combat.planet, attack_of(combat))
        game = hits.queue(game, replace(pending, by=by))
    return game


def progress(game: Game) -> tuple[Game, tuple[Event, ...]] | None:
    """Move the round on once nothing waits for a player; ``None`` at a stage the space or
    ground combat's step handles ("roll", "done", or its own)."""
    combat = _combat(game)
    stage = combat.stage
    if stage == "round_start":
        game = _with(game, combat, stage="roll")
        return offers.queue(game, Moment.START_OF_ROUND, _uses(game)), ()
    if stage == "rolled":
        return _hits(game), ()
    if stage == "assign":
        game = _with(game, combat, stage="after_hits")
        return offers.queue(game, Moment.AFTER_HITS, _uses(game)), ()
    if stage == "after_hits":
        game = _with(game, combat, stage="end_of_round")
        return offers.queue(game, Moment.END_OF_ROUND, _uses(game)), ()
    if stage == "end_of_round":
        game = offers.expire(game, "round")
        game = replace(game, action=replace(in_progress(game), rolled=(), sustained=()))
        return _with(game, _combat(game), stage="done"), ()
    return None


def roles_end(game: Game, system_id: str, keep: tuple[str, ...] = LASTING) -> Game:
    """The combat is over: every unit in the system fights as itself again (its role word
    leaves its grade, but those of ``keep``: they end with the action), and a unit that
    fought on a planet as a ground force but is not one returns to the space area
    (Matriarch's fighters)."""
    system = game.system(system_id)

    def plain(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
        return tuple(replace(u, grade=without_roles(u.grade, keep)) for u in units)

    back = tuple(u for p in system.planets for u in p.units if "ground" in split(u.grade)[1])
    planets = tuple(
        replace(p, units=plain(tuple(u for u in p.units if u not in back))) for p in system.planets
    )
    space = plain(system.space + back)
    return game.with_system(replace(system, space=space, planets=planets))


def _in_role(unit: Unit) -> bool:
    """Whether an ability keeps ``unit`` in the combat in another role (not one that only
    changes its values)."""
    return any(r not in VALUES_ONLY for r in split(unit.grade)[1])


def left(game: Game) -> dict[str, list[dict[str, object]]]:
    """What each player of the combat has left fighting, as the combat ends (its event's
    ``left``): the units that fight, and those an ability keeps in it in another role."""
    combat = _combat(game)
    system = game.system(combat.system)
    place = system.space if combat.planet is None else system.planet(combat.planet).units
    shown: dict[str, list[dict[str, object]]] = {}
    for player in (combat.attacker, combat.defender):
        fighting = set(combatants(game, player))
        units = [u for u in place if u in fighting or (u.owner == player and _in_role(u))]
        shown[player] = [
            {"id": u.id, "type": u.type, "grade": u.grade, "damaged": u.damaged} for u in units
        ]
    return shown
