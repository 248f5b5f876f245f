"""The technologies a 4th-edition scenario may give a player: those the board plays.

A player's ``technologies: [antimass_deflectors, …]`` lists technology cards
they own besides unit upgrades (those are ``upgrades``). Only cards whose
effect the rules engine applies are accepted (an ability of
:mod:`engine.ti4.abilities` of a technology kind that says what the board plays);
any other id is refused with its path, so a scenario never silently carries a
card that does nothing.
"""

from __future__ import annotations

from typing import Any

from engine.core._scenario_checks import ScenarioError, _once, child_path
from engine.core.units import spellings
from engine.ti4.abilities.derived import PLAYABLE_TECHNOLOGIES as TECHNOLOGIES
from engine.ti4.factions import FACTIONS

__all__ = ["TECHNOLOGIES", "technologies_of"]


def technologies_of(raw: Any, faction: str | None, path: str) -> tuple[str, ...]:
    """A player's ``technologies`` entry: known ids, faction technologies only for their faction.

    Raises:
        ScenarioError: not a list of known ids, or another faction's technology.
    """
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise ScenarioError(f"expected a list of technology ids, got {raw!r}", path)
    found: dict[str, str] = {}
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
        if tech.owner is not None and tech.owner != faction:
            owner = FACTIONS[tech.owner].name
            raise ScenarioError(
                f"{tech.name} is a faction technology of {owner}: give the player "
                f"'faction: {tech.owner}'",
                where,
            )
        _once(found, key, where, "the technology")
    return tuple(found)
