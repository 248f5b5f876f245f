"""The Council Keleres (Codex III) faction sheet: its flagship.

Values from ti-assistant ``server/data/codexthree/factions.ts``, cross-checked with
AsyncTI4 ``units/keleres.json`` and the peer ti4battle (``core/factions/keleres.ts``):
engine/RULES.md, "Unit and faction values", and ``tests/engine/data/faction_units.json``.
Its mech, Omniopiares, has the standard mech's values.
"""

from __future__ import annotations

from engine.ti4.factions.model import Faction, flagship

__all__ = ["CODEX"]

CODEX: tuple[Faction, ...] = (
    Faction(
        "keleres",
        "The Council Keleres",
        flagship("Artemiris", 7, capacity=6),
        "other players spend 2 influence to activate its system",
    ),
)
