"""A block of the rounds to the end settled side by side (``engine.odds.settle`` calls this).

Where each side's losses in a round depend on the other side's hits alone (as
``engine.odds.general.transitions`` combines them), a round from ``(a, d)`` is a's
outcomes times d's, each side's drawn from the other's dice: the same for every
state of the other's block (damage changes no die). So a block's moves are each
side's moves within its own block, side by side, and what leaves the block is
worked out as rows of chances: for each of the attacker's states, what passes
through it on each of the defender's outcomes, as one list, then spread over the
attacker's outcomes; never pair of outcomes by pair of outcomes.

Why ``FAINT`` stays, though the rest is solved exactly: with repairs (Duranium
Armor) a side's block holds every count of damaged units of each type it can
reach, and a pair of blocks is solved as one dense linear system of their
product's states. ``FAINT`` keeps out of that system the states reached only
along paths carrying less than 1e-20 (a repair back after several hits in a
row against fleets that rarely miss); what flows into them is worked out by the
solve and set aside, and a block setting aside more than ``ASIDE`` (1e-18) is
solved whole again. It bounds the size of the solve, not a number of passes:
nothing is iterated until the mass is small. Measured without it (CPython CPU,
``engine.api.odds``, both sides with Duranium Armor): 20 dreadnoughts a side
0.73 s -> 10.1 s, 4 war suns + 6 dreadnoughts + 4 fighters 0.26 s -> 4.1 s,
10 dreadnoughts + 10 fighters 0.62 s -> 2.2 s, and two fleets answered today
(15 dreadnoughts + 5 war suns; 10 each of war suns, dreadnoughts, cruisers and
destroyers with Morale Boost) refused as too large after 15 s; the bench's
every-option cases 4-14% slower. What it costs the answer: at most the mass
set aside, ``ASIDE`` a block (tests/engine/test_odds_settle.py pins it against
the whole solve), far below the 1e-12 the odds are checked to.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from engine.odds.general import _apart as _independent
from engine.odds.general import _losses, _rolls, _start_of_round
from engine.odds.linear import solve, trapped
from engine.odds.rows import sumprod

Ids = tuple[int, int]
_Settle = Any
"""engine.odds.settle's state of a calculation: named loosely, as settle imports this module."""

__all__ = ["round_apart", "settle_apart"]

Outcome = tuple[int, int, bool]
"""A side's outcome of a round: what it has left, the same without its Direct Hit card,
and whether the other side's Direct Hit destroyed one of its ships (sides by number)."""
Kernel = list[tuple[Outcome, float]]
Send = Callable[[int, int, float], None]

FAINT = 1e-20
"""A state of a side's block that the mass starting in the block reaches only along paths
carrying less than this is left out of its solve (four repairs in a row against a fleet
that misses with 1 chance in 100,000, say) ..."""
ASIDE = 1e-18
"""... unless what flows into such states, worked out exactly by the solve, is more than
this: then the block is solved whole. The answer can differ from the whole solve's by no
more than what flows in (the mass set aside), at most this much a block."""


def settle_apart(settle: _Settle, start: dict[Ids, float]) -> bool:
    """Settle the block of ``start`` side by side; ``False`` (nothing done) where a side's
    losses depend on more than the other's hits."""
    fight, memo, sides = settle.fight, settle.memo, settle.sides
    a_id, d_id = next(iter(start))
    a0, d0 = sides.sides[a_id], sides.sides[d_id]
    a_rolls = _rolls(fight, a0, d0, True, 0, memo)
    d_rolls = _rolls(fight, d0, a0, False, 0, memo)
    if not _independent(fight, a0, d0, a_rolls, d_rolls):
        return False
    a_mass: dict[int, float] = defaultdict(float)
    d_mass: dict[int, float] = defaultdict(float)
    for (sa, sd), mass in start.items():
        a_mass[sa] = max(a_mass[sa], mass)
        d_mass[sd] = max(d_mass[sd], mass)
    for faint in (FAINT, 0.0):
        a_kernels = _closure(settle, a_mass, True, d_id, d_rolls, faint)
        d_kernels = _closure(settle, d_mass, False, a_id, a_rolls, faint)
        if not (a_kernels and d_kernels):  # every state left out
            aside = sum(start.values())
            if aside <= ASIDE:
                settle.aside += aside
                return True
            continue
        a, d = _Own(settle, a_kernels), _Own(settle, d_kernels)
        x, aside = _solved(settle, a, d, start)
        if aside <= ASIDE:
            break
    settle.aside += aside
    kind = settle.sides.kind
    inside = kind[a_id], kind[d_id]
    _send(settle, (a.states, a.kernels), (d.states, d.kernels), x, settle.add, inside)
    return True


