"""Combat rounds to the end, exactly, whatever repairs the options make.

Rounds after those the reader names are all alike, so combat from there on is an
absorbing Markov chain over pairs of sides (``engine.odds.general.transitions``).
A unit once lost never comes back and a card or token once spent is gone; only
damage is repaired (Duranium Armor, Dynamo, Arc Secundus). So the pairs that can
lead back into each other have the same pieces, damaged or not: a *block*. Each
block is settled once, blocks with more pieces first (mass only ever goes to
blocks with fewer), by one exact linear solve (:mod:`engine.odds.linear`): all
the mass that ever passes through each of its states, whatever the number of
rounds, and from that what leaves the block and where to.

Mass on states that can never end (Duranium Armor with Non-Euclidean Shielding on
both sides, say: no round destroys a unit) stays ``undecided``, listed where the
combat stands in the long run (``engine.odds.linear.long_run``).

Where each side's losses depend on the other side's hits alone, a round from
``(a, d)`` is a's outcomes times d's (as ``transitions`` combines them), and a
block's moves are each side's moves within its own block, side by side: worked
out a side at a time (:func:`_apart`). Else from every state's ``transitions``.
Sides are numbered as they are met (:class:`_Sides`): pairs of numbers hash in
no time, pairs of long tuples of pieces do not.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from engine.odds.apart import round_apart, settle_apart
from engine.odds.direct import CARD
from engine.odds.fight import Fight
from engine.odds.general import Dist, Memo, decided, is_late, transitions
from engine.odds.kept import kept_in
from engine.odds.linear import long_run, solve, trapped
from engine.odds.parts import Piece, Side
from engine.odds.taking import holds_flagship

__all__ = ["LARGEST", "WORK", "Cancelled", "Progress", "TooLarge", "one_round", "to_the_end"]

Progress = Callable[[float], Any]
"""Told the share of the work done (0 to 1) as blocks are settled, most pieces first: the
share of the first block's pieces gone. Returning ``False`` stops the calculation
(:class:`Cancelled`)."""

WORK = 300_000_000
"""The most work (numbers moved, about a second's worth per 20 million in the browser) one
calculation's rounds to the end may take; beyond it the request is refused (:class:`TooLarge`)
rather than left running: Duranium Armor and Sustain Damage on 30 units a side, say."""
LARGEST = 1_000
"""The most states one block may have (its solve holds that many squared numbers)."""


class TooLarge(ValueError):
    """Rounds to the end that would take more than ``WORK`` (or a block of more than
    ``LARGEST`` states): refused before the work is done."""


class Cancelled(Exception):
    """The ``progress`` callback returned ``False``."""


Ids = tuple[int, int]


class _Sides:
    """Every side met in one calculation, numbered, with the number of its kind of pieces."""

    def __init__(self) -> None:
        self.sides: list[Side] = []
        self.number: dict[Side, int] = {}
        self.kind: list[int] = []
        self.kinds: dict[tuple[str, ...], int] = {}

    def of(self, side: Side) -> int:
        n = self.number.get(side)
        if n is None:
            n = self.number[side] = len(self.sides)
            self.sides.append(side)
            types = tuple(p.type for p in side)
            self.kind.append(self.kinds.setdefault(types, len(self.kinds)))
        return n


def one_round(fight: Fight, dist: Dist, rnd: int) -> Dist:
    """``dist`` after round ``rnd`` (as ``engine.odds.general.one_round``), each block of
    pairs side by side where it can be; decided pairs stay where they are."""
    settle = _Settle(fight)
    sides, kind = settle.sides, settle.sides.kind
    blocks: dict[Ids, dict[Ids, float]] = defaultdict(dict)
    for (a_side, d_side), mass in dist.items():
        ids = sides.of(a_side), sides.of(d_side)
        blocks[(kind[ids[0]], kind[ids[1]])][ids] = mass
    out: dict[Ids, float] = defaultdict(float)

    def send(a: int, d: int, mass: float) -> None:
        out[(a, d)] += mass

    for start in blocks.values():
        a, d = next(iter(start))
        if decided((sides.sides[a], sides.sides[d]), fight.attack):
            for pair, mass in start.items():
                out[pair] += mass
        elif (
            is_late(fight, rnd)
            or kept_in(fight, (sides.sides[a], sides.sides[d]))
            or not round_apart(settle, start, rnd, send)
        ):
            for (a, d), mass in start.items():
                both = (sides.sides[a], sides.sides[d])
                for (a2, d2), p in transitions(fight, both, rnd, memo=settle.memo).items():
                    out[(sides.of(a2), sides.of(d2))] += mass * p
    return {(sides.sides[a], sides.sides[d]): mass for (a, d), mass in out.items()}


def to_the_end(fight: Fight, dist: Dist, progress: Progress | None = None) -> Dist:
    """Every pair of ``dist`` fought until decided, rounds from here on all alike."""
    settle = _Settle(fight)
    for (a, d), mass in dist.items():
        if mass:
            settle.add(settle.sides.of(a), settle.sides.of(d), mass)
    most = -settle.heap[0][0] if settle.heap else 0
    told = None
    while settle.heap:
        pieces = -settle.heap[0][0]
        if progress is not None and pieces != told:
            told = pieces
            if progress(1.0 - pieces / most) is False:
                raise Cancelled("the calculation was cancelled")
        settle.next_block()
    if progress is not None and told != 0 and progress(1.0) is False:
        raise Cancelled("the calculation was cancelled")
    sides = settle.sides.sides
    return {(sides[a], sides[d]): mass for (a, d), mass in settle.final.items()}


class _Settle:
    """One calculation's blocks still to settle (most pieces first) and the mass settled."""

    def __init__(self, fight: Fight) -> None:
        self.fight = fight
        self.sides = _Sides()
        self.blocks: dict[Ids, dict[Ids, float]] = {}
        self.done: set[Ids] = set()
        self.heap: list[tuple[int, int, Ids]] = []
        self.final: dict[Ids, float] = defaultdict(float)
        self.work = 0
        self.aside = 0.0  # mass set aside in states left out of a block's solve (FAINT)
        self.memo: Memo = {}
        self.outcomes: dict[tuple[bool, int, Side], list[Any]] = {}
        self._foes: dict[int, Side] = {}
        self.late = is_late(fight, 0)

    def add(self, a: int, d: int, mass: float) -> None:
        kind = self.sides.kind
        key = (kind[a], kind[d])
        block = self.blocks.get(key)
        if block is None:
            if key in self.done:  # a move to as many pieces: the order would be wrong
                raise AssertionError("a round led back to a block already settled")
            block = self.blocks[key] = defaultdict(float)
            sides = self.sides.sides
            order = len(self.blocks) + len(self.done)
            heapq.heappush(self.heap, (-len(sides[a]) - len(sides[d]), order, key))
        block[(a, d)] += mass

    def end(self, pair: Ids, mass: float) -> None:
        self.final[pair] += mass

    def charge(self, states: int, band: int) -> None:
        """Count a solve of ``states`` states eliminated ``band`` rows at a time (and the
        moves of each, as many): refused once over ``WORK``."""
        self.work += states * states * band
        if states > LARGEST or self.work > WORK:
            raise TooLarge(
                "this combat is too large to work out exactly with these options: "
                "fewer units that repair or sustain damage would do it"
            )

    def next_block(self) -> None:
        _, _, key = heapq.heappop(self.heap)
        start = self.blocks.pop(key)
        self.done.add(key)
        a, d = next(iter(start))
        sides = self.sides.sides
        if decided((sides[a], sides[d]), self.fight.attack):
            for pair, mass in start.items():
                self.end(pair, mass)
        # a kept card's moment reads both sides' rounds together
        elif (
            self.late or kept_in(self.fight, (sides[a], sides[d])) or not settle_apart(self, start)
        ):
            _each(self, start)

    def foe(self, n: int) -> Side:
        """What a side's losses read of the other side ``n``: its Direct Hit, the Fourth
        Moon, a mech (``engine.odds.general._losses``), as a side of those pieces alone:
        the same for its whole block, and read in no time."""
        kind = self.sides.kind[n]
        got = self._foes.get(kind)
        if got is None:
            side = self.sides.sides[n]
            got = self._foes[kind] = tuple(
                piece
                for piece, held in (
                    (CARD, CARD in side),
                    (Piece("flagship|mentak"), holds_flagship(side, "mentak")),
                    (Piece("mech"), any(p.type[:4] == "mech" for p in side)),
                )
                if held
            )
        return got

    def undecided(self, moves: dict[Ids, dict[Ids, float]], mass: dict[Ids, float]) -> None:
        """Mass on states that can never end: where it stands in the long run."""
        for pair, m in long_run(list(moves), moves, mass).items():
            self.end(pair, m)


def _each(settle: _Settle, start: dict[Ids, float]) -> None:
    """Settle a block from each of its states' ``transitions``."""
    sides, fight, memo = settle.sides, settle.fight, settle.memo
    kind = sides.kind
    block = kind[next(iter(start))[0]], kind[next(iter(start))[1]]
    steps: dict[Ids, dict[Ids, float]] = {}
    todo = list(start)
    while todo:
        pair = todo.pop()
        if pair in steps:
            continue
        moves: dict[Ids, float] = defaultdict(float)
        for (a, d), p in transitions(
            fight, (sides.sides[pair[0]], sides.sides[pair[1]]), 0, memo=memo
        ).items():
            moves[(sides.of(a), sides.of(d))] += p
        steps[pair] = moves
        if len(steps) > LARGEST:
            settle.charge(len(steps), 1)
        todo += [t for t in moves if t not in steps and (kind[t[0]], kind[t[1]]) == block]
    settle.charge(len(steps), len(steps))
    states = sorted(steps, key=lambda s: _damage(sides, s))
    inside = {s: {t: p for t, p in steps[s].items() if t in steps} for s in states}
    leak = {s: sum(p for t, p in steps[s].items() if t not in steps) for s in states}
    _solved(settle, states, start, inside, leak, steps)


def _solved(
    settle: _Settle,
    states: list[Ids],
    start: dict[Ids, float],
    inside: dict[Ids, dict[Ids, float]],
    leak: dict[Ids, float],
    steps: dict[Ids, dict[Ids, float]] | None,
) -> dict[Ids, float]:
    """Solve a block given its states' moves within it and chances of leaving it; ``steps``:
    every move of each state, sent on here (else the caller sends what leaves)."""
    stuck = trapped(states, inside, {s for s in states if leak[s]})
    free = [s for s in states if s not in stuck]
    at = {s: i for i, s in enumerate(free)}
    rows = []
    away = []
    for s in free:
        row = [0.0] * len(free)
        out = leak[s]
        for t, p in inside[s].items():
            if t in at:
                row[at[t]] += p
            else:
                out += p  # into a trapped state: out of the solve
        rows.append(row)
        away.append(out)
    x = dict(zip(free, solve([start.get(s, 0.0) for s in free], rows, away), strict=True))
    if stuck:
        mass = {s: start.get(s, 0.0) for s in stuck}
        for s in free:
            for t, p in inside[s].items():
                if t in stuck:
                    mass[t] += x[s] * p
        settle.undecided({s: inside[s] for s in stuck}, mass)
    if steps is not None:
        for s in free:
            xs = x[s]
            if xs:
                for (a, d), p in steps[s].items():
                    if (a, d) not in inside[s]:
                        settle.add(a, d, xs * p)
    return x


def _damage(sides: _Sides, pair: Ids) -> int:
    """Damaged pieces: the least damaged states first (a repair mends one a round, so those
    are where repairs lead, and eliminated first they fill in least)."""
    return sum(p.damaged for n in pair for p in sides.sides[n])
