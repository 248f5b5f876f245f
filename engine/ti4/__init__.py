"""The 4th-edition (TI4) rules: the tactical action and the action phase.

Every choice, event and refusal cites its rules by their anchor ids on the
site or by Living Rules Reference numbers. It depends on the core only
(:mod:`engine.core`) and on the exact odds (:mod:`engine.odds`, for the VIEW
of a combat). Importing ``engine.ti4.edition`` registers the 4th edition in
:mod:`engine.core.editions` and its unit table as the board's pieces'
(``engine`` does so when imported); the package itself imports nothing, so
the odds can read the edition's facts (``units``, ``factions``, ``abilities``)
without loading its rules.

* The steps of a tactical action (LRR 89): ``activation``, ``movement``
  (with transport), ``space_cannon`` (offense), ``space_combat``,
  ``invasion`` (bombardment, commit, space cannon defense; its ground combat
  and control in ``ground_combat``), ``production``; ``combat_round`` – the
  roll-then-assign round both combats share; ``hits`` – hits waiting for
  their owner to assign them; ``excess`` – capacity and fleet pool, and the
  owner's choice of what to remove when over; ``anomalies`` – asteroid
  fields, nebulae, supernovas and gravity rifts in movement and combat, and
  the abilities that change their rules; ``paths`` – where a ship may move;
  ``reinforcements`` – what production may take from them; ``producing`` – the
  production checks a card's production shares (costs, docks, unit technologies);
  ``tokens`` – command tokens placed with none left in reinforcements (20.3b).
* ``action_phase`` – turns, strategic/tactical/component actions, passing
  (LRR 3); ``secondaries`` – who resolves a secondary ability and at what
  cost; ``strategy`` – the eight strategy cards, one object each (LRR 83);
  ``flow`` – the dispatcher: legal choices now, apply one, advance.
* ``records`` – the tactical action in progress (``Game.action``) and its
  invasion; ``units`` – the unit table and its upgrades; ``factions`` – the 24 faction
  sheets (flagships, faction units, mechs); ``technologies`` – the technologies
  a scenario may give a player.
* ``scenario`` – a 4th-edition scenario's board; ``sheets`` – a player's faction,
  upgrades and technologies in it; ``view`` – what a page draws.
"""

from __future__ import annotations

__all__ = [
    "action_phase",
    "activation",
    "anomalies",
    "combat_round",
    "edition",
    "excess",
    "factions",
    "flow",
    "ground_combat",
    "hits",
    "invasion",
    "movement",
    "paths",
    "producing",
    "production",
    "records",
    "reinforcements",
    "scenario",
    "secondaries",
    "sheets",
    "space_cannon",
    "space_combat",
    "strategy",
    "technologies",
    "tokens",
    "units",
    "view",
]
