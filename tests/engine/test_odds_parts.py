"""The fast exact odds against straightforward references, on random small fleets.

The references here are deliberately plain: exact fractions, casualties
chosen by ``engine.core.casualties.casualty_plan`` for all hits at once, dice
enumerated outcome by outcome, and a Markov chain that visits states one
at a time in a dict. Rule texts are quoted from the Living Rules Reference
(read in NoahPeres/ti4-ai, ``LRR/lrr.txt``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from engine.core.casualties import CasualtyPolicy, absorbable, casualty_plan
from engine.core.combat import (
    ANTI_FIGHTER_BARRAGE,
    GROUND_COMBAT,
    SPACE_COMBAT,
    Attack,
    with_roll_bonus,
)
from engine.odds.labels import chain_labels, fleet_label
from engine.odds.parts import Piece, Side, casualty_chain, hit_distribution, side_of
from engine.odds.rounds import Chains, combat_rounds
from engine.ti4.units import UNIT_TYPES

SHIPS = ["fighter", "destroyer", "carrier", "cruiser", "dreadnought", "war_sun"]
GROUND = ["infantry", "mech"]
POLICIES = st.sampled_from(list(CasualtyPolicy))
# Chances: exact fractions in the small references, floats where enumerating is too slow.
Chance = Fraction | float


def sides(types: list[str], max_size: int) -> st.SearchStrategy[Side]:
    piece = st.builds(
        lambda t, damaged: Piece(t, damaged and UNIT_TYPES[t].sustain_damage),
        st.sampled_from(types),
        st.booleans(),
    )
    return st.lists(piece, max_size=max_size).map(side_of)


def reference_take(side: Side, hits: int, attack: Attack, policy: CasualtyPolicy) -> Side:
    """All ``hits`` assigned at once by the engine's casualty policy."""
    plan = casualty_plan(side, hits, attack, policy)
    return side_of(
        Piece(p.type, True) if i in plan.sustained else p
        for i, p in enumerate(side)
        if i not in plan.destroyed
    )


def reference_hits(side: Side, attack: Attack) -> dict[int, Fraction]:
    """Every die's hit or miss enumerated: P(k hits) as exact fractions."""
    chances = []
    for piece in side:
        ability = attack.dice_of(UNIT_TYPES[piece.type])
        if ability is not None:
            chances += [Fraction(11 - ability.value, 10)] * ability.dice
    dist: dict[int, Fraction] = defaultdict(Fraction)
    for outcome in product((False, True), repeat=len(chances)):
        p = Fraction(1)
        for hit, chance in zip(outcome, chances, strict=True):
            p *= chance if hit else 1 - chance
        dist[sum(outcome)] += p
    return dist


def reference_rounds(
    start: dict[tuple[Side, Side], float],
    attack: Attack,
    policy: CasualtyPolicy,
    hits: Callable[[Side, Attack], Mapping[int, Chance]],
) -> dict[tuple[Side, Side], Chance]:
    """Rounds until one side has nothing to hit, one state at a time, in the numbers ``hits``
    gives (exact fractions by default)."""

    def left(pair: tuple[Side, Side]) -> int:
        return absorbable(pair[0], attack) + absorbable(pair[1], attack)

    taken: dict[tuple[Side, int], Side] = {}

    def take(side: Side, count: int) -> Side:
        if (side, count) not in taken:
            taken[side, count] = reference_take(side, count, attack, policy)
        return taken[side, count]

    zero = next(iter(hits((), attack).values())) * 0
    pending: dict[tuple[Side, Side], Chance] = {k: zero + Fraction(v) for k, v in start.items()}
    final: dict[tuple[Side, Side], Chance] = defaultdict(lambda: zero)
    while pending:
        # Every round that changes anything lowers what is left to hit: most first.
        pair = max(pending, key=left)
        mass = pending.pop(pair)
        a, d = pair
        if not absorbable(a, attack) or not absorbable(d, attack):
            final[pair] += mass
            continue
        a_hits, d_hits = hits(a, attack), hits(d, attack)
        stay = a_hits[0] * d_hits[0]
        for i, j in product(a_hits, d_hits):
            if i or j:
                after = (take(a, j), take(d, i))
                pending[after] = pending.get(after, zero) + mass * a_hits[i] * d_hits[j] / (
                    1 - stay
                )
    return final


