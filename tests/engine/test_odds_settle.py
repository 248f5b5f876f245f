"""The rounds to the end settled exactly (engine.odds.settle): repairs' loops solved, not iterated.

Duranium Armor repairs a damaged unit at the end of a round, so states lead back into
each other; each block of states with the same pieces is settled by one exact linear
solve. Checked against hand calculations, against the rounds played one by one, and
the side-by-side solve (engine.odds.apart) against every state's transitions.
"""

from __future__ import annotations

from typing import Any

import pytest

import engine.odds.apart as apart
import engine.odds.general as general
import engine.odds.settle as settle
from engine.api import odds
from engine.core.casualties import CasualtyPolicy
from engine.core.combat import SPACE_COMBAT
from engine.odds.direct import CARD
from engine.odds.exact import graded
from engine.odds.fight import Fight, Setup
from engine.odds.general import decided, one_round
from engine.odds.linear import long_run, solve, trapped
from engine.odds.parts import Piece, Side, side_of
from tests.engine.odds_answers import close_to, ok_odds

DURANIUM = ["duranium_armor"]
BOTH = ["duranium_armor", "non_euclidean_shielding"]


def test_87_1_duranium_armor_repairs_are_solved_exactly_by_hand() -> None:
    """1 dreadnought (5: 0.6) with Duranium Armor v 1 fighter (9: 0.2).

    Undamaged (U): the fighter's hit damages it (not repaired: it sustained this round).
    Damaged (D): the fighter's hit destroys it, else it is repaired at the end of the round.
    Visits: x_U = 1 + .32 x_U + .32 x_D, x_D = .08 x_U, so x_U = 1 / .6544.
    Attacker wins undamaged .48 x_U + .48 x_D, damaged .12 x_U; both destroyed .12 x_D;
    defender wins .08 x_D.
    """
    answer = ok_odds("1 dreadnought", "1 fighter", attacker_options=DURANIUM)
    x_u = 1 / 0.6544
    x_d = 0.08 * x_u
    close_to(
        answer,
        attacker_wins=0.6 * x_u + 0.48 * x_d,
        both_destroyed=0.12 * x_d,
        defender_wins=0.08 * x_d,
        undecided=0.0,
    )
    survivors = answer["attacker_survivors"]
    assert survivors["1 dreadnought"] == pytest.approx(0.48 * (x_u + x_d), abs=1e-12)
    assert survivors["1 dreadnought (1 damaged)"] == pytest.approx(0.12 * x_u, abs=1e-12)


def _fight(a: list[str], d: list[str]) -> Fight:
    attacker, defender = (Setup(options=dict.fromkeys(held, ())) for held in (a, d))
    return Fight(graded(SPACE_COMBAT), False, attacker, defender, CasualtyPolicy.SUSTAIN_FIRST)


def _side(text: str, held: list[str]) -> Side:
    pieces = []
    for item in text.split(", "):
        count, name = item.split(" ")
        pieces += [Piece(name)] * int(count)
    return side_of([*pieces, *([CARD] if "direct_hit" in held else [])])


ROUND_BY_ROUND = [
    ("3 dreadnought, 1 cruiser", "2 dreadnought, 2 destroyer", DURANIUM, DURANIUM),
    ("2 dreadnought, 2 fighter", "1 war_sun, 1 carrier", BOTH, DURANIUM),
    ("2 dreadnought", "3 cruiser", [*BOTH, "direct_hit"], ["direct_hit"]),
]


@pytest.mark.parametrize(("attacker", "defender", "a_options", "d_options"), ROUND_BY_ROUND)
def test_87_1_settled_blocks_equal_the_rounds_played_one_by_one(
    attacker: str, defender: str, a_options: list[str], d_options: list[str]
) -> None:
    """The same combat played round after round (engine.odds.general.one_round) until
    less than 1e-15 is still undecided ends where the exact solve puts it, to 1e-12."""
    fight = _fight(a_options, d_options)
    start = {(_side(attacker, a_options), _side(defender, d_options)): 1.0}
    exact = settle.to_the_end(fight, start)
    dist = dict(start)
    for _ in range(2000):
        dist = one_round(fight, dist, 0)
        if sum(p for pair, p in dist.items() if not decided(pair, fight.attack)) < 1e-15:
            break
    else:
        raise AssertionError("the rounds did not end")
    for pair in set(exact) | set(dist):
        assert exact.get(pair, 0.0) == pytest.approx(dist.get(pair, 0.0), abs=1e-12), pair


