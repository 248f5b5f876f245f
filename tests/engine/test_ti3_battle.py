"""3rd edition: the space battle sequence (content/ti3/action_phase.txt, Space Battles).

Each test is named after the anchor of the 3rd-edition item it enforces.
"""

from __future__ import annotations

from typing import Any

from engine_table import Table, scenario, system

from engine.ti3 import anchors


def battle(red: dict[str, int], blue: dict[str, int], dice: list[int], **extra: Any) -> Table:
    """Red moves from s0 into Blue's fleet at s1; s2 (Red's token) and s3 (Blue's) are havens."""
    table = Table(
        scenario(
            [
                system("s0", 0, 0, space={"red": red}),
                system("s1", 1, 0, space={"blue": blue}),
                system("s2", 1, -1, tokens=["red"]),
                system("s3", 2, 0, tokens=["blue"]),
            ],
            edition=3,
            dice=dice,
            **extra,
        )
    )
    table.do("tactical_action")
    table.do("activate", system="s1")
    for unit in table.space_ids("s0"):
        table.do("move", unit=unit)
    table.do("end_movement")
    return table


def test_ti3_space_battles_battle_sequence_2_anti_fighter_barrage() -> None:
    """ "roll 2 dice for each ship w/anti-barrage ability; for each result equal of higher than
    that ship's combat value, the opponent immediately loses one Fighter unit.\""""
    table = battle({"destroyer": 1}, {"cruiser": 1, "fighter": 2}, dice=[9, 4])
    barrage = [e for e in table.events if e.get("attack") == "anti-fighter barrage"]
    assert [r["result"] for r in barrage[0]["rolls"]] == [9, 4]
    assert table.view["pending_hits"] == {
        "player": "blue",
        "count": 1,
        "source": "anti-fighter barrage",
        "planet": None,
    }
    refusal = table.refused("assign_hits", player="blue", units=["blue-cruiser-1"])
    assert refusal["rules"] == [anchors.ANTI_FIGHTER_BARRAGE]
    table.do("assign_hits", player="blue", units=["blue-fighter-1"])
    assert "blue-fighter-1" not in table.space_ids("s1")


def test_ti3_space_battles_battle_sequence_6_barrage_before_the_rounds() -> None:
    """ "anti-fighter barrage always happen before a sabotage run\" – and before the first round:
    it is the only pre-combat ability the seed describes, so it comes first."""
    table = battle({"destroyer": 1}, {"fighter": 1, "cruiser": 1}, dice=[1, 1])
    kinds = [e["kind"] for e in table.events]
    assert kinds.index("battle") < kinds.index("roll")
    assert table.cited(anchors.PRE_COMBAT_ORDER)
    assert {c["kind"] for c in table.choices} == {"announce_retreat", "no_retreat"}


def test_ti3_space_battles_battle_sequence_7_attacker_announces_first() -> None:
    """ "attacker first has the option to withdraw, if he doesn't, the defender then has the
    option to retreat.\""""
    table = battle({"cruiser": 1}, {"cruiser": 1}, dice=[1, 1])
    assert table.refused("no_retreat", player="blue")["rules"] == [anchors.ANNOUNCE_RETREAT]
    assert {c["to"] for c in table.choices if c["kind"] == "announce_retreat"} == {"s2"}
    table.do("announce_retreat", player="red", to="s2")
    # The attacker withdrew: the defender may not announce; the round goes to the dice.
    assert [c["kind"] for c in table.choices] == ["roll"]
    calm = battle({"cruiser": 1}, {"cruiser": 1}, dice=[1, 1])
    calm.do("no_retreat", player="red")
    assert {c["player"] for c in calm.choices} == {"blue"}
    assert {c["to"] for c in calm.choices if c["kind"] == "announce_retreat"} == {"s3"}


def test_ti3_space_battles_battle_sequence_8_both_roll_each_ship() -> None:
    """ "simultaneously, both players roll dice for each ship present in the battle, scoring a hit
    on each result equal to or higher than the ships combat value.\""""
    table = battle({"war_sun": 1}, {"cruiser": 2}, dice=[3, 2, 10, 7, 6])
    table.do("no_retreat", player="red")
    table.do("no_retreat", player="blue")
    table.do("roll")
    red, blue = [e for e in table.events if e["kind"] == "roll"][-2:]
    assert [r["hit"] for r in red["rolls"]] == [True, False, True]
    assert [r["hit"] for r in blue["rolls"]] == [True, False]
    assert red["rules"] == [anchors.BATTLE_ROLL]


def test_ti3_space_battles_battle_sequence_9_attacker_assigns_first_sustain() -> None:
    """ "players in turn must assign all their casualties, starting with the attacker and then the
    defender. Ships with the sustain ability can take two hits before being destroyed.\""""
    table = battle({"dreadnought": 1}, {"cruiser": 1}, dice=[5, 7])
    table.do("no_retreat", player="red")
    table.do("no_retreat", player="blue")
    table.do("roll")
    assert table.view["pending_hits"]["player"] == "red"
    events = table.do("assign_hits", player="red", units=["red-dreadnought-1"])
    assert anchors.BATTLE_CASUALTIES in events[0]["rules"] and events[0]["damaged"]
    assert table.view["pending_hits"]["player"] == "blue"


