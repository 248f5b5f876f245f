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

from engine.odds.abilities import LATE
from engine.odds.fight import Fight
from engine.odds.general import (
    Dist,
    Memo,
    _losses,
    _rolls,
    _start_of_round,
    decided,
    transitions,
)
from engine.odds.general import _apart as _independent
from engine.odds.linear import long_run, solve, trapped
from engine.odds.parts import Side

__all__ = ["Progress", "to_the_end"]

Progress = Callable[[float], Any]
"""Told the share of the chance settled so far (0 to 1) after each block; it may raise to
stop the calculation."""

Ids = tuple[int, int]
Kernel = list[tuple[int, int, bool, float]]
"""A side's outcomes of a round from one state: (what it has left, the same without its
Direct Hit card, whether the other side's Direct Hit destroyed one of its ships, chance)."""


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


def to_the_end(fight: Fight, dist: Dist, progress: Progress | None = None) -> Dist:
    """Every pair of ``dist`` fought until decided, rounds from here on all alike."""
    settle = _Settle(fight)
    for (a, d), mass in dist.items():
        if mass:
            settle.add(settle.sides.of(a), settle.sides.of(d), mass)
    while settle.heap:
        settle.next_block()
        if progress is not None:
            progress(min(1.0, settle.settled))
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
        self.settled = 0.0
        self.memo: Memo = {}
        self.kernels: dict[tuple[bool, int, int], Kernel] = {}
        self.late = bool(fight.harrow) or any(
            o in LATE for s in (fight.attacker, fight.defender) for o in s.options
        )

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
        self.settled += mass

    def next_block(self) -> None:
        _, _, key = heapq.heappop(self.heap)
        start = self.blocks.pop(key)
        self.done.add(key)
        a, d = next(iter(start))
        sides = self.sides.sides
        if decided((sides[a], sides[d]), self.fight.attack):
            for pair, mass in start.items():
                self.end(pair, mass)
        elif self.late or not _apart(self, start):
            _each(self, start)

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
        todo += [t for t in moves if t not in steps and (kind[t[0]], kind[t[1]]) == block]
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


def _apart(settle: _Settle, start: dict[Ids, float]) -> bool:
    """Settle a block side by side where each side's losses depend on the other's hits alone
    (as ``transitions`` combines them); ``False`` where they do not, nothing done."""
    fight, memo, sides = settle.fight, settle.memo, settle.sides
    a0, d0 = (sides.sides[n] for n in next(iter(start)))
    a_rolls = _rolls(fight, a0, d0, True, 0, memo)
    d_rolls = _rolls(fight, d0, a0, False, 0, memo)
    if not _independent(fight, a0, d0, a_rolls, d_rolls):
        return False
    a_id, d_id = next(iter(start))
    a_loss = _closure(settle, {a for a, _ in start}, True, d_id, d_rolls)
    d_loss = _closure(settle, {d for _, d in start}, False, a_id, a_rolls)
    a_states, a_rows, a_leak = _own_moves(sides, a_loss)
    d_states, d_rows, d_leak = _own_moves(sides, d_loss)
    pairs = [(a, d) for a in a_states for d in d_states]
    inside = {
        pair: {(a, d): pa * pd for a, pa in a_row.items() for d, pd in d_row.items()}
        for pair, (a_row, d_row) in zip(
            pairs, ((a_row, d_row) for a_row in a_rows for d_row in d_rows), strict=True
        )
    }
    # Leaving the block: either side leaving its own; summed, not subtracted from 1.
    leak = {
        pair: pa + pd - pa * pd
        for pair, (pa, pd) in zip(pairs, ((pa, pd) for pa in a_leak for pd in d_leak), strict=True)
    }
    x = _solved(settle, pairs, start, inside, leak, None)
    a_kind, d_kind = sides.kind[a_id], sides.kind[d_id]
    kind = sides.kind
    for a, outcomes in a_loss.items():
        through: dict[tuple[int, int, bool], float] = defaultdict(float)
        for d, d_outcomes in d_loss.items():
            xs = x.get((a, d))
            if xs:
                for left, played, struck, pd in d_outcomes:
                    through[(left, played, struck)] += xs * pd
        for a_left, a_played, a_struck, pa in outcomes:
            a_stays = kind[a_left] == a_kind
            for (d_left, d_played, d_struck), w in through.items():
                if a_stays and kind[d_left] == d_kind:
                    continue  # within the block: solved above
                settle.add(
                    a_played if d_struck else a_left, d_played if a_struck else d_left, pa * w
                )
    return True


def _closure(
    settle: _Settle, starts: set[int], attacker: bool, foe: int, foe_rolls: Any
) -> dict[int, Kernel]:
    """Each state of a side's block reachable from ``starts`` within it, with its outcomes
    against ``foe``'s block (its dice and the pieces ``_losses`` reads are the block's)."""
    sides, fight = settle.sides, settle.fight
    kind = sides.kind[next(iter(starts))]
    own = fight.attacker if attacker else fight.defender
    out: dict[int, Kernel] = {}
    todo = list(starts)
    while todo:
        n = todo.pop()
        if n in out:
            continue
        key = (attacker, n, sides.kind[foe])
        kernel = settle.kernels.get(key)
        if kernel is None:
            # Arc Secundus mends itself before the round: part of the side's own move.
            side = _start_of_round(fight, sides.sides[n], own)
            losses = _losses(fight, side, sides.sides[foe], foe_rolls, attacker, settle.memo)
            kernel = settle.kernels[key] = [
                (sides.of(left), sides.of(played), struck, p)
                for (left, played, struck), p in losses.items()
            ]
        out[n] = kernel
        todo += [left for left, _, _, _ in kernel if left not in out and sides.kind[left] == kind]
    return out


def _own_moves(
    sides: _Sides, losses: dict[int, Kernel]
) -> tuple[list[int], list[dict[int, float]], list[float]]:
    """A side's states in its block (least damaged first), its moves among them and its
    chance of leaving the block from each."""
    states = sorted(losses, key=lambda n: sum(p.damaged for p in sides.sides[n]))
    kind = sides.kind[states[0]]
    rows, leak = [], []
    for n in states:
        row: dict[int, float] = defaultdict(float)
        away = 0.0
        for left, _, struck, p in losses[n]:
            if not struck and sides.kind[left] == kind:
                row[left] += p
            else:
                away += p
        rows.append(dict(row))
        leak.append(away)
    return states, rows, leak
