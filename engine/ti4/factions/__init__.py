"""The factions: their sheets (flagships, faction units, mechs) and a unit's values by grade.

Each sheet is one :class:`~engine.ti4.factions.model.Faction` in the module of its
expansion: ``base`` (the 17 of the base game), ``pok`` (Prophecy of
Kings' 7), ``codex`` (the Council Keleres), ``thunders_edge`` (Thunder's
Edge's, and the neutral units). Values from the faction sheets as transcribed in
ti-assistant and AsyncTI4, each checked against the other (engine/RULES.md, "Unit and
faction values"; ``tests/engine/data/faction_units.json``). :func:`unit_spec` looks a
unit up by type and *grade*: the faction's id and ``ii`` once upgraded (97.4), e.g.
``"sardakk ii"``; a faction unit and its upgrade replace the standard ones. Unrelenting
(+1) and Fragile (-1) are in the values looked up; flagship abilities are applied in play
(engine.core.combat) and by the odds.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from engine.core.units import DiceAbility, UnitType
from engine.ti4.factions import base, codex, model, pok, thunders_edge
from engine.ti4.factions.base import BASE_GAME
from engine.ti4.factions.codex import CODEX
from engine.ti4.factions.model import Faction
from engine.ti4.factions.pok import PROPHECY_OF_KINGS
from engine.ti4.factions.thunders_edge import THUNDERS_EDGE
from engine.ti4.roles import lent, split, with_roles
from engine.ti4.units import UNIT_TYPES, UPGRADES

__all__ = [
    "FACTIONS",
    "Faction",
    "base",
    "codex",
    "grade_of",
    "has_upgrade",
    "model",
    "pok",
    "thunders_edge",
    "unit_spec",
]


# Commodity values (21.2; 3 unless named) of the base game's and Prophecy of Kings' sheets:
# ti-assistant factions.ts, AsyncTI4 factions/*.json. The later sheets' are not held yet.
_COMMODITIES = dict.fromkeys(("letnev", "l1z1x", "mentak", "yin", "titans", "vuil_raith"), 2)
_COMMODITIES |= {"hacan": 6} | dict.fromkeys(("muaat", "sol", "creuss", "jol_nar", "xxcha"), 4)
_COMMODITIES |= {"empyrean": 4, "nomad": 4}
FACTIONS: dict[str, Faction] = {
    f.id: replace(f, commodities=_COMMODITIES.get(f.id, 3))
    for f in (*BASE_GAME, *PROPHECY_OF_KINGS)
} | {f.id: f for f in (*CODEX, *THUNDERS_EDGE)}
"""Every faction by id: the base game's, then each expansion's, then the neutral units."""


def has_upgrade(unit: str, faction: str | None = None) -> bool:
    """Whether ``unit`` has an upgrade card (for ``faction``'s sheet, if given)."""
    if faction is not None and FACTIONS[faction].neutral:
        return False  # neutral units are never upgraded
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
        KeyError: an unknown type, faction, or a flagship without a faction (or of the
            neutral units, which have none).
    """
    base_grade, roles = split(grade)
    if roles:
        spec = with_roles(unit_spec(unit, base_grade), roles)
        if "memoria" in roles or "memoriaii" in roles:  # The Cavalry: as the Nomad's flagship
            flagship = "nomad ii" if "memoriaii" in roles else "nomad"
            return lent(spec, unit_spec("flagship", flagship))
        return spec
    parts = base_grade.split()
    upgraded = "ii" in parts
    named = [p for p in parts if p != "ii"]
    faction = FACTIONS[named[0]] if named else None
    if unit == "flagship":
        if faction is None:
            raise KeyError("a flagship belongs to a faction: name the player's faction")
        own = faction.upgrades.get("flagship", faction.flagship) if upgraded else faction.flagship
        if own is None:
            raise KeyError(f"{faction.name} have no flagship")
        spec = own
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
