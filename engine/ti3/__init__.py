"""The 3rd-edition (TI3) tactical and transfer actions, played on the engine's shared board.

The seed summary ``content/ti3/action_phase.txt`` is the specification; every
choice, event and refusal cites the anchor of the 3rd-edition item that
decides it (``engine.ti3.anchors``). It depends on the core only
(:mod:`engine.core`: the board and codec, dice, hex adjacency, rolling an
attack and taking its hits with the 3rd edition's own unit table and rules)
and on the exact odds (:mod:`engine.odds`), never on ``engine.ti4``.
Importing it registers the 3rd edition (:data:`EDITION`) in
:mod:`engine.core.editions`. The steps themselves are its own modules:

* ``units`` – the 3rd-edition unit table, naming its published sources;
  ``anchors`` – the item anchors cited; ``board`` – queries in 3rd-edition
  terms (fleet supply, PDS range, enemy territory).
* ``actions`` – choosing the tactical or transfer action and activating;
  ``movement`` – moving ships (and probing); ``pds`` – PDS fire;
  ``mines`` – space mines; ``battle`` – the space battle with withdrawals and
  retreats; ``landing`` – planetary landings, bombardment and raze;
  ``invasion`` – invasion combat; ``production`` – producing units;
  ``hits`` – hits waiting for their owner.
* ``records`` – the action in progress (``Game.action``), its landings.
* ``flow`` – the dispatcher; ``scenario`` – ``edition: 3`` scenarios;
  ``view`` – what a page draws; ``odds`` – exact odds of a 3rd-edition
  space battle (mines and PDS first) and invasion (bombardment and PDS first).
"""

from __future__ import annotations

from engine.core.editions import Edition, register
from engine.ti3 import (
    actions,
    anchors,
    battle,
    board,
    flow,
    hits,
    invasion,
    landing,
    mines,
    movement,
    odds,
    pds,
    production,
    records,
    scenario,
    units,
    view,
)

__all__ = [
    "EDITION",
    "actions",
    "anchors",
    "battle",
    "board",
    "flow",
    "hits",
    "invasion",
    "landing",
    "mines",
    "movement",
    "odds",
    "pds",
    "production",
    "records",
    "scenario",
    "units",
    "view",
]

EDITION = register(
    Edition(
        number=3,
        build=scenario.build3,
        steps={name: step for name, step in view.STEPS.items() if name != "finished"},
        current_step=flow.step_name,
        choices=flow.choices,
        apply=flow.apply,
        advance=flow.advance,
        view=view.view,
        record=records.Action3,
        scenario_keys=frozenset(scenario.EXTRA_KEYS),
        counterparts={"infantry": "ground_force"},
    )
)
"""The 3rd edition as the registry holds it (``Game.edition == 3``)."""
