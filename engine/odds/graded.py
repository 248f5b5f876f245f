"""Upgraded, faction and damaged units in the exact odds: one table of graded unit types.

A piece of the odds is named by its type and, for anything but the standard
unit, its grade (``engine.ti4.factions.unit_spec``): ``"cruiser|ii"``,
``"dreadnought|sardakk ii"``, ``"flagship|jol_nar"``. :data:`GRADED` looks such
a name up and remembers it; a name always stands for the same values, so the
odds' caches (keyed by name) stay right whatever table an attack reads.
Fleet text takes ``ii`` after a unit (``2 cruiser ii``), ``damaged`` before it
(``1 damaged dreadnought``), ``flagship`` and ``mech`` (a faction's own).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.units import a_unit, spellings
from engine.odds.exact import MAX_FLEET_TEXT, MAX_UNITS, fleet_count
from engine.odds.parts import GRADED, Piece
from engine.ti4.factions import FACTIONS, grade_of, has_upgrade
from engine.ti4.units import UNIT_TYPES

__all__ = ["key_of", "label_order", "parse_pieces"]


def key_of(unit: str, grade: str) -> str:
    """The name of a piece of type ``unit`` and ``grade`` (the bare type if standard)."""
    return f"{unit}|{grade}" if grade else unit


def label_order(names: Iterable[str]) -> list[str]:
    """``names`` in the order a fleet lists them: flagship, then the unit table's, II after I."""
    base = ["flagship", *UNIT_TYPES]
    return sorted(set(names), key=lambda n: (base.index(n.partition("|")[0]), n))


def parse_pieces(text: str, faction: str | None = None) -> list[Piece]:
    """Read ``"2 cruiser ii, 1 damaged dreadnought, flagship"`` into pieces for ``faction``.

    Raises:
        ValueError: naming the item that cannot be read and why.
    """
    if len(text) > MAX_FLEET_TEXT:
        raise ValueError(f"a fleet is at most {MAX_FLEET_TEXT} characters, not {len(text)}")
    pieces: list[Piece] = []
    for position, item in enumerate(text.split(","), start=1):
        words = item.lower().split()
        if not words:
            if text.strip():
                raise ValueError(f"item {position} of {text!r} is empty")
            continue
        count = 1
        if words[0].lstrip("-").isdigit():
            count = fleet_count(words[0], position, item, len(pieces))
            words = words[1:]
        damaged = bool(words) and words[0] == "damaged"
        words = words[damaged:]
        upgraded = len(words) > 1 and words[-1] == "ii"
        words = words[: len(words) - upgraded]
        if not words:
            raise ValueError(f"item {position} ({item.strip()!r}) has no unit")
        unit = _unit(" ".join(words), position, item, faction)
        if upgraded and not has_upgrade(unit, faction):
            whose = f" for {FACTIONS[faction].name}" if faction else ""
            raise ValueError(
                f"item {position} ({item.strip()!r}): {a_unit(unit)} has no upgrade{whose}"
            )
        spec = GRADED[key_of(unit, _grade(unit, faction, upgraded))]
        if damaged and not spec.sustain_damage:
            raise ValueError(
                f"item {position} ({item.strip()!r}): {a_unit(unit)} has no Sustain Damage, "
                "so it cannot be damaged"
            )
        if len(pieces) + count > MAX_UNITS:
            raise ValueError(
                f"item {position} ({item.strip()[:40]!r}) brings the side to more than "
                f"{MAX_UNITS} units: no side can field that many"
            )
        key = key_of(unit, _grade(unit, faction, upgraded))
        pieces.extend([Piece(key, damaged)] * count)
    if sum(p.type.startswith("flagship") for p in pieces) > 1:
        raise ValueError("a side has one flagship (96.2)")
    return pieces


def _grade(unit: str, faction: str | None, upgraded: bool) -> str:
    return grade_of(unit, faction, (unit,) if upgraded else ())


def _unit(name: str, position: int, item: str, faction: str | None) -> str:
    keys = spellings(name)
    if "flagship" in keys:
        if faction is None:
            raise ValueError(
                f"item {position} ({item.strip()!r}): a flagship belongs to a faction: "
                "name the side's faction"
            )
        if FACTIONS[faction].flagship is None:
            raise ValueError(
                f"item {position} ({item.strip()!r}): {FACTIONS[faction].name} have no flagship"
            )
        return "flagship"
    for key in keys:
        if key in UNIT_TYPES:
            return key
    known = ", ".join(["flagship", *UNIT_TYPES])
    raise ValueError(f"item {position} ({item.strip()!r}): unknown unit {name!r}; known: {known}")
