"""The flagships' abilities the engine plays.

Texts: ti-assistant ``server/data/{base,prophecyofkings,thundersedge}/factions.ts`` (units);
see engine/RULES.md. The odds name as options those whose condition the reader asserts (a
token not in the fleet pool); the others act whenever the flagship fights (``Odds.ALWAYS``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.combat import Attack, CombatUnit, RollChange, in_space_combat, values_of
from engine.core.state import Game
from engine.ti4.abilities import repairs, role_plays
from engine.ti4.abilities.model import Ability, Combat, Hook, Kind, Moment, Odds, Side, register
from engine.ti4.abilities.model import Window as W
from engine.ti4.abilities.plays import flagship_in, round_combat
from engine.ti4.abilities.unit_plays import (
    arc_repair,
    arc_ways,
    egeiro_roll,
    fourth_moon_hits,
    matriarch,
    matriarch_ways,
    van_hauge,
    van_hauge_ways,
    zero_zero_one_hits,
)
from engine.ti4.records import Use

__all__ = [
    "ARC_SECUNDUS",
    "ARVICON_REX",
    "C_MORRAN_NORR",
    "DYNAMO",
    "FOURTH_MOON",
    "HEAVENS_EYE",
    "JNS_HYLARIM",
    "MATRIARCH",
    "QUETZECOATL",
    "QUIETUS",
    "SALAI_SAI_CORIAN",
    "THE_ALASTOR",
    "THE_EGEIRO",
    "VAN_HAUGE",
    "VISZ_EL_VIR",
    "WRATH_OF_KENARA",
    "ZERO_ZERO_ONE",
]


def flagship_of(unit: CombatUnit, faction: str) -> bool:
    """Whether ``unit`` is ``faction``'s flagship (by its grade, 97.4)."""
    return unit.type == "flagship" and faction in getattr(unit, "grade", "").split()


def _combat(attack: Attack) -> bool:
    return attack.ability == "combat"


def _c_morran_norr(
    unit: CombatUnit, side: Sequence[CombatUnit], foes: Sequence[CombatUnit], attack: Attack
) -> RollChange | None:
    aura = in_space_combat(attack) and any(flagship_of(u, "sardakk") for u in side)
    return RollChange(plus=1) if aura and not flagship_of(unit, "sardakk") else None


def _salai_sai_corian(
    unit: CombatUnit, side: Sequence[CombatUnit], foes: Sequence[CombatUnit], attack: Attack
) -> RollChange | None:
    if not (_combat(attack) and flagship_of(unit, "winnu")):
        return None
    return RollChange(dice=sum(1 for o in foes if values_of(o).is_ship and o.type != "fighter"))


def _jns_hylarim(
    unit: CombatUnit, side: Sequence[CombatUnit], foes: Sequence[CombatUnit], attack: Attack
) -> RollChange | None:
    triple = _combat(attack) and flagship_of(unit, "jol_nar")
    return RollChange(extra=2, extra_from=9) if triple else None


# --- named by the reader in the odds ---------------------------------------------------------

