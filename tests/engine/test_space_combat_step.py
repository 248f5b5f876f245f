"""Step 3 – Space Combat in the tactical action (89.3, 89.3.1; LRR 78 round structure)."""

from __future__ import annotations

from engine_table import Table, scenario, system

BLUE_PLANET = {"name": "Arc", "resources": 1, "influence": 1, "controller": "blue"}


def _table(dice: list[int], red: dict[str, int], blue: dict[str, int]) -> Table:
    table = Table(
        scenario(
            [
                system("mid", 0, 0, space={"red": red}),
                system("active", 1, 0, space={"blue": blue}),
                system("blue_home", 2, 0, planets=[BLUE_PLANET]),
                system("empty", 1, 1),
            ],
            dice=dice,
        )
    )
    table.do("activate", system="active")
    for unit in table.space_ids("mid"):
        table.do("move", unit=unit, path=["active"])
    table.do("end_movement")
    return table


def test_89_3_two_players_with_ships_resolve_space_combat() -> None:
    table = _table([1, 1], {"cruiser": 1}, {"cruiser": 1})
    assert table.view["step"] == "space_combat"
    combat = table.view["combat"]
    assert (combat["attacker"], combat["defender"], combat["round"]) == ("red", "blue", 1)
    odds = combat["odds"]
    assert abs(odds["attacker_wins"] + odds["defender_wins"] + odds["both_destroyed"] - 1) < 1e-9
    assert table.cited("89.3")


def test_89_3_1_active_player_alone_skips_space_combat() -> None:
    table = _table([], {"cruiser": 1}, {})
    skipped = table.cited("89.3.1")
    assert skipped and skipped[0]["skipped"] is True
    assert "skipped" in skipped[0]["text"]
    assert table.view["step"] == "production"


def test_78_4_defender_announces_retreat_first() -> None:
    table = _table([1, 1], {"cruiser": 1}, {"cruiser": 1})
    refusal = table.refused("no_retreat", player="red")
    assert refusal["rules"] == ["78.4"]
    assert {c["player"] for c in table.choices} == {"blue"}


def test_78_7_retreat_moves_ships_after_hits_and_places_a_token() -> None:
    table = _table([1, 1], {"cruiser": 1}, {"cruiser": 1})
    options = [c["to"] for c in table.choices if c["kind"] == "announce_retreat"]
    assert options == [
        "blue_home"
    ]  # own planet, no enemy ships; "empty" and "mid" are not eligible
    events = table.do("announce_retreat", player="blue", to="blue_home")
    assert "78.4.2" in events[0]["rules"]
    assert table.kinds() == {"roll"}  # the attacker cannot announce after the defender did
    events = table.do("roll")
    retreat = next(e for e in events if e["kind"] == "retreat")
    assert retreat["rules"] == ["78.7", "78.7.2", "78.7.4"]
    assert table.space_ids("blue_home") == ["blue-cruiser-1"]
    assert "blue" in table.system("blue_home")["tokens"]
    assert table.view["combat"] is None


def test_movement_ability_movement_1_a_retreat_follows_its_own_rule_not_movement() -> None:
    """Movement, "Ability Movement": "If an ability moves a unit outside of the "Movement"
    step of a tactical action, players follow the rules specified by that ability; neither a
    unit's move value nor the rules specified above apply." A retreat is not an ability but
    moves ships outside the Movement step the same way, by its own rule (78.7): the attacker
    retreats out of the active system although it holds their command token (a Move Ships
    step forbids that), and the engine cites 78.7 for it, not this rule."""
    table = Table(
        scenario(
            [
                system(
                    "red_home",
                    0,
                    0,
                    planets=[{"name": "Jord", "resources": 1, "influence": 1, "controller": "red"}],
                    space={"red": {"cruiser": 1}},
                ),
                system("active", 1, 0, space={"blue": {"cruiser": 1}}),
            ],
            dice=[1, 1],
        )
    )
    table.do("activate", system="active")
    table.do("move", unit="red-cruiser-1", path=["active"])
    table.do("end_movement")
    table.do("no_retreat", player="blue")
    table.do("announce_retreat", player="red", to="red_home")
    events = table.do("roll")
    assert table.space_ids("red_home") == ["red-cruiser-1"]
    assert "red" in table.system("active")["tokens"]
    assert all("movement-ability-movement-1" not in e["rules"] for e in events)


def test_78_7_3_cannot_retreat_to_an_ineligible_system() -> None:
    table = _table([1, 1], {"cruiser": 1}, {"cruiser": 1})
    refusal = table.refused("announce_retreat", player="blue", to="empty")
    assert refusal["rules"] == ["78.7.3"]


def test_78_6_sustain_damage_then_new_round() -> None:
    # Round 1: red dreadnought hits (5+), blue dreadnought misses.
    table = _table([5, 1, 1, 1], {"dreadnought": 1}, {"dreadnought": 1})
    table.do("no_retreat", player="blue")
    table.do("no_retreat", player="red")
    table.do("roll")
    assert table.choices[0]["units"] == ["blue-dreadnought-1"]
    events = table.do("assign_hits", player="blue", units=["blue-dreadnought-1"])
    assert "87.1" in events[0]["rules"]
    blue = next(u for u in table.system("active")["space"] if u["owner"] == "blue")
    assert blue["damaged"] is True
    assert table.view["combat"]["round"] == 2
    assert any("78.8" in e["rules"] for e in events)


def test_78_9_combat_ends_with_a_winner() -> None:
    table = _table([7, 1], {"cruiser": 1}, {"cruiser": 1})
    table.do("no_retreat", player="blue")
    table.do("no_retreat", player="red")
    table.do("roll")
    events = table.do("assign_hits", player="blue", units=["blue-cruiser-1"])
    end = next(e for e in events if e["kind"] == "combat_end")
    assert end["winner"] == "red" and "78.9" in end["rules"]
    assert table.view["step"] == "production"
