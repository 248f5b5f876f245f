"""The edition-neutral core: the frozen game, the pieces every edition plays with, the registry.

It imports neither edition (``engine.ti4``, ``engine.ti3``); an edition
registers itself in ``editions`` and the core looks it up there.

* ``units`` – what a unit type is (kind, dice, printed attributes) and the
  table a board's pieces are read from, which an edition registers (each
  edition writes its own table); ``events`` – Event,
  Refusal, IllegalChoice and ``refuse``; ``choice`` – building choices and
  their labels; ``dice`` – seeded or scripted dice.
* ``state`` – the frozen game, made of ``board`` (systems, planets, units),
  ``players`` (command sheets, cards) and ``pending`` (what waits for an answer);
  ``actions`` – the action slot every edition fills with its own record of
  the action in progress (``Game.action``); ``combat_record`` – a combat under way;
  ``galaxy`` – adjacency (hex neighbours plus links); ``codec`` – the game to
  JSON and back; ``effects`` – timing windows.
* ``combat`` – attacks and rolling their dice; ``casualties`` – taking hits,
  with the casualty policy the engine and the exact odds share.
* ``editions`` – the registry of editions, and renaming a board's units for
  the edition played; ``scenario`` – checking a scenario and building the
  shared board (``_scenario_board``, ``_scenario_checks``); ``flow`` – any
  game's choices, apply and advance through its edition; ``view`` – the
  shared VIEW and any game's VIEW through its edition.
"""

from __future__ import annotations

from engine.core import (
    actions,
    board,
    casualties,
    choice,
    codec,
    combat,
    combat_record,
    dice,
    editions,
    effects,
    events,
    flow,
    galaxy,
    pending,
    players,
    scenario,
    state,
    units,
    view,
)

__all__ = [
    "actions",
    "board",
    "casualties",
    "choice",
    "codec",
    "combat",
    "combat_record",
    "dice",
    "editions",
    "effects",
    "events",
    "flow",
    "galaxy",
    "pending",
    "players",
    "scenario",
    "state",
    "units",
    "view",
]
