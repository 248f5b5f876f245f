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

from collections.abc import Iterable, Mapping

from engine.combat import Attack, CasualtyPolicy, absorbable
from engine.odds_parts import Side, capped_hits, casualty_chain, casualty_step, hit_distribution

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
        # A run joins only runs built before it: those come after it in the numbering.
        self.sides: list[Side] = [side for run in reversed(runs) for side in run]
        self.number = {side: n for n, side in enumerate(self.sides)}
        self.absorb = [absorbable(side, attack) for side in self.sides]
        self.paths: list[list[int]] = [[] for _ in self.sides]
        for n in range(len(self.sides) - 1, -1, -1):
            if self.absorb[n]:
                following = self.number[casualty_step(self.sides[n], attack, policy)]
                self.paths[n] = [n, *self.paths[following]]
            else:
                self.paths[n] = [n]
        self.runs = [_runs(path) for path in self.paths]
        self._hits = [hit_distribution(side, attack) for side in self.sides]
        self._capped: dict[tuple[int, int], tuple[float, ...]] = {}

    def hits(self, n: int, cap: int) -> tuple[float, ...]:
        """State ``n``'s chances of 0, 1, ... hits on a side that can absorb ``cap``."""
        key = (n, cap)
        if key not in self._capped:
            self._capped[key] = capped_hits(self._hits[n], cap)
        return self._capped[key]


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
    if _joins(attackers) > _joins(defenders):
        flipped = {(d, a): mass for (a, d), mass in start.items()}
        return {(a, d): mass for (d, a), mass in _sweep(defenders, attackers, flipped).items()}
    return _sweep(attackers, defenders, start)


def _joins(chains: _Chains) -> int:
    return sum(len(runs) > 1 for runs in chains.runs)


def _sweep(rows: _Chains, columns: _Chains, start: Mapping[Pair, float]) -> dict[Pair, float]:
    row_absorb, column_absorb = rows.absorb, columns.absorb
    grid = [[0.0] * len(columns.sides) for _ in rows.sides]
    for (r, c), mass in start.items():
        grid[rows.number[r]][columns.number[c]] += mass
    for u, row in enumerate(grid):
        if not row_absorb[u]:
            continue
        path = rows.paths[u]
        left = row_absorb[u]
        for v, mass in enumerate(row):
            if not mass or not column_absorb[v]:
                continue
            # Hits scored by the row side move along the columns, and the other way round.
            across = rows.hits(u, column_absorb[v])
            down = columns.hits(v, left)
            scale = mass / (1.0 - across[0] * down[0])
            # The pair with no hits adds to this state itself, which is never read again.
            runs = columns.runs[v]
            if len(runs) == 1:
                end = v + len(across)
                for target, chance in zip(path, down, strict=False):
                    c = scale * chance
                    cells = grid[target]
                    cells[v:end] = [x + c * p for x, p in zip(cells[v:end], across)]
                continue
            pieces = [
                (first, first + len(part), part)
                for at, first, length in runs
                if (part := across[at : at + length])
            ]
            for target, chance in zip(path, down, strict=False):
                c = scale * chance
                cells = grid[target]
                for first, end, part in pieces:
                    cells[first:end] = [x + c * p for x, p in zip(cells[first:end], part)]
    final: dict[Pair, float] = {}
    for u, row in enumerate(grid):
        for v, mass in enumerate(row):
            if mass and (not row_absorb[u] or not column_absorb[v]):
                final[(rows.sides[u], columns.sides[v])] = mass
    return final
