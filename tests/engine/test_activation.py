"""Step 1 – Activation (89.1, 89.1.1, 89.1.2)."""

from __future__ import annotations

from engine_table import Table, scenario, system


def _table(**red: object) -> Table:
    data = scenario(
        [
            system("home", 0, 0, tokens=["red"]),
            system("open", 1, 0, tokens=["blue"]),
            system("far", 2, 0),
        ]
    )
    data["players"][0].update(red)
    return Table(data)


def test_89_1_cannot_activate_system_with_own_token() -> None:
    table = _table()
    refusal = table.refused("activate", system="home")
    assert refusal["rules"] == ["89.1"]
    assert "already holds your command token" in refusal["reason"]
    assert {c["system"] for c in table.choices} == {"open", "far"}


def test_89_1_1_activation_spends_a_tactic_token_and_sets_active_system() -> None:
    table = _table()
    events = table.do("activate", system="far")
    assert table.player("red")["tactic"] == 2
    assert "red" in table.system("far")["tokens"]
    assert table.view["active_system"] == "far"
    assert table.view["step"] == "movement"
    assert "89.1.1" in events[0]["rules"]


def test_89_1_1_no_tactic_token_no_activation() -> None:
    table = _table(tactic=0)
    assert table.choices == []
    refusal = table.refused("activate", system="far")
    assert refusal["rules"] == ["89.1.1"]
    assert "tactic pool" in refusal["reason"]


def test_89_1_2_other_players_tokens_do_not_prevent_activation() -> None:
    table = _table()
    events = table.do("activate", system="open")
    assert table.system("open")["tokens"] == ["blue", "red"]
    assert any("89.1.2" in e["rules"] for e in events)
