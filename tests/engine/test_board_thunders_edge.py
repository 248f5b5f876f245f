"""Thunder's Edge abilities played on the board in a tactical action, as the odds count
them (``tests/engine/test_one_model.py`` compares every die outcome)."""

from __future__ import annotations

import pytest
from board_play import ability_choices, fight, play_until, take
from engine_table import Table, scenario, system

from engine.core.scenario import ScenarioError, build


def test_phoenix_standard_galvanized_cruiser_rolls_1_more_die() -> None:
    """A galvanize token: the unit rolls 1 more die for its combat rolls."""
    table = fight({"galvanized cruiser": 1, "cruiser": 1}, {"cruiser": 1}, [10, 1, 1, 10])
    rolled: list[dict[str, object]] = []
    while not any(c["kind"] == "assign_hits" for c in table.choices):
        rolled += [e for e in take(table, table.choices[0]) if e["kind"] == "roll"]
    red = next(e for e in rolled if e["player"] == "Red")
    dice = [r["unit"] for r in red["rolls"]]
    assert dice == ["red-cruiser-1", "red-cruiser-1", "red-cruiser-2"]


def test_phoenix_standard_galvanized_unit_is_lost_after_its_like_and_keeps_its_token() -> None:
    table = fight({"galvanized cruiser": 1, "cruiser": 1}, {"cruiser": 1}, [10, 1, 1, 10])
    hits = play_until(table, "assign_hits")
    assert hits["units"] == ["red-cruiser-2"]  # the plain cruiser is the suggested loss
    take(table, hits)
    for _ in range(10):
        if any(e["kind"] == "combat_end" for e in take(table, table.choices[0])):
            break
    left = [u for u in table.system("front")["space"] if u["owner"] == "red"]
    assert [(u["id"], u["grade"]) for u in left] == [("red-cruiser-1", "galvanized")]
    assert left[0]["label"] == "cruiser (galvanized)"  # a token: it outlasts the combat


def test_phoenix_standard_a_token_names_a_unit() -> None:
    with pytest.raises(ScenarioError, match="unknown unit"):
        build(
            {
                "players": [{"id": "red", "initiative": 1}],
                "systems": [{"id": "a", "q": 0, "r": 0, "space": {"red": {"galvanized": 1}}}],
            }
        )


def _yin(dice: list[int]) -> Table:
    return fight(
        {"cruiser": 1},
        {"cruiser": 1},
        dice,
        red_holds={"faction": "yin", "leaders": ["brother_milor"]},
    )


def test_78_6_brother_milor_places_2_fighters_after_a_round_destroys_a_ship() -> None:
    table = _yin([1, 10])  # Red's cruiser misses, the cruiser hits
    take(table, play_until(table, "assign_hits"))
    ways = ability_choices(table, "brother_milor")
    assert [w["player"] for w in ways] == ["red", "red"]
    assert [w["use"] for w in ways] == [True, False]  # "may": the holder's choice
    events = take(table, ways[0])
    assert "78.6" in events[0]["rules"]
    red = [u["type"] for u in table.system("front")["space"] if u["owner"] == "red"]
    assert red == ["fighter", "fighter"]
    assert "brother_milor" in table.player("red")["exhausted"]


def test_78_6_brother_milor_is_offered_once_and_not_for_an_unheld_agent() -> None:
    table = _yin([1, 10])
    take(table, play_until(table, "assign_hits"))
    take(table, ability_choices(table, "brother_milor")[1])  # declined
    assert ability_choices(table, "brother_milor") == []
    plain = fight({"cruiser": 1}, {"cruiser": 1}, [1, 10], red_holds={"faction": "yin"})
    take(plain, play_until(plain, "assign_hits"))
    assert ability_choices(plain, "brother_milor") == []


def _naaz(dice: list[int]) -> Table:
    return fight(
        {"carrier": 1, "mech": 1},
        {"cruiser": 1, "destroyer": 1},
        dice,
        red_holds={"faction": "naaz_rokha", "breakthroughs": ["eidolon_maximum"]},
    )


def test_78_2_eidolon_maximum_joins_the_space_combat_rolling_4_dice_at_4() -> None:
    table = _naaz([4] * 20)
    rolled: list[dict[str, object]] = []
    while not any(c["kind"] == "assign_hits" for c in table.choices):
        rolled += [e for e in take(table, table.choices[0]) if e["kind"] in ("roll", "ability")]
    joined = next(e for e in rolled if e.get("ability") == "eidolon_maximum")
    assert joined["units"] == ["red-mech-1"]
    red = next(e for e in rolled if e.get("player") == "Red" and e["kind"] == "roll")
    mech = [r for r in red["rolls"] if r["unit"] == "red-mech-1"]
    assert [r["value"] for r in mech] == [4, 4, 4, 4]


