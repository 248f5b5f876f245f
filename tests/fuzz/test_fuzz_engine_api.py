"""Fuzzing engine.api: arbitrary and damaged arguments are always
answered with a JSON dict, ``{"ok": false, "error": {"message", "path"}}`` when malformed,
never an exception, in bounded time."""

from __future__ import annotations

import functools
import json
from datetime import timedelta
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import api
from tests.fuzz.mutations import EXAMPLES, JSON, mutated_json

SCENARIOS = Path(__file__).resolve().parents[1] / "engine" / "scenarios"
FUZZ = settings(
    max_examples=EXAMPLES * 4,
    deadline=timedelta(seconds=5),
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)


@functools.cache
def _scenario() -> dict[str, Any]:
    return yaml.safe_load((SCENARIOS / "full_tactical.yaml").read_text("utf-8"))


@functools.cache
def _played() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A state two choices into the scenario, and the choices then offered."""
    result = api.load_scenario(_scenario())
    for choice in _scenario()["script"][:2]:
        result = api.apply(result["state"], choice)
        assert result["ok"], result
    return result["state"], result["choices"]


def _answered(result: Any) -> dict[str, Any]:
    assert isinstance(result, dict), result
    json.dumps(result, allow_nan=False)  # what the browser receives is plain JSON
    if result.get("ok") is False and "error" in result:
        assert isinstance(result["error"]["message"], str) and result["error"]["message"]
        assert isinstance(result["error"].get("path", result["error"].get("field")), str)
    return result


@FUZZ
@given(scenario=st.one_of(JSON, mutated_json(_scenario())))
def test_api_load_scenario_answers_anything(scenario: Any) -> None:
    """engine.api answers every malformed scenario with {"ok": false, ...}, never raises."""
    _answered(api.load_scenario(scenario))


@FUZZ
@given(
    scenario=st.one_of(JSON, mutated_json(_scenario())),
    edition=st.one_of(st.sampled_from([3, 4]), JSON),
)
def test_api_for_edition_answers_anything(scenario: Any, edition: Any) -> None:
    """One board under both editions: a malformed board or edition is
    answered, and a board it renames still loads or is refused with an answer."""
    result = _answered(api.for_edition(scenario, edition))
    if result["ok"]:
        assert result["scenario"]["edition"] == edition
        _answered(api.load_scenario(result["scenario"]))


@FUZZ
@given(data=st.data())
def test_api_apply_and_choices_answer_damaged_states_and_choices(data: st.DataObject) -> None:
    """A malformed state (once a ValueError or KeyError) and unhashable ids were
    exceptions; now each is an answer, and a refusal leaves the state as it was."""
    state, offered = _played()
    bad_state = data.draw(st.one_of(JSON, mutated_json(state)))
    choice = data.draw(st.one_of(JSON, mutated_json(data.draw(st.sampled_from(offered)))))
    _answered(api.choices(bad_state))
    before = json.dumps(state, sort_keys=True)
    result = _answered(api.apply(state, choice))
    assert json.dumps(state, sort_keys=True) == before
    _answered(api.apply(bad_state, choice))
    if result["ok"] is False and "refusal" in result:
        assert result["state"] == state


@FUZZ
@given(
    attacker=st.one_of(JSON, st.text(max_size=40), st.from_regex(r"\d{1,12} (fighter|cruiser)")),
    defender=st.one_of(st.just("1 fighter"), JSON, st.text(max_size=40)),
    ground=st.one_of(st.booleans(), JSON),
)
def test_api_odds_answer_anything_quickly(attacker: Any, defender: Any, ground: Any) -> None:
    """Odds with `None`, a huge count or a junk fleet are answers (the largest
    legal fleets are the odds benchmark's business, not a fuzz case's)."""
    result = api.odds(attacker, defender, ground=ground)
    _answered(result)
