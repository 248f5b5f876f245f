"""The 24 factions of the base game and Prophecy of Kings: flagships, faction units, mechs.

Values from the faction sheets as transcribed in ti-assistant ``server/data/{base,
prophecyofkings}/factions.ts``, cross-checked with TI4-TTPG ``unit-attrs.data.js``,
AsyncTI4 ``units.json`` and alpha-mouse ``game-elements.js`` (engine/RULES.md, "Unit
and faction values"). Every flagship costs 8, has Sustain Damage, move 1, capacity 3
unless stated. :func:`unit_spec` looks a unit up by type and *grade*: the faction's id
and ``ii`` once upgraded (97.4), e.g. ``"sardakk ii"``; a faction unit and its upgrade
replace the standard ones. Unrelenting (+1) and Fragile (-1) are in the values looked
up; flagship abilities are applied in play (engine.core.combat) and by the odds.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache

from engine.core.units import DiceAbility, UnitKind, UnitType
from engine.ti4.abilities.derived import of_faction
from engine.ti4.roles import split, with_roles
from engine.ti4.units import UNIT_TYPES, UPGRADES

__all__ = ["FACTIONS", "Faction", "grade_of", "has_upgrade", "unit_spec"]


@dataclass(frozen=True)
class Faction:
    """One faction sheet: what changes a unit's values or a combat roll."""

    id: str
    name: str
    flagship: UnitType
    flagship_ability: str = ""
    units: dict[str, UnitType] = field(default_factory=dict)
    upgrades: dict[str, UnitType] = field(default_factory=dict)

    @property
    def combat_modifier(self) -> int:
        """Added to every combat roll of the faction's units: its abilities' ``plus``
        (Unrelenting +1, Fragile -1)."""
        return sum(a.plus for a in of_faction(self.id))


def _flagship(
    printed: str, value: int, dice: int = 2, *, move: int = 1, capacity: int = 3, **extra: object
) -> UnitType:
    return UnitType(
        "flagship",
        UnitKind.SHIP,
        cost=8,
        combat=DiceAbility(value, dice),
        move=move,
        capacity=capacity,
        sustain_damage=True,
        printed=printed,
        **extra,  # type: ignore[arg-type]
    )


def _unit(base: str, printed: str, upgrade: bool = False, **changed: object) -> UnitType:
    start = UPGRADES[base] if upgrade and base in UPGRADES else UNIT_TYPES[base]
    return replace(start, printed=printed, **changed)  # type: ignore[arg-type]


def _mech(printed: str, **changed: object) -> UnitType:
    return _unit("mech", printed, **changed)  # type: ignore[arg-type]


_AFB = DiceAbility


