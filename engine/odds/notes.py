"""Promissory notes, relics and heroes before the rounds: The Cavalry at the start of a space
combat, Metali Void Armaments' barrage, Lightrail Ordnance's space docks and Ul the
Progenitor's planet.

The Cavalry lends the Nomad's flagship's Sustain Damage, combat and barrage values to one
of its holder's non-fighter ships: the piece takes the ``memoria`` role in its grade
(``engine.ti4.roles``) for the rest of the combat.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from engine.odds.parts import GRADED, Piece, Side, side_of
from engine.ti4.abilities.leaders import UL_THE_PROGENITOR
from engine.ti4.abilities.promissory_notes import THE_CAVALRY, THE_CAVALRY_II
from engine.ti4.abilities.relics import LIGHTRAIL_ORDNANCE
from engine.ti4.roles import with_role

if TYPE_CHECKING:
    from engine.odds.fight import Setup

__all__ = ["ARMAMENTS", "cavalry", "lightrail"]

ARMAMENTS = Piece("card|void_armaments")
"""Metali Void Armaments as the one shooter of a barrage (never in a side, never hit)."""
LIGHTRAIL = Piece("space_dock|lightrail")
"""A space dock with Lightrail Ordnance's Space Cannon 5 (x2)."""


ELYSIUM = Piece("card|progenitor")
"""Elysium with Ul the Progenitor attached: Space Cannon 5 (x3), as a unit (never hit)."""


def lightrail(own: Setup, ground: bool) -> list[Piece]:
    """The space docks Lightrail Ordnance lends Space Cannon to (one on the planet in an
    invasion), and the planet Ul the Progenitor is attached to."""
    docks = own.count(LIGHTRAIL_ORDNANCE)
    planet = [ELYSIUM] if own.has(UL_THE_PROGENITOR) else []
    return [LIGHTRAIL] * (min(docks, 1) if ground else docks) + planet


Dist = dict[tuple[Side, Side], float]


def cavalry(dist: Dist, a: Setup, d: Setup) -> Dist:
    """``dist`` with each side's The Cavalry played (not against the Nomad)."""
    roles = [
        ("memoriaii" if own.has(THE_CAVALRY_II) else "memoria")
        if (own.has(THE_CAVALRY) or own.has(THE_CAVALRY_II)) and foe.faction != "nomad"
        else None
        for own, foe in ((a, d), (d, a))
    ]
    if roles == [None, None]:
        return dist
    out: Dist = defaultdict(float)
    for (att, dfn), mass in dist.items():
        out[(_lent(att, roles[0]), _lent(dfn, roles[1]))] += mass
    return dict(out)


def _lent(side: Side, role: str | None) -> Side:
    """``side`` with its ship that gains most fighting as the Nomad's flagship: one without
    Sustain Damage first, then the worst combat value, then the cheapest."""
    ships = [
        p
        for p in side
        if GRADED[p.type].is_ship and GRADED[p.type].name not in ("fighter", "flagship")
    ]
    if role is None or not ships:
        return side

    def gain(piece: Piece) -> tuple[bool, int, float]:
        spec = GRADED[piece.type]
        value = spec.combat.value if spec.combat else 11
        return (spec.sustain_damage, -value, spec.cost or 0.0)

    chosen = min(ships, key=gain)
    unit, _, grade = chosen.type.partition("|")
    rest = list(side)
    rest.remove(chosen)
    return side_of([*rest, Piece(f"{unit}|{with_role(grade, role)}", chosen.damaged)])