THE_ALASTOR = register(
    Ability(
        "the_alastor",
        "The Alastor",
        Kind.FLAGSHIP,
        frozenset({W.START_OF_COMBAT}),
        "at the start of space combat, if your flagship is still in the system: every ground "
        "force in your fleet (list only those you choose) fights as a ship, with its combat "
        "value; space cannon offense, before it, cannot hit them",
        ("78.2",),
        owner="nekro",
        unit="flagship",
        may=True,
        combat=Combat.SPACE,
    )
)
MATRIARCH = register(
    Ability(
        "matriarch",
        "Matriarch",
        Kind.FLAGSHIP,
        frozenset({W.INVASION}),
        "with your flagship among your ships: every fighter in your fleet (list only those you "
        "commit) fights in the ground combat as a ground force, with its combat value; space "
        "cannon defense can hit it",
        ("42",),
        owner="naalu",
        unit="flagship",
        may=True,
        side=Side.ATTACKER,
        combat=Combat.GROUND,
        board="offered as the commit sub-step begins, with the flagship in the active system: "
        "every fighter there is committed to a planet with the opponent's ground forces, as a "
        "ground force (space cannon defense may hit it), and returns to the space area when the "
        "combat ends",
        hooks=(Hook(Moment.JOIN, matriarch_ways, matriarch),),
    )
)
WRATH_OF_KENARA = register(
    Ability(
        "wrath_of_kenara",
        "Wrath of Kenara",
        Kind.FLAGSHIP,
        frozenset({W.ROLL}),
        "while your flagship is in the combat, you spend 1 of the trade goods you name on "
        "each of your combat dice that misses by exactly 1, making it a hit, until they run "
        "out (after any reroll; not on barrage or space cannon dice)",
        ("78.5",),
        owner="hacan",
        unit="flagship",
        may=True,
        combat=Combat.SPACE,
        amount="trade goods",
    )
)
DYNAMO = register(
    Ability(
        "dynamo",
        "Dynamo",
        Kind.FLAGSHIP,
        frozenset({W.ASSIGN_HITS}),
        "your flagship is in or next to the system: each time one of your units uses Sustain "
        "Damage in a combat round (not against space cannon, barrage or bombardment), it is "
        "repaired at once while the repairs you name (2 influence each) last; the "
        "opponent's units are never repaired",
        ("87.1",),
        owner="empyrean",
        requires="your flagship in or next to the system",
        may=True,
        amount="repairs",
        board="offered after your units use Sustain Damage with it in or next to the system: "
        "2 influence (trade goods or planets) repairs each, the most valuable first",
        hooks=(Hook(Moment.SUSTAINED, repairs.dynamo_ways, repairs.dynamo),),
    )
)
VISZ_EL_VIR = register(
    Ability(
        "visz_el_vir",
        "Visz El Vir",
        Kind.FLAGSHIP,
        frozenset({W.ROLL}),
        "your flagship is in the system: each of your mechs rolls 1 more die in combat (in "
        "space, as Z-Grav Eidolon)",
        ("42.1", "78.5"),
        owner="naaz_rokha",
        requires="your flagship in the system",
        board="while your flagship is in the system, each of your mechs there rolls 1 more "
        "combat die",
        roll=lambda a, g, u, unit, attack: _visz(g, u, unit, attack),
    )
)
ARVICON_REX = register(
    Ability(
        "arvicon_rex",
        "Arvicon Rex",
        Kind.FLAGSHIP,
        frozenset({W.ROLL}),
        "the opponent's command token is not in your fleet pool: +2 to your flagship's "
        "combat rolls",
        ("78.5",),
        owner="mahact",
        unit="flagship",
        requires="the opponent's command token not in your fleet pool",
        combat=Combat.SPACE,
        board="+2 to your flagship's space combat rolls unless the opponent's command token is "
        "in your fleet pool (a player's `captured_tokens`)",
        roll=lambda a, g, u, unit, attack: _rex(g, u, unit, attack),
    )
)


def _visz(game: Game, use: Use, unit: CombatUnit, attack: Attack) -> RollChange | None:
    mine = getattr(unit, "owner", None) == use.player and unit.type == "mech"
    combat = values_of(unit).combat
    if not mine or combat is None or not round_combat(attack, use):
        return None
    return RollChange(dice=combat.dice + 1) if flagship_in(game, use, use.player) else None


def _rex(game: Game, use: Use, unit: CombatUnit, attack: Attack) -> RollChange | None:
    mine = getattr(unit, "owner", None) == use.player and unit.type == "flagship"
    free = use.opponent not in game.player(use.player).captured_tokens
    return (
        RollChange(plus=2)
        if mine and free and round_combat(attack, use) and use.planet is None
        else None
    )


HEAVENS_EYE = register(
    Ability(
        "heavens_eye",
        "Heaven's Eye",
        Kind.FLAGSHIP,
        frozenset({W.END_OF_ROUND}),
        "the opponent has a control token on one of your plots: your flagship is repaired "
        "at the end of every combat round",
        ("87.1", "78.6"),
        owner="firmament",
        unit="flagship",
        requires="the opponent's control token on one of your plots",
        combat=Combat.SPACE,
        board="repaired at the end of each combat round, without asking, while the active "
        "system holds units of a player in your `plots`",
        hooks=(Hook(Moment.END_OF_ROUND, repairs.heavens_eye_ways, repairs.heavens_eye),),
    )
)
QUIETUS = register(
    Ability(
        "quietus",
        "Quietus",
        Kind.FLAGSHIP,
        frozenset({W.UNIT_VALUES}),
        "your flagship is in the system with an active breach: the opponent's units lose "
        "Sustain Damage, Anti-Fighter Barrage, Bombardment, Space Cannon and Planetary "
        "Shield, and its flagship its ability (its other units' abilities are not modelled)",
        ("87.1", "10", "15.1", "77.2"),
        owner="crimson_rebellion",
        unit="flagship",
        requires="an active breach in the system",
        board="as the movement ends with it in the active system, one of your `breaches`: "
        "the other players' units there lose their unit abilities until the action ends",
        hooks=(Hook(Moment.ARRIVAL, role_plays.quietus_ways, role_plays.quietus),),
    )
)
THE_EGEIRO = register(
    Ability(
        "the_egeiro",
        "The Egeiro",
        Kind.FLAGSHIP,
        frozenset({W.ROLL}),
        "+1 to your flagship's combat rolls for each non-home system that contains a "
        "planet you control",
        ("78.5",),
        owner="last_bastion",
        unit="flagship",
        combat=Combat.SPACE,
        amount="systems",
        board="+1 to its combat rolls per non-home system with a planet its owner controls",
        roll=egeiro_roll,
    )
)

