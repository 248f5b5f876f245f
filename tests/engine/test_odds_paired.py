"""A round played pair of rolls by pair of rolls (engine.odds.paired): ends summed, then played.

``played_out`` works out each side's end once per number of hits it takes, sums the pairs
of rolls that end the round alike, and plays each end on once (Direct Hit, the kept cards,
the repairs, the end-of-round abilities). Playing every pair of rolls on its own and adding
up what each leads to must give the same chances to 1e-12.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from engine.core.casualties import CasualtyPolicy
from engine.core.combat import GROUND_COMBAT, SPACE_COMBAT
from engine.odds.direct import CARD
from engine.odds.exact import graded
from engine.odds.fight import Fight, Setup
from engine.odds.general import _rolls, is_late
from engine.odds.kept import COURAGEOUS, REFLECTIVE, kept_in
from engine.odds.paired import played_out
from engine.odds.parts import Piece, Side, side_of
from engine.odds.taking import foe_reads

CARDS = ["duranium_armor", "direct_hit", "reflective_shielding", "courageous_to_the_end"]
FLEETS = [
    # (attacker, defender, attacker's options, defender's, round)
    (
        "2 dreadnought, 2 cruiser, 1 fighter",
        "1 war_sun, 2 dreadnought, 1 destroyer",
        CARDS,
        CARDS,
        2,
    ),
    # More dice than the defender can take: many pairs of rolls end the round alike.
    (
        "3 dreadnought, 2 cruiser, 2 fighter",
        "1 dreadnought, 1 destroyer",
        CARDS,
        ["emergency_repairs"],
        1,
    ),
]


def _side(text: str, options: list[str], damaged: int) -> tuple[Piece, ...]:
    pieces = []
    for item in text.split(", "):
        count, name = item.split(" ")
        pieces += [Piece(name)] * int(count)
    # Some of the first units already damaged: a state met after a round or two.
    pieces = [Piece(p.type, i < damaged and p.type == "dreadnought") for i, p in enumerate(pieces)]
    held = {"direct_hit": CARD, "reflective_shielding": REFLECTIVE}
    held["courageous_to_the_end"] = COURAGEOUS
    return side_of([*pieces, *(held[o] for o in options if o in held)])


@pytest.mark.parametrize(("attacker", "defender", "a_options", "d_options", "rnd"), FLEETS)
@pytest.mark.parametrize("damaged", [0, 1])
def test_78_3_a_rounds_ends_played_once_equal_every_pair_of_rolls_played_alone(
    attacker: str, defender: str, a_options: list[str], d_options: list[str], rnd: int, damaged: int
) -> None:
    a_setup, d_setup = (
        Setup(options={o: ((1,) if o == "emergency_repairs" else ()) for o in held})
        for held in (a_options, d_options)
    )
    fight = Fight(graded(SPACE_COMBAT), False, a_setup, d_setup, CasualtyPolicy.SUSTAIN_FIRST)
    pair = (_side(attacker, a_options, damaged), _side(defender, d_options, damaged))
    memo: dict[tuple[object, ...], object] = {}
    a_rolls = _rolls(fight, pair[0], pair[1], True, rnd, memo)
    d_rolls = _rolls(fight, pair[1], pair[0], False, rnd, memo)
    late, kept = is_late(fight, rnd), kept_in(fight, pair)
    assert kept and len(a_rolls) > 2 and len(d_rolls) > 2
    summed = played_out(fight, pair, (a_rolls, d_rolls), rnd, late, kept, memo)
    alone: dict[tuple[Side, Side], float] = defaultdict(float)
    for a_roll in a_rolls:
        for d_roll in d_rolls:
            for end, p in played_out(
                fight, pair, ([a_roll], [d_roll]), rnd, late, kept, {}
            ).items():
                alone[end] += p
    assert set(summed) == set(alone)
    assert len(summed) > 3
    for end, p in alone.items():
        assert summed[end] == pytest.approx(p, abs=1e-12)
    assert sum(summed.values()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(
    ("ground", "own", "foe", "foe_options"),
    [
        # The Fourth Moon (Mentak flagship): no Sustain Damage against its hits.
        (False, "2 dreadnought, 1 cruiser", "1 flagship|mentak, 1 cruiser", {}),
        # Moll Terminus: no Sustain Damage against hits while the foe has a mech.
        (True, "2 mech, 2 infantry", "1 mech, 1 infantry", {"moll_terminus": ()}),
    ],
)
def test_76_a_take_reads_of_the_foe_only_the_fourth_moon_and_a_mech(
    ground: bool, own: str, foe: str, foe_options: dict[str, tuple[int, ...]]
) -> None:
    # paired keeps each side's take by what it reads of the foe (foe_reads), so the take
    # of one foe serves every foe of its block: it must be the take of the whole foe.
    attack = graded(GROUND_COMBAT if ground else SPACE_COMBAT)
    fight = Fight(attack, ground, Setup(), Setup(options=foe_options), CasualtyPolicy.SUSTAIN_FIRST)
    side, firing = _side(own, [], 1), _side(foe, [], 0)
    plain = _side("2 infantry" if ground else "2 cruiser", [], 0)
    differs = False
    for hits in range(5):
        whole = fight.take(side, hits, fight.attacker, firing)
        assert fight.take(side, hits, fight.attacker, foe_reads(firing)) == whole
        assert fight.take(side, hits, fight.attacker, foe_reads(plain)) == fight.take(
            side, hits, fight.attacker, plain
        )
        differs |= whole != fight.take(side, hits, fight.attacker, plain)
    assert differs  # the foe's piece changes the take: foe_reads must keep it
