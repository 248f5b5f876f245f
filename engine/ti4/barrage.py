"""Anti-fighter barrage in the first round of a space combat (78.3, LRR 10).

Both players' units with the ability roll at the other's fighters; the hits destroy
fighters only (10.2), any beyond them having no effect (10.2.1) unless an ability uses
them (Raid Formation: :data:`engine.ti4.abilities.Moment.BARRAGE`).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.casualties import take_hits
from engine.core.choice import cite
from engine.core.combat import ANTI_FIGHTER_BARRAGE, roll_attack
from engine.core.events import Event
from engine.core.state import Game, remove_units, ships_of
from engine.ti4 import offers
from engine.ti4.abilities import Moment
from engine.ti4.combat_round import dice_rules
from engine.ti4.records import tactical_of

__all__ = ["barrage"]


def barrage(game: Game) -> tuple[Game, tuple[Event, ...]]:
    """First round only: both players' anti-fighter barrage at the other's fighters (78.3)."""
    tactical = tactical_of(game)
    assert tactical is not None and tactical.combat is not None
    combat = tactical.combat
    events: list[Event] = []
    system = game.system(combat.system)
    volleys = []
    dice = game.dice
    # Abilities change barrage dice as they do a combat round's (Iconoclast Ω, the
    # commanders' dice): both players' roll hooks are asked.
    rules = dice_rules(game, [offers.use_for(game, p) for p in (combat.attacker, combat.defender)])
    for shooter in (combat.attacker, combat.defender):
        units = ships_of(system.space, shooter)
        foes = ships_of(
            system.space, combat.defender if shooter == combat.attacker else combat.attacker
        )
        if any(u.spec.anti_fighter_barrage for u in units):
            name = game.player_name(shooter)
            volley = roll_attack(dice, units, ANTI_FIGHTER_BARRAGE, name, foes, rules)
            dice = volley.dice
            volleys.append((shooter, volley))
            events.append(volley.event)
    # A card played for this volley (Strike Wing Ambuscade) ends with it.
    game = offers.expire(replace(game, dice=dice), "volley")
    uses = []
    for shooter, volley in volleys:
        target = combat.defender if shooter == combat.attacker else combat.attacker
        if volley.hits:
            taken = take_hits(
                ships_of(game.system(combat.system).space, target),
                volley.hits,
                ANTI_FIGHTER_BARRAGE,
                game.player_name(target),
            )
            game = remove_units(game, {u.id for u in taken.destroyed})
            events.append(taken.event)
            if taken.excess:
                uses.append(offers.use_for(game, shooter, count=taken.excess))
    if not events:
        events.append(
            Event(
                "barrage",
                cite("Anti-Fighter Barrage: no unit has the ability", ("78.3",)),
                ("78.3",),
            )
        )
    game = replace(
        game,
        action=replace(tactical, combat=replace(combat, stage="barrage")),
    )
    # Hits beyond the fighters: an ability may use them (Raid Formation); then each
    # player's own barrage abilities (Metali Void Armaments), the attacker's first.
    uses += [offers.use_for(game, p) for p in (combat.attacker, combat.defender)]
    return offers.queue(game, Moment.BARRAGE, uses), tuple(events)
