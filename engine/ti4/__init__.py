"""The 4th-edition (TI4) rules: the tactical action and the action phase.

Every choice, event and refusal cites its rules by their anchor ids on the
site or by Living Rules Reference numbers. It depends on the core only
(:mod:`engine.core`) and on the exact odds (:mod:`engine.odds`, for the VIEW
of a combat). Importing it registers the 4th edition (:data:`EDITION`) in
:mod:`engine.core.editions`.

* The steps of a tactical action (LRR 89): ``activation``, ``movement``
  (with transport), ``space_cannon`` (offense), ``space_combat``,
  ``invasion`` (bombardment, commit, space cannon defense; its ground combat
  and control in ``ground_combat``), ``production``; ``combat_round`` – the
  roll-then-assign round both combats share; ``hits`` – hits waiting for
  their owner to assign them; ``excess`` – capacity and fleet pool, and the
  owner's choice of what to remove when over; ``anomalies`` – asteroid
  fields, nebulae, supernovas and gravity rifts in movement and combat, and
  the abilities that change their rules; ``paths`` – where a ship may move;
  ``reinforcements`` – what production may take from them.
* ``action_phase`` – turns, strategic/tactical/component actions, passing
  (LRR 3); ``secondaries`` – who resolves a secondary ability and at what
  cost; ``flow`` – the dispatcher: legal choices now, apply one, advance.
* ``scenario`` – a 4th-edition scenario's board; ``view`` – what a page draws.
"""

from __future__ import annotations

from engine.core.editions import Edition, register
from engine.ti4 import (
    action_phase,
    activation,
    anomalies,
    combat_round,
    excess,
    flow,
    ground_combat,
    hits,
    invasion,
    movement,
    paths,
    production,
    reinforcements,
    scenario,
    secondaries,
    space_cannon,
    space_combat,
    view,
)

__all__ = [
    "EDITION",
    "action_phase",
    "activation",
    "anomalies",
    "combat_round",
    "excess",
    "flow",
    "ground_combat",
    "hits",
    "invasion",
    "movement",
    "paths",
    "production",
    "reinforcements",
    "scenario",
    "secondaries",
    "space_cannon",
    "space_combat",
    "view",
]

EDITION = register(
    Edition(
        number=4,
        build=scenario.build4,
        steps=flow.STEPS,
        current_step=flow.current_step,
        choices=flow.choices,
        apply=flow.apply,
        advance=flow.advance,
        view=view.view,
        scenario_keys=frozenset(scenario.EXTRA_KEYS),
        counterparts={"ground_force": "infantry"},
    )
)
"""The 4th edition as the registry holds it (``Game.edition == 4``, the default)."""
