"""engine.api answers every malformed call with ``{"ok": false, "error"}`` naming the field,
within bounds checked before anything is built."""

from __future__ import annotations

import functools
import time
from typing import Any

import pytest

from engine import api
from engine.limits import MAX_DEPTH, MAX_UNLIMITED_UNITS, REINFORCEMENTS


def _scenario(**space: int) -> dict[str, Any]:
    return {
        "players": [
            {"id": "red", "name": "Red", "initiative": 1},
            {"id": "blue", "name": "Blue", "initiative": 2},
        ],
        "systems": [{"id": "home", "q": 0, "r": 0, "space": {"red": dict(space)}}],
    }


def _nested(depth: int) -> list[Any]:
    return functools.reduce(lambda inner, _: [inner], range(depth), [])


def _refused(result: dict[str, Any], path: str, words: str) -> None:
    assert result["ok"] is False, result
    found = result["error"].get("path", result["error"].get("field"))  # odds say "field"
    assert found == path or found.startswith(f"{path}["), found  # or a place inside it
    assert words in result["error"]["message"]


@functools.cache
def _state() -> dict[str, Any]:
    loaded = api.load_scenario(_scenario(cruiser=1))
    assert loaded["ok"], loaded
    return loaded["state"]


@pytest.mark.parametrize(
    ("call", "path", "words"),
    [
        (lambda: api.load_scenario(None), "", "expected a scenario"),
        (lambda: api.load_scenario([1]), "", "expected a scenario"),
        (lambda: api.load_scenario({**_scenario(), "title": _nested(5000)}), "title", "nested"),
        (lambda: api.load_scenario({**_scenario(), "seed": 10**5000}), "seed", "beyond ±2**53"),
        (lambda: api.load_scenario({**_scenario(), "seed": float("nan")}), "seed", "finite"),
        (lambda: api.load_scenario({**_scenario(), 1: 2}), "", "a key must be text"),
        (lambda: api.load_scenario({**_scenario(), "seed": {1, 2}}), "seed", "not a JSON value"),
        (lambda: api.choices(None), "state", "expected an engine state"),
        (lambda: api.choices({"players": 5}), "state", "not an engine state"),
        (lambda: api.apply(None, {"kind": "roll"}), "state", "expected an engine state"),
        (lambda: api.apply({"a": 1}, {"kind": "roll"}), "state", "not an engine state"),
        (lambda: api.apply(_state(), None), "choice", "expected a choice"),
        (lambda: api.apply(_state(), {"kind": _nested(100)}), "choice.kind", "nested"),
        (lambda: api.odds(None, "1 fighter"), "attacker", "written as text"),
        (lambda: api.odds("1 fighter", 7), "defender", "written as text"),
        (lambda: api.odds("1 fighter", "1 fighter", ground="yes"), "ground", "true or false"),
        (lambda: api.odds("1 fighter", "1 fighter", casualties=3), "casualties", "policy"),
    ],
)
def test_api_answers_every_malformed_call_naming_its_field(call, path: str, words: str) -> None:
    """engine.api answers every malformed call with {"ok": false, "error": …} naming the
    field, never an exception."""
    _refused(call(), path, words)


def test_api_refuses_unhashable_ids_as_a_scenario_error() -> None:
    """`tokens: [["red"]]` was a TypeError; now the loader names the place."""
    scenario = _scenario()
    scenario["systems"][0]["tokens"] = [["red"]]
    _refused(api.load_scenario(scenario), "systems[0].tokens[0]", "unknown player")


@pytest.mark.parametrize(("unit", "most"), sorted(REINFORCEMENTS.items()))
def test_96_2_a_scenario_places_no_more_units_than_a_colour_has(unit: str, most: int) -> None:
    """96.2 "Each color of plastic comes with the following units" and 23.4 "Units are limited
    to those included in the game, except for fighters and ground forces"."""
    assert api.load_scenario(_scenario(**{unit: most}))["ok"] or unit in {"pds", "space_dock"}
    _refused(
        api.load_scenario(_scenario(**{unit: most + 1})),
        f"systems[0].space.red.{unit}",
        f"more than {most} {unit}",
    )


def test_23_4_fighters_have_tokens_but_a_board_has_a_bound() -> None:
    """23.4 exempts fighters from the plastic limit; 10⁶ fighters (19.6 s, 850 MB before)
    are refused at once all the same."""
    started = time.perf_counter()
    _refused(
        api.load_scenario(_scenario(fighter=1_000_000)),
        "systems[0].space.red.fighter",
        f"more than {MAX_UNLIMITED_UNITS} fighter",
    )
    _refused(api.load_scenario(_scenario(cruiser=100_000_000)), "systems[0].space.red.cruiser", "")
    assert time.perf_counter() - started < 1.0


@pytest.mark.parametrize("fleet", ["1000000000 fighter", "99999999999 fighter", "41 fighter"])
def test_api_odds_refuse_a_fleet_no_side_can_field(fleet: str) -> None:
    """The odds bound a fleet's size before any allocation: refused in under 100 ms."""
    started = time.perf_counter()
    _refused(api.odds(fleet, "1 fighter"), "attacker", "no side can field that many")
    assert time.perf_counter() - started < 0.1


def test_api_depth_limit_leaves_room_for_real_states() -> None:
    """The bounds refuse hostile input only: a real state and scenario pass them."""
    assert MAX_DEPTH >= 16
    assert api.choices(_state())["ok"]
