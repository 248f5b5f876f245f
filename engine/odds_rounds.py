"""Combat rounds to the end, exactly: a Markov chain over the two sides' casualty chains.

A side's state is where it stands on its casualty chain: every hit moves it
one step along (``engine.odds_parts.casualty_chain``). Sides that start in
different places (after anti-fighter barrage, say) have chains that join
further on, so each side's states are numbered once, in an order where a hit
always leads to a higher number: a chain is a run of consecutive numbers up
to where it joins one numbered before it.

The probability mass sits in a dense grid, rows the attacker's states and
columns the defender's; the grid is swept once in row-major order, which
visits every state after all the states that can lead to it. A round in
which nobody hits changes nothing, so it is folded away: the other outcomes'
chances are divided by ``1 - P(no hits at all)``. The mass of a state then
moves, row by row of the defender's hits, as a slice of consecutive columns:
that is the inner loop, and it runs as a list comprehension over floats.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import zip_longest

from engine.combat import Attack, CasualtyPolicy, absorbable
from engine.odds_parts import Side, capped_hits, casualty_chain, casualty_step, hit_distribution
from engine.units import UNIT_TYPES

Pair = tuple[Side, Side]


class _Chains:
    """One side's states: numbered so that a hit always leads to a higher number."""

    def __init__(self, starts: Iterable[Side], attack: Attack, policy: CasualtyPolicy) -> None:
        runs: list[list[Side]] = []
        known: set[Side] = set()
        # Longest chains first, so later chains are short runs joining them.
        for start in sorted(set(starts), key=lambda s: absorbable(s, attack), reverse=True):
            run = []
            for side in casualty_chain(start, attack, policy):
                if side in known:
                    break
                run.append(side)
                known.add(side)
            runs.append(run)
        # A run joins only runs built before it: those come after it in the numbering,
        # and the first run, the longest, ends with the only state that has nothing left.
        self.sides: list[Side] = [side for run in reversed(runs) for side in run]
        self.number = {side: n for n, side in enumerate(self.sides)}
        last = len(self.sides) - 1
        self.absorb = [absorbable(side, attack) for side in self.sides]
        self.next = [
            self.number[casualty_step(side, attack, policy)] if left else n
            for n, (side, left) in enumerate(zip(self.sides, self.absorb, strict=True))
        ]
        self.jumps = [(n, to) for n, to in enumerate(self.next) if n < last and to != n + 1]
        self.paths: list[list[int]] = [[] for _ in self.sides]
        for n in range(last, -1, -1):
            self.paths[n] = [n] if self.next[n] == n else [n, *self.paths[self.next[n]]]
        self.runs = [_runs(path) for path in self.paths]
        self.rolls = [hit_distribution(side, attack) for side in self.sides]
        self.lost = [
            _lost_dice(self.sides[n], self.sides[to], attack) for n, to in enumerate(self.next)
        ]
        self._capped: dict[tuple[int, int], tuple[float, ...]] = {}

    def hits(self, n: int, cap: int) -> tuple[float, ...]:
        """State ``n``'s chances of 0, 1, ... hits on a side that can absorb ``cap``."""
        key = (n, cap)
        if key not in self._capped:
            self._capped[key] = capped_hits(self.rolls[n], cap)
        return self._capped[key]

    def shift(self, mass: list[float]) -> list[float]:
        """``mass`` (one entry per state) moved one hit along; the last state keeps its own."""
        moved = [0.0, *mass[:-1]]
        for n, to in self.jumps:
            # n + 1 starts a run, so nothing but n's own mass landed there.
            moved[n + 1] = 0.0
            moved[to] += mass[n]
        moved[-1] += mass[-1]
        return moved

    def spread(self, mass: list[float], hits: Sequence[float]) -> list[float]:
        """``mass`` moved by a number of hits drawn from ``hits`` (P(0), P(1), ...)."""
        total = [hits[0] * m for m in mass]
        for chance in hits[1:]:
            mass = self.shift(mass)
            total = [t + chance * m for t, m in zip(total, mass, strict=True)]
        return total

    def roll(self, mass: list[float], dice: Sequence[float]) -> list[float]:
        """``mass`` moved by the hits of independent dice that hit with the chances in ``dice``."""
        for hit in dice:
            miss = 1.0 - hit
            mass = [miss * m + hit * s for m, s in zip(mass, self.shift(mass), strict=True)]
        return mass


