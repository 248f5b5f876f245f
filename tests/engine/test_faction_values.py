"""Every faction unit's printed values against a table read from two public sources.

``data/faction_units.json`` holds one row per faction unit card (flagships, mechs, faction
units and their upgrades) of the base game, Prophecy of Kings, the Council Keleres and
Thunder's Edge: its values as AsyncTI4's unit data gives them, each row checked against
ti-assistant's faction sheets and technologies (``read_in`` names both places; where the
two disagree or one is silent, the row says so). engine/RULES.md, "Unit and faction
values", says how the table was made. A wrong value in engine/ti4/factions (Strike Wing
Alpha I at combat 9 instead of its printed 8) fails here.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core.units import DiceAbility, UnitType
from engine.odds.graded import key_of
from engine.odds.parts import GRADED
from engine.ti4.factions import FACTIONS, grade_of, unit_spec

ROWS: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "data" / "faction_units.json").read_text(encoding="utf-8")
)


def _engine_unit(row: dict[str, Any]) -> UnitType:
    faction, unit = row["faction"], row["unit"]
    if row.get("side") == "zgrav":
        return GRADED[key_of(unit, f"{faction} zgrav")]
    if unit == "flagship":
        return unit_spec(unit, f"{faction} ii" if row["upgraded"] else faction)
    return unit_spec(unit, grade_of(unit, faction, (unit,) if row["upgraded"] else ()))


def _dice(ability: DiceAbility | None) -> list[int] | None:
    return None if ability is None else [ability.value, ability.dice]


def _printed(row: dict[str, Any]) -> dict[str, Any]:
    """The engine's values of the row's unit, as the card prints them."""
    spec = _engine_unit(row)
    combat = _dice(spec.combat)
    if combat is not None:  # unit_spec folds in Unrelenting (+1) / Fragile (-1)
        combat[0] += FACTIONS[row["faction"]].combat_modifier
    production: int | str | None = spec.production
    if spec.production_adds_resources:
        production = f"+{spec.production}"
    return {
        "cost": None if spec.cost is None else [spec.cost, spec.per_cost],
        "combat": combat,
        "move": spec.move,
        "capacity": spec.capacity,
        "sustain_damage": spec.sustain_damage,
        "anti_fighter_barrage": _dice(spec.anti_fighter_barrage),
        "bombardment": _dice(spec.bombardment),
        "space_cannon": _dice(spec.space_cannon),
        "production": production,
        "planetary_shield": spec.planetary_shield,
    }


@pytest.mark.parametrize(
    "row", ROWS, ids=[f"{r['faction']}-{r['printed']}-{r.get('side', '')}" for r in ROWS]
)
def test_every_faction_unit_has_its_printed_values(row: dict[str, Any]) -> None:
    expected = {k: row[k] for k in _printed(row)}
    assert _printed(row) == expected, row["read_in"]


def test_strike_wing_alpha_i_prints_combat_8_in_the_table() -> None:
    (row,) = [r for r in ROWS if r["printed"] == "Strike Wing Alpha I"]
    assert row["combat"] == [8, 1] and _printed(row)["combat"] == [8, 1]


def test_every_unit_on_a_faction_sheet_is_in_the_table() -> None:
    """No faction unit escapes the check: each sheet's cards are rows of the table."""
    rows = {(r["faction"], r["unit"], r["upgraded"]) for r in ROWS if "side" not in r}
    for faction in FACTIONS.values():
        if faction.neutral:
            continue
        cards = [("flagship", False), *((u, False) for u in faction.units)]
        cards += [(u, True) for u in faction.upgrades]
        for unit, upgraded in cards:
            assert (faction.id, unit, upgraded) in rows, (faction.id, unit, upgraded)
    for row in ROWS:
        assert row["read_in"]["AsyncTI4"] and row["read_in"]["ti-assistant"], row["printed"]
