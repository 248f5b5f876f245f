"""Exact odds with options, faction abilities and a round limit: combat state by state.

Where a round's dice depend on more than the units' values (a flagship's aura,
a card played in one round, a reroll, a repair), combat is still a Markov
chain over (attacker's units, defender's units), fought here state by state:
the rounds the reader names one by one (:func:`one_round`), then the rest with
each state's chance of staying put divided out (:func:`to_the_end`), largest
states first so that each is met once (a repair that makes a state larger
again meets it again, with less mass each time, until below ``DUST``).
"""

from __future__ import annotations

import heapq
from collections import defaultdict

from engine.core.casualties import absorbable, casualty_rank
from engine.core.combat import Attack
from engine.odds.abilities import (
    LATE,
    dynamo,
    end_of_round,
    exoskeleton,
    extra_dice,
    roll_bonus,
    special_rolls,
    spend,
)
from engine.odds.fight import Fight, Setup
from engine.odds.parts import GRADED, Piece, Side, side_of
from engine.odds.rolls import convolve, die
from engine.odds.taking import holds_flagship

Pair = tuple[Side, Side]
Dist = dict[Pair, float]

DUST = 1e-17
"""Mass below this, going round a repair's loop, is dropped: far below a float's precision."""


def van_hauge(before: Pair, after: Pair) -> Pair:
    """Van Hauge destroyed: every ship in its system is destroyed with it."""
    gone = any(
        holds_flagship(b, "yin") and not holds_flagship(a, "yin")
        for b, a in zip(before, after, strict=True)
    )
    if not gone:
        return after
    a, d = (tuple(p for p in s if not GRADED[p.type].is_ship) for s in after)
    return a, d


CARD = Piece("card|direct_hit")
"""A held Direct Hit card, kept in its holder's side until played (it is never hit)."""

DIRECT_HIT_IMMUNE = frozenset({"Dreadnought II", "Super-Dreadnought II", "Exotrireme II"})
"""Upgrades whose card says they cannot be destroyed by Direct Hit."""


def direct_hits(a: Side, d: Side, a_sus: tuple[Piece, ...], d_sus: tuple[Piece, ...]) -> Pair:
    """Each side's Direct Hit, played on the first ship of the other that sustains a hit."""
    a, d = _direct_hit(a, d, d_sus)
    d, a = _direct_hit(d, a, a_sus)
    return a, d


def _direct_hit(holder: Side, target: Side, sustained: tuple[Piece, ...]) -> Pair:
    if CARD not in holder:
        return holder, target
    ships = [
        p
        for p in sustained
        if GRADED[p.type].is_ship and GRADED[p.type].printed not in DIRECT_HIT_IMMUNE
    ]
    victim = (
        Piece(max(ships, key=lambda p: casualty_rank(GRADED[p.type])).type, True) if ships else None
    )
    if victim is None or victim not in target:
        return holder, target
    rest = list(target)
    rest.remove(victim)
    return tuple(p for p in holder if p != CARD), tuple(rest)


# --- dice ----------------------------------------------------------------------------------


