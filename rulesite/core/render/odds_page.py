"""The combat odds calculator's page (``odds/``) and the catalogue of options it offers.

The page (``templates/odds.md.j2``) is a frame the calculator's script
(``rulesite/assets/odds``) fills; the catalogue is ``engine.api.odds_options()`` written
at build time, so the form and a shared link's check need no runtime: only the odds
themselves are worked out, in the calculator's own engine worker.
"""

from __future__ import annotations

import json

from engine import api as engine_api

__all__ = ["ODDS", "ODDS_CATALOGUE", "odds_catalogue"]

ODDS = "odds.md"
ODDS_CATALOGUE = "assets/odds/catalogue.json"


def odds_catalogue() -> str:
    """``assets/odds/catalogue.json``: the factions and options the odds take."""
    return json.dumps(engine_api.odds_options(), ensure_ascii=False, separators=(",", ":"))