def _lost_dice(side: Side, after: Side, attack: Attack) -> tuple[float, ...]:
    """The hit chance of each die ``side`` no longer rolls once it is down to ``after``."""
    lost = Counter(p.type for p in side) - Counter(p.type for p in after)
    chances = []
    for name, count in lost.items():
        ability = attack.dice_of(UNIT_TYPES[name])
        if ability is not None:
            chances += [(11 - ability.value) / 10] * (ability.dice * count)
    return tuple(chances)


def _runs(path: list[int]) -> list[tuple[int, int, int]]:
    """``path`` as runs of consecutive numbers: (position in path, first number, length)."""
    runs: list[tuple[int, int, int]] = []
    start = 0
    for k in range(1, len(path) + 1):
        if k == len(path) or path[k] != path[k - 1] + 1:
            runs.append((start, path[start], k - start))
            start = k
    return runs


def combat_rounds(
    start: Mapping[Pair, float], attack: Attack, policy: CasualtyPolicy
) -> dict[Pair, float]:
    """Fight rounds of ``attack`` from every (attacker, defender) pair of ``start`` to the end.

    Returns the chance of each final pair, where one side or both have
    nothing left that ``attack`` can hit.
    """
    attackers = _Chains((a for a, _ in start), attack, policy)
    defenders = _Chains((d for _, d in start), attack, policy)
    # Both sides fire at once, so the grid may be either way round: the side
    # whose chains join more often goes down the rows, where a join costs nothing.
    if len(attackers.jumps) > len(defenders.jumps):
        flipped = {(d, a): mass for (a, d), mass in start.items()}
        return {(a, d): mass for (d, a), mass in _sweep(defenders, attackers, flipped).items()}
    return _sweep(attackers, defenders, start)


def _sweep(rows: _Chains, columns: _Chains, start: Mapping[Pair, float]) -> dict[Pair, float]:
    width = len(columns.sides)
    row_absorb, column_absorb = rows.absorb, columns.absorb
    grid = [[0.0] * width for _ in rows.sides]
    for (r, c), mass in start.items():
        grid[rows.number[r]][columns.number[c]] += mass
    # Mass on its way down: pending[u][x] reaches row u's state x hits further on.
    # Along the way it is moved across by the dice the row side still rolls when it
    # lands, plus, one step at a time, the dice of each unit it loses on the way:
    # summed over every state it came from, that is one spread per row instead of
    # one per state.
    pending: list[dict[int, list[float]]] = [{} for _ in rows.sides]
    for u, row in enumerate(grid):
        arrived = pending[u].pop(0, None)
        if arrived is not None:
            landed = columns.spread(arrived, rows.rolls[u])
            row[:] = [r + x for r, x in zip(row, landed, strict=True)]
        if not row_absorb[u]:
            continue
        left = row_absorb[u]
        leaving: list[Sequence[float]] = [()] * width
        for v, mass in enumerate(row):
            if not mass or not column_absorb[v]:
                continue
            across = rows.hits(u, column_absorb[v])
            down = columns.hits(v, left)
            scale = mass / (1.0 - across[0] * down[0])
            # Within the row (no hits on the row side): this state's later columns.
            # The pair with no hits at all adds to this state itself, never read again.
            stay = scale * down[0]
            for at, first, length in columns.runs[v]:
                part = across[at : at + length]
                if not part:
                    break
                end = first + len(part)
                row[first:end] = [x + stay * p for x, p in zip(row[first:end], part, strict=True)]
            leaving[v] = [scale * p for p in down]
        down_by_hits = list(zip_longest(*leaving, fillvalue=0.0))[1:]
        ahead = pending[u]
        for x, mass in enumerate(down_by_hits, start=1):
            if x in ahead:
                ahead[x] = [a + m for a, m in zip(ahead[x], mass, strict=True)]
            else:
                ahead[x] = list(mass)
        following = pending[rows.next[u]]
        for x, mass in ahead.items():
            moved = columns.roll(mass, rows.lost[u])
            if x - 1 in following:
                following[x - 1] = [a + m for a, m in zip(following[x - 1], moved, strict=True)]
            else:
                following[x - 1] = moved
        ahead.clear()
    final: dict[Pair, float] = {}
    for u, row in enumerate(grid):
        for v, mass in enumerate(row):
            if mass and (not row_absorb[u] or not column_absorb[v]):
                final[(rows.sides[u], columns.sides[v])] = mass
    return final