def test_87_1_eidolon_maximum_is_repaired_after_every_round() -> None:
    # Blue's barrage (2 dice) and Red's 5 dice miss; Blue's cruiser hits, its destroyer not.
    table = _naaz([1, 1, 1, 1, 1, 1, 1, 10, 1] + [1] * 20)
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "red" and "red-mech-1" in hits["can_sustain"]
    events = take(table, {**hits, "units": ["red-mech-1"], "sustain": ["red-mech-1"]})
    for _ in range(10):
        if any("repaired" in e for e in events):
            break
        events = take(table, table.choices[0])
    repaired = next(e for e in events if "repaired" in e)
    assert repaired["repaired"] == ["red-mech-1"]
    mech = next(u for u in table.system("front")["space"] if u["id"] == "red-mech-1")
    assert mech["damaged"] is False


def test_77_2_ul_the_progenitor_elysium_fires_space_cannon_5_x3() -> None:
    table = fight(
        {"cruiser": 1},
        {"destroyer": 1},
        [5, 4, 10] + [1] * 10,
        blue_holds={"faction": "titans", "leaders": ["ul_the_progenitor"]},
        front={"planets": [{"name": "Elysium", "controller": "blue"}]},
    )
    fire = play_until(table, "space_cannon")
    assert fire["player"] == "blue" and fire["fire"] is True
    events = take(table, fire)
    rolls = events[0]["rolls"]
    assert [(r["unit"], r["value"], r["hit"]) for r in rolls] == [
        ("blue-elysium", 5, True),
        ("blue-elysium", 5, False),
        ("blue-elysium", 5, True),
    ]
    assert "77.3" in fire["rules"]


def test_77_2_ul_the_progenitor_needs_elysium_controlled_in_the_system() -> None:
    table = fight(
        {"cruiser": 1},
        {"destroyer": 1},
        [1] * 10,
        blue_holds={"faction": "titans", "leaders": ["ul_the_progenitor"]},
        front={"planets": [{"name": "Elysium", "controller": "red"}]},
    )
    offered = []
    for _ in range(10):
        offered += [c["kind"] for c in table.choices]
        if "no_retreat" in offered:
            break
        take(table, table.choices[0])
    assert "no_retreat" in offered and "space_cannon" not in offered


def _ral_nel(blue: dict[str, int]) -> Table:
    players = [
        {"id": "red", "initiative": 1, "tactic": 3, "fleet": 5, "faction": "ral_nel"},
        {"id": "blue", "initiative": 2},
    ]
    home = system("home", 0, 0, planets=[{"name": "Haven", "controller": "red"}])
    front = system("front", 1, 0, space={"red": {"flagship": 1}, "blue": blue})
    table = Table(scenario([home, front], dice=[1] * 20, players=players))
    table.do("activate", system="front")
    return table


def _retreat_after_round_1(table: Table) -> list[dict[str, object]]:
    events: list[dict[str, object]] = []
    announced = False
    for _ in range(20):
        retreat = [c for c in table.choices if c["kind"] == "announce_retreat"]
        if retreat and not announced and table.choices[0]["player"] == "red":
            events += take(table, retreat[0])
            announced = True
            continue
        events += take(table, table.choices[0])
        if any(e["kind"] == "retreat" for e in events):
            return events
    raise AssertionError("no retreat")


def test_78_7_last_dispatch_destroys_a_ship_without_sustain_damage_as_it_retreats() -> None:
    table = _ral_nel({"carrier": 1, "dreadnought": 1})
    events = _retreat_after_round_1(table)
    dispatched = next(e for e in events if e.get("ability") == "last_dispatch")
    assert dispatched["destroyed"] == ["blue-carrier-1"]  # the dreadnought has Sustain Damage
    assert "78.7" in dispatched["rules"]
    assert [u["id"] for u in table.system("front")["space"]] == ["blue-dreadnought-1"]
    assert [u["id"] for u in table.system("home")["space"]] == ["red-flagship-1"]


def test_78_7_last_dispatch_finds_nothing_to_destroy_among_sustaining_ships() -> None:
    table = _ral_nel({"dreadnought": 1})
    events = _retreat_after_round_1(table)
    assert not any(e.get("ability") == "last_dispatch" for e in events)
