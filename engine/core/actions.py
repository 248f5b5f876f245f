"""Where an action in progress stands: the frozen records a :class:`~engine.core.state.Game` holds.

A 4th-edition tactical action is a :class:`Tactical` (its step, active
system, moved ships, the combat under way) with its :class:`Invasion`; a
3rd-edition action is an :class:`Action3` (``Game.edition`` is 3 and
``Game.ti3`` holds it) with its :class:`Landing` records, space mines and
face-down domain counters, which the 4th edition lacks. They are plain data,
so the core's game and codec can hold them without importing either
edition's rules (``engine.ti4``, ``engine.ti3``); a battle in progress is the
shared combat record (:mod:`engine.core.combat_record`).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.combat_record import Combat


@dataclass(frozen=True)
class Invasion:
    """Where the Invasion step stands (LRR 49).

    ``stage``: "bombardment", "commit", "space_cannon_defense", "ground_combat".
    """

    stage: str = "bombardment"
    bombarded_by: tuple[str, ...] = ()
    # Bombardment hits each planet's owner has still to assign: (planet, hits).
    bombard_hits: tuple[tuple[str, int], ...] = ()
    committed: tuple[str, ...] = ()
    defense_queue: tuple[str, ...] = ()
    combat_queue: tuple[str, ...] = ()
    # Planets whose ground combat ended with both sides destroyed: the defender keeps them.
    drawn: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tactical:
    """A tactical action in progress (LRR 89): the active system and the current step."""

    step: str = "activation"
    # The step whose opening has been announced, so each step opens exactly once.
    opened: str | None = None
    active_system: str | None = None
    moved: tuple[str, ...] = ()
    # Systems the moving ships started in or passed through: their capacity and fleet
    # pool are checked when the Move Ships step ends (engine.ti4.movement.apply_end).
    left: tuple[str, ...] = ()
    cannon_queue: tuple[str, ...] = ()
    combat: Combat | None = None
    invasion: Invasion | None = None


@dataclass(frozen=True)
class Landing:
    """Units the active player lands on one planet, and what kind of landing it is."""

    planet: str
    kind: str
    units: tuple[str, ...]


@dataclass(frozen=True)
class Action3:
    """A 3rd-edition action in progress.

    ``action`` is "tactical", "transfer" or ``None`` before the player chose;
    ``step`` is one of ``engine.ti3.flow.STEPS``. ``systems`` are the systems
    activated by this action (one, or two for a transfer). ``moved`` counts
    the units moved in; ``probed`` and ``razed`` name planets; ``fired`` lists
    PDS that fired this action (one system only, in a transfer);
    ``bombarders`` the war suns and dreadnoughts that used their single
    bombardment or raze; ``invasions`` the planets still to fight over, in the
    active player's order once chosen; ``produced_in`` where a transfer
    produced. ``mines`` and ``domains`` describe the board: one entry per
    space mine token as ``(system, owner)``, planets with a face-down domain
    counter by name. ``deep_space_cannon`` lists players whose PDS reach
    adjacent systems.
    """

    step: str = "action"
    opened: str | None = None
    action: str | None = None
    systems: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()
    probed: tuple[str, ...] = ()
    pds_queue: tuple[str, ...] = ()
    fired: tuple[str, ...] = ()
    battle: Combat | None = None
    landings: tuple[Landing, ...] = ()
    bombarders: tuple[str, ...] = ()
    razed: tuple[str, ...] = ()
    invasions: tuple[str, ...] = ()
    gained: tuple[str, ...] = ()
    produced_in: str | None = None
    mines: tuple[tuple[str, str], ...] = ()
    domains: tuple[str, ...] = ()
    deep_space_cannon: tuple[str, ...] = ()
