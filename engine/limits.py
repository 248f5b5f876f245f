"""What the engine's API accepts, checked before anything is built from it.

Share links and walkthrough files come from strangers, and the browser runs the
engine on whatever they hold: a call that nests 5,000 deep, names 10⁶ fighters
or carries a 5,000-digit number must be answered with a readable refusal at
once, not after minutes of work or with a traceback. Every check here is linear
in the size of its input and allocates nothing in proportion to a number it
reads. A problem is a :class:`LimitError` naming the field it is in.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any

from engine.core.units import unit_type
from engine.ti4.units import REINFORCEMENTS, TOKEN_PLACES, UNIT_TYPES

MAX_DEPTH = 32  # a state nests about 8 deep; a scenario fewer
MAX_VALUES = 200_000  # every list item, mapping entry and scalar of one argument
MAX_TEXT = 100_000  # characters in one string
MAX_NUMBER = 2**53  # integers past this lose precision in the browser's JSON
MAX_PLAYERS = 8  # the most a game of Twilight Imperium seats
MAX_SYSTEMS = 100  # a full 8-player map is 61 systems
MAX_SCRIPT = 1_000

# The plastic units of each colour and the places a player's fighter and infantry tokens
# may be (96.2, 36.3, 46.3) are the 4th edition's unit facts: engine.ti4.units.
# The most structures of one kind a player has on one planet: 85.4 / 79.3 and 85.5 / 63.3.
PER_PLANET: Mapping[str, tuple[int, tuple[str, ...]]] = {
    "space_dock": (1, ("85.4", "79.3")),
    "pds": (2, ("85.5", "63.3")),
}
MAX_UNLIMITED_UNITS = 100  # fighters and infantry of one player on one board
assert set(UNIT_TYPES) <= set(REINFORCEMENTS) | set(TOKEN_PLACES)


class LimitError(ValueError):
    """An argument outside what the API accepts, at ``path`` (``systems[2].space.red``)."""

    def __init__(self, message: str, path: str) -> None:
        self.message = message
        self.path = path
        super().__init__(f"{path}: {message}" if path else message)


def _child(path: str, key: object) -> str:
    return f"{path}[{key}]" if isinstance(key, int) else f"{path}.{key}" if path else str(key)


def check_json(value: Any, path: str) -> None:
    """``value`` is plain JSON (mappings with text keys, lists, text, numbers, true/false,
    null) within the depth, size, text and number bounds above.

    Iterative, so a value nested far deeper than the limit is refused without recursion.
    """
    stack: list[tuple[Any, str, int]] = [(value, path, 0)]
    seen = 0
    while stack:
        item, where, depth = stack.pop()
        seen += 1
        if seen > MAX_VALUES:
            raise LimitError(f"more than {MAX_VALUES:,} values", path)
        if isinstance(item, dict | list) and depth >= MAX_DEPTH:
            raise LimitError(f"nested deeper than {MAX_DEPTH} levels", where)
        if isinstance(item, dict):
            for key, child in item.items():
                if not isinstance(key, str):
                    raise LimitError(f"a key must be text, got {type(key).__name__}", where)
                stack.append((child, _child(where, key), depth + 1))
        elif isinstance(item, list):
            stack.extend((child, _child(where, i), depth + 1) for i, child in enumerate(item))
        elif isinstance(item, str):
            if len(item) > MAX_TEXT:
                raise LimitError(f"text longer than {MAX_TEXT:,} characters", where)
        elif isinstance(item, bool) or item is None:
            continue
        elif isinstance(item, int):
            if abs(item) > MAX_NUMBER:
                raise LimitError(f"a number beyond ±2**53: {_short_number(item)}", where)
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise LimitError(f"not a finite number: {item}", where)
        else:
            raise LimitError(f"not a JSON value: {type(item).__name__}", where)


def _short_number(value: int) -> str:
    # str() of a 5,000-digit int is refused by Python itself; the size is what matters.
    return f"{value.bit_length()} bits"


def _unit_counts(scenario: Mapping[str, Any]) -> Iterator[tuple[str, str, str, int]]:
    """(path, owner, unit type, count) of every unit count a scenario's board places."""
    systems = scenario.get("systems")
    for s, system in enumerate(systems if isinstance(systems, list) else ()):
        if not isinstance(system, dict):
            continue
        where = _child("systems", s)
        places = [(_child(where, "space"), system.get("space"))]
        ground = system.get("ground")
        if isinstance(ground, dict):
            places += [(_child(_child(where, "ground"), p), v) for p, v in ground.items()]
        for place, owners in places:
            for owner, counts in (owners or {}).items() if isinstance(owners, dict) else ():
                for name, count in counts.items() if isinstance(counts, dict) else ():
                    if isinstance(name, str) and isinstance(count, int):
                        yield _child(_child(place, owner), name), owner, name, count


def check_scenario(scenario: Any) -> None:
    """A scenario's counts within the game's own limits, before its units are built.

    Shapes and names are the scenario loader's business; this bounds only how much
    it would build: players, systems, script steps and units per player and type.
    """
    if not isinstance(scenario, dict):
        return
    for key, most in (("players", MAX_PLAYERS), ("systems", MAX_SYSTEMS), ("script", MAX_SCRIPT)):
        value = scenario.get(key)
        if isinstance(value, list) and len(value) > most:
            raise LimitError(f"{len(value)} entries; at most {most}", key)
    totals: dict[tuple[str, str], int] = {}
    places: dict[tuple[str, str], set[str]] = {}
    for path, owner, name, count in _unit_counts(scenario):
        try:
            kind = unit_type(name, UNIT_TYPES).name
        except KeyError:
            continue  # the loader names the unknown unit
        if kind in TOKEN_PLACES and count > 0:
            held = places.setdefault((owner, kind), set())
            held.add(path.rpartition(".")[0].rpartition(".")[0])
            if len(held) > TOKEN_PLACES[kind]:
                rule = "36.3" if kind == "fighter" else "46.3"
                raise LimitError(
                    f"{owner!r} has {kind} units in more than {TOKEN_PLACES[kind]} places: a "
                    f"token stands in only beside a plastic {kind}, and a colour has "
                    f"{TOKEN_PLACES[kind]} (rules 96.2, 23.4, {rule})",
                    path,
                )
        most = REINFORCEMENTS.get(kind, MAX_UNLIMITED_UNITS)
        totals[owner, kind] = totals.get((owner, kind), 0) + max(count, 0)
        if totals[owner, kind] > most:
            why = (
                "a colour's plastic units (rules 96.2, 23.4)"
                if kind in REINFORCEMENTS
                else "this engine's bound on fighters and ground forces"
            )
            raise LimitError(f"more than {most} {kind} units for {owner!r}: {why}", path)
