"""One board for both editions: unit names mapped by ``engine.core.editions``."""

from __future__ import annotations

from typing import Any

import pytest

from engine import api
from engine.core.editions import board_for, unit_for
from engine.core.scenario import ScenarioError


def _board(units: dict[str, int], ground: dict[str, int] | None = None) -> dict[str, Any]:
    system: dict[str, Any] = {
        "id": "home",
        "q": 0,
        "r": 0,
        "space": {"red": units},
        "planets": [{"name": "Jord", "resources": 4, "influence": 2, "controller": "red"}],
    }
    if ground is not None:
        system["ground"] = {"Jord": {"red": ground}}
    return {
        "players": [{"id": "red", "initiative": 1}],
        "systems": [system],
        "start": {"phase": "tactical_action", "active_player": "red"},
    }


@pytest.mark.parametrize(
    ("name", "edition", "expected"),
    [
        ("infantry", 3, "ground_force"),
        ("Infantry", 3, "ground_force"),
        ("ground_force", 4, "infantry"),
        ("Ground Forces", 4, "infantry"),
        ("ground-force", 4, "infantry"),
        ("ground_force", 3, "ground_force"),
        ("infantry", 4, "infantry"),
        ("dreadnought", 3, "dreadnought"),
        ("war sun", 4, "war sun"),
    ],
)
def test_ti3_ground_forces_are_the_4th_edition_infantry(
    name: str, edition: int, expected: str
) -> None:
    """The 3rd edition's "Ground Forces" are the 4th edition's infantry; other units keep names."""
    assert unit_for(name, edition) == expected


def test_board_for_renames_units_in_space_and_on_planets() -> None:
    board = _board({"carrier": 1, "infantry": 2}, ground={"Infantry": 1, "pds": 1})
    third = board_for(board, 3)
    assert third["systems"][0]["space"] == {"red": {"carrier": 1, "ground_force": 2}}
    assert third["systems"][0]["ground"] == {"Jord": {"red": {"ground_force": 1, "pds": 1}}}
    assert board["systems"][0]["space"]["red"] == {"carrier": 1, "infantry": 2}  # unchanged
    back = board_for(third, 4)
    assert back["systems"][0]["space"]["red"] == {"carrier": 1, "infantry": 2}


def test_one_board_loads_under_both_editions_with_each_editions_unit_ids() -> None:
    board = _board({"carrier": 1, "infantry": 2})
    for edition, ids in ((3, "red-ground_force-1"), (4, "red-infantry-1")):
        mapped = api.for_edition(board, edition)
        assert mapped["ok"] and mapped["scenario"]["edition"] == edition
        loaded = api.load_scenario(mapped["scenario"])
        assert loaded["ok"], loaded
        units = [u["id"] for u in loaded["view"]["systems"][0]["space"]]
        assert ids in units


def test_two_names_for_one_unit_in_one_place_are_refused_with_their_path() -> None:
    with pytest.raises(ScenarioError) as caught:
        board_for(_board({"infantry": 1, "ground_force": 1}), 3)
    assert caught.value.path == "systems[0].space.red.ground_force"  # the second written
    assert "'infantry' and 'ground_force' name the same unit" in caught.value.message


def test_a_unit_one_edition_lacks_is_refused_by_the_engine_at_its_path() -> None:
    mapped = api.for_edition(_board({"carrier": 1, "mech": 1}), 3)
    assert mapped["ok"]  # left as written: loading names it
    loaded = api.load_scenario(mapped["scenario"])
    assert not loaded["ok"]
    assert loaded["error"]["path"].startswith("systems[0].space.red")
    assert "mech" in loaded["error"]["message"]


@pytest.mark.parametrize(
    ("scenario", "edition", "path"),
    [
        (_board({"carrier": 1}), 5, "edition"),
        (_board({"carrier": 1}), "3", "edition"),
        ([], 3, ""),
        ({"systems": [{"space": {"red": {"x": float("nan")}}}]}, 3, "systems[0].space.red.x"),
    ],
)
def test_for_edition_answers_bad_input_with_an_error_not_a_raise(
    scenario: Any, edition: Any, path: str
) -> None:
    answer = api.for_edition(scenario, edition)
    assert answer["ok"] is False
    assert answer["error"]["path"] == path


def test_board_shapes_it_cannot_read_are_passed_on_for_the_engine_to_name() -> None:
    odd = {"systems": [{"space": ["carrier"]}, "home", {"ground": {"Jord": 3}}]}
    assert board_for(odd, 3) == odd
    assert board_for({"systems": "none"}, 4) == {"systems": "none"}
