"""Scenario checks: unit ids, defaults, and errors that name the place."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.scenario import ScenarioError, build

SCENARIOS = Path(__file__).parent / "scenarios"


def _data(**systems_extra: object) -> dict:
    return {
        "players": [{"id": "red", "initiative": 1}, {"id": "blue", "initiative": 2}],
        "systems": [
            {"id": "a", "q": 0, "r": 0, **systems_extra},
            {"id": "b", "q": 1, "r": 0, "space": {"red": {"carrier": 1}}},
        ],
    }


def test_unit_ids_are_numbered_per_owner_and_type_in_file_order() -> None:
    game = build(
        _data(
            planets=[{"name": "P", "resources": 1, "influence": 1}],
            space={"red": {"carrier": 1, "infantry": 2}},
            ground={"P": {"red": {"infantry": 1}}},
        )
    ).game
    a, b = game.systems
    assert [u.id for u in a.space] == ["red-carrier-1", "red-infantry-1", "red-infantry-2"]
    assert [u.id for u in a.planets[0].units] == ["red-infantry-3"]
    assert [u.id for u in b.space] == ["red-carrier-2"]


def test_action_phase_start_gives_the_turn_to_lowest_initiative() -> None:
    data = _data()
    data["players"][0]["initiative"] = 6
    game = build(data).game
    assert game.phase == "action_phase" and game.active_player == "blue"


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [
        (
            {"space": {"red": {"dreadnaught": 1}}},
            "systems[0].space.red",
            "unknown unit 'dreadnaught'",
        ),
        ({"space": {"green": {"carrier": 1}}}, "systems[0].space.green", "unknown player 'green'"),
        ({"space": {"red": {"pds": 1}}}, "systems[0].space.red", "structure"),
        ({"ground": {"Nowhere": {}}}, "systems[0].ground.Nowhere", "no planet 'Nowhere'"),
        ({"q": "x"}, "systems[0].q", "whole number"),
        ({"colour": "red"}, "systems[0].colour", "unknown key 'colour'"),
    ],
)
def test_errors_name_the_path(change: dict, path: str, message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        build(_data(**change))
    assert caught.value.path == path
    assert message in str(caught.value)


def test_same_hex_twice_is_an_error() -> None:
    data = _data()
    data["systems"][1]["q"] = 0
    with pytest.raises(ScenarioError, match=r"systems\[1\].q: hex \(0, 0\) is already 'a'"):
        build(data)
