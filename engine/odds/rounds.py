"""Combat rounds to the end, exactly: a Markov chain over the two sides' casualty chains.

A side's state is where it stands on its casualty chain: every hit moves it
one step along (``engine.odds.parts.casualty_chain``). Sides that start in
different places (after anti-fighter barrage, say) have chains that join
further on, so each side's states are numbered once, in an order where a hit
always leads to a higher number: a chain is a run of consecutive numbers up
to where it joins one numbered before it.

The probability mass sits in a dense grid, rows one side's states and
columns the other's; the grid is swept once in row-major order, which visits
every state after all the states that can lead to it. A round in which
nobody hits changes nothing, so it is folded away: the other outcomes'
chances are divided by ``1 - P(no hits at all)``.

Moving each state's mass by every pair of hit counts would cost (dice)^2 per
state. Instead the mass that leaves a row (the row side took hits) travels
down the row side's chain as one vector per distance still to go, summed over
the whole row, and is spread across the columns by the row side's dice
lazily: the dice of each unit the row side loses on the way, one step at a
time, then the dice it still rolls where the mass lands. The row side's hit
distribution at a state is the one a step further on times the dice of the
unit lost in between, so this is the same sum, in (dice) per state. Within a
row each state gathers what reaches it as one dot product (``engine.odds.rows``),
the die of a unit lost on the way rolled in the same pass. Where the row side
loses no die (it sustains damage, often several hits in a row), nothing on the
way down is rolled: each such row's share waits as its scales, and the shares
are added to the rest up to four in one pass where a die is rolled or chains
join (``engine.odds.rows.added``): a pass costs mostly what it reads a number.
The vectors are plain lists of floats moved with ``map``, ``sum`` and list
comprehensions: pure Python, as it runs in the browser.
"""

from __future__ import annotations

from bisect import bisect
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import accumulate, chain, repeat
from operator import add, itemgetter

from engine.core.casualties import CasualtyPolicy, absorbable
from engine.core.combat import Attack
from engine.odds.parts import Piece, Side, casualty_walk, hit_distribution
from engine.odds.rows import (
    Gather,
    Waiting,
    added,
    leave_and_stay,
    within_row,
    within_row_joining,
)

Pair = tuple[Side, Side]


