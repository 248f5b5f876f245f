"""The game state: frozen values only, so every operation returns a new state.

A :class:`Game` holds the galaxy (systems with planets and units: :mod:`engine.core.board`),
the players with their command tokens and cards (:mod:`engine.core.players`), where play
stands (action phase or a tactical action and its current step, what waits for a player's
answer: :mod:`engine.core.pending`) and the log of what happened. Queries and small
replacements of the whole game live here; the rules live in the step modules.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.core.actions import Action
from engine.core.board import (
    ANOMALIES,
    TRAITS,
    WORMHOLES,
    Planet,
    System,
    Unit,
    owners_with_ships,
    ships_of,
    with_planet,
    without_units,
)
from engine.core.combat_record import Combat
from engine.core.dice import Dice
from engine.core.events import Event
from engine.core.pending import PendingHits, PendingRemoval, PendingToken
from engine.core.players import Player, StrategyCard

# The board's, the players' and the pending values are read from here too: the game's
# module is where the rest of the engine finds every part of the state.
__all__ = [
    "ANOMALIES",
    "TRAITS",
    "WORMHOLES",
    "Combat",
    "Effect",
    "Game",
    "Objective",
    "PendingHits",
    "PendingRemoval",
    "PendingToken",
    "Planet",
    "Player",
    "StrategyCard",
    "System",
    "Unit",
    "next_unit_ids",
    "owners_with_ships",
    "remove_units",
    "replace_unit",
    "ships_of",
    "with_planet",
    "without_units",
]


@dataclass(frozen=True)
class Effect:
    """An ability that fires in a timing window ("end_of_action", "end_of_turn", ...)."""

    owner: str
    window: str
    text: str


@dataclass(frozen=True)
class Objective:
    """A revealed public objective: its victory points and who has scored it (61.12).

    The engine cannot read an objective's requirement, so the scenario names the
    players who fulfil it (``qualifies``).
    """

    name: str
    points: int = 1
    scored_by: tuple[str, ...] = ()
    qualifies: tuple[str, ...] = ()


@dataclass(frozen=True)
class Game:
    """Everything about a game at one moment.

    ``phase`` is "action_phase", "tactical_action", "status_phase" or "game_over"
    (a player reached 10 victory points, 98.7).
    ``standalone`` is true when the scenario starts inside a tactical action:
    the game finishes when that action ends instead of going on to another turn.
    ``secondary_queue`` lists the players who may still resolve the secondary
    ability of ``secondary_card``. ``removals`` are limits to check, in order,
    before play goes on (see :mod:`engine.ti4.excess`); ``pending_tokens`` command
    tokens whose owner must first say which pool they come from.
    """

    title: str
    dice: Dice
    players: tuple[Player, ...]
    systems: tuple[System, ...]
    links: tuple[tuple[str, str], ...] = ()
    phase: str = "action_phase"
    active_player: str | None = None
    standalone: bool = False
    # The action in progress, as its edition records it (engine.core.actions).
    action: Action | None = None
    pending: PendingHits | None = None
    removals: tuple[PendingRemoval, ...] = ()
    secondary_card: str | None = None
    secondary_queue: tuple[str, ...] = ()
    # Players the active player chose to resolve the secondary free (Trade, LRR 92.4).
    secondary_free: tuple[str, ...] = ()
    # Command tokens waiting for their owner to name the pool they come from (20.3b).
    pending_tokens: tuple[PendingToken, ...] = ()
    # The player holding the speaker token (80) and the revealed public objectives (61).
    speaker: str | None = None
    objectives: tuple[Objective, ...] = ()
    effects: tuple[Effect, ...] = ()
    # Laws in play that act on every player, by id (the 4th edition's agendas).
    laws: tuple[str, ...] = ()
    log: tuple[Event, ...] = field(default=())
    # Which edition's rules play this game (and record its ``action``).
    edition: int = 4

    # --- players -------------------------------------------------------------------

    def player(self, player_id: str) -> Player:
        for player in self.players:
            if player.id == player_id:
                return player
        raise KeyError(player_id)

    def player_name(self, player_id: str) -> str:
        return self.player(player_id).name

    def seating_from(self, first: str) -> tuple[str, ...]:
        """Player ids clockwise from ``first``: the scenario lists players in seating order."""
        ids = [p.id for p in self.players]
        start = ids.index(first)
        return tuple(ids[start:] + ids[:start])

    def with_player(self, player: Player) -> Game:
        return replace(
            self, players=tuple(player if p.id == player.id else p for p in self.players)
        )

    # --- systems and units ----------------------------------------------------------

    def system(self, system_id: str) -> System:
        for system in self.systems:
            if system.id == system_id:
                return system
        raise KeyError(system_id)

    def with_system(self, system: System) -> Game:
        return replace(
            self, systems=tuple(system if s.id == system.id else s for s in self.systems)
        )

    def locate(self, unit_id: str) -> tuple[System, Planet | None, Unit]:
        """Find a unit: its system, its planet (``None`` in space) and the unit."""
        for system in self.systems:
            for unit in system.space:
                if unit.id == unit_id:
                    return system, None, unit
            for planet in system.planets:
                for unit in planet.units:
                    if unit.id == unit_id:
                        return system, planet, unit
        raise KeyError(unit_id)

    def planets_of(self, player_id: str) -> tuple[tuple[System, Planet], ...]:
        """The planets a player controls, with their systems."""
        return tuple((s, p) for s in self.systems for p in s.planets if p.controller == player_id)

    @property
    def active_system(self) -> System | None:
        """The system the action in progress activated, once it has."""
        activated = self.action.activated if self.action else None
        return None if activated is None else self.system(activated)

    def logged(self, *events: Event) -> Game:
        return replace(self, log=self.log + events)


def remove_units(game: Game, ids: set[str] | frozenset[str]) -> Game:
    """Take the given units off the board wherever they are."""
    systems = tuple(
        replace(
            s,
            space=without_units(s.space, ids),
            planets=tuple(replace(p, units=without_units(p.units, ids)) for p in s.planets),
        )
        for s in game.systems
    )
    return replace(game, systems=systems)


def replace_unit(game: Game, unit: Unit) -> Game:
    """Put a changed unit (damaged, say) back where it is."""

    def swap(units: tuple[Unit, ...]) -> tuple[Unit, ...]:
        return tuple(unit if u.id == unit.id else u for u in units)

    systems = tuple(
        replace(
            s,
            space=swap(s.space),
            planets=tuple(replace(p, units=swap(p.units)) for p in s.planets),
        )
        for s in game.systems
    )
    return replace(game, systems=systems)


def next_unit_ids(game: Game, owner: str, type_name: str, count: int) -> tuple[str, ...]:
    """Fresh readable ids for new units, continuing the owner's numbering for that type."""
    prefix = f"{owner}-{type_name}-"
    taken = [
        int(u.id.removeprefix(prefix))
        for s in game.systems
        for u in s.all_units()
        if u.id.startswith(prefix) and u.id.removeprefix(prefix).isdigit()
    ]
    start = max(taken, default=0) + 1
    return tuple(f"{prefix}{n}" for n in range(start, start + count))