def round_apart(settle: _Settle, start: dict[Ids, float], rnd: int, send: Send) -> bool:
    """One round ``rnd`` from the pairs of ``start`` (one block), side by side, sent on by
    ``send``; ``False`` (nothing done) where a side's losses depend on more than the
    other's hits."""
    fight, memo, sides = settle.fight, settle.memo, settle.sides
    a_id, d_id = next(iter(start))
    a0, d0 = sides.sides[a_id], sides.sides[d_id]
    a_rolls = _rolls(fight, a0, d0, True, rnd, memo)
    d_rolls = _rolls(fight, d0, a0, False, rnd, memo)
    if not _independent(fight, a0, d0, a_rolls, d_rolls):
        return False
    a_states = sorted({a for a, _ in start})
    d_states = sorted({d for _, d in start})
    a_kernels = {n: _kernel(settle, n, True, d_id, d_rolls) for n in a_states}
    d_kernels = {n: _kernel(settle, n, False, a_id, a_rolls) for n in d_states}
    x = [start.get((a, d), 0.0) for a in a_states for d in d_states]
    _send(settle, (a_states, a_kernels), (d_states, d_kernels), x, send, None)
    return True


class _Own:
    """A side's states in its block (least damaged first: a repair mends one a round, so
    those are where repairs lead, and eliminated first they fill in least), its moves
    among them, its chance of leaving the block from each, of moving to a state of the
    block left out (``FAINT``), and whether it never can leave."""

    def __init__(self, settle: _Settle, kernels: dict[int, Kernel]) -> None:
        sides = settle.sides
        self.kernels = kernels
        self.states = sorted(kernels, key=lambda n: sum(p.damaged for p in sides.sides[n]))
        self.kind = kind = sides.kind[self.states[0]]
        at = {n: i for i, n in enumerate(self.states)}
        self.rows: list[list[float]] = []
        self.leak: list[float] = []
        self.lost: list[float] = []
        for n in self.states:
            row = [0.0] * len(self.states)
            away = lost = 0.0
            for (left, _, struck), p in kernels[n]:
                if struck or sides.kind[left] != kind:
                    away += p
                elif left in at:
                    row[at[left]] += p
                else:
                    lost += p
            self.rows.append(row)
            self.leak.append(away)
            self.lost.append(lost)
        inside = {i: [j for j, p in enumerate(row) if p] for i, row in enumerate(self.rows)}
        leaks = {i for i, (p, q) in enumerate(zip(self.leak, self.lost, strict=True)) if p or q}
        stuck = trapped(range(len(self.states)), inside, leaks)
        self.stuck = [i in stuck for i in range(len(self.states))]