@settings(max_examples=60, deadline=None)
@given(
    side=sides(SHIPS + GROUND, 7),
    attack=st.sampled_from([SPACE_COMBAT, GROUND_COMBAT, ANTI_FIGHTER_BARRAGE]),
    policy=POLICIES,
)
def test_78_6_hits_are_taken_one_at_a_time(
    side: Side, attack: Attack, policy: CasualtyPolicy
) -> None:
    """78.6: "Each player in the combat must choose and destroy one of their own ships in the
    active system for each hit their opponent produced." Taking k hits one at a time (the
    casualty chain) leaves what the engine's policy leaves assigning all k at once."""
    chain = casualty_chain(side, attack, policy)
    assert len(chain) == absorbable(side, attack) + 1
    for hits, after in enumerate(chain):
        assert after == reference_take(side, hits, attack, policy)


@settings(max_examples=60, deadline=None)
@given(starts=st.lists(sides(SHIPS, 7), min_size=1, max_size=4), policy=POLICIES)
def test_78_6_each_state_of_a_chain_records_the_piece_its_next_hit_falls_on(
    starts: list[Side], policy: CasualtyPolicy
) -> None:
    """78.6, one hit at a time, as the exact odds keep it: each state of the chains that
    several starts share says which piece its next hit falls on and whether it sustains
    (87.1) or is destroyed; that change turns the state into the next one, and the fleets'
    labels counted back along the chains from the last state are the labels of the states."""
    chains = Chains(starts, SPACE_COMBAT, policy)
    assert chains.taken[chains.last] is None
    for n in range(chains.last):
        hit = chains.taken[n]
        assert hit is not None
        piece, sustained = hit
        after = list(chains.sides[n])
        after.remove(piece)
        if sustained:
            assert not piece.damaged
            after.append(Piece(piece.type, True))
        assert side_of(after) == chains.sides[chains.next[n]]
    assert chain_labels(chains) == [fleet_label(side) for side in chains.sides]


@settings(max_examples=60, deadline=None)
@given(side=sides(SHIPS + GROUND, 5), attack=st.sampled_from([SPACE_COMBAT, GROUND_COMBAT]))
def test_78_5_hit_distribution_counts_every_die(side: Side, attack: Attack) -> None:
    """78.5: "Each player rolls one die for each ship ...; if a unit's combat roll produces a
    result that is equal to or greater than that unit's combat value, that result produces a
    hit" (78.5.a: one die per burst icon). The convolution equals enumerating every roll."""
    expected = reference_hits(side, attack)
    got = hit_distribution(side, attack)
    assert len(got) == max(expected) + 1
    for k, p in enumerate(got):
        assert abs(p - float(expected[k])) < 1e-15


def starts(types: list[str], size: int = 4) -> st.SearchStrategy[dict[tuple[Side, Side], float]]:
    """One to four (attacker, defender) pairs, some with units already lost, as after a barrage:
    their casualty chains join further on, which the fast sweep must handle."""
    pair = st.tuples(sides(types, size), sides(types, size))
    return (
        st.lists(pair, min_size=1, max_size=4)
        .map(lambda pairs: {p: 1.0 / len(pairs) for p in pairs})
        .filter(lambda dist: abs(sum(dist.values()) - 1.0) < 1e-12)
    )


@settings(max_examples=40, deadline=None)
@given(start=starts(SHIPS), policy=POLICIES)
def test_78_8_space_rounds_match_a_plain_markov_chain(
    start: dict[tuple[Side, Side], float], policy: CasualtyPolicy
) -> None:
    """78.8: "if both players still have ships in the active system, those players resolve
    another round of space combat"; 78.9: it "ends when only one player-or neither player-
    has a ship". The dense sweep gives every end the plain chain gives, to 1e-12."""
    assert_rounds_match(start, SPACE_COMBAT, policy)


@settings(max_examples=25, deadline=None)
@given(start=starts(GROUND), policy=POLICIES)
def test_42_3_ground_rounds_match_a_plain_markov_chain(
    start: dict[tuple[Side, Side], float], policy: CasualtyPolicy
) -> None:
    """42.3: "if both players still have ground forces on the planet, players resolve a new
    combat round"; 42.4: "Ground combat ends when only one player (or neither player) has
    ground forces on the planet." Same check as for space combat, mechs sustaining damage."""
    assert_rounds_match(start, GROUND_COMBAT, policy)


_FIGHTER, _DESTROYER = Piece("fighter", False), Piece("destroyer", False)
_MIRROR = side_of([Piece("dreadnought"), Piece("cruiser"), _DESTROYER, _FIGHTER, _FIGHTER])


