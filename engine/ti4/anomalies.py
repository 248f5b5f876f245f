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

Abilities that change these rules win over them (1.2); each is the moving
ship's owner's (faction sheet, or ``technologies`` in the scenario):

* Antimass Deflectors: your ships move into and through asteroid fields.
* Gashlai Physiology (Muaat): your ships move through supernovas; Magmus
  Reactor (and its Ω version, Muaat technologies): into them.
* Voidborn (Empyrean): nebulae do not affect your ships' movement: into one
  that is not active, through one, and no move 1 out of one.
* Chaos Mapping (Saar): other players cannot activate an asteroid field
  that contains your ships (1.6: "cannot" is absolute).
* Dimensional Tear I/II (the Vuil'raith Cabal's space dock): its system is a
  gravity rift (9.4) for every player, and the Cabal's ships do not roll for it.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.choice import cite
from engine.core.dice import roll
from engine.core.events import Event, IllegalChoice, refuse
from engine.core.state import Game, System, Unit, remove_units
from engine.ti4.abilities.derived import LIFTS, holds
from engine.ti4.abilities.faction_technologies import CHAOS_MAPPING
from engine.ti4.abilities.faction_units import DIMENSIONAL_TEAR

__all__ = [
    "barrier",
    "chaos_mapped",
    "closed",
    "defender_bonus",
    "is_rift",
    "move_rules",
    "move_value",
    "path_problem",
    "rift_exits",
    "rift_rolls",
    "start_move",
]

RIFT_SAFE = 4  # 41.2: a result of 1-3 removes the ship
CARD = "1.2"  # a card's ability takes precedence over the rules it contradicts

# What forbids a ship to move into or through each kind of anomaly, and the rule.
_FORBIDS = {
    ("asteroid_field", "into"): "11.1",
    ("asteroid_field", "through"): "11.1",
    ("supernova", "into"): "86.1",
    ("supernova", "through"): "86.1",
    ("nebula", "through"): "59.1.1",
}


def lifted_by(game: Game, player: str, kind: str, how: str) -> str | None:
    """The player's ability that lets their ships move ``how`` ("into"/"through") a ``kind``
    (its ``lifts``), by name."""
    owner = game.player(player)
    found = next((a for a in LIFTS if (kind, how) in a.lifts and holds(owner, a)), None)
    return found.name if found else None


def barrier(
    game: Game, system: System, player: str, how: str, active: str | None
) -> tuple[str, str] | None:
    """(kind, rule) of the anomaly that keeps the player's ships from moving ``how`` the system.

    ``how`` is "into" (the system ends the move) or "through". A nebula may be
    moved into only when it is the active system (59.1).
    """
    for kind in system.anomalies:
        rule = _FORBIDS.get((kind, how))
        if kind == "nebula" and how == "into" and system.id != active:
            rule = "59.1"
        if rule and lifted_by(game, player, kind, how) is None:
            return kind, rule
    return None


def closed(game: Game, system: System, active: str | None, player: str) -> bool:
    """Whether no ship of ``player`` may move into ``system`` (11.1, 86.1, 59.1)."""
    return barrier(game, system, player, "into", active) is not None


def chaos_mapped(game: Game, system: System, player: str) -> str | None:
    """The other player whose ships and Chaos Mapping keep ``player`` from activating the system."""
    if not system.is_a("asteroid_field"):
        return None
    for owner in dict.fromkeys(u.owner for u in system.space if u.spec.is_ship):
        if owner != player and holds(game.player(owner), CHAOS_MAPPING):
            return owner
    return None


def is_rift(game: Game, system: System) -> bool:
    """Whether the system is a gravity rift: printed, or holding a Dimensional Tear (9.4)."""
    return system.is_a("gravity_rift") or bool(tears(game, system))


def tears(game: Game, system: System) -> tuple[str, ...]:
    """The Vuil'raith Cabal players whose space dock (Dimensional Tear) is in the system."""
    return tuple(
        dict.fromkeys(
            u.owner
            for p in system.planets
            for u in p.units
            if u.type == DIMENSIONAL_TEAR.unit and holds(game.player(u.owner), DIMENSIONAL_TEAR)
        )
    )


def start_move(game: Game, unit: Unit, start: System) -> int:
    """The move value a ship begins the Movement step with: 1 in a nebula (59.2)."""
    move = unit.spec.move or 0
    if not start.is_a("nebula") or lifted_by(game, unit.owner, "nebula", "through"):
        return move
    return min(move, 1)


def rift_exits(game: Game, start: str, path: tuple[str, ...]) -> tuple[int, ...]:
    """Where along ``(start, *path)`` the ship moves out of a gravity rift (41.1, 41.3).

    Index 0 is leaving the start system; the last system is entered, not left.
    """
    seq = (start, *path)
    return tuple(i for i, s in enumerate(seq[:-1]) if is_rift(game, game.system(s)))


