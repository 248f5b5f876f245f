"""Fighter II: fighters that move themselves and count against the fleet pool beyond capacity.

The card (Advanced Fighters; the Naalu's Hybrid Crystal Fighter II): "This unit may move
without being transported. Fighters in excess of your ships' capacity count against your
fleet pool" (the Naalu's count as 1/2 of a ship). It overrides LRR 37.1 and 76.2a, which
count only non-fighter ships, by LRR 1.2 (a card takes precedence over the rules).

Board: a row far (0,0) – mid (1,0) – active (2,0) – beyond (3,0).
"""

from __future__ import annotations

from typing import Any

from engine_table import Table, scenario, system

ARC = {"name": "Arc", "resources": 1, "influence": 1, "controller": "blue"}


def _table(
    red: dict[str, dict[str, int]],
    *,
    upgrades: tuple[str, ...] = ("fighter",),
    fleet: int = 3,
    faction: str | None = None,
    active: dict[str, Any] | None = None,
    dice: list[int] | None = None,
) -> Table:
    coords = {"far": (0, 0), "mid": (1, 0), "active": (2, 0), "beyond": (3, 0)}
    systems = []
    for name, (q, r) in coords.items():
        extra: dict[str, Any] = dict(active or {}) if name == "active" else {}
        if name in red:
            extra["space"] = {**extra.get("space", {}), "red": red[name]}
        systems.append(system(name, q, r, **extra))
    data = scenario(systems, **({"dice": dice} if dice else {"seed": 3}))
    red_player = data["players"][0]
    red_player.update(fleet=fleet, upgrades=list(upgrades))
    if faction:
        red_player["faction"] = faction
    table = Table(data)
    table.do("activate", system="active")
    return table


def _params(choice: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in choice.items() if k not in ("kind", "label", "rules")}


def test_16_3_a_fighter_ii_moves_two_systems_without_being_transported() -> None:
    table = _table({"far": {"fighter": 1}})
    offered = [c["path"] for c in table.choices if c.get("unit") == "red-fighter-1"]
    assert ["mid", "active"] in offered
    events = table.do("move", unit="red-fighter-1", path=["mid", "active"])
    assert events[0]["kind"] == "move"
    table.do("end_movement")
    # One fighter beyond capacity (no ship there) is one ship of a fleet pool of 3.
    assert "remove_excess" not in table.kinds()
    assert table.space_ids("active") == ["red-fighter-1"]


def test_16_3_fighters_without_the_upgrade_still_need_a_ship_to_transport_them() -> None:
    table = _table({"mid": {"fighter": 1, "carrier": 1}}, upgrades=())
    assert not [c for c in table.choices if c.get("unit") == "red-fighter-1"]
    refusal = table.refused("move", unit="red-fighter-1", path=["active"])
    assert "no move value" in refusal["reason"] and "89.2.1" in refusal["rules"]
    table.do("move", unit="red-carrier-1", path=["active"], carry=["red-fighter-1"])
    assert set(table.space_ids("active")) == {"red-carrier-1", "red-fighter-1"}


def test_58_4_a_fighter_ii_moving_alone_obeys_move_value_and_blocking_ships() -> None:
    blue = {"space": {"blue": {"destroyer": 1}}}
    table = _table({"far": {"fighter": 1}})
    too_far = _table({"far": {"fighter": 1}})
    path = ["mid", "active", "beyond", "active"]
    refusal = too_far.refused("move", unit="red-fighter-1", path=path)
    assert "move value is 2" in refusal["reason"]
    # Moving alone it is a ship: another player's ships in mid block it (58.4b).
    coords = {"far": (0, 0), "mid": (1, 0), "active": (2, 0)}
    data = scenario(
        [
            system("far", *coords["far"], space={"red": {"fighter": 1}}),
            system("mid", *coords["mid"], **blue),
            system("active", *coords["active"]),
        ]
    )
    data["players"][0]["upgrades"] = ["fighter"]
    blocked = Table(data)
    blocked.do("activate", system="active")
    refusal = blocked.refused("move", unit="red-fighter-1", path=["mid", "active"])
    assert "movement-step-1-move-ships-3" in refusal["rules"]
    assert table.do("move", unit="red-fighter-1", path=["mid", "active"])


