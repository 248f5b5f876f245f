"""Where a 3rd-edition action stands: frozen values kept on the shared ``Game``.

``Game.edition`` is 3 and ``Game.ti3`` holds an :class:`Action3`; the board
(systems, planets, units, command counters as tokens) is the shared one.
Space mines and face-down domain counters, which the 4th edition lacks, are
kept here too. This module imports nothing of the game so ``engine.state``
can hold it; a battle in progress is the shared combat record.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.combat_record import Combat


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