SIDE_BY_SIDE = [
    (
        "2 dreadnought, 1 war sun, 2 fighter, 1 cruiser",
        "3 dreadnought, 2 carrier, 3 fighter",
        False,
        {
            "attacker_options": ["duranium_armor", "direct_hit", "non_euclidean_shielding"],
            "defender_options": ["duranium_armor", "direct_hit"],
        },
    ),
    (
        "2 dreadnought, 1 flagship",
        "3 dreadnought, 2 cruiser",
        False,
        {
            "attacker_faction": "letnev",
            "attacker_options": ["duranium_armor", "non_euclidean_shielding"],
            "defender_options": ["duranium_armor"],
        },
    ),
    (
        "1 dreadnought, 4 infantry, 2 mech",
        "3 infantry, 2 mech, 1 pds",
        True,
        {
            "attacker_faction": "mentak",
            "attacker_options": ["duranium_armor", "moll_terminus"],
            "defender_options": ["duranium_armor", "non_euclidean_shielding", "fire_team"],
        },
    ),
    (
        "3 dreadnought, 1 fighter",
        "2 dreadnought, 2 fighter",
        False,
        {
            "attacker_options": BOTH,
            "defender_options": BOTH,
        },
    ),
]


@pytest.mark.parametrize(("attacker", "defender", "ground", "options"), SIDE_BY_SIDE)
def test_87_1_blocks_settled_side_by_side_equal_every_state_s_transitions(
    attacker: str, defender: str, ground: bool, options: dict[str, Any], monkeypatch: Any
) -> None:
    apart = ok_odds(attacker, defender, ground=ground, **options)
    monkeypatch.setattr(settle, "settle_apart", lambda *_: False)
    each = ok_odds(attacker, defender, ground=ground, **options)
    for key in ("attacker_wins", "defender_wins", "both_destroyed", "undecided"):
        assert apart[key] == pytest.approx(each[key], abs=1e-12), key
    for side in ("attacker_survivors", "defender_survivors"):
        assert set(apart[side]) == set(each[side])
        for fleet, chance in each[side].items():
            assert apart[side][fleet] == pytest.approx(chance, abs=1e-12), fleet


def test_87_1_a_never_ending_combat_is_listed_where_it_stands_in_the_long_run() -> None:
    """Two Dreadnoughts a side with Duranium Armor and Non-Euclidean Shielding: no unit is
    ever destroyed. Per side, from both undamaged any hit (1 - .4^2 = .84) damages one; from
    one damaged, no hit (.16) lets it be repaired, else the other sustains and the first is
    repaired: the long-run shares are .16 undamaged, .84 one damaged, on each side."""
    answer = ok_odds("2 dreadnought", "2 dreadnought", attacker_options=BOTH, defender_options=BOTH)
    close_to(answer, undecided=1.0, attacker_wins=0.0, defender_wins=0.0)
    for side in ("attacker_survivors", "defender_survivors"):
        assert answer[side]["2 dreadnought"] == pytest.approx(0.16, abs=1e-12)
        assert answer[side]["2 dreadnought (1 damaged)"] == pytest.approx(0.84, abs=1e-12)


def test_the_linear_solve_gives_the_mass_through_each_state() -> None:
    """x = start + x P: state 0 moves to 1 (.5) or leaves (.5); state 1 back to 0 (.25) or
    leaves (.75). x0 = 1 + .25 x1, x1 = .5 x0: x0 = 1 / .875, x1 = .5 / .875."""
    x = solve([1.0, 0.0], [[0.0, 0.5], [0.25, 0.0]], [0.5, 0.75])
    assert x == pytest.approx([1 / 0.875, 0.5 / 0.875], abs=1e-15)


def test_a_state_that_can_never_leave_is_trapped_and_kept_out_of_the_solve() -> None:
    inside = {"a": ["b"], "b": ["a"], "c": ["a"], "d": []}
    assert trapped(inside, inside, {"d"}) == {"a", "b", "c"}
    assert trapped(inside, inside, {"a"}) == {"d"}
    with pytest.raises(ValueError):
        solve([1.0], [[1.0]], [0.0])


def test_the_long_run_of_a_closed_group_is_its_stationary_distribution() -> None:
    """c passes into the loop a <-> b (a stays .5, goes to b .5; b always back to a):
    stationary a 2/3, b 1/3, all of c's mass ending there."""
    moves = {"a": {"a": 0.5, "b": 0.5}, "b": {"a": 1.0}, "c": {"a": 0.3, "c": 0.7}}
    got = long_run(["a", "b", "c"], moves, {"c": 0.6, "b": 0.3})
    assert got == pytest.approx({"a": 0.6, "b": 0.3}, abs=1e-15)


def test_odds_report_progress_that_grows_to_one() -> None:
    told: list[float] = []
    ok_odds(
        "3 dreadnought, 2 cruiser",
        "3 dreadnought, 2 destroyer",
        attacker_options=DURANIUM,
        defender_options=DURANIUM,
        progress=told.append,
    )
    assert len(told) > 2
    assert told == sorted(told)
    assert told[0] == 0.0 and told[-1] == 1.0


def test_odds_stop_when_progress_returns_false() -> None:
    answer = odds(
        "3 dreadnought, 2 cruiser",
        "3 dreadnought, 2 destroyer",
        attacker_options=DURANIUM,
        defender_options=DURANIUM,
        progress=lambda done: done < 0.3,
    )
    assert answer["ok"] is False
    assert answer["error"]["field"] == "progress"


def test_progress_must_be_a_function() -> None:
    answer = odds("1 cruiser", "1 cruiser", progress="soon")
    assert answer == {
        "ok": False,
        "error": {"message": "progress must be a function, not str", "field": "progress"},
    }


