"""Property tests under edition 3: random play never crashes, loses or duplicates a unit silently.

Random legal choices and random illegal attempts are played through
``engine.api`` on a board with every 3rd-edition feature in reach (PDS,
space mines, domain counters, a transfer pair, invasions). Every unit that
disappears is reported destroyed by an event, every new one produced; a
refusal cites its 3rd-edition item and leaves the state as it was.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_properties import play_randomly

from engine import api

SCENARIO: dict[str, Any] = {
    "title": "Random 3rd-edition play",
    "edition": 3,
    "seed": 0,
    "players": [
        {"id": "red", "initiative": 1, "fleet": 3, "trade_goods": 2},
        {"id": "blue", "initiative": 2},
    ],
    "systems": [
        {
            "id": "home",
            "q": 0,
            "r": 0,
            "planets": [{"name": "Jord", "resources": 4, "influence": 2, "controller": "red"}],
            "space": {"red": {"carrier": 1, "fighter": 2, "war_sun": 1, "destroyer": 1}},
            "ground": {"Jord": {"red": {"ground_force": 4, "space_dock": 1, "pds": 1}}},
        },
        {
            "id": "colony",
            "q": 0,
            "r": 1,
            "planets": [{"name": "Mars", "resources": 1, "influence": 1, "controller": "red"}],
            "space": {"red": {"dreadnought": 1, "cruiser": 1}},
            "ground": {"Mars": {"red": {"ground_force": 1}}},
        },
        {
            "id": "front",
            "q": 1,
            "r": 0,
            "planets": [
                {"name": "Abyz", "resources": 3, "influence": 0, "controller": "blue"},
                {"name": "Lodor", "resources": 3, "influence": 1},
            ],
            "space": {"blue": {"destroyer": 1, "cruiser": 1, "fighter": 2}},
            "ground": {"Abyz": {"blue": {"ground_force": 2, "pds": 1, "space_dock": 1}}},
        },
        {"id": "haven", "q": 1, "r": -1, "tokens": ["blue"]},
    ],
    "mines": [{"system": "front", "owner": "blue"}],
    "domain_counters": ["Lodor"],
    "deep_space_cannon": ["blue"],
    "start": {"phase": "tactical_action", "active_player": "red"},
}
KINDS = (
    "tactical_action",
    "transfer_action",
    "activate",
    "move",
    "end_movement",
    "probe",
    "pds_fire",
    "announce_retreat",
    "no_retreat",
    "roll",
    "assign_hits",
    "land",
    "end_landings",
    "bombard",
    "raze",
    "invade",
    "produce",
    "build_dock",
    "skip",
    "end_action",
)
PLAY = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def attempt(data: st.DataObject, ids: list[str], view: dict[str, Any]) -> dict[str, Any]:
    systems = [s["id"] for s in view["systems"]] + ["nowhere"]
    planets = [p["name"] for s in view["systems"] for p in s["planets"]] + ["Atlantis"]
    some_ids = st.lists(st.sampled_from([*ids, "red-titan-1"]), max_size=4)
    return data.draw(
        st.fixed_dictionaries(
            {"kind": st.sampled_from(KINDS)},
            optional={
                "system": st.sampled_from(systems),
                "second": st.sampled_from(systems),
                "unit": st.sampled_from([*ids, "ghost-1"]),
                "to": st.sampled_from(systems),
                "carry": some_ids,
                "units": some_ids,
                "planet": st.sampled_from(planets),
                "fire": st.booleans(),
                "player": st.sampled_from(["red", "blue", "green"]),
                "pay": st.lists(st.sampled_from(planets), max_size=2),
            },
        ),
        label="illegal attempt",
    )


@PLAY
@given(data=st.data(), seed=st.integers(0, 10**6))
def test_ti3_random_play_conserves_units_and_refusals_cite_items(
    data: st.DataObject, seed: int
) -> None:
    result = api.load_scenario({**SCENARIO, "seed": seed})
    assert result["ok"], result.get("error")
    play_randomly(data, result, attempt, moves=50, cites=_third_edition, events_cite=_third_edition)


def _third_edition(rules: list[str]) -> bool:
    return bool(rules) and all(r.startswith("ti3-") for r in rules)
