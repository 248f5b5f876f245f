"""Anomalies in a tactical action's movement (LRR 9, 11, 41, 59, 86).

A system's ``anomalies`` (:class:`engine.core.state.System`) say which kinds
it is; a system that is two kinds has the properties of both (9.5).

* Asteroid field and supernova: a ship moves neither into nor through one
  (11.1, 86.1); a ship that starts there may move out.
* Nebula: a ship moves into one only when it is the active system (59.1) and
  never through one (59.1.1); a ship that begins the Movement step in a nebula
  has move value 1 for that step (59.2), which other effects may raise
  (59.2.1): a gravity rift's +1 does. Its defender's +1 in space combat
  (59.3) is :func:`defender_bonus`.
* Gravity rift: each time a ship moves out of or through one it gets +1 to
  its move value (41.1, 41.1.1, 41.3) and a die is rolled just before it
  exits; on 1–3 the ship is removed from the board with the units it
  transports (41.2, 41.2.1, 41.2.2), back to its owner's reinforcements
  (41.2.3). Several rifts in one system are one rift (41.4): a system is a
  rift or not.

The engine moves ships one choice at a time, so a ship's rift dice are rolled
when that ship moves, not after every moving ship is declared.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.choice import cite
from engine.core.dice import roll
from engine.core.events import Event, IllegalChoice, refuse
from engine.core.state import Game, System, Unit, remove_units

__all__ = [
    "closed",
    "defender_bonus",
    "move_rules",
    "move_value",
    "path_problem",
    "rift_exits",
    "rift_rolls",
    "start_move",
]

RIFT_SAFE = 4  # 41.2: a result of 1-3 removes the ship


def closed(system: System, active: str | None) -> bool:
    """Whether no ship may move into ``system`` (11.1, 86.1, 59.1)."""
    if system.is_a("asteroid_field") or system.is_a("supernova"):
        return True
    return system.is_a("nebula") and system.id != active


def start_move(unit: Unit, start: System) -> int:
    """The move value a ship begins the Movement step with: 1 in a nebula (59.2)."""
    move = unit.spec.move or 0
    return min(move, 1) if start.is_a("nebula") and move else move


def rift_exits(game: Game, start: str, path: tuple[str, ...]) -> tuple[int, ...]:
    """Where along ``(start, *path)`` the ship moves out of a gravity rift (41.1, 41.3).

    Index 0 is leaving the start system; the last system is entered, not left.
    """
    seq = (start, *path)
    return tuple(i for i, s in enumerate(seq[:-1]) if game.system(s).is_a("gravity_rift"))


def move_value(game: Game, unit: Unit, start: System, path: tuple[str, ...]) -> int:
    """The ship's move value for ``path``: its start value plus 1 per rift exit (41.1)."""
    return start_move(unit, start) + len(rift_exits(game, start.id, path))


def move_rules(
    game: Game, unit: Unit, start: System, path: tuple[str, ...]
) -> tuple[tuple[str, ...], str]:
    """The anomaly rules a move follows, and a note for its label (59.1, 59.2, 41.1, 41.2)."""
    rules: list[str] = []
    notes: list[str] = []
    if start.is_a("nebula") and (unit.spec.move or 0) > 1:
        rules.append("59.2")
        notes.append("move 1 out of a nebula")
    exits = rift_exits(game, start.id, path)
    if exits:
        rules += ["41.1", "41.2"] + (["41.3"] if len(exits) > 1 else [])
        rolls = "a die" if len(exits) == 1 else f"{len(exits)} dice"
        notes.append(f"+{len(exits)} move from the gravity rift; {rolls} rolled, 1-3 removes it")
    if game.system(path[-1]).is_a("nebula"):
        rules.append("59.1")
        notes.append("into the active nebula")
    return tuple(rules), f" ({'; '.join(notes)})" if notes else ""


def path_problem(game: Game, path: tuple[str, ...], active: str | None) -> IllegalChoice | None:
    """Why a path's systems forbid it: asteroid fields, supernovas, nebulae (11.1, 86.1, 59.1)."""
    for index, system_id in enumerate(path):
        system = game.system(system_id)
        last = index == len(path) - 1
        how = "into" if last else "through"
        if system.is_a("asteroid_field"):
            return refuse(f"Cannot move {how} {system.name}: it is an asteroid field", "11.1")
        if system.is_a("supernova"):
            return refuse(f"Cannot move {how} {system.name}: it is a supernova", "86.1")
        if system.is_a("nebula") and not last:
            if system_id == active:
                return refuse(
                    f"Cannot move through {system.name}: a ship cannot move into and out of a "
                    f"nebula in the same movement",
                    "59.1.1",
                )
            return refuse(
                f"Cannot move through {system.name}: a ship moves into a nebula only when it is "
                f"the active system, and never through one",
                "59.1",
                "59.1.1",
            )
    return None


def rift_rolls(
    game: Game, unit: Unit, start: str, path: tuple[str, ...], cargo: dict[str, str]
) -> tuple[Game, tuple[Event, ...], bool]:
    """Roll for each rift exit of a ship that has moved along ``path``; remove it on 1-3.

    ``cargo`` maps each transported unit to the system it was picked up in.
    Transported units roll no die (41.2.1); those aboard when the ship is
    removed go with it (41.2.2); units it would have picked up further on stay
    where they were. Returns the game, the events and whether the ship survived.
    """
    seq = (start, *path)
    player = game.player_name(unit.owner)
    events: list[Event] = []
    for exit_at in rift_exits(game, start, path):
        results, dice = roll(game.dice, 1)
        game = replace(game, dice=dice)
        result = results[0]
        rift = game.system(seq[exit_at]).name
        if result >= RIFT_SAFE:
            rules: tuple[str, ...] = ("41.2", "41.3") if len(events) else ("41.2",)
            text = (
                f"{player} rolls {result} for {unit.id} leaving the gravity rift {rift}: it goes on"
            )
            events.append(Event("rift_roll", cite(text, rules), rules, _data(unit, result, [])))
            continue
        aboard = [u for u, origin in cargo.items() if seq.index(origin) <= exit_at]
        lost = [unit.id, *aboard]
        game = remove_units(game, set(lost))
        rules = ("41.2", "41.2.2", "41.2.3") if aboard else ("41.2", "41.2.3")
        with_cargo = f" with {', '.join(aboard)} aboard" if aboard else ""
        text = (
            f"{player} rolls {result} for {unit.id} leaving the gravity rift {rift}: "
            f"{unit.id}{with_cargo} is removed and returns to reinforcements"
        )
        events.append(Event("rift_removed", cite(text, rules), rules, _data(unit, result, lost)))
        return game, tuple(events), False
    return game, tuple(events), True


def _data(unit: Unit, result: int, removed: list[str]) -> dict[str, object]:
    return {"unit": unit.id, "result": result, "removed": removed}


def defender_bonus(system: System, kind: str) -> int:
    """What the defender adds to each combat roll of their ships: +1 in a nebula (59.3).

    Space combat only: a ground combat in a nebula has no bonus.
    """
    return 1 if kind == "space" and system.is_a("nebula") else 0
