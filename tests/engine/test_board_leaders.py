"""Leaders, breakthroughs and the Dunlain Reaper's deploy on the board: held only once a
scenario gives them (``leaders``, ``breakthroughs``), offered in their window where the card
says may, and an agent used stays exhausted (``engine.api``, dice scripted)."""

from __future__ import annotations

from typing import Any

import pytest
from board_play import PDS_PLANET, ability_choices, fight, play_until, take
from engine_table import Table

from engine import api


def _rolls(events: list[dict[str, Any]], player: str) -> list[dict[str, Any]]:
    """The combat dice ``player`` rolled in ``events``."""
    return [
        r for e in events if e["kind"] == "roll" and e.get("player") == player for r in e["rolls"]
    ]


def _offered_before_rolling(table: Table, ability: str) -> bool:
    """Play the first choice up to the first combat roll: whether ``ability`` was offered."""
    for _ in range(30):
        if ability_choices(table, ability):
            return True
        if any(c["kind"] == "roll" for c in table.choices):
            return False
        take(table, table.choices[0])
    raise AssertionError("no combat roll was offered")


def _roll(table: Table) -> list[dict[str, Any]]:
    return take(table, play_until(table, "roll"))


def test_78_5_viscount_unlenn_acts_only_once_gained() -> None:
    for holds, offered in (
        ({"faction": "letnev"}, False),
        ({"faction": "letnev", "leaders": ["viscount_unlenn"]}, True),
    ):
        table = fight({"cruiser": 2}, {"cruiser": 1}, [1] * 20, red_holds=holds)
        assert _offered_before_rolling(table, "viscount_unlenn") is offered, holds


def test_78_5_viscount_unlenn_exhausted_gives_the_best_ship_1_more_die_once() -> None:
    table = fight(
        {"cruiser": 1, "destroyer": 1},
        {"cruiser": 1},
        [1] * 30,
        red_holds={"faction": "letnev", "leaders": ["viscount_unlenn"]},
    )
    play_until(table, "viscount_unlenn")
    ways = ability_choices(table, "viscount_unlenn")
    assert [w["use"] for w in ways] == [True, False] and ways[0]["rules"] == ["78.5"]
    events = take(table, ways[0])
    assert any("78.5" in e["rules"] and "Viscount Unlenn" in e["text"] for e in events)
    assert table.player("red")["exhausted"] == ["viscount_unlenn"]
    rolled = _rolls(_roll(table), "Red")
    # The cruiser (7) is the best ship: 2 dice; the destroyer 1; nothing hits.
    assert sorted(r["type"] for r in rolled) == ["cruiser", "cruiser", "destroyer"]
    take(table, play_until(table, "no_retreat"))
    assert not _offered_before_rolling(table, "viscount_unlenn")  # exhausted: not again
    assert len(_rolls(_roll(table), "Red")) == 2
    assert table.player("red")["exhausted"] == ["viscount_unlenn"]


def test_42_1_evelyn_delouis_gives_the_best_ground_force_1_more_die() -> None:
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"infantry": 1}}}}
    table = fight(
        {"carrier": 1, "infantry": 2},
        {},
        [1] * 30,
        red_holds={"faction": "sol", "leaders": ["evelyn_delouis"]},
        front=front,
    )
    take(table, play_until(table, "commit"))
    ways = [play_until(table, "evelyn_delouis"), *ability_choices(table, "evelyn_delouis")[1:]]
    assert [w["use"] for w in ways] == [True, False] and ways[0]["rules"] == ["42.1"]
    take(table, ways[0])
    assert len(_rolls(_roll(table), "Red")) == 3  # 2 infantry, 1 more die for one


def test_78_6_tellurian_cancels_1_hit_after_the_opponent_hit_and_is_exhausted() -> None:
    table = fight(
        {"cruiser": 2},
        {"cruiser": 2},
        [10, 10, 1, 1, *([1] * 20)],  # Red's 2 cruisers hit, Blue's miss
        blue_holds={"faction": "titans", "leaders": ["tellurian"]},
    )
    ways = [play_until(table, "tellurian"), *ability_choices(table, "tellurian")[1:]]
    assert [w["use"] for w in ways] == [True, False] and ways[0]["player"] == "blue"
    assert ways[0]["rules"] == ["78.6", "42.2"] and "2 hits" in ways[0]["label"]
    take(table, ways[0])
    assert table.player("blue")["exhausted"] == ["tellurian"]
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "blue" and len(hits["units"]) == 1  # 2 hits less 1


def test_78_6_tellurian_is_not_offered_when_the_opponent_missed() -> None:
    table = fight(
        {"cruiser": 1},
        {"cruiser": 1},
        [1] * 20,
        blue_holds={"faction": "titans", "leaders": ["tellurian"]},
    )
    _roll(table)
    assert not ability_choices(table, "tellurian")


@pytest.mark.parametrize(("home", "hits"), [("front", 2), ("home", 0)])
def test_78_5_rickar_rickani_adds_2_in_the_winnu_home_system(home: str, hits: int) -> None:
    # Red's cruisers (7) roll 5 and 6: hits only with +2.
    table = fight(
        {"cruiser": 2},
        {"cruiser": 2},
        [5, 6, 1, 1, *([1] * 20)],
        red_holds={"faction": "winnu", "leaders": ["rickar_rickani"], "home": home},
    )
    rolled = _rolls(_roll(table), "Red")
    assert sum(r["hit"] for r in rolled) == hits


