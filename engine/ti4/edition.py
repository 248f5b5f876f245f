"""The 4th edition as the core's registries hold it: its rules and its unit table.

Importing this module registers the 4th edition (:data:`EDITION`, the default,
``Game.edition == 4``) in :mod:`engine.core.editions` and its unit table as the
one a board's pieces are read from (:func:`engine.core.units.register_pieces`).
"""

from __future__ import annotations

from engine.core.editions import Edition, register
from engine.core.units import UnitTable, register_pieces
from engine.ti4 import factions, flow, records, scenario, units, view

__all__ = ["EDITION"]


# A board's pieces are the 4th edition's: their grade names a faction and an upgrade.
register_pieces(UnitTable(units.UNIT_TYPES, factions.unit_spec))

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
        record=records.Tactical,
        scenario_keys=frozenset(scenario.EXTRA_KEYS),
        counterparts={"ground_force": "infantry"},
    )
)
"""The 4th edition as the registry holds it (``Game.edition == 4``, the default)."""
