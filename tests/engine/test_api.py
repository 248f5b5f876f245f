"""The JSON surface: JSON-able results, input states never changed, errors naming the place."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import yaml

from engine import api

SCENARIOS = Path(__file__).parent / "scenarios"


def _scenario() -> dict:
    return yaml.safe_load((SCENARIOS / "full_tactical.yaml").read_text())


def test_load_scenario_round_trips_through_json() -> None:
    result = api.load_scenario(_scenario())
    assert result["ok"]
    again = json.loads(json.dumps(result))
    assert again == result
    view = result["view"]
    assert view["step"] == "activation" and view["step_title"] == "Step 1 – Activation"
    assert view["active_player"] == "red" and view["active_system"] is None
    home = next(s for s in view["systems"] if s["id"] == "home")
    assert [u["id"] for u in home["space"]][:2] == ["red-carrier-1", "red-dreadnought-1"]
    assert {"kind", "label", "rules"} <= set(result["choices"][0])


def test_view_lists_what_a_production_may_name_with_its_cost() -> None:
    producible = api.load_scenario(_scenario())["view"]["producible"]
    assert producible["war_sun"] == {"label": "War Sun", "cost": 12, "per_cost": 1}
    assert producible["infantry"] == {"label": "Infantry", "cost": 1, "per_cost": 2}
    assert "space_dock" not in producible and "pds" not in producible


def test_apply_does_not_mutate_and_replays_identically() -> None:
    start = api.load_scenario(_scenario())["state"]
    snapshot = copy.deepcopy(start)
    script = _scenario()["script"]
    states = []
    for attempt in range(2):
        state = start
        for item in script:
            result = api.apply(state, item)
            assert result["ok"], result.get("refusal")
            json.dumps(result)
            state = result["state"]
        states.append(state)
        assert start == snapshot, f"run {attempt} changed the starting state"
    assert states[0] == states[1]


def test_refusal_keeps_the_same_state_and_cites_rules() -> None:
    state = api.load_scenario(_scenario())["state"]
    result = api.apply(state, {"kind": "move", "unit": "red-carrier-1", "path": ["target"]})
    assert result["ok"] is False
    assert result["state"] is state
    assert result["refusal"]["rules"] == ["89.1"]
    assert result["refusal"]["reason"].endswith("(89.1)")
    json.dumps(result)


def test_unknown_choice_kind_is_refused() -> None:
    state = api.load_scenario(_scenario())["state"]
    result = api.apply(state, {"kind": "teleport"})
    assert result["ok"] is False and result["refusal"]["rules"] == ["89.1"]
    assert "activate" in result["refusal"]["reason"]


def test_choices_of_a_state() -> None:
    state = api.load_scenario(_scenario())["state"]
    result = api.choices(state)
    assert {c["kind"] for c in result["choices"]} == {"activate"}
    assert result["view"]["title"] == "Full tactical action"


def test_malformed_scenario_names_the_path() -> None:
    data = _scenario()
    data["systems"][1]["space"] = {"blue": {"dreadnaught": 1}}
    result = api.load_scenario(data)
    assert result["ok"] is False
    assert result["error"]["path"] == "systems[1].space.blue"
    assert "unknown unit 'dreadnaught'" in result["error"]["message"]


def test_the_api_takes_no_yaml() -> None:
    """The browser only ever sends JSON: the API has no YAML entry point."""
    assert not any("yaml" in name for name in dir(api))


def test_odds_matches_shape() -> None:
    result = api.odds("1 dreadnought", "2 fighter")
    assert set(result) >= {"attacker_wins", "defender_wins", "both_destroyed"}
    json.dumps(result)
    assert api.odds("1 titan", "1 fighter")["ok"] is False