def test_ti3_space_battles_battle_sequence_10_retreat_to_activated_system() -> None:
    """ "During a withdrawal/retreat, a player moves his entire fleet to an adjacent activated
    system that contains no enemy ships. Check that fleets meet the Fleet supply limits, any excess
    ships are immediately destroyed.\""""
    # Red already has two ships waiting in the haven: after the withdrawal it holds four.
    table = Table(
        scenario(
            [
                system("s0", 0, 0, space={"red": {"cruiser": 2}}),
                system("s1", 1, 0, space={"blue": {"cruiser": 1}}),
                system("s2", 1, -1, tokens=["red"], space={"red": {"destroyer": 2}}),
            ],
            edition=3,
            dice=[1, 1, 1],
            players=_fleets(red=3),
        )
    )
    table.do("tactical_action")
    table.do("activate", system="s1")
    table.do("move", unit="red-cruiser-1")
    table.do("move", unit="red-cruiser-2")
    table.do("end_movement")
    table.do("announce_retreat", player="red", to="s2")
    table.do("roll")
    assert sorted(table.space_ids("s2")) == ["red-cruiser-1", "red-cruiser-2", "red-destroyer-2"]
    supply = [e for e in table.events if e["kind"] == "fleet_supply"]
    assert supply and supply[0]["destroyed"] == ["red-destroyer-1"]
    assert anchors.EXECUTE_RETREAT in supply[0]["rules"]


def test_ti3_space_battles_battle_sequence_10_retreat_cancelled_when_foe_is_gone() -> None:
    """ "if at this point in the battle all of the opposing force's ships have been destroyed,
    announced withdrawals/retreats are cancelled and the winning player's units must stay\""""
    table = battle({"cruiser": 1}, {"cruiser": 1}, dice=[8, 1])
    table.do("announce_retreat", player="red", to="s2")
    table.do("roll")
    table.do("assign_hits", player="blue", units=["blue-cruiser-1"])
    assert table.space_ids("s1") == ["red-cruiser-1"]
    assert [e for e in table.events if e["kind"] == "retreat_cancelled"]


def test_ti3_space_battles_battle_sequence_11_rounds_until_one_side_remains() -> None:
    """ "if there are still ships of both players present, a new battle round begins until a
    single player's forces remain in the activated system.\""""
    table = battle({"cruiser": 1}, {"cruiser": 1}, dice=[1, 1, 7, 1])
    table.do("no_retreat", player="red")
    table.do("no_retreat", player="blue")
    table.do("roll")
    assert table.view["combat"]["round"] == 2
    table.do("no_retreat", player="red")
    table.do("no_retreat", player="blue")
    table.do("roll")
    table.do("assign_hits", player="blue", units=["blue-cruiser-1"])
    assert table.view["combat"] is None and table.view["step"] == "ti3_landings"
    assert table.cited(anchors.BATTLE_END)[0]["winner"] == "red"


def _fleets(red: int) -> list[dict[str, Any]]:
    return [{"id": "red", "initiative": 1, "fleet": red}, {"id": "blue", "initiative": 2}]


def test_ti3_space_battles_battle_sequence_8_view_shows_exact_odds_of_the_rounds() -> None:
    """ "Roll dice" round after round: the view gives the exact odds of the rounds still to
    fight, as the odds command computes them (no barrage or PDS here to go first)."""
    from engine.ti3 import odds

    table = battle({"cruiser": 2, "dreadnought": 1}, {"cruiser": 3}, dice=[1] * 40)
    combat = table.view["combat"]
    expected = odds.space_battle(["cruiser", "cruiser", "dreadnought"], ["cruiser"] * 3)
    for key in ("attacker_wins", "defender_wins", "both_destroyed"):
        assert abs(combat["odds"][key] - expected[key]) < 1e-12
    assert 0 < combat["odds"]["attacker_wins"] < 1


def test_ti3_space_battles_battle_sequence_8_view_shows_exact_odds_at_any_size() -> None:
    """A 9-against-9 space battle (past the former 16-unit bound of the view): the view
    still gives the exact odds of the rounds, as the odds command computes them."""
    from engine.ti3 import odds

    players = [{"id": "red", "initiative": 1, "fleet": 9}, {"id": "blue", "initiative": 2}]
    fleet = {"cruiser": 5, "destroyer": 4}
    table = battle(fleet, fleet, dice=[1] * 40, players=players)
    combat = table.view["combat"]
    assert len(table.space_ids("s1")) == 18
    expected = odds.space_battle(
        ["cruiser"] * 5 + ["destroyer"] * 4, ["cruiser"] * 5 + ["destroyer"] * 4
    )
    for key in ("attacker_wins", "defender_wins", "both_destroyed"):
        assert abs(combat["odds"][key] - expected[key]) < 1e-12
    assert "odds_bound" not in combat