def _solved(
    settle: _Settle, a: _Own, d: _Own, start: dict[Ids, float]
) -> tuple[list[float], float]:
    """All the mass that passes through each pair of the block (attacker's state major),
    and the mass set aside: what flows into the states left out."""
    width = len(d.states)
    settle.charge(len(a.states) * width, width + 1)
    # Both sides' own moves side by side; leaving: either side leaving its own, summed.
    rows = [[pa * pd for pa in a_row for pd in d_row] for a_row in a.rows for d_row in d.rows]
    leak = [pa + pd - pa * pd for pa in a.leak for pd in d.leak]
    # Into a pair left out: within the block, but one side into a state left out.
    a_in = [sum(row) for row in a.rows]
    d_in = [sum(row) for row in d.rows]
    lost = [
        ea * (td + ed) + ta * ed
        for ea, ta in zip(a.lost, a_in, strict=True)
        for ed, td in zip(d.lost, d_in, strict=True)
    ]
    out = [p + q for p, q in zip(leak, lost, strict=True)]
    given = [start.get((sa, sd), 0.0) for sa in a.states for sd in d.states]
    # Start mass on pairs left out is set aside too.
    a_in_set, d_in_set = set(a.states), set(d.states)
    left_out = sum(m for (sa, sd), m in start.items() if sa not in a_in_set or sd not in d_in_set)
    stuck = [sa and sd for sa in a.stuck for sd in d.stuck]
    if not any(stuck):
        x = solve(given, rows, out)
        return x, sumprod(x, lost) + left_out
    leak = out
    free = [i for i, s in enumerate(stuck) if not s]
    kept = []
    for i in free:
        leak[i] += sum(p for p, s in zip(rows[i], stuck, strict=True) if s and p)
        kept.append([rows[i][j] for j in free])
    x = [0.0] * len(rows)
    for i, xs in zip(
        free, solve([given[i] for i in free], kept, [leak[i] for i in free]), strict=True
    ):
        x[i] = xs

    def pair(i: int) -> Ids:
        return a.states[i // width], d.states[i % width]

    never = [i for i, s in enumerate(stuck) if s]
    moves = {pair(i): {pair(j): p for j, p in enumerate(rows[i]) if p} for i in never}
    mass = {pair(i): given[i] + sum(x[j] * rows[j][i] for j in free) for i in never}
    settle.undecided(moves, mass)
    return x, sumprod(x, lost) + left_out


def _send(
    settle: _Settle,
    attackers: tuple[list[int], dict[int, Kernel]],
    defenders: tuple[list[int], dict[int, Kernel]],
    x: list[float],
    send: Send,
    inside: tuple[int, int] | None,
) -> None:
    """Send the outcomes of the mass ``x`` passing through each pair of states (attacker's
    major) on by ``send``, all but those within the block of kinds ``inside``."""
    kind = settle.sides.kind
    a_states, a_kernels = attackers
    d_states, d_kernels = defenders
    width = len(d_states)
    # The defender's outcomes, numbered, and each state's chance of each (a column each).
    numbered: dict[Outcome, int] = {}
    for n in d_states:
        for outcome, _ in d_kernels[n]:
            numbered.setdefault(outcome, len(numbered))
    chances = []
    for n in d_states:
        column = [0.0] * len(numbered)
        for outcome, p in d_kernels[n]:
            column[numbered[outcome]] += p
        chances.append(column)
    by_outcome = list(zip(*chances, strict=True))
    spread: dict[Outcome, list[float]] = {}
    for i, n in enumerate(a_states):
        through = x[i * width : (i + 1) * width]
        if not any(through):
            continue
        # What passes through this state on each of the defender's outcomes.
        passing = [sumprod(through, column) for column in by_outcome]
        for outcome, p in a_kernels[n]:
            got = spread.get(outcome)
            spread[outcome] = (
                [p * w for w in passing]
                if got is None
                else [g + p * w for g, w in zip(got, passing, strict=True)]
            )
    d_outcomes = list(numbered)
    a_kind, d_kind = inside if inside is not None else (-1, -1)
    for (a_left, a_played, a_struck), masses in spread.items():
        a_stays = not a_struck and kind[a_left] == a_kind
        for (d_left, d_played, d_struck), mass in zip(d_outcomes, masses, strict=True):
            if not mass:
                continue
            if a_stays and not d_struck and kind[d_left] == d_kind:
                continue  # within the block: solved already
            # A side whose Direct Hit struck has played its card.
            send(a_played if d_struck else a_left, d_played if a_struck else d_left, mass)


def _closure(
    settle: _Settle,
    starts: dict[int, float],
    attacker: bool,
    foe: int,
    foe_rolls: Any,
    faint: float,
) -> dict[int, Kernel]:
    """Each state of a side's block that a path within it from ``starts`` (each with its
    mass) reaches carrying at least ``faint``, with its outcomes against ``foe``'s block
    (its dice, and the pieces ``_losses`` reads of it): the heaviest first (Dijkstra's)."""
    kinds = settle.sides.kind
    kind = kinds[next(iter(starts))]
    out: dict[int, Kernel] = {}
    best = {n: m for n, m in starts.items() if m >= faint}
    heap = [(-m, n) for n, m in best.items()]
    heapq.heapify(heap)
    while heap:
        chance, n = heapq.heappop(heap)
        if n in out:
            continue
        out[n] = kernel = _kernel(settle, n, attacker, foe, foe_rolls)
        for (left, _, struck), p in kernel:
            reach = -chance * p
            if (
                not struck
                and kinds[left] == kind
                and reach >= faint
                and reach > best.get(left, 0.0)
            ):
                best[left] = reach
                heapq.heappush(heap, (-reach, left))
    return out


def _kernel(settle: _Settle, n: int, attacker: bool, foe: int, foe_rolls: Any) -> Kernel:
    """Side ``n``'s outcomes of a round against ``foe`` rolling ``foe_rolls``."""
    by_hits = _outcomes(settle, n, attacker, foe, 1 + foe_rolls[-1][1])
    kernel: dict[Outcome, float] = defaultdict(float)
    for p, hits, _, _ in foe_rolls:
        kernel[by_hits[hits]] += p
    return list(kernel.items())


def _outcomes(settle: _Settle, n: int, attacker: bool, foe: int, most: int) -> list[Outcome]:
    """Side ``n``'s outcome of 0, 1, ... hits from ``foe`` (kept for every foe alike in the
    pieces ``_losses`` reads: its Direct Hit, the Fourth Moon, a mech)."""
    sides, fight = settle.sides, settle.fight
    foe_side = settle.foe(foe)
    key = (attacker, n, foe_side)
    got = settle.outcomes.setdefault(key, [])
    if len(got) < most:
        own = fight.attacker if attacker else fight.defender
        # Arc Secundus mends itself before the round: part of the side's own move.
        side = _start_of_round(fight, sides.sides[n], own, 0)
        for hits in range(len(got), most):
            loss = _losses(fight, side, foe_side, [(1.0, hits, 0, 0)], attacker, settle.memo)
            ((left, played, struck),) = loss
            got.append((sides.of(left), sides.of(played), struck))
    return got
