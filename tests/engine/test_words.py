"""The words the engine hands a page read as a player says them."""

from __future__ import annotations

from engine_table import Table, scenario, system

from engine.core.choice import counted, hit_targets
from engine.ti4.units import UNIT_TYPES


def test_counts_read_as_words_never_hit_s() -> None:
    assert counted(1, "hit") == "1 hit"
    assert counted(2, "hit") == "2 hits"


def test_a_unit_taking_two_hits_is_named_once() -> None:
    """Not "to Blue's dreadnought 1, Blue's dreadnought 1"."""
    shown = hit_targets(["blue-dreadnought-1"], ["blue-dreadnought-1", "blue-cruiser-1"])
    assert shown == "blue-dreadnought-1 (Sustain Damage, then destroyed), blue-cruiser-1"
    assert hit_targets([], []) == "nothing can be hit"


def test_pds_is_spelled_as_the_rules_spell_it() -> None:
    """Not "Produce 1 Pds"."""
    assert UNIT_TYPES["pds"].label == "PDS"
    assert UNIT_TYPES["war_sun"].label == "War Sun"


def test_37_3_a_removal_over_the_fleet_pool_heads_the_step_with_its_own_rules() -> None:
    """Not shown under "Space Cannon Offense (89.2.3)": the fleet pool decides it."""
    data = scenario(
        [
            system("mid", 0, 0, space={"red": {"carrier": 1, "cruiser": 1, "destroyer": 1}}),
            system("active", 1, 0),
        ]
    )
    data["players"][0]["fleet"] = 2
    table = Table(data)
    table.do("activate", system="active")
    for unit in ("red-carrier-1", "red-cruiser-1", "red-destroyer-1"):
        table.do("move", unit=unit, path=["active"])
    table.do("end_movement")
    assert table.view["step_title"] == "Remove units over the fleet pool"
    assert "37.3" in table.view["step_rules"]
    assert "89.2.3" not in table.view["step_rules"]