def move_value(game: Game, unit: Unit, start: System, path: tuple[str, ...]) -> int:
    """The ship's move value for ``path``: its start value plus 1 per rift exit (41.1)."""
    return start_move(game, unit, start) + len(rift_exits(game, start.id, path))


def move_rules(
    game: Game, unit: Unit, start: System, path: tuple[str, ...]
) -> tuple[tuple[str, ...], str]:
    """The anomaly rules a move follows, and a note for its label (59.1, 59.2, 41.1, 41.2).

    An ability that lifts an anomaly's rule on the way is named, citing the rule and 1.2.
    """
    rules: list[str] = []
    notes: list[str] = []
    if start_move(game, unit, start) < (unit.spec.move or 0):
        rules.append("59.2")
        notes.append("move 1 out of a nebula")
    elif start.is_a("nebula") and (unit.spec.move or 0) > 1:
        rules += [CARD, "59.2"]
        notes.append("Voidborn: full move out of a nebula")
    exits = rift_exits(game, start.id, path)
    if exits:
        rules += ["41.1", "41.2"] + (["41.3"] if len(exits) > 1 else [])
        rolls = "a die" if len(exits) == 1 else f"{len(exits)} dice"
        if any(unit.owner in tears(game, game.system((start.id, *path)[i])) for i in exits):
            rules += ["9.4", CARD]
            rolls = "no die for a Dimensional Tear's rift"
        notes.append(f"+{len(exits)} move from the gravity rift; {rolls} rolled, 1-3 removes it")
    for name, rule, where in _lifts(game, unit.owner, path):
        rules += [CARD, rule]
        notes.append(f"{name}: {where}")
    if game.system(path[-1]).is_a("nebula"):
        rules.append("59.1")
        notes.append("into the active nebula")
    return tuple(dict.fromkeys(rules)), f" ({'; '.join(notes)})" if notes else ""


def _lifts(game: Game, player: str, path: tuple[str, ...]) -> list[tuple[str, str, str]]:
    """(ability, rule it lifts, "into/through <system>") for each anomaly the path crosses."""
    found = []
    for index, system_id in enumerate(path):
        system = game.system(system_id)
        how = "into" if index == len(path) - 1 else "through"
        for kind in system.anomalies:
            rule = _FORBIDS.get((kind, how))
            name = lifted_by(game, player, kind, how)
            if rule and name:
                found.append((name, rule, f"{how} {system.name}"))
    return found


def path_problem(
    game: Game, path: tuple[str, ...], active: str | None, player: str
) -> IllegalChoice | None:
    """Why a path's systems forbid it: asteroid fields, supernovas, nebulae (11.1, 86.1, 59.1).

    The player's abilities that lift a rule are applied; a refusal names the one
    that would have helped the other way (Gashlai Physiology is "through", not "into").
    """
    for index, system_id in enumerate(path):
        system = game.system(system_id)
        last = index == len(path) - 1
        how = "into" if last else "through"
        found = barrier(game, system, player, how, active)
        if found is None:
            continue
        kind, rule = found
        other = lifted_by(game, player, kind, "through" if last else "into")
        hint = (
            f"; {other} lets ships move {'through' if last else 'into'} one, not {how}"
            if other
            else ""
        )
        if kind == "asteroid_field":
            return refuse(f"Cannot move {how} {system.name}: it is an asteroid field{hint}", rule)
        if kind == "supernova":
            rules = (rule, CARD) if other else (rule,)
            return refuse(f"Cannot move {how} {system.name}: it is a supernova{hint}", *rules)
        if system_id == active:
            return refuse(
                f"Cannot move through {system.name}: a ship cannot move into and out of a "
                f"nebula in the same movement",
                "59.1.1",
            )
        return refuse(
            f"Cannot move {how} {system.name}: a ship moves into a nebula only when it is "
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
    rules: tuple[str, ...]
    for exit_at in rift_exits(game, start, path):
        if unit.owner in tears(game, game.system(seq[exit_at])):
            # Dimensional Tear: "your ships do not roll for this gravity rift" (1.2 over 41.2).
            rules = ("9.4", "41.2", CARD)
            text = (
                f"{player}'s {unit.id} leaves {game.system(seq[exit_at]).name}, a gravity rift by "
                f"their Dimensional Tear, without rolling"
            )
            events.append(Event("rift_no_roll", cite(text, rules), rules, _data(unit, 0, [])))
            continue
        results, dice = roll(game.dice, 1)
        game = replace(game, dice=dice)
        result = results[0]
        rift = game.system(seq[exit_at]).name
        if result >= RIFT_SAFE:
            rules = ("41.2", "41.3") if len(events) else ("41.2",)
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
