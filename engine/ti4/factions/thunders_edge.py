"""Thunder's Edge's faction sheets, and the neutral units.

Values from ti-assistant ``server/data/thundersedge/factions.ts`` and ``techs.ts`` (unit
upgrades), cross-checked with AsyncTI4 ``units/te_units.json`` and, for the two factions it
has, the peer ti4battle (``core/factions/crimsonRebellion.ts``, ``deepwrought.ts``):
engine/RULES.md, "Unit and faction values", and ``tests/engine/data/faction_units.json``.
Mechs with the standard mech's values (A3 Valiance, Alarum, Revenant, Viper EX-23, Viper
Hollow) are not listed. The Firmament and the Obsidian are the two sides of one faction:
each is a sheet here, as a player fields one or the other. Neutral units (placed by some
action cards and events) are the standard units, with no flagship, upgrade or card.
"""

from __future__ import annotations

from engine.core.units import DiceAbility
from engine.ti4.factions.model import AFB, Faction, flagship, mech, unit

__all__ = ["THUNDERS_EDGE"]

THUNDERS_EDGE: tuple[Faction, ...] = (
    Faction(
        "crimson_rebellion",
        "The Crimson Rebellion",
        flagship("Quietus", 5),
        "with an active breach in its system, other players' units in systems with active "
        "breaches lose their unit abilities",
        units={"destroyer": unit("destroyer", "Exile I", combat=DiceAbility(8))},
        upgrades={"destroyer": unit("destroyer", "Exile II", True, combat=DiceAbility(7))},
    ),
    Faction(
        "deepwrought",
        "The Deepwrought Scholarate",
        flagship("D.W.S. Luminous", 7, capacity=6),
        "it moves through systems with your units, 1 more move for each",
        units={"mech": mech("Eanautic", production=1)},
    ),
    Faction(
        "firmament",
        "The Firmament",
        flagship("Heaven's Eye", 5),
        "against a player with a control token on your plots: +1 move, repaired at the end "
        "of every combat round",
    ),
    Faction(
        "obsidian",
        "The Obsidian",
        flagship("Heaven's Hollow", 5, dice=3),
    ),
    Faction(
        "last_bastion",
        "The Last Bastion",
        flagship("The Egeiro", 9, dice=1, production=1),
        "+1 to its combat rolls for each non-home system with a planet you control",
        units={"space_dock": unit("space_dock", '4X41C "Helios" V1')},
        upgrades={"space_dock": unit("space_dock", '4X41C "Helios" V2', True)},
    ),
    Faction(
        "ral_nel",
        "The Ral Nel Consortium",
        flagship("Last Dispatch", 8, move=2, capacity=4),
        "when it retreats, you may destroy 1 ship in the system without Sustain Damage",
        units={"destroyer": unit("destroyer", "Linkship I", move=3)},
        upgrades={
            "destroyer": unit(
                "destroyer", "Linkship II", True, move=4, anti_fighter_barrage=AFB(6, 3)
            )
        },
    ),
    Faction("neutral", "Neutral units", None, neutral=True),
)
