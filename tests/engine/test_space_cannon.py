"""Space Cannon Offense after Move Ships (89.2.3, Movement "Step 2: Space Cannon Offense")."""

from __future__ import annotations

from engine_table import Table, scenario, system

PLANET = {"name": "Rigel", "resources": 1, "influence": 1, "controller": "blue"}


def _table(dice: list[int], active: dict[str, object], mid: dict[str, object]) -> Table:
    table = Table(
        scenario(
            [system("mid", 0, 0, **mid), system("active", 1, 0, planets=[PLANET], **active)],
            dice=dice,
        )
    )
    table.do("activate", system="active")
    return table


def test_89_2_3_other_players_fire_space_cannon_after_move_ships() -> None:
    table = _table(
        [6],
        active={"ground": {"Rigel": {"blue": {"pds": 1}}}},
        mid={"space": {"red": {"dreadnought": 1, "cruiser": 1}}},
    )
    table.do("move", unit="red-dreadnought-1", path=["active"])
    table.do("move", unit="red-cruiser-1", path=["active"])
    events = table.do("end_movement")
    assert table.view["step"] == "space_cannon_offense"
    assert "89.2.3" in events[-1]["rules"]
    fire = next(c for c in table.choices if c.get("fire"))
    assert fire["player"] == "blue" and fire["target"] == "red"
    table.do("space_cannon", player="blue", fire=True, target="red")
    assert table.choices[0]["kind"] == "assign_hits"
    assert table.choices[0]["player"] == "red"
    events = table.do("assign_hits", player="red", units=["red-cruiser-1"])
    assert "77.5" in events[0]["rules"]
    assert table.space_ids("active") == ["red-dreadnought-1"]


def test_89_2_3_non_active_player_must_target_the_active_player() -> None:
    table = _table(
        [6],
        active={"ground": {"Rigel": {"blue": {"pds": 1}}}},
        mid={"space": {"red": {"cruiser": 1}}},
    )
    table.do("move", unit="red-cruiser-1", path=["active"])
    table.do("end_movement")
    refusal = table.refused("space_cannon", player="blue", fire=True, target="blue")
    assert refusal["rules"] == ["77.5.1"]


def test_89_2_3_a_player_may_hold_fire() -> None:
    table = _table(
        [],
        active={"ground": {"Rigel": {"blue": {"pds": 1}}}},
        mid={"space": {"red": {"cruiser": 1}}},
    )
    table.do("move", unit="red-cruiser-1", path=["active"])
    table.do("end_movement")
    events = table.do("space_cannon", player="blue", fire=False)
    assert events[0]["rules"] == ["89.2.3"]
    assert table.space_ids("active") == ["red-cruiser-1"]


def test_movement_step_2_space_cannon_offense_1_even_without_movement() -> None:
    planet = {"name": "Rigel", "resources": 1, "influence": 1, "controller": "red"}
    table = Table(
        scenario(
            [
                system(
                    "active",
                    0,
                    0,
                    planets=[planet],
                    space={"blue": {"carrier": 1}},
                    ground={"Rigel": {"red": {"pds": 1}}},
                )
            ],
            dice=[9],
        )
    )
    table.do("activate", system="active")
    events = table.do("end_movement")
    assert "movement-step-2-space-cannon-offense-1" in events[-1]["rules"]
    choice = next(c for c in table.choices if c.get("fire"))
    assert choice["player"] == "red" and choice["target"] == "blue"
    table.do("space_cannon", player="red", fire=True, target="blue")
    table.do("assign_hits", player="blue", units=["blue-carrier-1"])
    assert table.space_ids("active") == []


def test_movement_step_2_space_cannon_offense_1_nobody_can_fire() -> None:
    table = _table([], active={}, mid={"space": {"red": {"cruiser": 1}}})
    table.do("move", unit="red-cruiser-1", path=["active"])
    events = table.do("end_movement")
    step = next(e for e in events if e.get("step") == "space_cannon_offense")
    assert "no player can fire" in step["text"]
    assert "movement-step-2-space-cannon-offense-1" in step["rules"]
