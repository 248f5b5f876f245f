"""One row of the exact odds' sweep (``engine.odds.rounds``): the row side takes no hits.

Each state of the row gathers the mass that reaches it along the row, what
landed on it from the rows above and what the states before it send, as one
dot product, and passes on the share that stays in the row; what leaves the
row is returned as a scale per state; ``added`` sums the shares of rows that
wait, unsummed, on their way down. Pure Python, as it runs in the browser:
the dot products are ``math.sumprod`` where the Python has it (Pyodide's does).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence
from itertools import repeat
from operator import mul
from typing import Any

__all__ = [
    "Gather",
    "Waiting",
    "added",
    "leave_and_stay",
    "sumprod",
    "within_row",
    "within_row_joining",
]

Gather = tuple[Callable[[Sequence[float]], Any], Callable[[Sequence[float]], Any]]
"""What a state gathers mass from: getters of the chances by distance and of the masses."""

if sys.version_info >= (3, 12):
    # One C loop for a dot product; Pyodide's Python has it, where most readers run this.
    from math import sumprod
else:

    def sumprod(p: Iterable[float], q: Iterable[float]) -> float:
        return sum(map(mul, p, q))


def leave_and_stay(miss: float, no_hit: list[float]) -> tuple[list[float], list[float]]:
    """For a row side missing with all its dice with chance ``miss``: each state's share of
    its mass that leaves it, and of that, the share that stays in the row."""
    leave = [1.0 / (1.0 - miss * nothing) for nothing in no_hit]
    return leave, list(map(mul, leave, no_hit))


def within_row(
    row: list[float],
    landing: list[float] | None,
    across: tuple[float, ...],
    tails: list[float],
    leave: list[float],
    stay: list[float],
) -> list[float]:
    """Sweep one row where the row side takes no hits; return each state's leaving scale.

    A state's mass divided by ``1 - P(no hits)`` is what leaves it; the share
    where the column side misses moves along the row by the row side's hits,
    as does the mass ``landing`` on the row from above. The columns are one
    chain, so each state gathers both as one dot product; the last column
    gathers every hit past it too.
    """
    width = len(row)
    last = width - 1
    scales = [0.0] * width
    reach = len(across) - 1
    # What moves along the row, one state late: ``sent[v + 1]`` is what reaches column v
    # (a zero first, so ``sent[v + 1 : v - reach : -1]``, columns v, v - 1, ... v - reach,
    # pairs with ``across`` in one dot product; nearer the first column, both are cut short).
    sent = [0.0, *(repeat(0.0, width) if landing is None else landing)]
    # Two loops, not one with a cut computed per column: a slice of ``across`` per state
    # costs 4-8% of a 40v40 in Pyodide.
    # The first columns have fewer than ``reach`` before them; the last gathers this far back.
    gathered = min(reach, last)
    for v in range(gathered):
        mass = row[v] + sumprod(across[: v + 1], sent[v + 1 : 0 : -1])
        if mass:
            scales[v] = mass * leave[v]
            sent[v + 1] += mass * stay[v]
    for v in range(reach, last):
        mass = row[v] + sumprod(across, sent[v + 1 : v - reach : -1])
        if mass:
            scales[v] = mass * leave[v]
            sent[v + 1] += mass * stay[v]
    row[last] += sumprod(tails[: gathered + 1], sent[last + 1 : last - gathered : -1])
    return scales


def within_row_joining(
    row: list[float],
    landing: list[float] | None,
    across: tuple[float, ...],
    tails: list[float],
    leave: list[float],
    stay: list[float],
    gathers: list[Gather],
) -> list[float]:
    """``within_row`` for columns whose chains join: each state gathers what reaches it
    from the states whose paths pass through it (``gathers``, one per state, from
    ``engine.odds.rounds.Chains.gathers``), as one dot product."""
    width = len(row)
    last = width - 1
    scales = [0.0] * width
    # What moves along the row from each state: what landed there, then its own share; and
    # the slot past the last that the gathers read as nothing.
    sent = [*(repeat(0.0, width) if landing is None else landing), 0.0]
    for v in range(last):
        chances, masses = gathers[v]
        mass = row[v] + sumprod(chances(across), masses(sent))
        if mass:
            scales[v] = mass * leave[v]
            sent[v] += mass * stay[v]
    # The last state gathers every hit that reaches it or goes past it.
    chances, masses = gathers[last]
    row[last] += sumprod(chances(tails), masses(sent))
    return scales


Waiting = tuple[list[float], int, int]
"""A row's share of the mass leaving it, not yet added to the rest on its way down: the
row's scales, its reach, and the block of ``_down``'s chances for that reach that lands
on the row holding it."""


def added(
    total: list[float], waiting: Sequence[Waiting], down: list[list[float]], width: int
) -> list[float]:
    """``total`` (blocks of ``width``) plus each waiting share, from its landing block on.

    Four shares are added in one pass: a pass costs mostly what it reads a number, not
    what it adds (Pyodide)."""
    size = len(total)
    parts = []
    for scales, reach, first in waiting:
        chances = down[reach][first * width : first * width + size]
        chances += repeat(0.0, size - len(chances))
        parts.append((scales * (size // width), chances))
    while len(parts) >= 4:
        (a, b), (c, d), (e, f), (g, h) = parts[:4]
        del parts[:4]
        total = [
            t + p * q + r * s + x * y + z * w
            for t, p, q, r, s, x, y, z, w in zip(total, a, b, c, d, e, f, g, h, strict=True)
        ]
    if len(parts) >= 2:
        (a, b), (c, d) = parts[:2]
        del parts[:2]
        total = [t + p * q + r * s for t, p, q, r, s in zip(total, a, b, c, d, strict=True)]
    if parts:
        ((a, b),) = parts
        total = [t + p * q for t, p, q in zip(total, a, b, strict=True)]
    return total
