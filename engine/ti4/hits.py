"""Hits waiting to be assigned: whoever was hit chooses which of their units take them.

Every roll that produces hits (space cannon, barrage, combat, bombardment)
leaves a :class:`~engine.core.state.PendingHits` on the game; play waits until the
owner of the units answers with ``assign_hits``. The first offered choice
follows the shared casualty policy of :mod:`engine.core.combat`; any other legal
assignment is accepted too, with or without Sustain Damage (87).
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace
from typing import Any

from engine.core.assignment import assignment_plan
from engine.core.casualties import take_chosen_hits
from engine.core.choice import counted, hit_targets, make_choice
from engine.core.combat import (
    ANTI_FIGHTER_BARRAGE,
    BOMBARDMENT,
    GROUND_COMBAT,
    SPACE_CANNON_DEFENSE,
    SPACE_CANNON_OFFENSE,
    SPACE_COMBAT,
    SUSTAIN_RULES,
    Attack,
)
from engine.core.events import Event, refuse
from engine.core.state import Game, PendingHits, Unit, remove_units, replace_unit
from engine.ti4 import offers
from engine.ti4.abilities import Moment
from engine.ti4.abilities.derived import HITTING, in_effect
from engine.ti4.excess import check_limits
from engine.ti4.records import in_progress, tactical_of

ATTACKS: dict[str, Attack] = {
    a.name: a
    for a in (
        SPACE_COMBAT,
        GROUND_COMBAT,
        ANTI_FIGHTER_BARRAGE,
        BOMBARDMENT,
        SPACE_CANNON_OFFENSE,
        SPACE_CANNON_DEFENSE,
    )
}


def queue(game: Game, pending: PendingHits) -> Game:
    """Hits produced: both players' abilities change them (who may sustain, how many a
    sustain cancels, which go to non-fighter ships), then they wait for their owner, after
    any hits produced before them."""
    for holder in dict.fromkeys(p for p in (pending.player, pending.by) if p):
        use = offers.use_for(game, holder)
        for ability in HITTING:
            if ability.hits is not None and in_effect(game, holder, ability):
                pending = ability.hits(ability, game, use, pending)
    if pending.count <= 0:
        return game
    tactical = in_progress(game)
    return replace(game, action=replace(tactical, hits=(*tactical.hits, pending)))


def hand_out(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """The next waiting hits, now their owner's to assign (``game`` itself if none wait);
    first, what acts before they are assigned is offered to their owner (Shields Holding,
    Maneuvering Jets: ``Moment.BEFORE_ASSIGN``) and settled."""
    tactical = tactical_of(game)
    if game.pending is not None or tactical is None or not tactical.hits:
        return game, ()
    pending, rest = tactical.hits[0], tactical.hits[1:]
    if not pending.asked:
        game = replace(game, action=replace(tactical, hits=(replace(pending, asked=True), *rest)))
        use = offers.use_for(
            game, pending.player, about=pending.by or "", source=pending.source, count=pending.count
        )
        return offers.queue(game, Moment.BEFORE_ASSIGN, [use], first=True), ()
    if tactical.offers and tactical.offers[0].moment == Moment.BEFORE_ASSIGN.value:
        return offers.settle(game)
    return replace(game, pending=pending, action=replace(tactical, hits=rest)), ()


def attack_of(pending: PendingHits) -> Attack:
    """The attack the hits came from, without Sustain Damage where an ability forbids it."""
    attack = ATTACKS[pending.source]
    return attack if pending.sustain else dataclasses.replace(attack, sustain=False)


def _units(game: Game, pending: PendingHits) -> tuple[Unit, ...]:
    system = game.system(pending.system)
    pool = system.space if pending.planet is None else system.planet(pending.planet).units
    return tuple(u for u in pool if u.owner == pending.player)


def _offer(
    game: Game, pending: PendingHits, units: tuple[Unit, ...], attack: Attack, note: str
) -> dict[str, Any]:
    plan = assignment_plan(
        units, pending.count, attack, per_sustain=pending.per_sustain, forced=pending.forced
    )
    sustain = [units[i].id for i in plan.sustained]
    destroyed = [units[i].id for i in plan.destroyed]
    ids = sustain + destroyed
    rules = [*pending.rules, *(("87", *SUSTAIN_RULES) if sustain or note else ())]
    said = "".join(f"; {n}" for n in pending.notes)
    return make_choice(
        "assign_hits",
        f"{game.player_name(pending.player)}: assign {counted(pending.count, 'hit')} from "
        f"{attack.name} to {hit_targets(sustain, destroyed)}{note}{said}",
        rules,
        player=pending.player,
        units=ids,
        sustain=sustain,
        candidates=[u.id for u in units if attack.targets(u.spec)],
        can_sustain=[
            u.id for u in units if attack.sustain and u.spec.sustain_damage and not u.damaged
        ],
    )


def choices(game: Game) -> list[dict[str, Any]]:
    """Suggested assignments of the pending hits: sustaining first, and without sustaining.

    Sustain Damage is the player's choice (87), so when the suggestion uses it
    the same hits assigned without it are offered too; ``candidates`` and
    ``can_sustain`` let a page build any other assignment.
    """
    pending = game.pending
    assert pending is not None
    attack = attack_of(pending)
    units = _units(game, pending)
    first = _offer(game, pending, units, attack, "")
    if not first["sustain"]:
        return [first]
    plain = dataclasses.replace(attack, sustain=False)
    return [first, _offer(game, pending, units, plain, " without Sustain Damage")]


def apply(game: Game, choice: dict[str, Any]) -> tuple[Game, tuple[Event, ...]]:
    """Assign the pending hits to the units the choice names (one id per hit).

    ``sustain`` (optional) lists the units that use Sustain Damage; without it
    every undamaged unit able to sustain does. Ships destroyed by space cannon
    offense may leave fighters and ground forces beyond capacity, which is
    checked at once: only combat suspends capacity (16.3c).
    """
    pending = game.pending
    assert pending is not None
    attack = attack_of(pending)
    chosen = choice.get("units")
    if not isinstance(chosen, list) or not all(isinstance(u, str) for u in chosen):
        raise refuse("Name the units that take the hits as a list of unit ids", *pending.rules)
    sustain = choice.get("sustain")
    if sustain is not None and (
        not isinstance(sustain, list) or not all(isinstance(u, str) for u in sustain)
    ):
        raise refuse("List the units that use Sustain Damage by id", "87", *SUSTAIN_RULES)
    taken = take_chosen_hits(
        _units(game, pending),
        pending.count,
        attack,
        game.player_name(pending.player),
        chosen,
        sustain,
        per_sustain=pending.per_sustain,
        forced=pending.forced,
        forced_rules=pending.rules,
    )
    game = remove_units(game, {u.id for u in taken.destroyed})
    for unit in taken.survivors:
        assert isinstance(unit, Unit)  # the survivors are the game's units it was given
        game = replace_unit(game, unit)
    game = replace(game, pending=None)
    if attack.name == SPACE_CANNON_OFFENSE.name and taken.destroyed:
        game = check_limits(game, pending.system, pending.player, "77.5")
    game = _destroyed(game, pending, tuple(u.id for u in taken.destroyed))
    return _sustained(game, pending, taken.damaged), (taken.event,)


def _destroyed(game: Game, pending: PendingHits, ids: tuple[str, ...]) -> Game:
    """Offer what follows a unit destroyed (an Infantry II's roll) to its owner."""
    if tactical_of(game) is None or not ids:
        return game
    use = offers.use_for(game, pending.player, about=pending.player, units=ids)
    return offers.queue(game, Moment.DESTROYED, [replace(use, source=pending.source)])


def _sustained(game: Game, pending: PendingHits, damaged: tuple[Any, ...]) -> Game:
    """Keep the units that sustained this round, and offer what answers a sustain (Direct
    Hit to whoever produced the hits, a repair to the unit's owner)."""
    tactical = tactical_of(game)
    if tactical is None or not damaged:
        return game
    ids = tuple(u.id for u in damaged)
    game = replace(game, action=replace(tactical, sustained=(*tactical.sustained, *ids)))
    uses = [
        offers.use_for(game, holder, about=pending.player, units=ids, source=pending.source)
        for holder in dict.fromkeys(p for p in (pending.by, pending.player) if p)
    ]
    return offers.queue(game, Moment.SUSTAINED, uses, first=True)