class Chains:
    """One side's states: numbered so that a hit always leads to a higher number.

    ``sides[n]`` is what the side has at state n; ``next[n]`` the state one
    more hit leaves; ``taken[n]`` the piece that hit falls on and whether it
    sustains damage (``None`` for the last state, the only one with nothing
    left to hit: a hit there changes nothing).
    """

    def __init__(self, starts: Iterable[Side], attack: Attack, policy: CasualtyPolicy) -> None:
        runs: list[list[Side]] = []
        joins: list[Side] = []
        hits: list[list[tuple[Piece, bool] | None]] = []
        known: set[Side] = set()
        # Each distinct start once: the pairs of a start often share one side's start.
        sizes = {start: absorbable(start, attack) for start in dict.fromkeys(starts)}
        # Longest chains first, so later chains are short runs joining them and no run
        # starts at a state another run joins: ``shift`` clears a run's first state of what
        # the state before it sends, which would also clear a join's mass (CI found that
        # with chains walked in the starts' order; tests/engine/test_odds_parts.py pins it).
        for start in sorted(sizes, key=sizes.__getitem__, reverse=True):
            if start in known:
                continue
            run = [start]
            taken: list[tuple[Piece, bool] | None] = []
            known.add(start)
            for after, chosen, sustained in casualty_walk(start, attack, policy):
                taken.append((chosen, sustained))
                if after in known:
                    joins.append(after)
                    break
                run.append(after)
                known.add(after)
            else:
                taken.append(None)  # the last state: nothing left to hit
            runs.append(run)
            hits.append(taken)
        # A run joins only runs built before it: those come after it in the numbering,
        # and the first run, the longest, ends with the state that has nothing left.
        self.sides: list[Side] = [side for run in reversed(runs) for side in run]
        self.number = {side: n for n, side in enumerate(self.sides)}
        self.last = last = len(self.sides) - 1
        self.next = [*range(1, last + 1), last]
        # Each run but the first ends where it joins; the first ends with the last state.
        for run, join in zip(reversed(runs[1:]), reversed(joins), strict=True):
            self.next[self.number[run[-1]]] = self.number[join]
        self.jumps = [(n, to) for n, to in enumerate(self.next[:last]) if to != n + 1]
        self.taken = [hit for taken in reversed(hits) for hit in taken]
        self.absorb = [0] * len(self.sides)
        # The hit chance of each die a state no longer rolls once its next hit is taken.
        self.lost = [
            () if hit is None or hit[1] else _dice_of(hit[0].type, attack) for hit in self.taken
        ]
        self.rolls = [hit_distribution((), attack)] * len(self.sides)
        self._gathers: dict[int, list[Gather]] = {}
        for n in range(last - 1, -1, -1):
            following = self.next[n]
            self.absorb[n] = self.absorb[following] + 1
            self.rolls[n] = _with_dice(self.rolls[following], self.lost[n])

    @cached_property
    def tails(self) -> list[list[float]]:
        """Each state's chances of at least 0, 1, ... hits."""
        return list(map(_tails, self.rolls))

    @cached_property
    def _sources(self) -> list[tuple[list[int], list[int]]]:
        """For each state, the states whose paths reach it and how many hits on, nearest
        first (the state itself at 0), as ``(distances, states)``."""
        into: list[list[tuple[int, int]]] = [[] for _ in self.sides]
        into[self.last].append((0, self.last))
        for w in range(self.last):
            v, k = w, 0
            while v != self.last:
                into[v].append((k, w))
                v, k = self.next[v], k + 1
            into[v].append((k, w))
        sources = []
        for pairs in into:
            # Two at least, so that an itemgetter of them gives a tuple: the second is
            # ``len(self.sides)``, a slot past the states whose mass is always 0.0.
            pairs = sorted(pairs) + [(0, len(self.sides))] * (2 - len(pairs))
            sources.append(([k for k, _ in pairs], [w for _, w in pairs]))
        return sources

    def gathers(self, reach: int) -> list[Gather]:
        """For each state, what it gathers mass from, at most ``reach`` hits away: a getter of
        the chances by distance and one of the masses by state (cached by ``reach``)."""
        if reach not in self._gathers:
            gathers: list[Gather] = []
            for distances, states in self._sources:
                n = max(2, bisect(distances, reach))
                gathers.append((itemgetter(*distances[:n]), itemgetter(*states[:n])))
            self._gathers[reach] = gathers
        return self._gathers[reach]

    def shift(self, mass: list[float], blocks: int = 1) -> list[float]:
        """``mass`` moved one hit along, for each of ``blocks`` vectors laid end to end.

        Mass in the last state stays there.
        """
        if not mass:
            return []
        width = len(self.sides)
        moved = mass[:]
        moved.insert(0, 0.0)
        moved.pop()
        # What crossed in from the block before is that block's last state's own.
        moved[::width] = repeat(0.0, blocks)
        last = self.last
        moved[last::width] = map(add, moved[last::width], mass[last::width])
        for n, to in self.jumps:
            # n + 1 starts a run, so nothing but n's own mass landed there.
            moved[n + 1 :: width] = repeat(0.0, blocks)
            moved[to::width] = map(add, moved[to::width], mass[n::width])
        return moved

    def spread(self, mass: list[float], hits: Sequence[float]) -> list[float]:
        """``mass`` moved by a number of hits drawn from ``hits`` (P(0), P(1), ...)."""
        total = [hits[0] * m for m in mass]
        for chance in hits[1:]:
            mass = self.shift(mass)
            total = [t + chance * m for t, m in zip(total, mass, strict=True)]
        return total

    def roll(self, mass: list[float], dice: Sequence[float], blocks: int) -> list[float]:
        """``mass`` (``blocks`` vectors end to end) moved by the hits of independent dice."""
        for hit in dice:
            miss = 1.0 - hit
            moved = self.shift(mass, blocks)
            mass = [miss * m + hit * s for m, s in zip(mass, moved, strict=True)]
        return mass