def _all() -> tuple[Faction, ...]:
    return (
        Faction(
            "arborec",
            "The Arborec",
            _flagship("Duha Menaimon", 7, capacity=5),
            "after you activate its system, produce up to 5 units there",
            # Letani Warrior I/II: infantry with Production 1/2 (not added to resources).
            units={
                "infantry": _unit("infantry", "Letani Warrior I", production=1),
                "mech": _mech("Letani Behemoth", production=2, planetary_shield=True),
            },
            upgrades={"infantry": _unit("infantry", "Letani Warrior II", True, production=2)},
        ),
        Faction(
            "argent",
            "The Argent Flight",
            _flagship("Quetzecoatl", 7),
            "other players cannot use space cannon against your ships in its system",
            units={"destroyer": _unit("destroyer", "Strike Wing Alpha I", capacity=1)},
            upgrades={
                "destroyer": _unit(
                    "destroyer",
                    "Strike Wing Alpha II",
                    True,
                    combat=DiceAbility(7),
                    capacity=1,
                )
            },
        ),
        Faction(
            "letnev",
            "The Barony of Letnev",
            _flagship(
                "Arc Secundus", 5, bombardment=DiceAbility(5, 3), ignores_planetary_shield=True
            ),
            "other players' units in its system lose Planetary Shield; repairs itself at "
            "the start of each space combat round",
        ),
        Faction(
            "saar",
            "The Clan of Saar",
            _flagship("Son of Ragh", 5, anti_fighter_barrage=_AFB(6, 4)),
            units={
                "space_dock": _unit(
                    "space_dock",
                    "Floating Factory I",
                    production=5,
                    capacity=4,
                    move=1,
                    production_adds_resources=False,
                )
            },
            upgrades={
                "space_dock": _unit(
                    "space_dock",
                    "Floating Factory II",
                    production=7,
                    capacity=5,
                    move=2,
                    production_adds_resources=False,
                )
            },
        ),
        Faction(
            "muaat",
            "The Embers of Muaat",
            _flagship("The Inferno", 5),
            "ACTION: spend 1 strategy token to place 1 cruiser in its system",
            units={"war_sun": _unit("war_sun", "Prototype War Sun I", move=1)},
            upgrades={"war_sun": _unit("war_sun", "Prototype War Sun II", cost=10, move=3)},
        ),
        Faction(
            "hacan",
            "The Emirates of Hacan",
            _flagship("Wrath of Kenara", 7),
            "after you roll a die in space combat in its system, spend 1 trade good: +1 to it",
        ),
        Faction(
            "sol",
            "The Federation of Sol",
            _flagship("Genesis", 5, capacity=12),
            "at the end of the status phase, place 1 infantry in its space area",
            units={
                "infantry": _unit("infantry", "Spec Ops I", combat=DiceAbility(7)),
                "carrier": _unit("carrier", "Advanced Carrier I", capacity=6),
            },
            upgrades={
                "infantry": _unit("infantry", "Spec Ops II", True, combat=DiceAbility(6)),
                "carrier": _unit(
                    "carrier", "Advanced Carrier II", True, capacity=8, sustain_damage=True
                ),
            },
        ),
        Faction(
            "creuss",
            "The Ghosts of Creuss",
            _flagship("Hil Colish", 5, dice=1),
            "its system holds a delta wormhole; it may move before or after your other ships",
        ),
        Faction(
            "l1z1x",
            "The L1Z1X Mindnet",
            _flagship("[0.0.1]", 5, capacity=5),
            "in space combat, hits by it and your dreadnoughts go to non-fighter ships if able",
            units={
                "dreadnought": _unit("dreadnought", "Super-Dreadnought I", capacity=2),
                "mech": _mech("Annihilator", bombardment=DiceAbility(8)),
            },
            upgrades={
                "dreadnought": _unit(
                    "dreadnought",
                    "Super-Dreadnought II",
                    True,
                    combat=DiceAbility(4),
                    bombardment=DiceAbility(4),
                    capacity=2,
                )
            },
        ),
        Faction(
            "mentak",
            "The Mentak Coalition",
            _flagship("Fourth Moon", 7),
            "other players' ships in its system cannot use Sustain Damage",
        ),
        Faction(
            "naalu",
            "The Naalu Collective",
            _flagship("Matriarch", 9, capacity=6),
            "during an invasion, fighters in its system may fight as ground forces",
            units={"fighter": _unit("fighter", "Hybrid Crystal Fighter I", combat=DiceAbility(8))},
            upgrades={
                "fighter": _unit(
                    "fighter", "Hybrid Crystal Fighter II", True, combat=DiceAbility(7)
                )
            },
        ),
        Faction(
            "nekro",
            "The Nekro Virus",
            _flagship("The Alastor", 9),
            "at the start of space combat, your ground forces in its system fight as ships",
        ),
        Faction(
            "sardakk",
            "Sardakk N'orr",
            _flagship("C'morran N'orr", 6),
            "+1 to the combat rolls of your other ships in its system",
            units={"dreadnought": _unit("dreadnought", "Exotrireme I", bombardment=_AFB(4, 2))},
            upgrades={
                "dreadnought": _unit("dreadnought", "Exotrireme II", True, bombardment=_AFB(4, 2))
            },
        ),
        Faction(
            "jol_nar",
            "The Universities of Jol-Nar",
            _flagship("J.N.S. Hylarim", 6),
            "each unmodified roll of 9 or 10 it makes produces 2 more hits",
        ),
        Faction(
            "winnu",
            "The Winnu",
            # Its dice: one per non-fighter ship of the opponent in its system (odds count them).
            _flagship("Salai Sai Corian", 7, dice=1),
            "rolls 1 die for each of the opponent's non-fighter ships in its system",
        ),
        Faction(
            "xxcha",
            "The Xxcha Kingdom",
            _flagship("Loncara Ssodu", 7, space_cannon=DiceAbility(5, 3), space_cannon_range=1),
            "its space cannon may fire at ships in adjacent systems",
            units={"mech": _mech("Indomitus", space_cannon=DiceAbility(8), space_cannon_range=1)},
        ),
        Faction(
            "yin",
            "The Yin Brotherhood",
            _flagship("Van Hauge", 9),
            "when it is destroyed, destroy all ships in its system",
        ),
        Faction(
            "yssaril",
            "The Yssaril Tribes",
            _flagship("Y'sia Y'ssrila", 5, move=2),
            "it may move through systems that contain other players' ships",
        ),
        Faction(
            "empyrean",
            "The Empyrean",
            _flagship("Dynamo", 5),
            "after a unit in or next to its system uses Sustain Damage, pay 2 influence: repair",
        ),
        Faction(
            "mahact",
            "The Mahact Gene-Sorcerers",
            _flagship("Arvicon Rex", 5),
            "+2 to its combat rolls against an opponent whose token is not in your fleet pool",
            units={"infantry": _unit("infantry", "Crimson Legionnaire I")},
            upgrades={"infantry": _unit("infantry", "Crimson Legionnaire II", True)},
        ),
        Faction(
            "naaz_rokha",
            "The Naaz-Rokha Alliance",
            _flagship("Visz El Vir", 9, capacity=4),
            "your mechs in its system roll 1 more die in combat",
            units={"mech": _mech("Eidolon", combat=DiceAbility(6, 2))},
        ),
        Faction(
            "nomad",
            "The Nomad",
            _flagship("Memoria I", 7, anti_fighter_barrage=_AFB(8, 3)),
            "treated as adjacent to systems that contain your mechs",
            # Memoria II is the flagship's own upgrade (technology G, B, Y).
            upgrades={
                "flagship": _flagship(
                    "Memoria II", 5, move=2, capacity=6, anti_fighter_barrage=_AFB(5, 3)
                )
            },
        ),
        Faction(
            "titans",
            "The Titans of Ul",
            _flagship("Ouranos", 7),
            "DEPLOY: replace one of your PDS in a system you activate",
            units={
                "cruiser": _unit("cruiser", "Saturn Engine I", capacity=1),
                "pds": _unit(
                    "pds",
                    "Hel Titan I",
                    combat=DiceAbility(7),
                    sustain_damage=True,
                    production=1,
                    also_ground_force=True,
                ),
            },
            upgrades={
                "cruiser": _unit(
                    "cruiser", "Saturn Engine II", True, capacity=2, sustain_damage=True
                ),
                "pds": _unit(
                    "pds",
                    "Hel Titan II",
                    True,
                    combat=DiceAbility(6),
                    sustain_damage=True,
                    production=1,
                    also_ground_force=True,
                ),
            },
        ),
        Faction(
            "vuil_raith",
            "The Vuil'raith Cabal",
            _flagship("The Terror Between", 5, bombardment=DiceAbility(5)),
            "captures the non-structure units destroyed in its system",
            units={
                "space_dock": _unit(
                    "space_dock",
                    "Dimensional Tear I",
                    production=5,
                    capacity=6,
                    production_adds_resources=False,
                )
            },
            upgrades={
                "space_dock": _unit(
                    "space_dock",
                    "Dimensional Tear II",
                    production=7,
                    capacity=12,
                    production_adds_resources=False,
                )
            },
        ),
    )