def test_37_3_fighter_iis_beyond_capacity_count_against_the_fleet_pool() -> None:
    table = _table({"mid": {"cruiser": 2, "fighter": 1}}, fleet=2)
    for unit in ("red-cruiser-1", "red-cruiser-2", "red-fighter-1"):
        table.do("move", unit=unit, path=["active"])
    table.do("end_movement")
    (offer,) = table.choices
    assert offer["kind"] == "remove_excess" and offer["count"] == 1
    assert {"37.3", "1.2"} <= set(offer["rules"])
    assert set(offer["candidates"]) == {"red-cruiser-1", "red-cruiser-2", "red-fighter-1"}
    assert "Fighter IIs beyond capacity" in offer["label"]
    # The player's choice: a cruiser goes, the fighter stays.
    table.do("remove_excess", player="red", units=["red-cruiser-2"])
    assert set(table.space_ids("active")) == {"red-cruiser-1", "red-fighter-1"}


def test_37_1_1_fighter_iis_within_capacity_do_not_count_against_the_fleet_pool() -> None:
    table = _table({"mid": {"carrier": 1, "fighter": 4}}, fleet=1)
    fighters = [f"red-fighter-{n}" for n in range(1, 5)]
    table.do("move", unit="red-carrier-1", path=["active"], carry=fighters[:2])
    table.do("move", unit="red-fighter-3", path=["active"])
    table.do("move", unit="red-fighter-4", path=["active"])
    table.do("end_movement")
    assert "remove_excess" not in table.kinds()
    assert len(table.space_ids("active")) == 5


def test_16_3_fighter_iis_a_carrier_leaves_behind_stay_within_the_fleet_pool() -> None:
    # Without the upgrade the two fighters left in mid exceed capacity and are removed.
    plain = _table({"mid": {"carrier": 1, "fighter": 2}}, upgrades=())
    plain.do("move", unit="red-carrier-1", path=["active"])
    plain.do("end_movement")
    (offer,) = plain.choices
    assert offer["count"] == 2 and "16.3" in offer["rules"]
    # With it they stay: two ships against a fleet pool of 3.
    upgraded = _table({"mid": {"carrier": 1, "fighter": 2}})
    upgraded.do("move", unit="red-carrier-1", path=["active"])
    upgraded.do("end_movement")
    assert "remove_excess" not in upgraded.kinds()
    assert upgraded.space_ids("mid") == ["red-fighter-1", "red-fighter-2"]
    # With a fleet pool of 1, one of them goes, and the player chooses which.
    tight = _table({"mid": {"carrier": 1, "fighter": 2}}, fleet=1)
    tight.do("move", unit="red-carrier-1", path=["active"])
    tight.do("end_movement")
    (offer,) = tight.choices
    assert offer["system"] == "mid" and offer["count"] == 1 and "37.3" in offer["rules"]
    tight.do("remove_excess", player="red", units=["red-fighter-1"])
    assert tight.space_ids("mid") == ["red-fighter-2"]


def test_37_3_a_carrier_destroyed_leaves_fighter_iis_counting_against_the_fleet_pool() -> None:
    """Space cannon offense destroys the carrier; its four fighters now exceed the
    dreadnought's capacity of 1 by 3, which with the dreadnought is 4 ships against a
    fleet pool of 3. Removing the dreadnought would not help (4 fighters beyond no capacity);
    one fighter is enough."""
    table = _table(
        {"mid": {"carrier": 1, "dreadnought": 1, "fighter": 4}},
        active={"planets": [ARC], "ground": {"Arc": {"blue": {"pds": 1}}}},
        dice=[6, 1, 1, 1],
    )
    fighters = [f"red-fighter-{n}" for n in range(1, 5)]
    table.do("move", unit="red-carrier-1", path=["active"], carry=fighters)
    table.do("move", unit="red-dreadnought-1", path=["active"])
    table.do("end_movement")
    assert "remove_excess" not in table.kinds()
    table.do("space_cannon", player="blue", fire=True, target="red")
    table.do("assign_hits", player="red", units=["red-carrier-1"])
    (offer,) = table.choices
    assert offer["kind"] == "remove_excess" and offer["count"] == 1
    assert {"77.5", "37.3", "1.2"} <= set(offer["rules"])
    refusal = table.refused("remove_excess", player="red", units=["red-dreadnought-1"])
    assert "would still have" in refusal["reason"] and "37.3" in refusal["rules"]
    table.do("remove_excess", player="red", units=["red-fighter-4"])
    assert set(table.space_ids("active")) == {"red-dreadnought-1", *fighters[:3]}


