"""The action phase (LRR 3): turns, actions, passing, secondaries, consecutive turns."""

from __future__ import annotations

from typing import Any

from engine_table import Table, system


def _game(players: list[dict[str, Any]], **extra: Any) -> Table:
    data = {
        "title": "action phase",
        "players": players,
        "systems": [system("home", 0, 0), system("far", 1, 0)],
        "start": {"phase": "action_phase"},
        **extra,
    }
    return Table(data)


def _two(**red: Any) -> Table:
    return _game(
        [
            {"id": "red", "initiative": 1, "strategy_cards": ["Leadership"], **red},
            {"id": "blue", "initiative": 5, "strategy_cards": ["Trade"]},
        ]
    )


def test_3_1_a_turn_offers_strategic_tactical_and_component_actions() -> None:
    table = _two(component_actions=["Plague"])
    assert table.view["active_player"] == "red"
    kinds = {c["kind"] for c in table.choices if c.get("player") == "red"}
    assert {"strategic_action", "tactical_action", "component_action"} <= kinds
    events = table.do("component_action", name="Plague")
    assert events[0]["rules"] == ["3.1"]
    assert table.view["active_player"] == "blue"


def test_3_1_tactical_action_runs_the_tactical_steps() -> None:
    table = _two()
    table.do("tactical_action")
    assert table.view["step"] == "activation"
    table.do("activate", system="far")
    table.do("end_movement")
    table.do("skip")
    table.do("end_action")
    assert table.view["step"] == "action_phase"
    assert table.view["active_player"] == "blue"


def test_3_2_a_player_who_cannot_act_must_pass() -> None:
    table = _game(
        [
            {"id": "red", "initiative": 1, "tactic": 0},
            {"id": "blue", "initiative": 2},
        ]
    )
    mine = [c for c in table.choices if c.get("player") == "red"]
    assert [c["kind"] for c in mine] == ["pass"]
    assert "3.2" in mine[0]["rules"]


def test_3_3_a_passed_player_has_no_further_turns() -> None:
    table = _game([{"id": "red", "initiative": 1}, {"id": "blue", "initiative": 2}])
    table.do("pass")
    assert table.player("red")["passed"] is True
    assert table.view["active_player"] == "blue"
    refusal = table.refused("tactical_action", player="red")
    assert refusal["rules"] == ["3.3"]


def test_3_3_1_passing_turn_resolves_start_of_turn_abilities() -> None:
    table = _game(
        [{"id": "red", "initiative": 1}, {"id": "blue", "initiative": 2}],
        effects=[{"owner": "blue", "window": "start_of_turn", "text": "Gain a trade good"}],
    )
    table.do("pass")
    fired = [e for e in table.events if e["kind"] == "effect"]
    assert fired and fired[0]["player"] == "blue" and "3.3.1" in fired[0]["rules"]
    events = table.do("pass")
    assert "3.3.1" in events[0]["rules"]


def test_3_3_2_passed_player_may_resolve_secondary_abilities() -> None:
    table = _game(
        [
            {"id": "red", "initiative": 1},
            {"id": "blue", "initiative": 5, "strategy_cards": ["Trade"]},
        ]
    )
    table.do("pass")
    table.do("strategic_action", card="Trade")
    assert [c["player"] for c in table.choices if c["kind"] == "secondary"] == ["red", "red"]
    events = table.do("secondary", player="red", resolve=True)
    assert "3.3.2" in events[0]["rules"]
    assert table.player("red")["strategy"] == 1


def test_3_3_3_consecutive_turns_once_all_others_have_passed() -> None:
    table = _game([{"id": "red", "initiative": 1}, {"id": "blue", "initiative": 2}])
    table.do("pass")
    table.do("tactical_action")
    table.do("activate", system="far")
    table.do("end_movement")
    table.do("skip")
    events = table.do("end_action")
    again = [e for e in events if "3.3.3" in e["rules"]]
    assert again and table.view["active_player"] == "blue"


def test_3_4_cannot_pass_before_strategic_action() -> None:
    table = _two()
    assert "pass" not in {c["kind"] for c in table.choices}
    refusal = table.refused("pass")
    assert refusal["rules"] == ["3.4"]
    assert "Leadership" in refusal["reason"]
    table.do("strategic_action", card="Leadership")
    table.do("secondary", player="blue", resolve=False)
    table.do("strategic_action", card="Trade")
    table.do("secondary", player="red", resolve=False)
    events = table.do("pass")
    assert "3.3" in events[0]["rules"]