FACTIONS: dict[str, Faction] = {f.id: f for f in _all()}
"""The 24 factions by id: the 17 of the base game, then Prophecy of Kings' 7."""


def has_upgrade(unit: str, faction: str | None = None) -> bool:
    """Whether ``unit`` has an upgrade card (for ``faction``'s sheet, if given)."""
    if faction is not None and unit in FACTIONS[faction].upgrades:
        return True
    return unit in UPGRADES


def grade_of(unit: str, faction: str | None, upgrades: tuple[str, ...] | frozenset[str]) -> str:
    """The grade a player's new ``unit`` gets: their faction's id, then ``ii`` if upgraded."""
    parts = [faction] if faction else []
    if unit in upgrades:
        parts.append("ii")
    return " ".join(parts)


@lru_cache(maxsize=512)
def unit_spec(unit: str, grade: str = "") -> UnitType:
    """The values of a unit of type ``unit`` and ``grade`` (``""``, ``"ii"``, ``"sardakk ii"``).

    Raises:
        KeyError: an unknown type, faction, or a flagship without a faction.
    """
    base, roles = split(grade)
    if roles:
        return with_roles(unit_spec(unit, base), roles)
    parts = base.split()
    upgraded = "ii" in parts
    named = [p for p in parts if p != "ii"]
    faction = FACTIONS[named[0]] if named else None
    if unit == "flagship":
        if faction is None:
            raise KeyError("a flagship belongs to a faction: name the player's faction")
        spec = faction.upgrades.get("flagship", faction.flagship) if upgraded else faction.flagship
    elif faction is not None and upgraded and unit in faction.upgrades:
        spec = faction.upgrades[unit]
    elif faction is not None and unit in faction.units:
        spec = faction.units[unit]
    elif upgraded and unit in UPGRADES:
        spec = UPGRADES[unit]
    else:
        spec = UNIT_TYPES[unit]
    if faction is not None and faction.combat_modifier and spec.combat is not None:
        # A +1 to a combat roll hits on one less (clamped: 11 never hits, 1 always does).
        value = min(11, max(1, spec.combat.value - faction.combat_modifier))
        spec = replace(spec, combat=DiceAbility(value, spec.combat.dice))
    return spec