# --- acting whenever the flagship fights -------------------------------------------------------


C_MORRAN_NORR = register(
    Ability(
        "c_morran_norr",
        "C'morran N'orr",
        Kind.FLAGSHIP,
        frozenset({W.ROLL}),
        "+1 to the combat rolls of your other ships in its system",
        ("78.5",),
        owner="sardakk",
        unit="flagship",
        combat=Combat.SPACE,
        odds=Odds.ALWAYS,
        board="+1 to the space combat rolls of your other ships in its system",
        dice=_c_morran_norr,
    )
)
SALAI_SAI_CORIAN = register(
    Ability(
        "salai_sai_corian",
        "Salai Sai Corian",
        Kind.FLAGSHIP,
        frozenset({W.ROLL}),
        "rolls 1 die for each of the opponent's non-fighter ships in its system",
        ("78.5",),
        owner="winnu",
        unit="flagship",
        combat=Combat.SPACE,
        odds=Odds.ALWAYS,
        board="rolls 1 die for each of the opponent's non-fighter ships",
        dice=_salai_sai_corian,
    )
)
JNS_HYLARIM = register(
    Ability(
        "jns_hylarim",
        "J.N.S. Hylarim",
        Kind.FLAGSHIP,
        frozenset({W.ROLL}),
        "each unmodified roll of 9 or 10 it makes produces 2 more hits",
        ("78.5",),
        owner="jol_nar",
        unit="flagship",
        combat=Combat.SPACE,
        odds=Odds.ALWAYS,
        board="each unmodified combat roll of 9 or 10 it makes produces 2 more hits",
        dice=_jns_hylarim,
    )
)
ARC_SECUNDUS = register(
    Ability(
        "arc_secundus",
        "Arc Secundus",
        Kind.FLAGSHIP,
        frozenset({W.ROLL, W.INVASION}),
        "repairs itself at the start of each space combat round; other players' units in its "
        "system lose Planetary Shield (in its values)",
        ("78.5", "65.3"),
        owner="letnev",
        unit="flagship",
        combat=Combat.SPACE,
        odds=Odds.ALWAYS,
        board="repaired at the start of each space combat round, without asking",
        hooks=(Hook(Moment.START_OF_ROUND, arc_ways, arc_repair),),
    )
)
FOURTH_MOON = register(
    Ability(
        "fourth_moon",
        "Fourth Moon",
        Kind.FLAGSHIP,
        frozenset({W.SPACE_CANNON, W.START_OF_COMBAT, W.ASSIGN_HITS}),
        "other players' ships in its system cannot use Sustain Damage",
        ("87.1",),
        owner="mentak",
        unit="flagship",
        combat=Combat.SPACE,
        odds=Odds.ALWAYS,
        board="the opponent's ships in its system take hits without Sustain Damage",
        hits=fourth_moon_hits,
    )
)
VAN_HAUGE = register(
    Ability(
        "van_hauge",
        "Van Hauge",
        Kind.FLAGSHIP,
        frozenset({W.SPACE_CANNON, W.ASSIGN_HITS}),
        "when it is destroyed, every ship in its system is destroyed",
        ("78.6",),
        owner="yin",
        unit="flagship",
        combat=Combat.SPACE,
        odds=Odds.ALWAYS,
        board="when hits destroy it, every ship in its system is destroyed, without asking",
        hooks=(Hook(Moment.DESTROYED, van_hauge_ways, van_hauge),),
    )
)
ZERO_ZERO_ONE = register(
    Ability(
        "zero_zero_one",
        "[0.0.1]",
        Kind.FLAGSHIP,
        frozenset({W.ASSIGN_HITS}),
        "in space combat, hits by it and your dreadnoughts go to non-fighter ships if able "
        "(the opponent puts those first, then the rest as it likes)",
        ("78.6",),
        owner="l1z1x",
        unit="flagship",
        combat=Combat.SPACE,
        odds=Odds.ALWAYS,
        board="the round's hits of it and the dreadnoughts go to non-fighter ships first",
        hits=zero_zero_one_hits,
    )
)
QUETZECOATL = register(
    Ability(
        "quetzecoatl",
        "Quetzecoatl",
        Kind.FLAGSHIP,
        frozenset({W.SPACE_CANNON}),
        "other players cannot use space cannon against your ships in its system",
        ("77.2",),
        owner="argent",
        unit="flagship",
        combat=Combat.SPACE,
        odds=Odds.ALWAYS,
        board="other players' space cannon cannot target your ships in its system",
        guard=lambda a, g, use: flagship_in(g, use, use.player),
    )
)
