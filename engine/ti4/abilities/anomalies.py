"""What a system's anomaly does to a combat fought in it.

The nebula's combat rule was read in the Living Rules Reference (ti4-ai ``LRR/lrr.txt``
59.3) and the seed's anomaly page; see engine/RULES.md. A scenario's board knows its
anomalies; the odds, which see no board, take the nebula as the defender's option.
"""

from __future__ import annotations

from engine.ti4.abilities.model import Ability, Combat, Kind, Side, register
from engine.ti4.abilities.model import Window as W

__all__ = ["NEBULA"]

NEBULA = register(
    Ability(
        "in_a_nebula",
        "Nebula",
        Kind.ANOMALY,
        frozenset({W.ROLL}),
        "the combat is fought in a nebula: +1 to every combat roll of the defender's ships",
        ("59.3",),
        side=Side.DEFENDER,
        combat=Combat.SPACE,
        board="a space combat in a system the scenario makes a nebula: the defender's ships "
        "add 1 to each combat roll (engine.ti4.anomalies.defender_bonus)",
    )
)