def test_3_4_1_three_player_game_needs_both_cards() -> None:
    table = _game(
        [
            {"id": "red", "initiative": 1, "strategy_cards": ["Leadership", "Politics"]},
            {"id": "blue", "initiative": 2, "strategy_cards": ["Trade", "Warfare"]},
            {"id": "green", "initiative": 4, "strategy_cards": ["Diplomacy", "Imperial"]},
        ]
    )
    table.do("strategic_action", card="Leadership")
    for player in ("blue", "green"):
        table.do("secondary", player=player, resolve=False)
    # Back to red after blue and green act.
    for card in ("Trade", "Diplomacy"):
        table.do("strategic_action", card=card)
        for _ in range(2):
            pending = [c for c in table.choices if c["kind"] == "secondary"]
            table.do("secondary", player=pending[0]["player"], resolve=False)
    assert table.view["active_player"] == "red"
    refusal = table.refused("pass")
    assert refusal["rules"] == ["3.4", "3.4.1"]
    assert "Politics" in refusal["reason"]


def test_3_5_all_passed_goes_to_status_phase() -> None:
    table = _game([{"id": "red", "initiative": 1}, {"id": "blue", "initiative": 2}])
    table.do("pass")
    events = table.do("pass")
    assert any(e["rules"] == ["3.5"] for e in events)
    assert table.view["step"] == "finished"
    assert table.choices == []


def test_3_note_1_passed_player_may_play_action_cards() -> None:
    table = _game(
        [
            {"id": "red", "initiative": 1, "action_cards": ["Sabotage"]},
            {"id": "blue", "initiative": 2},
        ]
    )
    table.do("pass")
    events = table.do("action_card", player="red", card="Sabotage")
    assert events[0]["rules"] == ["3-note-1"]
    assert table.view["active_player"] == "blue"


def test_3_note_2_end_of_action_before_end_of_turn() -> None:
    table = _game(
        [
            {"id": "red", "initiative": 1, "component_actions": ["Relic"]},
            {"id": "blue", "initiative": 2},
        ],
        effects=[
            {"owner": "red", "window": "end_of_turn", "text": "B"},
            {"owner": "red", "window": "end_of_action", "text": "A"},
        ],
    )
    events = table.do("component_action", name="Relic")
    fired = [e for e in events if e["kind"] == "effect"]
    assert [e["effect"] for e in fired] == ["A", "B"]
    assert all("3-note-2" in e["rules"] for e in fired)


def test_3_note_3_passing_turn_has_end_of_turn_abilities() -> None:
    table = _game(
        [{"id": "red", "initiative": 1}, {"id": "blue", "initiative": 2}],
        effects=[{"owner": "red", "window": "end_of_turn", "text": "Refresh"}],
    )
    events = table.do("pass")
    fired = [e for e in events if e["kind"] == "effect"]
    assert fired and fired[0]["rules"] == ["3-note-3"]


def test_3_note_4_consecutive_turns_still_have_turn_abilities() -> None:
    table = _game(
        [
            {"id": "red", "initiative": 1, "component_actions": ["A", "B"]},
            {"id": "blue", "initiative": 2},
        ],
        effects=[{"owner": "red", "window": "start_of_turn", "text": "Scan"}],
    )
    table.do("component_action", name="A")
    table.do("pass")  # blue
    table.do("component_action", name="B")  # red again, then red's consecutive turn
    events = [e for e in table.events if e["kind"] == "effect"]
    assert any("3-note-4" in e["rules"] for e in events)


def test_20_5_1_leadership_secondary_spends_no_command_token() -> None:
    """20.5a "A player does not spend a command token to resolve the secondary ability of the
    "Leadership" strategy card": a player with an empty strategy pool may resolve it."""
    table = _game(
        [
            {"id": "red", "initiative": 1, "strategy_cards": ["Leadership"]},
            {"id": "blue", "initiative": 5, "strategy": 0},
        ]
    )
    table.do("strategic_action", card="Leadership")
    offered = [c for c in table.choices if c["kind"] == "secondary" and c["resolve"]]
    assert offered and "20.5.1" in offered[0]["rules"]
    events = table.do("secondary", player="blue", resolve=True)
    assert "20.5.1" in events[0]["rules"] and "52.3" in events[1]["rules"]
    assert table.player("blue")["strategy"] == 0


def test_20_5_other_secondaries_spend_a_strategy_token() -> None:
    table = _game(
        [
            {"id": "red", "initiative": 1, "strategy_cards": ["Warfare"]},
            {"id": "blue", "initiative": 5, "strategy": 0},
        ]
    )
    table.do("strategic_action", card="Warfare")
    assert not [c for c in table.choices if c["kind"] == "secondary" and c["resolve"]]
    refusal = table.refused("secondary", player="blue", resolve=True)
    assert "20.5" in refusal["rules"]