def _tails(hits: Sequence[float]) -> list[float]:
    """P(at least k hits) for k = 0, 1, ..."""
    return list(accumulate(reversed(hits)))[::-1]


def _with_dice(hits: tuple[float, ...], dice: Sequence[float]) -> tuple[float, ...]:
    """``hits`` (P(0), P(1), ...) with more dice, each hitting with its chance in ``dice``."""
    for hit in dice:
        miss = 1.0 - hit
        # Each count k: k hits before and a miss, or k - 1 before and a hit.
        before = (0.0, *hits)
        hits = (*[miss * h + hit * g for h, g in zip(hits, before, strict=False)], hit * hits[-1])
    return hits


@lru_cache(maxsize=256)
def _dice_of(name: str, attack: Attack) -> tuple[float, ...]:
    """The hit chance of each die a unit of type ``name`` rolls in ``attack``."""
    ability = attack.dice_of(attack.units[name])
    return () if ability is None else ((11 - ability.value) / 10,) * ability.dice


@dataclass(frozen=True)
class Ends:
    """Where combat rounds end: the chance of each final pair of states.

    A pair is ``(a, d)``, each a state's number on its side's chain: the
    attacker has ``attackers.sides[a]`` left and the defender
    ``defenders.sides[d]``; one side or both have nothing left to hit.
    """

    attackers: Chains
    defenders: Chains
    chances: dict[tuple[int, int], float]


def combat_rounds(
    start: Mapping[Pair, float],
    attack: Attack,
    policy: CasualtyPolicy,
    defender_attack: Attack | None = None,
) -> Ends:
    """Fight rounds of ``attack`` from every (attacker, defender) pair of ``start`` to the end.

    ``defender_attack`` is how the defender rolls when it differs (a bonus to its rolls,
    say); each side's chain carries its own dice, so the sides may roll differently.
    """
    attackers = Chains((a for a, _ in start), attack, policy)
    defenders = Chains((d for _, d in start), defender_attack or attack, policy)
    # Both sides fire at once, so the grid may be either way round: the side
    # whose chains join more often goes down the rows, where a join costs nothing.
    if len(defenders.jumps) > len(attackers.jumps):
        chances = _sweep(defenders, attackers, start, flipped=True)
    else:
        chances = _sweep(attackers, defenders, start, flipped=False)
    return Ends(attackers, defenders, chances)