def _dice(
    fight: Fight, side: Side, other: Side, own: Setup, foe: Setup, rnd: int, extra: int
) -> list[tuple[Piece, int, bool, bool]]:
    """Every die ``side`` rolls in round ``rnd``: its unit, value to hit, reroll, triple."""
    if fight.ground and foe.has("magen_defense_grid", rnd) and fight.shielded:
        return []  # the opponent's Magen Defense Grid: no combat rolls this round
    bonus = int(own.has("morale_boost", rnd)) + extra
    if fight.ground:
        bonus += own.has("tekklar_legion") - (
            foe.has("tekklar_legion") and own.faction == "sardakk"
        )
    reroll = own.has("fire_team", rnd) if fight.ground else own.has("war_funding", rnd)
    flagship = any(p.type.startswith("flagship|") for p in side)
    dice: list[tuple[Piece, int, bool, bool]] = []
    for piece in side:
        spec = GRADED[piece.type]
        ability = fight.attack.dice_of(spec)
        if ability is None:
            continue
        plus: int = bonus
        count = ability.dice
        is_flagship = piece.type.startswith("flagship|")
        if spec.name == "fighter" and not fight.ground:
            plus += own.has("prophecy_of_ixth") + 2 * (rnd == 1 and own.has("fighter_prototype"))
        if not fight.ground and own.faction == "sardakk" and flagship and not is_flagship:
            plus += 1  # C'morran N'orr: +1 to your other ships in its system
        if is_flagship and own.faction == "winnu":
            count = sum(1 for p in other if _non_fighter_ship(p))
        triple = is_flagship and own.faction == "jol_nar"
        plus += roll_bonus(fight, piece, spec, side, own, rnd)
        count += extra_dice(fight, spec, own)
        dice += [(piece, ability.value - plus, reroll, triple)] * count
    return dice


def _non_fighter_ship(piece: Piece) -> bool:
    spec = GRADED[piece.type]
    return spec.is_ship and spec.name != "fighter"


def combat_hits(
    fight: Fight, side: Side, other: Side, own: Setup, foe: Setup, rnd: int, extra: int = 0
) -> tuple[float, ...]:
    """P(k hits) of ``side``'s combat rolls in round ``rnd`` (0: any later round), ``extra``
    added to each (the nebula's defender's +1)."""
    dice = _dice(fight, side, other, own, foe, rnd, extra)
    return convolve(tuple(sorted(die(v, r, t) for _, v, r, t in dice)))


Outcome = tuple[float, int, int, int]
"""A side's roll: its chance, hits, hits that must go to non-fighter ships, tokens spent."""


def roll_outcomes(
    fight: Fight, side: Side, other: Side, own: Setup, foe: Setup, rnd: int, extra: int = 0
) -> list[Outcome]:
    """The outcomes of ``side``'s combat rolls: [0.0.1]'s hits and Wrath of Kenara's trade
    goods kept apart (engine.odds.abilities); else the hits alone."""
    if fight.ground or own.faction not in ("l1z1x", "hacan"):
        hits = combat_hits(fight, side, other, own, foe, rnd, extra)
        return [(p, k, 0, 0) for k, p in enumerate(hits) if p]
    return special_rolls(own, side, _dice(fight, side, other, own, foe, rnd, extra))


# --- rounds ----------------------------------------------------------------------------------


def _repair(fight: Fight, side: Side, own: Setup, sustained: tuple[Piece, ...]) -> Side:
    """Duranium Armor: repair the strongest damaged unit that did not sustain this round."""
    if not own.has("duranium_armor"):
        return side
    fresh = list(sustained)
    damaged = []
    for piece in side:
        if piece.damaged:
            undamaged = Piece(piece.type, False)
            if undamaged in fresh:
                fresh.remove(undamaged)
            else:
                damaged.append(piece)
    if not damaged:
        return side
    best = max(damaged, key=lambda p: casualty_rank(GRADED[p.type]))
    rest = list(side)
    rest.remove(best)
    return side_of([*rest, Piece(best.type, False)])


def _start_of_round(fight: Fight, side: Side, own: Setup) -> Side:
    """Arc Secundus repairs itself at the start of each space combat round."""
    if fight.ground or own.faction != "letnev":
        return side
    damaged = Piece("flagship|letnev", True)
    if damaged not in side:
        return side
    return side_of([p if p != damaged else Piece(damaged.type, False) for p in side])