def test_37_3_the_fewest_removals_may_mean_a_ship_and_a_fighter() -> None:
    # Fleet 1: two cruisers and two fighters beyond no capacity are 4 ships; the fewest
    # removals are one cruiser and two fighters, or both cruisers and one fighter.
    table = _table({"mid": {"cruiser": 2, "fighter": 2}}, fleet=1)
    for unit in ("red-cruiser-1", "red-cruiser-2", "red-fighter-1", "red-fighter-2"):
        table.do("move", unit=unit, path=["active"])
    table.do("end_movement")
    (offer,) = table.choices
    assert offer["count"] == 3
    refusal = table.refused("remove_excess", player="red", units=["red-cruiser-1"])
    assert "exactly 3" in refusal["reason"]
    table.do("remove_excess", **_params(offer))
    assert len(table.space_ids("active")) == 1


def test_37_3_hybrid_crystal_fighter_iis_count_as_half_a_ship() -> None:
    table = _table({"mid": {"fighter": 3}}, fleet=1, faction="naalu")
    for n in (1, 2, 3):
        table.do("move", unit=f"red-fighter-{n}", path=["active"])
    table.do("end_movement")
    # Three halves against one token: one fighter goes, two (one ship) stay.
    (offer,) = table.choices
    assert offer["count"] == 1 and "37.3" in offer["rules"]
    table.do("remove_excess", **_params(offer))
    assert len(table.space_ids("active")) == 2


def test_78_7_2_fighter_iis_retreat_by_themselves() -> None:
    """78.7b: "That player's fighters and ground forces ... that are unable to move or be
    transported are removed." Fighter IIs can move: they retreat with the cruiser, none is
    left behind for want of capacity."""
    data = scenario(
        [
            system("mid", 0, 0, space={"red": {"cruiser": 1}}),
            system("active", 1, 0, space={"blue": {"cruiser": 1, "fighter": 3}}),
            system("blue_home", 2, 0, planets=[ARC]),
        ],
        dice=[1] * 8,
    )
    data["players"][1]["upgrades"] = ["fighter"]
    table = Table(data)
    table.do("activate", system="active")
    table.do("move", unit="red-cruiser-1", path=["active"])
    table.do("end_movement")
    table.do("announce_retreat", player="blue", to="blue_home")
    table.do("roll")
    moved = table.space_ids("blue_home")
    assert sorted(moved) == ["blue-cruiser-1", "blue-fighter-1", "blue-fighter-2", "blue-fighter-3"]
    # At the destination the cruiser and three fighters beyond no capacity are 4 ships
    # against Blue's 3 fleet pool tokens (37.3 at any time): Blue chooses one to remove.
    (offer,) = table.choices
    assert offer["system"] == "blue_home" and offer["count"] == 1
    assert {"37.3", "1.2"} <= set(offer["rules"])
    table.do("remove_excess", player="blue", units=["blue-cruiser-1"])
    assert len(table.space_ids("blue_home")) == 3