def test_92_4_players_trade_chooses_resolve_its_secondary_without_a_token() -> None:
    """92.4 "The active player chooses any number of other players. Those players use the
    secondary ability of this card without spending a command token." """
    table = _game(
        [
            {"id": "red", "initiative": 1, "strategy_cards": ["Trade"]},
            {"id": "blue", "initiative": 5, "strategy": 0},
            {"id": "green", "initiative": 6, "strategy": 0},
        ]
    )
    offered = [c for c in table.choices if c["kind"] == "strategic_action" and c.get("free")]
    assert offered and offered[0]["free"] == ["blue", "green"]
    events = table.do("strategic_action", card="Trade", free=["green"])
    assert "92.4" in events[1]["rules"]
    # Blue was not chosen: with an empty strategy pool it may only decline (20.5).
    assert not [c for c in table.choices if c["kind"] == "secondary" and c["resolve"]]
    table.do("secondary", player="blue", resolve=False)
    events = table.do("secondary", player="green", resolve=True)
    assert "92.4" in events[0]["rules"] and table.player("green")["strategy"] == 0
    refusal = _game(
        [
            {"id": "red", "initiative": 1, "strategy_cards": ["Warfare"]},
            {"id": "blue", "initiative": 5},
        ]
    ).refused("strategic_action", card="Warfare", free=["blue"])
    assert refusal["rules"] == ["99"] and "free" in refusal["reason"]


def test_52_3_leadership_secondary_spends_influence_for_command_tokens() -> None:
    """52.3 "may spend any amount of influence to gain one command token for every three
    influence they spend"; 52.4 each token goes to the pool of the player's choice."""
    planets = [
        {"name": "Arc", "resources": 1, "influence": 4, "controller": "blue"},
        {"name": "Bay", "resources": 1, "influence": 3, "controller": "blue"},
    ]
    table = _game(
        [
            {"id": "red", "initiative": 1, "strategy_cards": ["Leadership"]},
            {"id": "blue", "initiative": 5, "strategy": 0, "trade_goods": 2},
        ],
        systems=[system("home", 0, 0, planets=planets), system("far", 1, 0)],
    )
    table.do("strategic_action", card="Leadership")
    offered = [c for c in table.choices if c["kind"] == "secondary" and c.get("pay")]
    assert offered and offered[0]["pools"] == {"tactic": 2}
    refusal = table.refused(
        "secondary", player="blue", resolve=True, pay=["Arc"], pools={"fleet": 2}
    )
    assert "52.4" in refusal["rules"]
    # 4 + 3 influence and 2 trade goods: 9 influence, 3 tokens (47.2, 47.3).
    events = table.do(
        "secondary",
        player="blue",
        resolve=True,
        pay=["Arc", "Bay"],
        trade_goods=2,
        pools={"fleet": 1, "strategy": 2},
    )
    assert "20.5.1" in events[0]["rules"]
    assert {"52.3", "52.4", "47.2", "47.3"} <= set(events[1]["rules"])
    blue = table.player("blue")
    assert (blue["tactic"], blue["fleet"], blue["strategy"], blue["trade_goods"]) == (3, 4, 2, 0)
    assert table.planet("home", "Arc")["exhausted"] and table.planet("home", "Bay")["exhausted"]


def test_20_3_1_no_command_token_is_gained_beyond_reinforcements() -> None:
    """20.3a: a player with no command token left in reinforcements cannot gain one; a
    faction has 16 and Blue has 15 on its sheet, so 6 influence buys only 1."""
    planets = [{"name": "Arc", "resources": 1, "influence": 6, "controller": "blue"}]
    table = _game(
        [
            {"id": "red", "initiative": 1, "strategy_cards": ["Leadership"]},
            {"id": "blue", "initiative": 5, "tactic": 8, "fleet": 5, "strategy": 2},
        ],
        systems=[system("home", 0, 0, planets=planets), system("far", 1, 0)],
    )
    table.do("strategic_action", card="Leadership")
    refusal = table.refused(
        "secondary", player="blue", resolve=True, pay=["Arc"], pools={"tactic": 2}
    )
    assert "20.3.1" in refusal["rules"]
    events = table.do("secondary", player="blue", resolve=True, pay=["Arc"])
    assert "20.3.1" in events[1]["rules"]
    assert table.player("blue")["tactic"] == 9
