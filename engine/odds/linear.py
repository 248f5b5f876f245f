"""One exact linear solve: where mass goes in a group of states that lead back into each other.

``x = start + x P`` over the group's states, ``P`` the chances of moving between
them in one round: ``x[s]`` is all the mass that is ever in ``s`` (the expected
number of rounds there, times the mass). What leaves the group from ``s`` is then
``x[s]`` times the chance of each way out.

Solved by eliminating the states one by one (Gaussian elimination, in Grassmann,
Taksar and Heyman's form for Markov chains): a state's chance of staying put is
never subtracted from 1 but summed from its chances of going elsewhere, so a state
that leaves its group rarely (say 1e-9 a round) keeps full precision. A state that
can never leave is *trapped* (:func:`trapped`): the caller keeps it out of the
solve, which needs every state to leave in the end. Rows are plain lists moved by
list comprehensions: pure Python, as it runs in the browser.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from typing import TypeVar

__all__ = ["long_run", "solve", "trapped"]

S = TypeVar("S", bound=Hashable)


def trapped(states: Iterable[S], inside: Mapping[S, Iterable[S]], leaks: set[S]) -> set[S]:
    """The states none of whose ways on, within ``inside``, ever reach one of ``leaks``."""
    into: dict[S, list[S]] = {}
    every = list(states)
    for s in every:
        for t in inside[s]:
            into.setdefault(t, []).append(s)
    free = set(leaks)
    todo = list(free)
    while todo:
        for s in into.get(todo.pop(), ()):
            if s not in free:
                free.add(s)
                todo.append(s)
    return {s for s in every if s not in free}


def solve(start: list[float], rows: list[list[float]], leak: list[float]) -> list[float]:
    """``x`` with ``x = start + x P``: ``rows[s]`` is row ``s`` of ``P`` and ``leak[s]`` the
    chance of leaving the states from ``s``, which the rows leave out. ``rows`` is used up.

    Every state must reach a leak. States are eliminated in their order: states whose
    moves mostly go to states after them (and come from few after them) fill in least.
    """
    n = len(rows)
    mass = start[:]
    out = leak[:]
    kept: list[tuple[float, float, list[tuple[int, float]]]] = []
    for s in range(n):
        row = rows[s]
        after = row[s + 1 :]
        away = out[s] + sum(after)  # staying put divided out, never subtracted
        if away <= 0.0:
            raise ValueError("a state that can never leave is trapped, not solved")
        given = mass[s]
        if given:
            share = given / away
            mass[s + 1 :] = [m + share * p for m, p in zip(mass[s + 1 :], after, strict=True)]
        into = [(r, rows[r][s]) for r in range(s + 1, n) if rows[r][s]]
        for r, w in into:
            # Paths r -> s -> t become r -> t; r's way out through s joins its own.
            share = w / away
            other = rows[r]
            other[s + 1 :] = [q + share * p for q, p in zip(other[s + 1 :], after, strict=True)]
            out[r] += share * out[s]
        kept.append((given, away, into))
    x = [0.0] * n
    for s in range(n - 1, -1, -1):
        given, away, into = kept[s]
        x[s] = (given + sum(x[r] * w for r, w in into)) / away
    return x


def long_run(
    states: list[S], moves: Mapping[S, Mapping[S, float]], mass: Mapping[S, float]
) -> dict[S, float]:
    """Where ``mass`` stands in the long run on ``states``, none of which can ever end (their
    ``moves`` stay among them): the mass each closed class (a group whose moves stay in it
    and reach all of it) takes in the end, spread as the share of rounds the combat spends
    in each of its states (its stationary distribution)."""
    closed = [
        group
        for group in _groups(states, moves)
        if all(t in group for s in group for t in moves[s])
    ]
    where = {s: i for i, group in enumerate(closed) for s in group}
    arrive = dict.fromkeys(where, 0.0)
    for s, m in mass.items():
        if s in where:
            arrive[s] += m
    passing = [s for s in states if s not in where]
    if passing:
        rows, leak = _rows(passing, moves)
        x = solve([mass.get(s, 0.0) for s in passing], rows, leak)
        for s, xs in zip(passing, x, strict=True):
            for t, p in moves[s].items():
                if t in where:
                    arrive[t] += xs * p
    out: dict[S, float] = {}
    for group in closed:
        total = sum(arrive[s] for s in group)
        if total:
            share = _stationary(list(group), moves)
            out.update((s, total * share[s]) for s in group)
    return out


def _rows(
    states: list[S], moves: Mapping[S, Mapping[S, float]]
) -> tuple[list[list[float]], list[float]]:
    """``moves`` among ``states`` as rows, and each state's chance of moving elsewhere."""
    at = {s: i for i, s in enumerate(states)}
    rows = [[0.0] * len(states) for _ in states]
    leak = [0.0] * len(states)
    for i, s in enumerate(states):
        for t, p in moves[s].items():
            if t in at:
                rows[i][at[t]] += p
            else:
                leak[i] += p
    return rows, leak


def _stationary(group: list[S], moves: Mapping[S, Mapping[S, float]]) -> dict[S, float]:
    """A closed class's share of rounds in each state: the rounds spent in each other state
    between two visits to the first (an exact solve), over their total."""
    first, others = group[0], group[1:]
    visits = {first: 1.0}
    if others:
        rows, back = _rows(others, {s: moves[s] for s in others})
        x = solve([moves[first].get(s, 0.0) for s in others], rows, back)
        visits.update(zip(others, x, strict=True))
    total = sum(visits.values())
    return {s: v / total for s, v in visits.items()}


def _groups(states: list[S], moves: Mapping[S, Mapping[S, float]]) -> list[set[S]]:
    """The strongly connected groups of ``states`` (Tarjan's algorithm, without recursion)."""
    index: dict[S, int] = {}
    low: dict[S, int] = {}
    stack: list[S] = []
    on: set[S] = set()
    groups: list[set[S]] = []
    for root in states:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        path = [(root, iter(moves[root]))]
        while path:
            s, ahead = path[-1]
            for t in ahead:
                if t not in index:
                    index[t] = low[t] = len(index)
                    stack.append(t)
                    on.add(t)
                    path.append((t, iter(moves[t])))
                    break
                if t in on:
                    low[s] = min(low[s], index[t])
            else:
                path.pop()
                if path:
                    low[path[-1][0]] = min(low[path[-1][0]], low[s])
                if low[s] == index[s]:
                    group = set()
                    while True:
                        t = stack.pop()
                        on.discard(t)
                        group.add(t)
                        if t == s:
                            break
                    groups.append(group)
    return groups
