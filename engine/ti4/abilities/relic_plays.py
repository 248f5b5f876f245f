"""What the relics of :mod:`engine.ti4.abilities.relics` do on the board.

Metali Void Armaments: "During the Anti-Fighter Barrage step of space combat, you may
resolve ANTI-FIGHTER BARRAGE 6 (x3) against your opponent's units" (10.1), rolled after
the units' barrage, its hits destroying fighters only (10.2). Metali Void Shielding:
"Each time hits are produced against 1 or more of your non-fighter ships, 1 of those ships
may use SUSTAIN DAMAGE as if it had that ability" (87.1), offered before the holder
assigns a combat round's hits, to the ship the odds choose first.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.core.casualties import take_hits
from engine.core.combat import ANTI_FIGHTER_BARRAGE, SPACE_COMBAT
from engine.core.events import Event
from engine.core.state import Game, Unit, remove_units, replace_unit, ships_of
from engine.ti4.abilities.hit_plays import head_hits, one_fewer, sustained_answers, with_head_hits
from engine.ti4.abilities.mechs import ICONOCLAST_OMEGA
from engine.ti4.abilities.model import Ability
from engine.ti4.abilities.plays import card_dice, event, fighting, fits, is_played, mark, unit_ways
from engine.ti4.abilities.unit_dice_plays import barrage_barred
from engine.ti4.records import Use, in_progress

__all__ = ["armaments", "armaments_ways", "void_shield", "void_shield_ways"]

ARMAMENTS_VALUE, ARMAMENTS_DICE = 6, 3


def armaments_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """In the barrage step, while the opponent has fighters in the space area."""
    if use.planet is not None or not fits(ability, game, use):
        return []
    if not any(u.type == "fighter" for u in fighting(game, use, use.opponent)):
        return []
    if barrage_barred(ICONOCLAST_OMEGA, game, use.opponent, use.system):
        return []  # no barrage against the Naalu's units (Iconoclast Ω)
    return [{"label": f"{ability.name}: roll Anti-Fighter Barrage 6 (x3) at their fighters"}]


def armaments(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """3 dice hitting on 6: each hit destroys one of the opponent's fighters."""
    text = f"resolves {ability.name}'s Anti-Fighter Barrage 6 (x3)"
    game, hits, said = card_dice(ability, game, use.player, ARMAMENTS_DICE, ARMAMENTS_VALUE, text)
    if not hits:
        return game, (said,)
    taken = take_hits(
        ships_of(game.system(use.system).space, use.opponent),
        hits,
        ANTI_FIGHTER_BARRAGE,
        game.player_name(use.opponent),
    )
    return remove_units(game, {u.id for u in taken.destroyed}), (said, taken.event)


def _shieldable(game: Game, use: Use) -> list[Unit]:
    """The holder's undamaged non-fighter ships without Sustain Damage, the cheapest first
    (the odds' choice)."""
    able = [
        u
        for u in fighting(game, use, use.player)
        if not u.damaged and u.type != "fighter" and not u.spec.sustain_damage
    ]
    return sorted(able, key=lambda u: (u.spec.cost or 0.0, u.type, u.id))


def void_shield_ways(ability: Ability, game: Game, use: Use) -> list[dict[str, Any]]:
    """Before the holder assigns a space combat round's hits: each ship that may sustain."""
    pending = head_hits(game)
    if pending is None or pending.player != use.player or pending.source != SPACE_COMBAT.name:
        return []
    if use.planet is not None or not fits(ability, game, use):
        return []
    return unit_ways(
        _shieldable(game, use),
        lambda u: f"{ability.name}: {u.id} ({u.label}) uses Sustain Damage to cancel 1 hit",
    )


def void_shield(
    ability: Ability, game: Game, use: Use, way: dict[str, Any]
) -> tuple[Game, tuple[Event, ...]]:
    """The named ship is damaged and 1 of the hits is cancelled; what answers a sustain
    (Direct Hit, Reflective Shielding) is offered."""
    pending = head_hits(game)
    assert pending is not None
    unit = next(u for u in game.system(use.system).space if u.id == way["unit"])
    game = replace_unit(game, replace(unit, damaged=True))
    game = with_head_hits(game, one_fewer(pending))
    tactical = in_progress(game)
    game = replace(game, action=replace(tactical, sustained=(*tactical.sustained, unit.id)))
    game = sustained_answers(game, pending, (unit.id,))
    if not is_played(game, use.player, ability):
        # In use for the combat: the odds box of a combat under way counts it from now on.
        game = mark(game, use.player, ability, "combat")
    text = (
        f"{game.player_name(use.player)} uses {ability.name}: {unit.id} uses Sustain Damage "
        "as if it had it, cancelling 1 hit"
    )
    return game, (event(ability, text, unit=unit.id),)
