"""Dice rolled for a unit ability on the board (Space Cannon, Anti-Fighter Barrage,
Bombardment): Iconoclast Ω bars the barrage, the Argent and Jol-Nar commanders add and
reroll dice, Strike Wing Ambuscade adds one once (``engine.api``)."""

from __future__ import annotations

from typing import Any

from board_play import ability_choices, bombard, cannon, fight, take
from engine_table import Table

ONES = [1] * 30


def _until(table: Table, wanted: str, limit: int = 40) -> list[dict[str, Any]]:
    """Take the first offered choice (each ability used) until one of kind ``wanted`` or
    naming it is offered; every event on the way."""
    events: list[dict[str, Any]] = []
    for _ in range(limit):
        if any(wanted in (c["kind"], c.get("ability")) for c in table.choices):
            return events
        events += take(table, table.choices[0])
    raise AssertionError(f"{wanted} was never offered")


def _rolls(events: list[dict[str, Any]], unit: str) -> list[dict[str, Any]]:
    return [r for e in events if e["kind"] == "roll" for r in e["rolls"] if r["unit"] == unit]


def _offered(table: Table, ability: str, until: str) -> bool:
    """Whether ``ability`` is offered before a choice of kind ``until``."""
    for _ in range(40):
        if ability_choices(table, ability):
            return True
        if any(c["kind"] == until for c in table.choices):
            return False
        take(table, table.choices[0])
    raise AssertionError(f"{until} was never offered")


NAALU = {"faction": "naalu"}


def test_10_1_iconoclast_omega_leaves_the_opponent_no_barrage_at_the_naalu() -> None:
    table = fight({"carrier": 1, "fighter": 2, "mech": 1}, {"destroyer": 1}, ONES, red_holds=NAALU)
    events = _until(table, "roll")
    assert _rolls(events, "blue-destroyer-1") == []


def test_10_1_iconoclast_omega_needs_a_naalu_mech_in_the_system() -> None:
    table = fight({"carrier": 1, "fighter": 2}, {"destroyer": 1}, ONES, red_holds=NAALU)
    events = _until(table, "roll")
    assert [r["value"] for r in _rolls(events, "blue-destroyer-1")] == [9, 9]


def test_10_1_iconoclast_omega_bars_metali_void_armaments() -> None:
    holds = {"relics": ["metali_void_armaments"]}
    barred = fight(
        {"cruiser": 1},
        {"carrier": 1, "fighter": 2, "mech": 1},
        ONES,
        red_holds=holds,
        blue_holds=NAALU,
    )
    assert not _offered(barred, "metali_void_armaments", "roll")
    free = fight({"cruiser": 1}, {"carrier": 1, "fighter": 2}, ONES, red_holds=holds)
    assert _offered(free, "metali_void_armaments", "roll")


ARGENT = {"faction": "argent", "leaders": ["trrakan_aun_zulok"]}


def test_10_1_trrakan_aun_zulok_gives_the_best_barrage_unit_one_more_die() -> None:
    table = fight({"destroyer": 2}, {"carrier": 1, "fighter": 2}, ONES, red_holds=ARGENT)
    events = _until(table, "roll")
    counts = sorted(len(_rolls(events, f"red-destroyer-{n}")) for n in (1, 2))
    assert counts == [2, 3]


def test_77_3_trrakan_aun_zulok_gives_the_pds_one_more_space_cannon_die() -> None:
    table = cannon({"cruiser": 1}, ARGENT, ONES)
    events = _until(table, "roll")
    assert [r["value"] for r in _rolls(events, "blue-pds-1")] == [6, 6]


def test_15_1_trrakan_aun_zulok_gives_the_bombardment_one_more_die() -> None:
    table = bombard(ARGENT, {}, ONES)
    events = _until(table, "commit")
    assert [r["value"] for r in _rolls(events, "red-dreadnought-1")] == [5, 5]


def test_77_3_ta_zern_rerolls_each_space_cannon_miss_once() -> None:
    table = cannon({"cruiser": 1}, JOL_NAR, [1, 1, *ONES])
    rolls = _rolls(_until(table, "roll"), "blue-pds-1")
    assert [(r["result"], r.get("reroll", False)) for r in rolls] == [(1, False), (1, True)]


def test_77_3_ta_zern_does_not_reroll_a_hit() -> None:
    table = cannon({"cruiser": 2}, JOL_NAR, [6, *ONES])
    rolls = _rolls(_until(table, "roll"), "blue-pds-1")
    assert [(r["result"], r["hit"]) for r in rolls] == [(6, True)]


JOL_NAR = {"faction": "jol_nar", "leaders": ["ta_zern"]}
NOTE = {"promissory_notes": ["strike_wing_ambuscade"]}


def test_77_3_strike_wing_ambuscade_adds_a_space_cannon_die_and_goes_back() -> None:
    table = cannon({"cruiser": 1}, NOTE, ONES)
    _until(table, "strike_wing_ambuscade")
    ways = ability_choices(table, "strike_wing_ambuscade")
    assert ways[0]["unit"] == "blue-pds-1" and ways[-1]["use"] is False
    said = take(table, ways[0])
    assert "77.3" in said[0]["rules"]
    blue = next(p for p in table.state["players"] if p["id"] == "blue")
    assert not blue.get("promissory_notes")
    events = _until(table, "roll")
    assert len(_rolls(events, "blue-pds-1")) == 2


def test_10_1_strike_wing_ambuscade_is_offered_before_the_barrage() -> None:
    table = fight({"destroyer": 1}, {"carrier": 1, "fighter": 2}, ONES, red_holds=NOTE)
    assert _offered(table, "strike_wing_ambuscade", "roll")
    ways = ability_choices(table, "strike_wing_ambuscade")
    events = take(table, ways[0]) + _until(table, "roll")
    assert len(_rolls(events, "red-destroyer-1")) == 3  # barrage 9 (x2) and the note's die


def test_10_1_strike_wing_ambuscade_declined_leaves_the_barrage_as_printed() -> None:
    table = fight({"destroyer": 1}, {"carrier": 1, "fighter": 2}, ONES, red_holds=NOTE)
    _offered(table, "strike_wing_ambuscade", "roll")
    no = [c for c in ability_choices(table, "strike_wing_ambuscade") if not c["use"]]
    events = take(table, no[0]) + _until(table, "roll")
    assert len(_rolls(events, "red-destroyer-1")) == 2