def test_78_5_rickar_rickani_adds_2_in_the_mecatol_rex_system() -> None:
    mecatol = {"planets": [{"name": "Mecatol Rex", "resources": 1, "influence": 6}]}
    table = fight(
        {"cruiser": 1},
        {"cruiser": 1},
        [5, 1, *([1] * 20)],
        red_holds={"faction": "winnu", "leaders": ["rickar_rickani"]},
        front=mecatol,
    )
    assert _rolls(_roll(table), "Red")[0]["hit"] is True


def _bombarding(red_holds: dict[str, Any]) -> Table:
    """Red's 2 dreadnoughts and infantry over Front, where Blue has infantry and a PDS."""
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"infantry": 1, "pds": 1}}}}
    return fight(
        {"dreadnought": 2, "infantry": 2},
        {},
        [1] * 40,
        red_holds={"faction": "l1z1x", **red_holds},
        front=front,
    )


def test_15_1_two_ram_bombards_through_a_planetary_shield() -> None:
    shielded = _bombarding({})
    choice = play_until(shielded, "commit")
    assert not any(c["kind"] == "bombard" for c in shielded.choices), choice
    table = _bombarding({"leaders": ["two_ram"]})
    bombard = play_until(table, "bombard")
    events = take(table, bombard)
    assert any(e["kind"] == "bombard" for e in events)


def test_78_5_gravleash_maneuvers_adds_the_ship_types_to_one_ship() -> None:
    # Red's cruiser (7) and destroyer (9): 2 ship types, +2 to one (the odds' pick on a tie
    # of gains: the destroyer); 5 and 7 rolled after the destroyer's 2 barrage dice.
    for holds, hits in (
        ({"faction": "letnev"}, 0),
        ({"faction": "letnev", "breakthroughs": ["gravleash_maneuvers"]}, 1),
    ):
        table = fight(
            {"cruiser": 1, "destroyer": 1},
            {"cruiser": 1},
            [1, 1, 5, 7, *([1] * 20)],
            red_holds=holds,
        )
        rolled = _rolls(_roll(table), "Red")
        assert sum(r["hit"] for r in rolled) == hits, holds


def test_78_5_imperator_adds_1_for_each_support_for_the_throne_the_foe_has() -> None:
    for supports, hits in ((0, 0), (2, 1)):
        table = fight(
            {"cruiser": 1},
            {"cruiser": 1},
            [5, 1, *([1] * 20)],
            red_holds={"faction": "winnu", "breakthroughs": ["imperator"]},
            blue_holds={"supports_for_the_throne": supports},
        )
        assert sum(r["hit"] for r in _rolls(_roll(table), "Red")) == hits, supports


def test_42_1_dunlain_reaper_deploy_replaces_an_infantry_with_a_mech_for_2_trade_goods() -> None:
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"infantry": 1}}}}
    table = fight(
        {"carrier": 1, "infantry": 2},
        {},
        [1] * 30,
        red_holds={"faction": "letnev", "trade_goods": 3},
        front=front,
    )
    take(table, play_until(table, "commit"))
    ways = [play_until(table, "dunlain_reaper_deploy")]
    ways += ability_choices(table, "dunlain_reaper_deploy")[1:]
    assert [w["use"] for w in ways] == [True, False] and ways[0]["rules"] == ["42.1"]
    take(table, ways[0])
    red = [u["type"] for u in table.planet("front", "Front")["units"] if u["owner"] == "red"]
    assert sorted(red) == ["infantry", "mech"]
    assert table.player("red")["trade_goods"] == 1


def test_42_1_dunlain_reaper_deploy_needs_2_trade_goods() -> None:
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"infantry": 1}}}}
    table = fight(
        {"carrier": 1, "infantry": 2},
        {},
        [1] * 30,
        red_holds={"faction": "letnev", "trade_goods": 1},
        front=front,
    )
    take(table, play_until(table, "commit"))
    assert not _offered_before_rolling(table, "dunlain_reaper_deploy")


def test_a_scenario_refuses_another_factions_leader_with_its_path() -> None:
    scenario = {
        "title": "a leader of another faction",
        "players": [{"id": "red", "initiative": 1, "faction": "sol", "leaders": ["two_ram"]}],
        "systems": [{"id": "home", "q": 0, "r": 0}],
    }
    answer = api.load_scenario(scenario)
    assert answer["ok"] is False and "leaders[0]" in str(answer) and "l1z1x" in str(answer)


def test_a_scenario_refuses_an_unknown_leader_with_its_path() -> None:
    scenario = {
        "title": "unknown leader",
        "players": [{"id": "red", "initiative": 1, "leaders": ["nobody"]}],
        "systems": [{"id": "home", "q": 0, "r": 0}],
    }
    answer = api.load_scenario(scenario)
    assert answer["ok"] is False and "leaders" in str(answer) and "nobody" in str(answer)


def test_42_1_dunlain_reaper_deploy_needs_a_mech_in_reinforcements() -> None:
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"infantry": 1}}}}
    table = fight(
        {"carrier": 2, "infantry": 2, "mech": 4},  # every mech piece on the board (96.2)
        {},
        [1] * 30,
        red_holds={"faction": "letnev", "trade_goods": 3},
        front=front,
    )
    take(table, play_until(table, "commit"))
    assert not _offered_before_rolling(table, "dunlain_reaper_deploy")
