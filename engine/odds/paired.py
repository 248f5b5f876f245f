"""One combat round played pair of rolls by pair of rolls (``engine.odds.general.transitions``).

Where a side's losses read more than the other side's hits (a kept card's moment, a Direct
Hit, Valkyrie Particle Weave, an ability acting at the end of the round), every pair of
the two sides' rolls is played out. Each side's end of the hits it takes is worked out
once per number of hits (:class:`_Ends`); the pairs of rolls ending the round alike are
summed, and each way the round ends is played on once: Direct Hit, Exoskeleton or Van
Hauge, the kept cards, then the repairs and the end-of-round abilities.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any

from engine.core.casualties import casualty_rank
from engine.odds.abilities import dynamo, end_of_round, exoskeleton, spend
from engine.odds.direct import direct_hits, van_hauge
from engine.odds.fight import Fight, Setup
from engine.odds.kept import held_by, kept_cards
from engine.odds.parts import GRADED, Piece, Side, side_of
from engine.odds.taking import foe_reads, holds_flagship
from engine.ti4.abilities.faction_technologies import VALKYRIE_PARTICLE_WEAVE
from engine.ti4.abilities.technologies import DURANIUM_ARMOR

__all__ = ["played_out", "repair"]

Pair = tuple[Side, Side]
Memo = dict[tuple[object, ...], object]
Outcome = tuple[float, int, int, int]
Sustained = tuple[tuple[Piece, ...], tuple[Piece, ...]]


def played_out(
    fight: Fight,
    pair: Pair,
    rolls: tuple[list[Outcome], list[Outcome]],
    rnd: int,
    late: bool,
    kept: bool,
    memo: Memo,
) -> dict[Pair, float]:
    """Where one round ``rnd`` takes ``pair`` (as its start of round left it), each side
    rolling its ``rolls``; ``late``: abilities act at its end, ``kept``: a kept card may."""
    a, d = pair
    a_rolls, d_rolls = rolls
    valkyrie = fight.ground and (
        fight.attacker.has(VALKYRIE_PARTICLE_WEAVE),
        fight.defender.has(VALKYRIE_PARTICLE_WEAVE),
    )
    a_ends, d_ends = _Ends(fight, a, True, d, memo), _Ends(fight, d, False, a, memo)
    # Nothing before the kept cards plays or takes one: each side holds at every end what
    # it held as the round began.
    held = held_by((a, d)) if kept else None
    yin = _yin(fight, a, d)
    finish = _Finish(fight, (rnd, late, yin), memo)
    ends: dict[tuple[int, int], float] = defaultdict(float)
    for pa, i, a_forced, a_spent in a_rolls:
        a_hits = i + a_forced
        for pd, j, d_forced, d_spent in d_rolls:
            d_hits = j + d_forced
            scored_a, scored_d = a_hits, d_hits
            if valkyrie:  # a hit answering the foe's hits in a ground combat round
                scored_a += valkyrie[0] and d_hits > 0
                scored_d += valkyrie[1] and a_hits > 0
            ids = a_ends.of(scored_d, d_forced, a_spent), d_ends.of(scored_a, a_forced, d_spent)
            ends[ids] += pa * pd
    out: dict[Pair, float] = defaultdict(float)
    for (x, y), p in ends.items():
        (a_left, a_sus, a_now), (d_left, d_sus, d_now) = a_ends.ends[x], d_ends.ends[y]
        a_left, d_left = direct_hits(a_left, d_left, a_sus, d_sus)
        if fight.ground:
            a_left, d_left = exoskeleton(fight, (a_left, d_left), a_sus, d_sus)
        elif yin:
            a_left, d_left = van_hauge((a, d), (a_left, d_left))
        before = (a_now, d_now)
        if kept:
            for (after, sus), q in kept_cards(
                fight, pair, (a_left, d_left), (a_sus, d_sus), memo, held
            ).items():
                finish(out, (after, sus, before), p * q)
            continue
        finish(out, ((a_left, d_left), (a_sus, d_sus), before), p)
    return out


def _yin(fight: Fight, a: Side, d: Side) -> bool:
    """Whether Van Hauge is in the combat: its loss is looked for only then."""
    return not fight.ground and (holds_flagship(a, "yin") or holds_flagship(d, "yin"))


class _Ends:
    """A side's ends of one round's hits, numbered as met: (what it has left, the pieces
    that sustained, the side as the hits were taken)."""

    def __init__(self, fight: Fight, side: Side, attacker: bool, foe: Side, memo: Memo) -> None:
        self.fight, self.side, self.attacker, self.memo = fight, side, attacker, memo
        self.foe = foe_reads(foe)
        self.ends: list[tuple[Side, tuple[Piece, ...], Side]] = []
        self._ids: dict[tuple[int, int, int], int] = {}
        self._numbers: dict[tuple[Side, tuple[Piece, ...], Side], int] = {}

    def of(self, hits: int, forced: int, spent: int) -> int:
        """The number of the end of taking ``hits`` (``forced`` of them bound to non-fighter
        ships) after spending ``spent`` tokens."""
        key = (hits, forced, spent)
        got = self._ids.get(key)
        if got is None:
            now = spend(self.side, spent)
            left, sustained = _take(
                self.fight, now, hits, self.attacker, self.foe, forced, self.memo
            )
            end = (left, sustained, now)
            got = self._numbers.get(end)
            if got is None:
                got = self._numbers[end] = len(self.ends)
                self.ends.append(end)
            self._ids[key] = got
        return got


def _take(
    fight: Fight, side: Side, hits: int, attacker: bool, reads: Side, forced: int, memo: Memo
) -> Any:
    """``Fight.take`` of the attacker's (``attacker``) or defender's hits, kept in ``memo``;
    ``reads``: what it reads of the foe (``foe_reads``), so one take serves every foe alike."""
    key = ("take", attacker, side, hits, reads, forced)
    got = memo.get(key)
    if got is None:
        own = fight.attacker if attacker else fight.defender
        got = memo[key] = fight.take(side, hits, own, reads, forced)
    return got


class _Finish:
    """A round's ends after its hits: Dynamo's and Duranium Armor's repairs, then the
    end-of-round abilities (``when``: the round, whether anything acts at its end, whether
    Van Hauge is in the combat)."""

    def __init__(self, fight: Fight, when: tuple[int, bool, bool], memo: Memo) -> None:
        self.fight, self.when, self.memo = fight, when, memo

    def __call__(
        self, out: dict[Pair, float], end: tuple[Pair, Sustained, Pair], mass: float
    ) -> None:
        """Add ``end`` (the sides left, the pieces that sustained, the sides as the hits were
        taken) to ``out`` with its ``mass``, repaired and played to the round's end."""
        (a_left, d_left), (a_sus, d_sus), before = end
        fight = self.fight
        a_left = repair(fight, dynamo(a_left, a_sus), fight.attacker, a_sus, before[0])
        d_left = repair(fight, dynamo(d_left, d_sus), fight.defender, d_sus, before[1])
        rnd, late, yin = self.when
        if not late:
            out[(a_left, d_left)] += mass
            return
        # The end-of-round abilities read the pair alone: played once per pair.
        key = ("late", rnd, yin, a_left, d_left)
        ways = self.memo.get(key)
        if ways is None:
            ways = self.memo[key] = [
                (van_hauge((a_left, d_left), after) if yin else after, q)
                for after, q in end_of_round(self.fight, (a_left, d_left), rnd).items()
            ]
        for after, q in ways:  # type: ignore[attr-defined]
            out[after] += mass * q


