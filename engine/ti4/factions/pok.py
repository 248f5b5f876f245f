"""The seven Prophecy of Kings faction sheets: flagships, faction units, mechs.

Values from ti-assistant ``server/data/prophecyofkings/factions.ts``, cross-checked with
AsyncTI4 ``units/pok.json``: engine/RULES.md, "Unit and faction values", and
``tests/engine/data/faction_units.json``.
"""

from __future__ import annotations

from engine.core.units import DiceAbility
from engine.ti4.factions.model import AFB, Faction, flagship, mech, unit

__all__ = ["PROPHECY_OF_KINGS"]

PROPHECY_OF_KINGS: tuple[Faction, ...] = (
    Faction(
        "argent",
        "The Argent Flight",
        flagship("Quetzecoatl", 7),
        "other players cannot use space cannon against your ships in its system",
        units={
            "destroyer": unit("destroyer", "Strike Wing Alpha I", combat=DiceAbility(8), capacity=1)
        },
        upgrades={
            "destroyer": unit(
                "destroyer",
                "Strike Wing Alpha II",
                True,
                combat=DiceAbility(7),
                capacity=1,
            )
        },
    ),
    Faction(
        "empyrean",
        "The Empyrean",
        flagship("Dynamo", 5),
        "after a unit in or next to its system uses Sustain Damage, pay 2 influence: repair",
    ),
    Faction(
        "mahact",
        "The Mahact Gene-Sorcerers",
        flagship("Arvicon Rex", 5),
        "+2 to its combat rolls against an opponent whose token is not in your fleet pool",
        units={"infantry": unit("infantry", "Crimson Legionnaire I")},
        upgrades={"infantry": unit("infantry", "Crimson Legionnaire II", True)},
    ),
    Faction(
        "naaz_rokha",
        "The Naaz-Rokha Alliance",
        flagship("Visz El Vir", 9, capacity=4),
        "your mechs in its system roll 1 more die in combat",
        units={"mech": mech("Eidolon", combat=DiceAbility(6, 2))},
    ),
    Faction(
        "nomad",
        "The Nomad",
        flagship("Memoria I", 7, anti_fighter_barrage=AFB(8, 3)),
        "treated as adjacent to systems that contain your mechs",
        # Memoria II is the flagship's own upgrade (technology G, B, Y).
        upgrades={
            "flagship": flagship(
                "Memoria II", 5, move=2, capacity=6, anti_fighter_barrage=AFB(5, 3)
            )
        },
    ),
    Faction(
        "titans",
        "The Titans of Ul",
        flagship("Ouranos", 7),
        "DEPLOY: replace one of your PDS in a system you activate",
        units={
            "cruiser": unit("cruiser", "Saturn Engine I", capacity=1),
            "pds": unit(
                "pds",
                "Hel Titan I",
                combat=DiceAbility(7),
                sustain_damage=True,
                production=1,
                also_ground_force=True,
            ),
        },
        upgrades={
            "cruiser": unit("cruiser", "Saturn Engine II", True, capacity=2, sustain_damage=True),
            "pds": unit(
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
        flagship("The Terror Between", 5, bombardment=DiceAbility(5)),
        "captures the non-structure units destroyed in its system",
        units={
            "space_dock": unit(
                "space_dock",
                "Dimensional Tear I",
                production=5,
                capacity=6,
                production_adds_resources=False,
            )
        },
        upgrades={
            "space_dock": unit(
                "space_dock",
                "Dimensional Tear II",
                production=7,
                capacity=12,
                production_adds_resources=False,
            )
        },
    ),
)
