"""How flagships change combat dice on the board and in the odds, the same function for both:
the Sardakk N'orr's aura, Salai Sai Corian's and J.N.S. Hylarim's dice, Visz El Vir's mechs
and Arvicon Rex's +2 (texts and where they were read: engine/RULES.md)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.combat import Attack, CombatUnit, RollChange, in_space_combat, values_of
from engine.core.state import Game
from engine.ti4.abilities.plays import flagship_in, round_combat
from engine.ti4.records import Use

__all__ = [
    "arvicon_rex",
    "c_morran_norr",
    "flagship_of",
    "jns_hylarim",
    "salai_sai_corian",
    "visz_el_vir",
]


def flagship_of(unit: CombatUnit, faction: str) -> bool:
    """Whether ``unit`` is ``faction``'s flagship (by its grade, 97.4)."""
    return unit.type == "flagship" and faction in getattr(unit, "grade", "").split()


def _combat(attack: Attack) -> bool:
    return attack.ability == "combat"


def c_morran_norr(
    unit: CombatUnit, side: Sequence[CombatUnit], foes: Sequence[CombatUnit], attack: Attack
) -> RollChange | None:
    aura = in_space_combat(attack) and any(flagship_of(u, "sardakk") for u in side)
    return RollChange(plus=1) if aura and not flagship_of(unit, "sardakk") else None


def salai_sai_corian(
    unit: CombatUnit, side: Sequence[CombatUnit], foes: Sequence[CombatUnit], attack: Attack
) -> RollChange | None:
    if not (_combat(attack) and flagship_of(unit, "winnu")):
        return None
    return RollChange(dice=sum(1 for o in foes if values_of(o).is_ship and o.type != "fighter"))


def jns_hylarim(
    unit: CombatUnit, side: Sequence[CombatUnit], foes: Sequence[CombatUnit], attack: Attack
) -> RollChange | None:
    triple = _combat(attack) and flagship_of(unit, "jol_nar")
    return RollChange(extra=2, extra_from=9) if triple else None


def visz_el_vir(game: Game, use: Use, unit: CombatUnit, attack: Attack) -> RollChange | None:
    mine = getattr(unit, "owner", None) == use.player and unit.type == "mech"
    combat = values_of(unit).combat
    if not mine or combat is None or not round_combat(attack, use):
        return None
    return RollChange(dice=combat.dice + 1) if flagship_in(game, use, use.player) else None


def arvicon_rex(game: Game, use: Use, unit: CombatUnit, attack: Attack) -> RollChange | None:
    mine = getattr(unit, "owner", None) == use.player and unit.type == "flagship"
    free = use.opponent not in game.player(use.player).captured_tokens
    return (
        RollChange(plus=2)
        if mine and free and round_combat(attack, use) and use.planet is None
        else None
    )
