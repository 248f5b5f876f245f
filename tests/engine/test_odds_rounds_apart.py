"""The state-by-state rounds, each side's losses worked out apart, equal every pair played out.

``engine.odds.general.transitions`` works out each side's losses once per number of hits
it takes and combines the two sides' outcomes where neither side's losses depend on more
than the other's hits; ``paired=True`` plays out every pair of the two sides' rolls, as it
did before. Both must give the same odds to 1e-12, with the options whose effects cross
between the sides (Direct Hit) or depend on the other side (Fourth Moon, Moll Terminus).
"""

from __future__ import annotations

from typing import Any

import pytest

import engine.odds.general as general
import engine.odds.settle as settle
from engine.api import odds

CASES: list[tuple[str, str, bool, dict[str, Any]]] = [
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
        "2 dreadnought ii, 2 destroyer",
        "1 flagship, 2 cruiser, 1 dreadnought",
        False,
        {
            "defender_faction": "mentak",
            "attacker_options": ["direct_hit", "morale_boost"],
            "defender_options": ["duranium_armor", "direct_hit"],
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
        "2 dreadnought, 2 cruiser",
        "2 dreadnought, 1 flagship",
        False,
        {
            "defender_faction": "empyrean",
            "attacker_options": ["duranium_armor"],
            "defender_options": ["dynamo:2", "direct_hit"],
        },
    ),
    # What acts at the end of a round: Emergency Repairs, Devotion (its hit crosses sides).
    (
        "2 dreadnought, 2 cruiser, 2 destroyer",
        "2 dreadnought, 1 war sun, 1 cruiser",
        False,
        {
            "attacker_faction": "yin",
            "attacker_options": ["devotion:1,2", "emergency_repairs:2", "direct_hit"],
            "defender_options": ["duranium_armor", "emergency_repairs:1"],
        },
    ),
]


def _same(new: dict[str, Any], old: dict[str, Any]) -> None:
    for key in ("attacker_wins", "defender_wins", "both_destroyed", "undecided"):
        assert new[key] == pytest.approx(old[key], abs=1e-12), key
    for side in ("attacker_survivors", "defender_survivors"):
        assert set(new[side]) == set(old[side]), side
        for fleet, chance in old[side].items():
            assert new[side][fleet] == pytest.approx(chance, abs=1e-12), fleet


@pytest.mark.parametrize(("attacker", "defender", "ground", "options"), CASES)
def test_87_1_losses_worked_out_apart_equal_every_pair_played_out(
    attacker: str, defender: str, ground: bool, options: dict[str, Any], monkeypatch: Any
) -> None:
    apart = odds(attacker, defender, ground=ground, **options)
    assert apart["ok"] is True, apart
    played_out = general.transitions

    def paired(fight: Any, pair: Any, rnd: int, paired: bool = False, memo: Any = None) -> Any:
        return played_out(fight, pair, rnd, True, memo)

    # The rounds reach transitions through engine.odds.settle, which also works blocks out
    # side by side: every state played pair by pair instead.
    for module in (general, settle):
        monkeypatch.setattr(module, "transitions", paired)
    monkeypatch.setattr(settle, "settle_apart", lambda *_: False)
    monkeypatch.setattr(settle, "round_apart", lambda *_: False)
    by_pairs = odds(attacker, defender, ground=ground, **options)
    assert by_pairs["ok"] is True, by_pairs
    _same(apart, by_pairs)


def test_87_1_a_combat_no_round_can_end_is_undecided() -> None:
    """Two Dreadnoughts a side, each with Duranium Armor and Non-Euclidean Shielding: at most
    2 hits a round, which one sustain cancels, and the damage is repaired the next round
    unless hit again: no unit is ever destroyed. The combat never ends, and the odds say so
    instead of going round the loop for ever."""
    both = ["duranium_armor", "non_euclidean_shielding"]
    answer = odds("2 dreadnought", "2 dreadnought", attacker_options=both, defender_options=both)
    assert answer["ok"] is True, answer
    assert answer["undecided"] == pytest.approx(1.0, abs=1e-12)
    assert answer["attacker_wins"] == answer["defender_wins"] == 0.0
