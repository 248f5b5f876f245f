"""The 4th edition's unit table: the base units' printed attributes and their upgrades.

Values are the unupgraded units' printed attributes (Living Rules Reference,
"Units" and each attribute's own topic); the upgrades are the unit upgrade
technologies' (97.1). Nothing else in the engine spells a unit's number out; it
looks the unit up here, or through a faction sheet (:mod:`engine.ti4.factions`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.core.units import DiceAbility, UnitKind, UnitType

__all__ = [
    "REINFORCEMENTS",
    "TOKEN_PLACES",
    "UNIT_TYPES",
    "UPGRADES",
    "UPGRADE_PREREQUISITES",
]

UNIT_TYPES: dict[str, UnitType] = {
    u.name: u
    for u in (
        UnitType("carrier", UnitKind.SHIP, cost=3, combat=DiceAbility(9), move=1, capacity=4),
        UnitType("cruiser", UnitKind.SHIP, cost=2, combat=DiceAbility(7), move=2),
        UnitType(
            "destroyer",
            UnitKind.SHIP,
            cost=1,
            combat=DiceAbility(9),
            move=2,
            anti_fighter_barrage=DiceAbility(9, dice=2),
        ),
        UnitType(
            "dreadnought",
            UnitKind.SHIP,
            cost=4,
            combat=DiceAbility(5),
            move=1,
            capacity=1,
            sustain_damage=True,
            bombardment=DiceAbility(5),
        ),
        UnitType("fighter", UnitKind.SHIP, cost=1, combat=DiceAbility(9), per_cost=2),
        UnitType(
            "war_sun",
            UnitKind.SHIP,
            cost=12,
            combat=DiceAbility(3, dice=3),
            move=2,
            capacity=6,
            sustain_damage=True,
            bombardment=DiceAbility(3, dice=3),
            ignores_planetary_shield=True,
        ),
        UnitType("infantry", UnitKind.GROUND_FORCE, cost=1, combat=DiceAbility(8), per_cost=2),
        UnitType("mech", UnitKind.GROUND_FORCE, cost=2, combat=DiceAbility(6), sustain_damage=True),
        UnitType(
            "pds",
            UnitKind.STRUCTURE,
            cost=None,
            space_cannon=DiceAbility(6),
            planetary_shield=True,
        ),
        # A space dock's production is its planet's resources + 2; it holds 3 fighters
        # in its system's space area without using any ship's capacity.
        UnitType(
            "space_dock",
            UnitKind.STRUCTURE,
            cost=None,
            production=2,
            capacity=3,
            production_adds_resources=True,
        ),
    )
}


def _ii(name: str, **changed: object) -> UnitType:
    base = UNIT_TYPES[name]
    return replace(base, printed=f"{base.label} II", **changed)  # type: ignore[arg-type]


UPGRADES: dict[str, UnitType] = {
    # The unit upgrade technologies' printed values (97.1, 97.4: an upgraded unit uses only
    # the card's attributes). Read in ti-assistant server/data/base/techs.ts and
    # AsyncTI4 units.json, cross-checked with TI4-TTPG unit-attrs.data.js (see RULES.md).
    "carrier": _ii("carrier", move=2, capacity=6),  # XRD Transporters
    "cruiser": _ii("cruiser", combat=DiceAbility(6), move=3, capacity=1),  # Stasis Capsules
    "destroyer": _ii(  # Automated Defense Turrets
        "destroyer", combat=DiceAbility(8), anti_fighter_barrage=DiceAbility(6, dice=3)
    ),
    # Type IV Drive; its immunity to Direct Hit is read by the odds (engine.odds.direct).
    "dreadnought": _ii("dreadnought", move=2),
    # Advanced Fighters: move 2, so a fighter II moves without a carrier.
    "fighter": _ii("fighter", combat=DiceAbility(8), move=2),
    # Gen Synthesis: combat 7 (its return to the home system is not modelled).
    "infantry": _ii("infantry", combat=DiceAbility(7)),
    # Deep Space Cannon: space cannon 5, also against ships in adjacent systems (77.3.3).
    "pds": _ii("pds", space_cannon=DiceAbility(5), space_cannon_range=1),
    # Enviro Compensator: production is the planet's resources + 4.
    "space_dock": _ii("space_dock", production=4),
}
"""Every standard unit upgrade (97.1); war suns and mechs have none (97.5)."""

UPGRADE_PREREQUISITES: dict[str, tuple[str, ...]] = {
    "carrier": ("blue", "blue"),
    "cruiser": ("green", "yellow", "red"),
    "destroyer": ("red", "red"),
    "dreadnought": ("blue", "blue", "yellow"),
    "fighter": ("green", "blue"),
    "infantry": ("green", "green"),
    "pds": ("yellow", "red"),
    "space_dock": ("yellow", "yellow"),
    "war_sun": ("yellow", "red", "red", "red"),  # Prototype War Sun II
    "flagship": ("green", "blue", "yellow"),  # Memoria II, the one flagship upgrade
}
"""The prerequisites of each unit type's upgrade card (90.8). A faction's own upgrade
(Spec Ops II, Floating Factory II, ...) has the standard card's: both sources agree."""

# Rules Reference 96.2: the plastic units of each colour. 23.4: "Units are limited to
# those included in the game, except for fighters and ground forces" — fighters and
# infantry have tokens, so they are bounded by where they stand (36.3, 46.3: a token
# needs a plastic piece beside it) and by what a board can sensibly hold. Mechs have no
# tokens: their 4 pieces are the limit. The flagship's 1 counts once the table has it.
REINFORCEMENTS: Mapping[str, int] = {
    "carrier": 4,
    "cruiser": 8,
    "destroyer": 8,
    "dreadnought": 5,
    "war_sun": 2,
    "pds": 6,
    "space_dock": 3,
    "mech": 4,
    **({"flagship": 1} if "flagship" in UNIT_TYPES else {}),
}
# Plastic fighters and infantry: at most this many places hold a player's (36.3, 46.3).
TOKEN_PLACES: Mapping[str, int] = {"fighter": 10, "infantry": 12}
