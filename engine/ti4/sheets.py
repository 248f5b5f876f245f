"""A 4th-edition player's sheet in a scenario: ``faction``, ``upgrades``, ``technologies``,
the counts the strategy cards read and change (commodities, victory points, secret
objectives, action cards beyond the named ones) and the ``home`` system.

The shared board (:mod:`engine.core._scenario_board`) reads these keys through
:data:`SHEETS` and asks it each unit's values: a faction's own unit or flagship
(:mod:`engine.ti4.factions`), upgraded where the player owns the upgrade (97.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core._scenario_board import unit_type_at
from engine.core._scenario_checks import ScenarioError, _count, _ident, _list, _once, child_path
from engine.core.state import Player
from engine.core.units import UnitType, a_unit, spellings, unit_type
from engine.ti4.factions import FACTIONS, grade_of, has_upgrade, unit_spec
from engine.ti4.holdings import KEYS, holdings
from engine.ti4.roles import TOKENS, with_role
from engine.ti4.technologies import technologies_of
from engine.ti4.units import UNIT_TYPES, UPGRADES

__all__ = ["SHEETS", "Sheets4"]


# Counts a player starts with (0 unless the scenario says): what the strategy cards read.
_COUNTS = (
    "commodities",
    "victory_points",
    "secret_objectives",
    "scored_secrets",
    "unnamed_action_cards",
)


class Sheets4:
    """The 4th edition's player sheets (:class:`engine.core._scenario_board.Sheets`)."""

    keys = frozenset({"faction", "upgrades", "technologies", "home", *_COUNTS}) | KEYS

    def player(self, entry: Mapping[str, Any], where: str) -> dict[str, Any]:
        """A player's ``faction`` (an id of engine.ti4.factions), ``upgrades`` (unit types),
        ``technologies`` (ids the engine plays), counts and ``home`` (a system id)."""
        faction = entry.get("faction")
        if faction is not None and (not isinstance(faction, str) or faction not in FACTIONS):
            known = ", ".join(FACTIONS)
            raise ScenarioError(
                f"unknown faction {faction!r} (factions: {known})", child_path(where, "faction")
            )
        upgrades: dict[str, str] = {}
        at = child_path(where, "upgrades")
        for index, name in enumerate(_list(entry.get("upgrades", []), at)):
            item = child_path(at, index)
            if not isinstance(name, str):
                raise ScenarioError(f"expected a unit type, got {name!r}", item)
            key = next((k for k in spellings(name) if k in UNIT_TYPES or k == "flagship"), None)
            if key is None:
                raise ScenarioError(f"unknown unit {name!r}", item)
            if not has_upgrade(key, faction):
                whose = f" for {FACTIONS[faction].name}" if faction else ""
                raise ScenarioError(
                    f"{a_unit(key.replace('_', ' '))} has no unit upgrade{whose} (97.1): "
                    f"upgrades exist for {', '.join(_upgradable(faction))}",
                    item,
                )
            _once(upgrades, key, item, "the upgrade")
        techs = technologies_of(
            entry.get("technologies"), faction, child_path(where, "technologies")
        )
        counts = {k: _count(entry.get(k, 0), child_path(where, k)) for k in _COUNTS}
        home = _ident(entry["home"], child_path(where, "home")) if "home" in entry else None
        return {
            "faction": faction,
            "upgrades": tuple(upgrades),
            "technologies": techs,
            "home": home,
            **counts,
            **holdings(entry, where, techs),
        }

    def unit(self, name: str, player: Player | None, where: str) -> tuple[UnitType, str]:
        """The unit ``name`` stands for (a flagship: its owner's faction's) and its grade;
        ``galvanized cruiser``: a cruiser bearing a galvanize token (Phoenix Standard)."""
        first, _, rest = name.strip().partition(" ")
        if first.lower() in TOKENS and rest.strip():
            spec, grade = self.unit(rest, player, where)
            grade = with_role(grade, first.lower())
            return unit_spec(spec.name, grade), grade
        faction = player.faction if player else None
        if "flagship" in spellings(name):
            if faction is None:
                raise ScenarioError(
                    "a flagship belongs to a faction: give its owner a 'faction'", where
                )
            spec = unit_spec("flagship", faction)
        else:
            spec = unit_type_at(name, where, _lookup)
        grade = grade_of(spec.name, faction, player.upgrades if player else ())
        return (unit_spec(spec.name, grade) if grade else spec), grade


def _lookup(name: str) -> UnitType:
    return unit_type(name, UNIT_TYPES)


def _upgradable(faction: str | None) -> list[str]:
    names = dict.fromkeys([*UPGRADES, *(FACTIONS[faction].upgrades if faction else ())])
    return [n.replace("_", " ") for n in names]


SHEETS = Sheets4()
"""The sheets a 4th-edition scenario's players are read with."""
