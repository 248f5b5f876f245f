"""Exact combat odds: who wins a space or ground combat, and with what left.

Depends on the core (:mod:`engine.core`: the attacks and the casualty policy
the engine plays with) and the 4th edition's facts (its unit table, factions and
abilities: ``engine.ti4.units``, ``.factions``, ``.abilities``), never its rules.
``exact`` – fleets, the combat's sequence and the summary (:func:`combat_odds`);
``labels`` – a fleet as an answer writes it;
``parts`` – hit distributions and casualty chains; ``rounds`` – the combat rounds,
swept over a dense grid (``rows``: one row of the sweep). The 3rd edition's odds
(``engine.ti3.odds``) build on these parts.
"""

from __future__ import annotations

from engine.odds.exact import (
    MAX_FLEET_TEXT,
    MAX_UNITS,
    FleetError,
    Odds,
    combat_odds,
    parse_fleet,
)
from engine.odds.labels import fleet_label
from engine.odds.parts import Piece, Side

__all__ = [
    "MAX_FLEET_TEXT",
    "MAX_UNITS",
    "FleetError",
    "Odds",
    "Piece",
    "Side",
    "combat_odds",
    "fleet_label",
    "parse_fleet",
]
