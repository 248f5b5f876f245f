"""The technologies a 4th-edition scenario may give a player: those the engine plays.

A player's ``technologies: [antimass_deflectors, …]`` lists technology cards
they own besides unit upgrades (those are ``upgrades``). Only cards whose
effect the rules engine applies are accepted; any other id is refused with
its path, so a scenario never silently carries a card that does nothing.
Card texts were read in ti-assistant ``server/data/base/techs.ts`` and
``server/data/base/factions.ts`` (engine/RULES.md, "Unit and faction values");
colours and prerequisites there and in AsyncTI4 ``technologies/technology.json``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core._scenario_checks import ScenarioError, child_path
from engine.core.factions import FACTIONS
from engine.core.units import spellings

__all__ = ["TECHNOLOGIES", "UPGRADE_PREREQUISITES", "Technology", "technologies_of"]


@dataclass(frozen=True)
class Technology:
    """A technology card: its printed name, the faction it belongs to, what the engine plays.

    ``colour`` is ``None`` for a unit upgrade, which satisfies no prerequisite (90.7b);
    ``prerequisites`` lists one colour per symbol (90.8); ``unlocks`` is the unit type
    its owner may produce only with it.
    """

    name: str
    faction: str | None
    played: str
    colour: str | None = None
    prerequisites: tuple[str, ...] = ()
    unlocks: str | None = None


TECHNOLOGIES: dict[str, Technology] = {
    "antimass_deflectors": Technology(
        "Antimass Deflectors",
        None,
        "your ships move into and through asteroid fields; other players' space cannon "
        "rolls against your units get -1",
        "blue",
    ),
    "magmus_reactor": Technology(
        "Magmus Reactor",
        "muaat",
        "your ships move into supernovas (its trade good is not played)",
        "red",
        ("red", "red"),
    ),
    # Codex I's version: the same movement, a different production half (not played).
    "magmus_reactor_omega": Technology(
        "Magmus Reactor Ω",
        "muaat",
        "your ships move into supernovas (its production is not played)",
        "red",
        ("red", "red"),
    ),
    "chaos_mapping": Technology(
        "Chaos Mapping",
        "saar",
        "other players cannot activate asteroid fields that contain your ships "
        "(its production is not played)",
        "blue",
        ("blue",),
    ),
    # A unit upgrade: the faction sheet's war sun has no cost (26.3) until it is owned.
    "war_sun": Technology(
        "War Sun",
        None,
        "its owner may produce war suns",
        None,
        ("yellow", "red", "red", "red"),
        unlocks="war_sun",
    ),
}
"""Technology ids a scenario may name, in snake case."""

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


def technologies_of(raw: Any, faction: str | None, path: str) -> tuple[str, ...]:
    """A player's ``technologies`` entry: known ids, faction technologies only for their faction.

    Raises:
        ScenarioError: not a list of known ids, or another faction's technology.
    """
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ScenarioError(f"expected a list of technology ids, got {raw!r}", path)
    found: list[str] = []
    for index, item in enumerate(raw):
        where = child_path(path, index)
        key = spellings(item)[0] if isinstance(item, str) else ""
        tech = TECHNOLOGIES.get(key)
        if tech is None:
            known = ", ".join(TECHNOLOGIES)
            raise ScenarioError(
                f"unknown or unplayed technology {item!r} (technologies: {known}; unit upgrades "
                f"go in 'upgrades')",
                where,
            )
        if tech.faction is not None and tech.faction != faction:
            owner = FACTIONS[tech.faction].name
            raise ScenarioError(
                f"{tech.name} is a faction technology of {owner}: give the player "
                f"'faction: {tech.faction}'",
                where,
            )
        found.append(key)
    return tuple(dict.fromkeys(found))
