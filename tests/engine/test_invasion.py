"""Step 4 – Invasion (89.4; LRR 49 steps, 15 bombardment, 65 planetary shield, 42 ground combat)."""

from __future__ import annotations

from engine_table import Table, scenario, system


def _table(dice: list[int], red_space: dict[str, int], ground: dict[str, dict[str, int]]) -> Table:
    planets = [
        {"name": "Arc", "resources": 2, "influence": 1, "controller": "blue"},
        {"name": "Wild", "resources": 1, "influence": 1},
    ]
    table = Table(
        scenario(
            [
                system("mid", 0, 0, space={"red": red_space}),
                system("active", 1, 0, planets=planets, ground={"Arc": {"blue": ground}}),
            ],
            dice=dice,
        )
    )
    table.do("activate", system="active")
    for unit in table.space_ids("mid"):
        if not unit.startswith(("red-infantry", "red-mech", "red-fighter")):
            carry = [u for u in table.space_ids("mid") if u.startswith("red-infantry")]
            table.do("move", unit=unit, path=["active"], carry=carry if "carrier" in unit else [])
    table.do("end_movement")
    if table.view["step"] == "space_cannon_offense":
        table.do("space_cannon", player="blue", fire=False)
    return table


def test_89_4_bombard_commit_ground_combat_and_gain_control() -> None:
    # Bombardment 5 hits; ground round 1: red 8, 8 hit; blue misses.
    table = _table(
        [5, 8, 8, 1],
        {"dreadnought": 1, "carrier": 1, "infantry": 2},
        {"infantry": 2, "space_dock": 1},
    )
    assert table.view["step"] == "invasion"
    assert {c["kind"] for c in table.choices} == {"bombard", "skip"}
    events = table.do("bombard", planet="Arc")
    assert "15.1" in events[0]["rules"]
    events = table.do("assign_hits", player="blue", units=["blue-infantry-1"])
    # Every bombarding unit has fired, so the invasion goes on to committing ground forces.
    assert any("49.2" in e["rules"] for e in events)
    events = table.do("commit", planet="Arc", units=["red-infantry-1", "red-infantry-2"])
    assert "49.2" in events[0]["rules"]
    # Every ground force is committed, so the invasion moves on by itself.
    assert table.view["combat"]["kind"] == "ground"
    table.do("roll")
    events = table.do("assign_hits", player="blue", units=["blue-infantry-2"])
    control = next(e for e in events if e["kind"] == "control")
    assert "49.5.1" in control["rules"] and "49.5.2" in control["rules"]
    assert control["destroyed"] == ["blue-space_dock-1"]
    arc = table.planet("active", "Arc")
    assert arc["controller"] == "red" and arc["exhausted"] is True
    assert [u["id"] for u in arc["units"]] == ["red-infantry-1", "red-infantry-2"]
    assert table.view["step"] == "production"


def test_89_4_planetary_shield_blocks_bombardment_but_not_a_war_sun() -> None:
    table = _table([], {"dreadnought": 1}, {"infantry": 1, "pds": 1})
    assert table.kinds() == {"skip"}
    refusal = table.refused("bombard", planet="Arc")
    assert refusal["rules"] == ["15.1.6", "65.3"]
    assert "Planetary Shield" in refusal["reason"]
    with_sun = _table([3, 3, 3], {"war_sun": 1}, {"infantry": 1, "pds": 1})
    events = with_sun.do("bombard", planet="Arc")
    assert next(e for e in events if e["kind"] == "roll")["hits"] == 3
    assert any("65.3" in e["rules"] for e in events)


def test_89_4_space_cannon_defense_fires_at_committed_ground_forces() -> None:
    table = _table([6], {"carrier": 1, "infantry": 1}, {"pds": 1})
    table.do("commit", planet="Arc", units=["red-infantry-1"])
    assert table.choices[0]["player"] == "blue"
    events = table.do("space_cannon", player="blue", fire=True)
    assert "77.7" in events[0]["rules"]
    events = table.do("assign_hits", player="red", units=["red-infantry-1"])
    assert table.planet("active", "Arc")["controller"] == "blue"


def test_89_4_landing_on_an_uncontrolled_planet_gains_it() -> None:
    table = _table([], {"carrier": 1, "infantry": 1}, {"infantry": 1})
    events = table.do("commit", planet="Wild", units=["red-infantry-1"])
    assert table.planet("active", "Wild")["controller"] == "red"
    assert any(e["kind"] == "control" for e in events)


def test_89_4_commit_only_ground_forces_in_the_space_area() -> None:
    table = _table([], {"carrier": 1, "infantry": 1}, {"infantry": 1})
    refusal = table.refused("commit", planet="Arc", units=["blue-infantry-1"])
    assert "49.2" in refusal["rules"]


def test_49_2_3_no_commitment_proceeds_to_production() -> None:
    table = _table([], {"carrier": 1, "infantry": 1}, {"infantry": 1})
    events = table.do("skip")
    assert "49.2.3" in events[0]["rules"]
    assert table.view["step"] == "production"