def _sweep(
    rows: Chains, columns: Chains, start: Mapping[Pair, float], flipped: bool
) -> dict[tuple[int, int], float]:
    """The final pairs of state numbers from ``start``, defenders down the rows if ``flipped``."""
    width = len(columns.sides)
    grid = [[0.0] * width for _ in rows.sides]
    for pair, mass in start.items():
        r, c = reversed(pair) if flipped else pair
        grid[rows.number[r]][columns.number[c]] += mass
    # Mass leaving a row x hits down, one vector per distance, laid end to end.
    distances = max(map(len, columns.rolls)) - 1
    down = _down(columns, distances)
    no_hit = [hits[0] for hits in columns.rolls]
    # Rows where the row side rolls the same dice (sustaining damage loses none) share these.
    shares: dict[float, tuple[list[float], list[float]]] = {}
    # Mass on its way down, per row: first what lands on the row, then, one block of
    # ``width`` per distance, what lands further on, laid end to end (or None); the hit
    # chance of the one die it is still to be rolled by (0.0: none), rolled as the row reads
    # it; and the shares of rows above still to be added to it (``Waiting``).
    pending: list[tuple[list[float] | None, float, tuple[Waiting, ...]] | None]
    pending = [None] * len(rows.sides)
    going: list[float] | None
    waiting: tuple[Waiting, ...]
    for u, row in enumerate(grid):
        entry, pending[u] = pending[u], None  # freed as soon as it is read: less to hold
        going, hit, landing, waiting = None, 0.0, None, ()
        if entry is not None:
            going, hit, waiting = entry
            if going is not None and hit:
                moved = columns.shift(going, len(going) // width)
                miss = 1.0 - hit
                landing = [miss * a + hit * b for a, b in zip(going, moved[:width], strict=False)]
            elif going is not None:
                landing = going[:width]
            if waiting:
                landing = added(landing or [0.0] * width, waiting, down, width)
        if u == rows.last:
            if landing is not None:
                row[:] = map(add, row, columns.spread(landing, rows.rolls[u]))
            break
        across = rows.rolls[u]
        if across[0] not in shares:
            shares[across[0]] = leave_and_stay(across[0], no_hit)
        if columns.jumps:
            gathers = columns.gathers(len(across) - 1)
            scales = within_row_joining(
                row, landing, across, rows.tails[u], *shares[across[0]], gathers
            )
        else:
            scales = within_row(row, landing, across, rows.tails[u], *shares[across[0]])
        # Hits past the row side's last state all end there: fewer distances near the end.
        reach = min(distances, rows.absorb[u])
        if not reach:
            continue  # the column side rolls no dice: nothing leaves the row
        lost, following = rows.lost[u], rows.next[u]
        joined = pending[following]
        later = tuple((s, r, first + 1) for s, r, first in waiting if first + 1 < r)
        if not lost and joined is None:
            # The row side loses no die on this step (it sustains damage): nothing on the way
            # down is rolled, so this row's share waits, with the rows' above, to be added
            # to the rest in one pass where a die is rolled or mass joins.
            carried = None
            if going is not None and len(going) > width:
                carried = going[width:]
                if hit:
                    carried = [
                        miss * a + hit * b for a, b in zip(carried, moved[width:], strict=True)
                    ]
            pending[following] = (carried, 0.0, (*later, (scales, reach, 0)))
            continue
        if going is None:
            leaving = [s * d for s, d in zip(scales * reach, down[reach], strict=True)]
        else:
            # The next row sees one distance less; far from the end it adds one more itself.
            del going[:width]
            going += repeat(0.0, reach * width - len(going))
            if hit:
                # The die rolled here, in the same pass: (miss, hit) of the mass, moved.
                del moved[:width]
                moved += repeat(0.0, reach * width - len(moved))
                leaving = [
                    s * d + (miss * a + hit * b)
                    for s, d, a, b in zip(scales * reach, down[reach], going, moved, strict=True)
                ]
            else:
                leaving = [
                    s * d + g for s, d, g in zip(scales * reach, down[reach], going, strict=True)
                ]
        if later:
            leaving = added(leaving, later, down, width)
        if joined is None and len(lost) == 1:
            pending[following] = (leaving, lost[0], ())  # rolled by the row that reads it
            continue
        moved = columns.roll(leaving, lost, reach)
        if joined is not None:
            other, die, held = joined
            other = list(other or ())
            other.extend(repeat(0.0, reach * width - len(other)))
            if held:
                other = added(other, held, down, width)
            moved = list(map(add, columns.roll(other, (die,) if die else (), reach), moved))
        pending[following] = (moved, 0.0, ())
    final: dict[tuple[int, int], float] = {}
    for u, row in enumerate(grid):
        for v in range(width) if u == rows.last else (columns.last,):
            if row[v]:
                final[(v, u) if flipped else (u, v)] = row[v]
    return final


def _down(columns: Chains, distances: int) -> list[list[float]]:
    """For each reach r, the chance of each state's side scoring 1, 2, ..., r or more hits,
    laid end to end (every state's chance of one hit, then of two, ...)."""

    def by_count(chances: Iterable[Sequence[float]]) -> list[tuple[float, ...]]:
        """Entry k: every state's chance for k hits (0.0 past its dice)."""
        padded = ([*hits, *repeat(0.0, distances + 1 - len(hits))] for hits in chances)
        return list(zip(*padded, strict=True))

    by_hits, at_least = by_count(columns.rolls), by_count(columns.tails)
    # Every reach starts with the same chances of exactly 1, 2, ... hits.
    exactly = list(chain.from_iterable(by_hits[1:]))
    width = len(columns.sides)
    down: list[list[float]] = [[]]
    for reach in range(1, distances + 1):
        down.append([*exactly[: (reach - 1) * width], *at_least[reach]])
    return down
