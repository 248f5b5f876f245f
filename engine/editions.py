"""One board for both editions: the units of a scenario renamed for the edition played.

The 3rd and 4th edition name one unit differently: the 4th edition's infantry
are the 3rd edition's ground forces (both: the unit that lands on and captures
planets). Every other unit both editions have bears the same name. A board
written once (a side-by-side file's systems) may name a unit in either
edition's words; :func:`board_for` rewrites each name for the edition played.
A unit only one edition has (a mech, a flagship) is left as written, so loading
the scenario refuses it with its path, as any unknown unit.
"""

from __future__ import annotations

from typing import Any

from engine.scenario import ScenarioError, child_path
from engine.units import spellings

COUNTERPARTS: dict[int, dict[str, str]] = {
    3: {"infantry": "ground_force"},
    4: {"ground_force": "infantry"},
}
"""Per edition played: the other edition's unit name → this edition's."""


def unit_for(name: str, edition: int) -> str:
    """The name of unit ``name`` (either edition's, any spelling) under ``edition``."""
    for candidate in spellings(name):
        if candidate in COUNTERPARTS[edition]:
            return COUNTERPARTS[edition][candidate]
    return name


def board_for(scenario: dict[str, Any], edition: int) -> dict[str, Any]:
    """``scenario`` with every unit in its systems named for ``edition``.

    Anything not shaped like a board is passed on as it is: loading the
    scenario names the problem by its path.

    Raises:
        ScenarioError: two names in one place stand for the same unit
            (``infantry`` and ``ground_force`` side by side).
    """
    systems = scenario.get("systems")
    if not isinstance(systems, list):
        return dict(scenario)
    renamed = []
    for index, system in enumerate(systems):
        where = child_path("systems", index)
        if isinstance(system, dict):
            system = dict(system)
            if "space" in system:
                system["space"] = _owners(system["space"], child_path(where, "space"), edition)
            if isinstance(system.get("ground"), dict):
                on = child_path(where, "ground")
                system["ground"] = {
                    planet: _owners(owners, child_path(on, planet), edition)
                    for planet, owners in system["ground"].items()
                }
        renamed.append(system)
    return {**scenario, "systems": renamed}


def _owners(owners: Any, path: str, edition: int) -> Any:
    if not isinstance(owners, dict):
        return owners
    return {
        owner: _counts(counts, child_path(path, owner), edition) for owner, counts in owners.items()
    }


def _counts(counts: Any, path: str, edition: int) -> Any:
    if not isinstance(counts, dict):
        return counts
    renamed: dict[str, Any] = {}
    written: dict[str, str] = {}
    for name, count in counts.items():
        new = unit_for(name, edition) if isinstance(name, str) else name
        if new in renamed:
            raise ScenarioError(
                f"{written[new]!r} and {name!r} name the same unit under edition {edition}",
                child_path(path, name),
            )
        renamed[new], written[new] = count, name
    return renamed
