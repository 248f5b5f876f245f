"""What a unit fights as, for a while, by an ability: a word of its grade.

A ground force fighting as a ship (The Alastor: ``ship``), a Naaz-Rokha mech flipped in
space (Z-Grav Eidolon: ``zgrav``), a Nomad mech in a space combat (Quantum Manipulator:
``qm``), a fighter committed to a planet (Matriarch: ``ground``) a war sun under
Publicize Weapon Schematics (``nosustain``) and the opponent's units under Quietus
(``noabilities``), a ship fighting as the Nomad's flagship (The Cavalry: ``memoria``,
``memoriaii``), a space dock firing as Lightrail Ordnance says (``lightrail``, while its
owner holds the relic), a ship bombarding under Blitz (``blitzed``), a space dock firing
space cannon under Experimental Battlestation (``battlestation``), the Naaz-Rokha's Eidolon
Maximum (``eidolonmax``: with ``ship`` in a space combat) a unit with a galvanize token
(``galvanized``) and the planet Elysium firing with Ul the Progenitor attached (``elysium``,
a shooter only: never on the board). The board adds the word
to a unit's grade while the ability lasts, and the exact odds name their pieces the same
way, so both read one unit's values (:func:`engine.ti4.factions.unit_spec` applies them).
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.units import DiceAbility, UnitKind, UnitType

__all__ = [
    "LASTING",
    "ROLES",
    "TOKENS",
    "VALUES_ONLY",
    "lent",
    "split",
    "with_role",
    "with_roles",
    "without_roles",
]

ROLES = (
    "nosustain",
    "ship",
    "ground",
    "zgrav",
    "qm",
    "noabilities",
    "memoria",
    "memoriaii",
    "lightrail",
    "blitzed",
    "battlestation",
    "eidolonmax",
    "galvanized",
    "elysium",
)
"""The words a grade may carry besides a faction's id and ``ii``."""

VALUES_ONLY = ("nosustain", "noabilities", "galvanized")
"""Roles that change a unit's values, not where or as what it fights."""

LASTING = ("noabilities",)
"""Roles that outlast the combat, until the tactical action ends (Quietus)."""

TOKENS = ("galvanized",)
"""Roles that are tokens on the unit, not a while of an ability: they stay when the combat
and the action end (a galvanize token stays until the unit is destroyed or the token is
moved, Phoenix Standard)."""


def split(grade: str) -> tuple[str, tuple[str, ...]]:
    """``grade`` without its role words, and those words."""
    parts = grade.split()
    return " ".join(p for p in parts if p not in ROLES), tuple(p for p in parts if p in ROLES)


def with_role(grade: str, role: str) -> str:
    """``grade`` with ``role`` added (once)."""
    return grade if role in grade.split() else f"{grade} {role}".strip()


def without_roles(grade: str, keep: tuple[str, ...] = ()) -> str:
    """``grade`` with every role word but those of ``keep`` taken off (the combat is over)."""
    base, roles = split(grade)
    return " ".join([base, *(r for r in roles if r in keep or r in TOKENS)]).strip()


def with_roles(spec: UnitType, roles: tuple[str, ...]) -> UnitType:
    """``spec`` as ``roles`` make it fight."""
    if "noabilities" in roles:  # Quietus: the opponent's units lose their abilities
        spec = replace(
            spec,
            sustain_damage=False,
            anti_fighter_barrage=None,
            bombardment=None,
            space_cannon=None,
            planetary_shield=False,
        )
    if "nosustain" in roles:  # Publicize Weapon Schematics: war suns lose it
        spec = replace(spec, sustain_damage=False)
    if "eidolonmax" in roles:  # the Naaz-Rokha's mech card flipped (Absolute Synergy)
        spec = replace(
            spec,
            combat=DiceAbility(4, 4),
            move=3,
            sustain_damage=True,
            printed="Eidolon Maximum",
        )
    if "galvanized" in roles:  # a galvanize token: 1 more die for each roll it makes
        spec = replace(
            spec,
            **{
                ability: replace(dice, dice=dice.dice + 1)
                for ability in ("combat", "anti_fighter_barrage", "bombardment", "space_cannon")
                if (dice := getattr(spec, ability)) is not None
            },
            printed=f"{spec.printed or spec.name.replace('_', ' ')} (galvanized)",
        )
    if "elysium" in roles:  # Ul the Progenitor's planet: Space Cannon 5 (x3)
        spec = replace(spec, space_cannon=DiceAbility(5, 3), printed="Elysium")
    if "ship" in roles:  # a ground force fighting as a ship (The Alastor)
        spec = replace(spec, kind=UnitKind.SHIP, also_ground_force=False)
    if "zgrav" in roles:  # a Naaz-Rokha mech flipped in space: a ship (Z-Grav Eidolon)
        spec = replace(
            spec,
            kind=UnitKind.SHIP,
            also_ground_force=False,
            combat=DiceAbility(8, 2),
            # The card's other side prints no Sustain Damage: it has none while flipped.
            sustain_damage=False,
            printed="Z-Grav Eidolon",
        )
    if "qm" in roles:  # a Nomad mech in space: no combat roll, a hit it may cancel
        spec = replace(spec, kind=UnitKind.STRUCTURE, combat=None, printed="Quantum Manipulator")
    if "lightrail" in roles:  # Lightrail Ordnance's space dock: Space Cannon 5 (x2), range 1
        spec = replace(
            spec,
            space_cannon=DiceAbility(5, 2),
            space_cannon_range=1,
            printed=f"{spec.printed or spec.name} (Lightrail Ordnance)",
        )
    if "blitzed" in roles and spec.bombardment is None and spec.name != "fighter":
        spec = replace(spec, bombardment=DiceAbility(6, 1))  # Blitz: Bombardment 6
    if "battlestation" in roles:  # Experimental Battlestation: a dock's Space Cannon 5 (x3)
        spec = replace(spec, space_cannon=DiceAbility(5, 3), printed="Experimental Battlestation")
    if "ground" in roles:  # a fighter fighting as a ground force (Matriarch)
        spec = replace(spec, kind=UnitKind.GROUND_FORCE)
    return spec


def lent(spec: UnitType, flagship: UnitType) -> UnitType:
    """``spec`` fighting with ``flagship``'s Sustain Damage, combat and barrage values (The
    Cavalry lends the Nomad's flagship's: roles ``memoria``, ``memoriaii``)."""
    return replace(
        spec,
        combat=flagship.combat,
        anti_fighter_barrage=flagship.anti_fighter_barrage,
        sustain_damage=True,
        printed=f"{spec.printed or spec.name} as {flagship.printed}",
    )