@settings(max_examples=12, deadline=None)
@given(start=starts(SHIPS, 9), policy=POLICIES)
# A start whose chain is short must still join the chain ending with nothing left
# (CI found a walk that numbered the states so that it did not).
@example(
    start={
        ((_FIGHTER,), (Piece("dreadnought", True),)): 1 / 3,
        ((_DESTROYER,), (_FIGHTER,)): 1 / 3,
        ((_FIGHTER, _FIGHTER), (Piece("dreadnought", False),)): 1 / 3,
    },
    policy=CasualtyPolicy.SUSTAIN_FIRST,
)
# Both sides' chains join (as after both sides' barrage): each column state gathers from
# the states whose paths reach it, and a die lost by the row side is rolled by the row
# that reads the mass; the dreadnought's sustain loses no die.
@example(
    start={
        (_MIRROR, _MIRROR): 0.4,
        (_MIRROR[:-1], _MIRROR): 0.2,
        (_MIRROR, _MIRROR[:-2]): 0.2,
        (_MIRROR[:-2], _MIRROR[:-1]): 0.2,
    },
    policy=CasualtyPolicy.SUSTAIN_FIRST,
)
def test_78_8_larger_fleets_match_a_plain_markov_chain(
    start: dict[tuple[Side, Side], float], policy: CasualtyPolicy
) -> None:
    """78.8 and 78.9 as above, with up to nine ships a side: mass travels many rows ahead
    before it lands, and chains join after several hits. Enumerating every roll is too slow
    at this size, so the plain chain here takes its hit chances in floats from
    ``hit_distribution`` (itself checked against enumeration above)."""
    assert_rounds_match(
        start,
        SPACE_COMBAT,
        policy,
        lambda side, attack: dict(enumerate(hit_distribution(side, attack))),
    )


@settings(max_examples=20, deadline=None)
@given(start=starts(SHIPS, 6), policy=POLICIES, bonus=st.sampled_from([2, 9]))
def test_78_5_rounds_with_dice_that_cannot_miss_match_a_plain_markov_chain(
    start: dict[tuple[Side, Side], float], policy: CasualtyPolicy, bonus: int
) -> None:
    """78.5: a roll "equal to or greater than that unit's combat value" hits, so with enough
    added to each roll (+2: a war sun's 3 hits on any result; +9: every die does) a die that
    cannot miss is lost along a chain, a corner of the sweep that dice with a chance to miss
    never reach: the same ends as the plain chain, to 1e-12."""
    assert_rounds_match(
        start,
        with_roll_bonus(SPACE_COMBAT, bonus, ("78.5",)),
        policy,
        lambda side, attack: dict(enumerate(hit_distribution(side, attack))),
    )


def _sustaining(dreadnoughts: int, fighters: int) -> Side:
    return side_of(
        [Piece("dreadnought")] * dreadnoughts + [Piece("cruiser")] + [_FIGHTER] * fighters
    )


@pytest.mark.parametrize("dreadnoughts", [4, 5, 6])
def test_87_1_hits_sustained_in_a_row_match_a_plain_markov_chain(dreadnoughts: int) -> None:
    """87.1: for each Sustain Damage used "one hit produced by another player's units is
    canceled" and the unit is damaged, so no die is lost: dreadnoughts sustaining hit after
    hit, on chains that join (fighters already lost, as after barrage), make rows where
    nothing on the way down is rolled, and up to six rows' shares wait to be added in one
    pass. The same ends as the plain chain, to 1e-12."""
    start = {
        (_sustaining(dreadnoughts, 2), _sustaining(dreadnoughts, 2)): 0.4,
        (_sustaining(dreadnoughts, 1), _sustaining(dreadnoughts, 2)): 0.2,
        (_sustaining(dreadnoughts, 2), _sustaining(dreadnoughts, 0)): 0.2,
        (_sustaining(dreadnoughts, 0), _sustaining(dreadnoughts, 1)): 0.2,
    }
    assert_rounds_match(
        start,
        SPACE_COMBAT,
        CasualtyPolicy.SUSTAIN_FIRST,
        lambda side, attack: dict(enumerate(hit_distribution(side, attack))),
    )


def assert_rounds_match(
    start: dict[tuple[Side, Side], float],
    attack: Attack,
    policy: CasualtyPolicy,
    hits: Callable[[Side, Attack], Mapping[int, Chance]] = reference_hits,
) -> None:
    ends = combat_rounds(start, attack, policy)
    attackers, defenders = ends.attackers.sides, ends.defenders.sides
    fast = {(attackers[a], defenders[d]): p for (a, d), p in ends.chances.items()}
    exact = reference_rounds(start, attack, policy, hits)
    for pair in set(fast) | set(exact):
        assert abs(fast.get(pair, 0.0) - float(exact.get(pair, 0))) < 1e-12, pair
    assert abs(sum(fast.values()) - 1.0) < 1e-12
