"""The 3rd edition's exact odds, worked out on casualty chains and a grid of rounds.

They must give what the earlier chain over whole sides gave (its
distributions recorded in ``data/ti3_odds_recorded.json``), at any size a board
holds, and read unit names as a scenario reads them. The Monte Carlo agreement
through the real action is ``test_ti3_monte_carlo.py``'s.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine import api
from engine.ti3 import odds

RECORDED = json.loads((Path(__file__).parent / "data" / "ti3_odds_recorded.json").read_text())
AGREEMENT = 1e-12


def _close(ours: dict[str, float], recorded: dict[str, float]) -> None:
    assert set(ours) == set(recorded)
    for key, chance in recorded.items():
        assert abs(ours[key] - chance) <= AGREEMENT, key


@pytest.mark.parametrize(
    "case", RECORDED["cases"], ids=lambda c: f"{c['attacker']} v {c['defender']}"
)
def test_ti3_odds_agree_with_the_recorded_chain_over_whole_sides(case: dict[str, Any]) -> None:
    """PDS fire, space mines, barrage, bombardment, PDS shots at invaders and the rounds:
    every result and survivor distribution as the former implementation gave it."""
    result = odds.odds(
        case["attacker"], case["defender"], ground=case["ground"], mines=case["mines"]
    )
    for key in ("attacker_wins", "defender_wins", "both_destroyed"):
        assert abs(result[key] - case[key]) <= AGREEMENT, key
    _close(result["attacker_survivors"], case["attacker_survivors"])
    _close(result["defender_survivors"], case["defender_survivors"])


def test_ti3_space_mines_12_against_12_is_worked_out_whole() -> None:
    """SPACE MINES: "For each non-fighter ship ... roll one die individually ... On 9-10,
    that ship receives 1 hit": twelve ships each roll, so the battle starts from every
    number of hits on each kind; the results still sum to one."""
    fleet = "4 dreadnought, 4 cruiser, 4 destroyer"
    with_mine = odds.odds(fleet, fleet, mines=True)
    without = odds.odds(fleet, fleet)
    total = sum(with_mine[k] for k in ("attacker_wins", "defender_wins", "both_destroyed"))
    assert abs(total - 1) <= AGREEMENT
    assert abs(sum(with_mine["attacker_survivors"].values()) - 1) <= AGREEMENT
    # The mine only ever hurts the attacker.
    assert with_mine["attacker_wins"] < without["attacker_wins"]
    assert abs(without["attacker_wins"] - without["defender_wins"]) <= AGREEMENT


def test_ti3_space_mines_hit_each_kind_binomially() -> None:
    """One cruiser and one dreadnought meet a mine and an empty system: the cruiser is lost
    with chance 0.2, the dreadnought damaged with chance 0.2, independently."""
    result = odds.space_battle(["cruiser", "dreadnought"], [], mines=True)
    survivors = result["attacker_survivors"]
    assert abs(survivors["1 cruiser, 1 dreadnought"] - 0.64) <= AGREEMENT
    assert abs(survivors["1 cruiser, 1 dreadnought (damaged)"] - 0.16) <= AGREEMENT
    assert abs(survivors["1 dreadnought"] - 0.16) <= AGREEMENT
    assert abs(survivors["1 dreadnought (damaged)"] - 0.04) <= AGREEMENT


def test_ti3_view_odds_have_no_unit_bound() -> None:
    """Forty ships a side in the view's own call: exact odds, and symmetric fleets win
    equally often."""
    fleet = [("fighter", False)] * 20 + [("cruiser", False)] * 12 + [("dreadnought", True)] * 8
    result = odds.from_here(fleet, fleet, ground=False)
    assert abs(result["attacker_wins"] - result["defender_wins"]) <= AGREEMENT
    assert abs(sum(result.values()) - 1) <= AGREEMENT


def test_ti3_odds_read_infantry_as_ground_forces_as_a_scenario_does() -> None:
    """A 3rd-edition scenario takes ``infantry`` for a ground force (engine.core.editions); the
    odds take it too, in the text and the API."""
    assert odds.parse("4 infantry, 1 dreadnought") == ("ground_force",) * 4 + ("dreadnought",)
    by_name = odds.odds("1 dreadnought, 3 infantry", "2 infantry", ground=True)
    assert by_name == odds.odds("1 dreadnought, 3 ground force", "2 ground forces", ground=True)
    answer = api.odds("4 infantry", "3 infantry", ground=True, edition=3)
    assert answer["ok"] and answer["attacker_wins"] > answer["defender_wins"]


def test_ti3_odds_refuse_a_mech_with_the_known_units() -> None:
    """A unit the 3rd edition lacks is still refused by name."""
    with pytest.raises(ValueError, match="unknown unit 'mech'"):
        odds.parse("1 mech")