def test_41_2_a_fighter_ii_moving_itself_out_of_a_rift_rolls_a_carried_one_does_not() -> None:
    """41.2a: "Units being transported by a ship with capacity do not roll"; a Fighter II
    that moves by itself is not transported, so it rolls for the rift like any ship."""
    coords = {"far": (0, 0), "mid": (1, 0), "active": (2, 0)}
    data = scenario(
        [
            system(
                "far",
                *coords["far"],
                anomaly="gravity_rift",
                space={"red": {"carrier": 1, "fighter": 2}},
            ),
            system("mid", *coords["mid"]),
            system("active", *coords["active"]),
        ],
        dice=[5, 2],
    )
    data["players"][0]["upgrades"] = ["fighter"]
    table = Table(data)
    table.do("activate", system="active")
    carried = table.do(
        "move", unit="red-carrier-1", path=["mid", "active"], carry=["red-fighter-1"]
    )
    assert [e["kind"] for e in carried] == ["move", "rift_roll", "transport"]
    alone = table.do("move", unit="red-fighter-2", path=["mid", "active"])
    assert [e["kind"] for e in alone] == ["move", "rift_removed"]
    assert set(table.space_ids("active")) == {"red-carrier-1", "red-fighter-1"}


def test_37_3_after_a_combat_that_destroyed_the_carrier_fighter_iis_count_as_ships() -> None:
    """16.3c: fighters do not count against capacity during combat; at its end (78.10a) the
    carrier is gone. Without the upgrade the 4 fighters are capacity excess; with Fighter II
    they and the cruiser are 5 ships against a fleet pool of 3, and 2 units go."""

    def fight(upgrades: list[str]) -> Table:
        data = scenario(
            [
                system("mid", 0, 0, space={"red": {"cruiser": 1, "carrier": 1, "fighter": 4}}),
                system("active", 1, 0, space={"blue": {"cruiser": 1}}),
            ],
            dice=[10, 1, 1, 1, 1, 1, 10],
        )
        data["players"][0]["upgrades"] = upgrades
        table = Table(data)
        table.do("activate", system="active")
        fighters = [u for u in table.space_ids("mid") if "fighter" in u]
        table.do("move", unit="red-carrier-1", path=["active"], carry=fighters)
        table.do("move", unit="red-cruiser-1", path=["active"])
        table.do("end_movement")
        table.do("no_retreat", player="blue")
        table.do("no_retreat", player="red")
        table.do("roll")
        table.do("assign_hits", player="red", units=["red-carrier-1"])
        table.do("assign_hits", player="blue", units=["blue-cruiser-1"])
        return table

    (plain,) = fight([]).choices
    assert plain["count"] == 4 and "16.3" in plain["rules"] and "78.10.1" in plain["rules"]
    table = fight(["fighter"])
    (offer,) = table.choices
    assert offer["count"] == 2 and {"78.10.1", "37.3", "1.2"} <= set(offer["rules"])
    table.do("remove_excess", player="red", units=["red-cruiser-1", "red-fighter-4"])
    assert sorted(table.space_ids("active")) == [f"red-fighter-{n}" for n in (1, 2, 3)]


def test_37_3_two_half_ship_fighters_may_go_instead_of_a_cruiser() -> None:
    """37.3 "they choose and remove excess ships"; Hybrid Crystal Fighter II: "Fighters in
    excess of your ships' capacity count as 1/2 of a ship against your fleet pool." A
    cruiser and two such fighters are two ships against one token: the player removes the
    cruiser, or the two fighters, but no unit beyond the excess."""
    table = _table({"mid": {"cruiser": 1, "fighter": 2}}, fleet=1, faction="naalu")
    for unit in ("red-cruiser-1", "red-fighter-1", "red-fighter-2"):
        table.do("move", unit=unit, path=["active"])
    table.do("end_movement")
    offers = [c["units"] for c in table.choices]
    assert offers == [["red-cruiser-1"], ["red-fighter-1", "red-fighter-2"]]
    assert all("37.3" in c["rules"] for c in table.choices)
    refusal = table.refused("remove_excess", player="red", units=["red-cruiser-1", "red-fighter-1"])
    assert "need not go" in refusal["reason"] and "37.3" in refusal["rules"]
    assert (
        "would still have"
        in table.refused("remove_excess", player="red", units=["red-fighter-1"])["reason"]
    )
    table.do("remove_excess", player="red", units=["red-fighter-2", "red-fighter-1"])
    assert table.space_ids("active") == ["red-cruiser-1"]