def repair(
    fight: Fight, side: Side, own: Setup, sustained: tuple[Piece, ...], before: Side
) -> Side:
    """Duranium Armor: repair the strongest damaged unit that did not sustain this round.

    Where a damaged unit of a type was destroyed this round, its owner chose one that
    sustained in it, keeping the one Duranium Armor may repair: of the units of a type
    that sustained, only as many are still damaged as the type has more damaged units
    than before the round (``before``)."""
    if not own.has(DURANIUM_ARMOR):
        return side
    return _repaired(side, sustained, before)


@lru_cache(maxsize=65536)
def _repaired(side: Side, sustained: tuple[Piece, ...], before: Side) -> Side:
    """``repair`` with Duranium Armor held: asked again for every pair of rolls, so kept."""
    damaged = [p for p in side if p.damaged]
    if not damaged:
        return side
    fresh = []
    for kind in dict.fromkeys(p.type for p in sustained):
        was = sum(1 for p in before if p.type == kind and p.damaged)
        now = sum(1 for p in damaged if p.type == kind)
        count = sum(1 for p in sustained if p.type == kind)
        fresh += [Piece(kind, False)] * min(count, max(0, now - was))
    if fresh:
        repairable = []
        for piece in damaged:
            undamaged = Piece(piece.type, False)
            if undamaged in fresh:
                fresh.remove(undamaged)
            else:
                repairable.append(piece)
        damaged = repairable
    if not damaged:
        return side
    best = max(damaged, key=lambda p: casualty_rank(GRADED[p.type]))
    rest = list(side)
    rest.remove(best)
    return side_of([*rest, Piece(best.type, False)])
