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
from engine.odds_parts import Side, capped_hits, casualty_chain, hit_distribution

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
        count = len(self.sides)
        self.absorb = [0] * count
        self.paths: list[list[int]] = [[] for _ in range(count)]
        for n in range(count - 1, -1, -1):
            chain = casualty_chain(self.sides[n], attack, policy)
            self.absorb[n] = len(chain) - 1
            following = self.number[chain[1]] if len(chain) > 1 else None
            self.paths[n] = [n] if following is None else [n, *self.paths[following]]
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
    a_absorb, d_absorb = attackers.absorb, defenders.absorb
    grid = [[0.0] * len(defenders.sides) for _ in attackers.sides]
    for (a, d), mass in start.items():
        grid[attackers.number[a]][defenders.number[d]] += mass
    for u, row in enumerate(grid):
        if not a_absorb[u]:
            continue
        a_path = attackers.paths[u]
        a_left = a_absorb[u]
        for v, mass in enumerate(row):
            if not mass or not d_absorb[v]:
                continue
            a_hits = attackers.hits(u, d_absorb[v])
            d_hits = defenders.hits(v, a_left)
            scale = mass / (1.0 - a_hits[0] * d_hits[0])
            # The pair with no hits adds to this state itself, which is never read again.
            for target, chance in zip(a_path, d_hits, strict=False):
                c = scale * chance
                cells = grid[target]
                for at, first, length in defenders.runs[v]:
                    part = a_hits[at : at + length]
                    if not part:
                        break
                    end = first + len(part)
                    cells[first:end] = [x + c * p for x, p in zip(cells[first:end], part)]
    final: dict[Pair, float] = {}
    for u, row in enumerate(grid):
        for v, mass in enumerate(row):
            if mass and (not a_absorb[u] or not d_absorb[v]):
                final[(attackers.sides[u], defenders.sides[v])] = mass
    return final