def test_odds_refuse_a_combat_past_the_work_bound_before_doing_the_work() -> None:
    """40 Dreadnoughts a side with Duranium Armor: its first block alone is 41 x 41 states
    (every count of damaged units on each side); refused, naming a fleet."""
    answer = odds(
        "40 dreadnought", "38 dreadnought", attacker_options=DURANIUM, defender_options=DURANIUM
    )
    assert answer["ok"] is False
    assert answer["error"]["field"] == "attacker"
    assert "too large" in answer["error"]["message"]


def test_states_left_out_of_a_block_change_the_answer_by_less_than_is_set_aside(
    monkeypatch: Any,
) -> None:
    """Many dice a side: states more than a repair or two from where the mass starts are
    reached along paths carrying less than FAINT and left out; what flows into them (set
    aside, worked out exactly) bounds the difference from solving every block whole."""
    made: list[Any] = []
    born = settle._Settle.__init__

    def kept(self: Any, fight: Any) -> None:
        born(self, fight)
        made.append(self)

    monkeypatch.setattr(settle._Settle, "__init__", kept)
    fleet = "6 dreadnought, 6 cruiser, 8 fighter"
    left_out = ok_odds(fleet, fleet, attacker_options=BOTH, defender_options=BOTH)
    aside = made[-1].aside
    assert 0.0 < aside <= 1e-15
    monkeypatch.setattr(apart, "FAINT", 0.0)
    whole = ok_odds(fleet, fleet, attacker_options=BOTH, defender_options=BOTH)
    assert made[-1].aside == 0.0
    for key in ("attacker_wins", "defender_wins", "both_destroyed", "undecided"):
        assert abs(left_out[key] - whole[key]) <= aside + 1e-15, key


EMERGENCY = [
    ("3 dreadnought, 1 cruiser", "2 dreadnought, 2 destroyer", ["1"], []),
    ("2 dreadnought, 2 fighter", "1 war sun, 2 dreadnought", ["2"], ["1", "3"]),
]


@pytest.mark.parametrize(("attacker", "defender", "a_rounds", "d_rounds"), EMERGENCY)
def test_87_1_emergency_repairs_rounds_after_the_named_ones_go_side_by_side(
    attacker: str, defender: str, a_rounds: list[str], d_rounds: list[str], monkeypatch: Any
) -> None:
    """Emergency Repairs acts only at the end of the rounds named, so the rounds after them
    are settled block by block like Duranium Armor's; played pairwise with end-of-round
    abilities in every round (as when the card was held to act late), the answer is the same."""
    options = {
        "attacker_options": [*DURANIUM, *(f"emergency_repairs:{r}" for r in a_rounds)],
        "defender_options": [*DURANIUM, *(f"emergency_repairs:{r}" for r in d_rounds)],
    }
    fast = ok_odds(attacker, defender, **options)

    def held(fight: Fight, rnd: int) -> bool:
        return any(s.options for s in (fight.attacker, fight.defender))

    monkeypatch.setattr(general, "is_late", held)
    monkeypatch.setattr(settle, "is_late", held)
    slow = ok_odds(attacker, defender, **options)
    for key in ("attacker_wins", "defender_wins", "both_destroyed", "undecided"):
        assert fast[key] == pytest.approx(slow[key], abs=1e-12), key
    for side in ("attacker_survivors", "defender_survivors"):
        assert set(fast[side]) == set(slow[side])
        for fleet, chance in slow[side].items():
            assert fast[side][fleet] == pytest.approx(chance, abs=1e-12), fleet


def test_kept_cards_once_played_leave_rounds_as_without_them(monkeypatch: Any) -> None:
    """Reflective Shielding and Courageous to the End are played once: a block where neither
    side still holds one is settled side by side, and gives what playing every block pair of
    rolls by pair of rolls (as while a card is held) gives."""
    options = ["duranium_armor", "reflective_shielding", "courageous_to_the_end"]
    fleets = ("2 dreadnought, 2 cruiser, 1 fighter", "1 war sun, 2 dreadnought, 1 destroyer")
    fast = ok_odds(*fleets, attacker_options=options, defender_options=options)
    calls = []
    original = apart.settle_apart

    def counted(*args: Any) -> bool:
        calls.append(1)
        return original(*args)

    monkeypatch.setattr(settle, "settle_apart", counted)
    ok_odds(*fleets, attacker_options=options, defender_options=options)
    assert calls, "no block was settled side by side"
    monkeypatch.setattr(settle, "kept_in", lambda fight, pair: True)
    monkeypatch.setattr(general, "kept_in", lambda fight, pair: True)
    slow = ok_odds(*fleets, attacker_options=options, defender_options=options)
    for key in ("attacker_wins", "defender_wins", "both_destroyed", "undecided"):
        assert fast[key] == pytest.approx(slow[key], abs=1e-12), key
    for side in ("attacker_survivors", "defender_survivors"):
        assert set(fast[side]) == set(slow[side])
        for fleet, chance in slow[side].items():
            assert fast[side][fleet] == pytest.approx(chance, abs=1e-12), fleet
