"""Tactical action notes: every step happens (89-note-1); end of action first (89-note-2)."""

from __future__ import annotations

from pathlib import Path

import yaml
from engine_table import Table

SCENARIOS = Path(__file__).parent / "scenarios"


def test_89_note_1_every_step_happens_and_a_player_fights_then_produces() -> None:
    data = yaml.safe_load((SCENARIOS / "fight_and_produce.yaml").read_text())
    table = Table(data)
    for item in data["script"]:
        table.do(**item)
    steps = [e for e in table.events if e["kind"] == "step" or e["kind"] == "produce"]
    rules = [r for e in table.events for r in e["rules"]]
    for rule in ("89.1", "89.2", "89.2.3", "89.3", "89.4", "89.5"):
        assert rule in rules, rule
    assert any(e["kind"] == "combat_end" and e["winner"] == "red" for e in table.events)
    produced = [e for e in steps if e["kind"] == "produce"]
    assert produced and produced[0]["units"] == ["red-fighter-1", "red-fighter-2"]
    assert table.view["step"] == "finished"


def test_89_note_1_a_skipped_step_is_still_reported() -> None:
    data = yaml.safe_load((SCENARIOS / "fight_and_produce.yaml").read_text())
    data["systems"][0]["space"] = {"red": {"carrier": 1}}
    data["script"] = [{"kind": "activate", "system": "home"}, {"kind": "end_movement"}]
    table = Table(data)
    for item in data["script"]:
        table.do(**item)
    skipped = [e for e in table.events if "89-note-1" in e["rules"]]
    assert skipped and "skipped" in skipped[0]["text"]
    assert table.view["step"] == "production"


def test_89_note_2_end_of_action_before_end_of_turn() -> None:
    data = yaml.safe_load((SCENARIOS / "fight_and_produce.yaml").read_text())
    data["effects"] = [
        {"owner": "red", "window": "end_of_turn", "text": "Draw an action card"},
        {"owner": "red", "window": "end_of_action", "text": "Ready a planet"},
    ]
    table = Table(data)
    for item in data["script"]:
        table.do(**item)
    fired = [e for e in table.events if e["kind"] == "effect"]
    assert [e["window"] for e in fired] == ["end_of_action", "end_of_turn"]
    assert all("89-note-2" in e["rules"] for e in fired)
