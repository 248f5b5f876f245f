"""Flagships whose ability is how they move (their kind's module, ``flagships``, is full).

Each lets its ship move where the movement rules (58, 89.2) would stop it; the board's paths
read it as data (``lifts``: ``("ships", "through")``: through systems holding other players'
ships). Texts and where they were read: engine/RULES.md.
"""

from __future__ import annotations

from engine.ti4.abilities.model import MOVEMENT_ONLY, Ability, Kind, register
from engine.ti4.abilities.model import Window as W

__all__ = ["Y_SIA_Y_SSRILA"]

Y_SIA_Y_SSRILA = register(
    Ability(
        "y_sia_y_ssrila",
        "Y'sia Y'ssrila",
        Kind.FLAGSHIP,
        frozenset({W.MOVEMENT}),
        "this ship can move through systems that contain other players' ships",
        ("58",),
        owner="yssaril",
        unit="flagship",
        odds=None,
        unchecked=MOVEMENT_ONLY,
        board="the Yssaril flagship's paths may pass through systems with other players' "
        "ships (the ships it carries go with it; other ships still may not)",
        lifts=(("ships", "through"),),
    )
)