def transitions(fight: Fight, pair: Pair, rnd: int) -> dict[Pair, float]:
    """Where one round of ``fight`` takes ``pair``, and with what chance."""
    a, d = (
        _start_of_round(fight, s, own)
        for s, own in ((pair[0], fight.attacker), (pair[1], fight.defender))
    )
    a_rolls = roll_outcomes(fight, a, d, fight.attacker, fight.defender, rnd)
    d_rolls = roll_outcomes(fight, d, a, fight.defender, fight.attacker, rnd, fight.defender_bonus)
    out: dict[Pair, float] = defaultdict(float)
    late = fight.harrow or any(
        o in LATE for s in (fight.attacker, fight.defender) for o in s.options
    )
    for pa, i, a_forced, a_spent in a_rolls:
        for pd, j, d_forced, d_spent in d_rolls:
            scored_a = (
                i
                + a_forced
                + (
                    fight.ground
                    and j + d_forced > 0
                    and fight.attacker.has("valkyrie_particle_weave")
                )
            )
            scored_d = (
                j
                + d_forced
                + (
                    fight.ground
                    and i + a_forced > 0
                    and fight.defender.has("valkyrie_particle_weave")
                )
            )
            a_now, d_now = spend(a, a_spent), spend(d, d_spent)
            a_left, a_sus = fight.take(a_now, scored_d, fight.attacker, d, d_forced)
            d_left, d_sus = fight.take(d_now, scored_a, fight.defender, a, a_forced)
            a_left, d_left = direct_hits(a_left, d_left, a_sus, d_sus)
            if fight.ground:
                a_left, d_left = exoskeleton(fight, (a_left, d_left), a_sus, d_sus)
            else:
                a_left, d_left = van_hauge((a, d), (a_left, d_left))
            a_left = _repair(fight, dynamo(a_left, a_sus), fight.attacker, a_sus)
            d_left = _repair(fight, dynamo(d_left, d_sus), fight.defender, d_sus)
            if not late:
                out[(a_left, d_left)] += pa * pd
                continue
            for after, q in end_of_round(fight, (a_left, d_left), rnd).items():
                if not fight.ground:
                    after = van_hauge((a_left, d_left), after)
                out[after] += pa * pd * q
    return out


def decided(pair: Pair, attack: Attack) -> bool:
    return (
        not pair[0]
        or not pair[1]
        or not (absorbable(pair[0], attack) and absorbable(pair[1], attack))
    )


def one_round(fight: Fight, dist: Dist, rnd: int) -> Dist:
    """``dist`` after round ``rnd``; decided pairs stay where they are."""
    out: Dist = defaultdict(float)
    for pair, mass in dist.items():
        if decided(pair, fight.attack):
            out[pair] += mass
            continue
        for after, p in transitions(fight, pair, rnd).items():
            out[after] += mass * p
    return dict(out)


def to_the_end(fight: Fight, dist: Dist) -> Dist:
    """Every pair of ``dist`` fought until decided, rounds from here on all alike."""
    attack = fight.attack

    def size(pair: Pair) -> int:
        return absorbable(pair[0], attack) + absorbable(pair[1], attack)

    pending: Dist = defaultdict(float)
    heap: list[tuple[int, int, Pair]] = []
    order = 0
    final: Dist = defaultdict(float)
    for pair, mass in dist.items():
        pending[pair] += mass
        heap.append((-size(pair), order, pair))
        order += 1
    heapq.heapify(heap)
    steps: dict[Pair, dict[Pair, float]] = {}
    while heap:
        _, _, pair = heapq.heappop(heap)
        mass = pending.pop(pair, 0.0)
        if not mass:
            continue
        if decided(pair, attack):
            final[pair] += mass
            continue
        if mass < DUST:
            continue
        if pair not in steps:
            steps[pair] = transitions(fight, pair, 0)
        moves = steps[pair]
        stay = moves.get(pair, 0.0)
        if stay > 1.0 - 1e-12:  # neither side can score a hit: the combat never ends
            final[pair] += mass
            continue
        scale = mass / (1.0 - stay)
        for after, p in moves.items():
            if after == pair:
                continue
            if after not in pending:
                heapq.heappush(heap, (-size(after), order, after))
                order += 1
            pending[after] += scale * p
    return dict(final)
