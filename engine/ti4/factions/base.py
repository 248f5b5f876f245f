"""The 17 base-game faction sheets: flagships, faction units, mechs.

Values from the faction sheets as transcribed in ti-assistant
``server/data/base/factions.ts``, cross-checked with AsyncTI4 ``units/pok.json`` (its
file of every faction unit) and alpha-mouse ``game-elements.js``: engine/RULES.md, "Unit and
faction values", and ``tests/engine/data/faction_units.json``.
"""

from __future__ import annotations

from engine.core.units import DiceAbility
from engine.ti4.factions.model import AFB, Faction, flagship, mech, unit

__all__ = ["BASE_GAME"]

BASE_GAME: tuple[Faction, ...] = (
    Faction(
        "arborec",
        "The Arborec",
        flagship("Duha Menaimon", 7, capacity=5),
        "after you activate its system, produce up to 5 units there",
        # Letani Warrior I/II: infantry with Production 1/2 (not added to resources).
        units={
            "infantry": unit("infantry", "Letani Warrior I", production=1),
            "mech": mech("Letani Behemoth", production=2, planetary_shield=True),
        },
        upgrades={"infantry": unit("infantry", "Letani Warrior II", True, production=2)},
    ),
    Faction(
        "letnev",
        "The Barony of Letnev",
        flagship("Arc Secundus", 5, bombardment=DiceAbility(5, 3), ignores_planetary_shield=True),
        "other players' units in its system lose Planetary Shield; repairs itself at "
        "the start of each space combat round",
    ),
    Faction(
        "saar",
        "The Clan of Saar",
        flagship("Son of Ragh", 5, anti_fighter_barrage=AFB(6, 4)),
        units={
            "space_dock": unit(
                "space_dock",
                "Floating Factory I",
                production=5,
                capacity=4,
                move=1,
                production_adds_resources=False,
            )
        },
        upgrades={
            "space_dock": unit(
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
        flagship("The Inferno", 5),
        "ACTION: spend 1 strategy token to place 1 cruiser in its system",
        units={"war_sun": unit("war_sun", "Prototype War Sun I", move=1)},
        upgrades={"war_sun": unit("war_sun", "Prototype War Sun II", cost=10, move=3)},
    ),
    Faction(
        "hacan",
        "The Emirates of Hacan",
        flagship("Wrath of Kenara", 7),
        "after you roll a die in space combat in its system, spend 1 trade good: +1 to it",
    ),
    Faction(
        "sol",
        "The Federation of Sol",
        flagship("Genesis", 5, capacity=12),
        "at the end of the status phase, place 1 infantry in its space area",
        units={
            "infantry": unit("infantry", "Spec Ops I", combat=DiceAbility(7)),
            "carrier": unit("carrier", "Advanced Carrier I", capacity=6),
        },
        upgrades={
            "infantry": unit("infantry", "Spec Ops II", True, combat=DiceAbility(6)),
            "carrier": unit(
                "carrier", "Advanced Carrier II", True, capacity=8, sustain_damage=True
            ),
        },
    ),
    Faction(
        "creuss",
        "The Ghosts of Creuss",
        flagship("Hil Colish", 5, dice=1),
        "its system holds a delta wormhole; it may move before or after your other ships",
    ),
    Faction(
        "l1z1x",
        "The L1Z1X Mindnet",
        flagship("[0.0.1]", 5, capacity=5),
        "in space combat, hits by it and your dreadnoughts go to non-fighter ships if able",
        units={
            "dreadnought": unit("dreadnought", "Super-Dreadnought I", capacity=2),
            "mech": mech("Annihilator", bombardment=DiceAbility(8)),
        },
        upgrades={
            "dreadnought": unit(
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
        flagship("Fourth Moon", 7),
        "other players' ships in its system cannot use Sustain Damage",
    ),
    Faction(
        "naalu",
        "The Naalu Collective",
        flagship("Matriarch", 9, capacity=6),
        "during an invasion, fighters in its system may fight as ground forces",
        units={"fighter": unit("fighter", "Hybrid Crystal Fighter I", combat=DiceAbility(8))},
        upgrades={
            "fighter": unit("fighter", "Hybrid Crystal Fighter II", True, combat=DiceAbility(7))
        },
    ),
    Faction(
        "nekro",
        "The Nekro Virus",
        flagship("The Alastor", 9),
        "at the start of space combat, your ground forces in its system fight as ships",
    ),
    Faction(
        "sardakk",
        "Sardakk N'orr",
        flagship("C'morran N'orr", 6),
        "+1 to the combat rolls of your other ships in its system",
        units={"dreadnought": unit("dreadnought", "Exotrireme I", bombardment=AFB(4, 2))},
        upgrades={"dreadnought": unit("dreadnought", "Exotrireme II", True, bombardment=AFB(4, 2))},
    ),
    Faction(
        "jol_nar",
        "The Universities of Jol-Nar",
        flagship("J.N.S. Hylarim", 6),
        "each unmodified roll of 9 or 10 it makes produces 2 more hits",
    ),
    Faction(
        "winnu",
        "The Winnu",
        # Its dice: one per non-fighter ship of the opponent in its system (odds count them).
        flagship("Salai Sai Corian", 7, dice=1),
        "rolls 1 die for each of the opponent's non-fighter ships in its system",
    ),
    Faction(
        "xxcha",
        "The Xxcha Kingdom",
        flagship("Loncara Ssodu", 7, space_cannon=DiceAbility(5, 3), space_cannon_range=1),
        "its space cannon may fire at ships in adjacent systems",
        units={"mech": mech("Indomitus", space_cannon=DiceAbility(8), space_cannon_range=1)},
    ),
    Faction(
        "yin",
        "The Yin Brotherhood",
        flagship("Van Hauge", 9),
        "when it is destroyed, destroy all ships in its system",
    ),
    Faction(
        "yssaril",
        "The Yssaril Tribes",
        flagship("Y'sia Y'ssrila", 5, move=2),
        "it may move through systems that contain other players' ships",
    ),
)
