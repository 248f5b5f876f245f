"""Options the dense sweep now carries: the same odds as fought state by state.

An option used only in the rounds the reader names (Morale Boost, War Funding, Fire Team,
Magen Defense Grid, Fighter Prototype's first round) is played state by state in those
rounds, the rest swept; one that changes a unit type's rolls in every round (Prophecy of
Ixth, Tekklar Legion) is folded into the sweep's dice. Naming the default casualty
priority (``sustain_first``) sends every round state by state, the path these options
took before: both must give the same odds to 1e-12.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.api import odds


def _both_ways(attacker: str, defender: str, ground: bool, a: list[str], d: list[str]) -> None:
    swept = odds(attacker, defender, ground=ground, attacker_options=a, defender_options=d)
    by_state = odds(
        attacker,
        defender,
        ground=ground,
        attacker_options=[*a, "sustain_first"],
        defender_options=d,
    )
    assert swept["ok"] is True, swept
    assert by_state["ok"] is True, by_state
    _same(swept, by_state)


def _same(swept: dict[str, Any], by_state: dict[str, Any]) -> None:
    for key in ("attacker_wins", "defender_wins", "both_destroyed"):
        assert swept[key] == pytest.approx(by_state[key], abs=1e-12), key
    for side in ("attacker_survivors", "defender_survivors"):
        assert set(swept[side]) == set(by_state[side]), side
        for fleet, chance in by_state[side].items():
            assert swept[side][fleet] == pytest.approx(chance, abs=1e-12), fleet


SPACE = [
    ("2 dreadnought, 3 fighter, 1 carrier", "4 cruiser, 2 destroyer, 2 fighter"),
    ("1 war sun, 2 cruiser ii, 2 fighter", "3 dreadnought, 4 fighter, 1 pds"),
]


@pytest.mark.parametrize(("attacker", "defender"), SPACE)
@pytest.mark.parametrize(
    ("a", "d"),
    [
        (["morale_boost"], []),
        ([], ["morale_boost:2"]),
        (["war_funding:1,3"], ["war_funding"]),
        (["fighter_prototype"], []),
        (["prophecy_of_ixth"], []),
        ([], ["prophecy_of_ixth", "fighter_prototype"]),
        (
            ["morale_boost", "war_funding", "fighter_prototype", "prophecy_of_ixth"],
            ["morale_boost:2", "war_funding", "fighter_prototype", "prophecy_of_ixth"],
        ),
    ],
)
def test_78_5_space_round_options_swept_equal_state_by_state(
    attacker: str, defender: str, a: list[str], d: list[str]
) -> None:
    _both_ways(attacker, defender, False, a, d)


@pytest.mark.parametrize(
    ("a", "d"),
    [
        (["tekklar_legion"], []),
        ([], ["tekklar_legion", "fire_team:2"]),
        (["morale_boost", "fire_team"], ["magen_defense_grid"]),
        (["tekklar_legion", "morale_boost:2"], ["tekklar_legion", "morale_boost"]),
    ],
)
def test_42_1_ground_round_options_swept_equal_state_by_state(a: list[str], d: list[str]) -> None:
    _both_ways("1 dreadnought, 5 infantry, 2 mech", "4 infantry, 2 mech, 1 pds", True, a, d)
