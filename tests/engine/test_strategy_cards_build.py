"""Strategy cards as printed: Construction, Warfare, Technology and Imperial.

Each test quotes the Living Rules Reference sentence it pins (ti4-ai ``LRR/lrr.txt``);
the card texts were read in ti-assistant ``server/data/base/strategycards.ts`` and
AsyncTI4 ``strategy_cards/pok.json``.
"""

from __future__ import annotations

from typing import Any

from engine_table import Table, action_phase, planet, system


def _offered(table: Table, kind: str) -> list[dict[str, Any]]:
    return [c for c in table.choices if c["kind"] == kind]


def _units(table: Table, system_id: str, planet_name: str) -> list[str]:
    return [u["id"] for u in table.planet(system_id, planet_name)["units"]]


def _construction(**red: Any) -> Table:
    return action_phase(
        [
            {"id": "red", "initiative": 4, "strategy_cards": ["Construction"], **red},
            {"id": "blue", "initiative": 5},
        ],
        [
            system(
                "home", 0, 0, planets=[planet("Jord", "red")], ground={"Jord": {"red": {"pds": 1}}}
            ),
            system("far", 1, 0, planets=[planet("Moll", "red"), planet("Arc", "blue")]),
        ],
    )


def test_24_2_construction_places_a_pds_or_dock_then_another_pds() -> None:
    """24.2 "the active player may place either one PDS or one space dock on a planet they
    control. Then, that player may place an additional PDS on a planet they control."
    85.5/85.6: two PDS per planet at most."""
    table = _construction()
    assert any(c.get("place") for c in _offered(table, "strategic_action"))
    refusal = table.refused(
        "strategic_action",
        card="Construction",
        place=[{"unit": "space_dock", "planet": "Moll"}, {"unit": "space_dock", "planet": "Jord"}],
    )
    assert refusal["rules"] == ["24.2"]
    refusal = table.refused(
        "strategic_action",
        card="Construction",
        place=[{"unit": "pds", "planet": "Jord"}, {"unit": "pds", "planet": "Jord"}],
    )
    assert {"85.5", "85.6"} <= set(refusal["rules"])
    assert (
        "24.2"
        in table.refused(
            "strategic_action", card="Construction", place=[{"unit": "pds", "planet": "Arc"}]
        )["rules"]
    )
    events = table.do(
        "strategic_action",
        card="Construction",
        place=[{"unit": "space_dock", "planet": "Moll"}, {"unit": "pds", "planet": "Jord"}],
    )
    assert events[1]["kind"] == "place" and events[1]["units"] == ["red-space_dock-1", "red-pds-2"]
    assert _units(table, "far", "Moll") == ["red-space_dock-1"]
    assert _units(table, "home", "Jord") == ["red-pds-1", "red-pds-2"]


def test_24_3_construction_secondary_places_the_token_and_a_structure_there() -> None:
    """24.3 "... may spend one command token from their strategy pool and place that command
    token in any system. If that player already has a command token in that system, the
    spent token is returned to their reinforcements instead. Then, that player places
    either one PDS or one space dock on a planet they control in that system." """
    table = action_phase(
        [
            {"id": "red", "initiative": 4, "strategy_cards": ["Construction"]},
            {"id": "blue", "initiative": 5},
        ],
        [
            system("home", 0, 0, planets=[planet("Jord", "red")]),
            system("far", 1, 0, planets=[planet("Arc", "blue")]),
        ],
    )
    table.do("strategic_action", card="Construction", place=[{"unit": "pds", "planet": "Jord"}])
    offered = _offered(table, "secondary")
    assert {c.get("system") for c in offered if c["resolve"]} == {"far"}
    refusal = table.refused(
        "secondary",
        player="blue",
        resolve=True,
        system="home",
        place=[{"unit": "pds", "planet": "Arc"}],
    )
    assert "24.3" in refusal["rules"] and "in Home" in refusal["reason"]
    events = table.do(
        "secondary",
        player="blue",
        resolve=True,
        system="far",
        place=[{"unit": "space_dock", "planet": "Arc"}],
    )
    assert "24.3" in events[1]["rules"] and events[2]["units"] == ["blue-space_dock-1"]
    assert table.system("far")["tokens"] == ["blue"]
    assert table.player("blue")["strategy"] == 1


def test_20_6_the_construction_token_returns_where_one_is_already() -> None:
    """24.3 "If that player already has a command token in that system, the spent token is
    returned to their reinforcements instead"; 20.6 the same for any effect."""
    table = action_phase(
        [
            {"id": "red", "initiative": 4, "strategy_cards": ["Construction"]},
            {"id": "blue", "initiative": 5},
        ],
        [
            system("home", 0, 0, planets=[planet("Jord", "red")]),
            system("far", 1, 0, planets=[planet("Arc", "blue")], tokens=["blue"]),
        ],
    )
    table.do("strategic_action", card="Construction")
    events = table.do(
        "secondary",
        player="blue",
        resolve=True,
        system="far",
        place=[{"unit": "pds", "planet": "Arc"}],
    )
    assert events[1]["rules"] == ["24.3", "20.6"]
    assert table.system("far")["tokens"] == ["blue"]
    assert table.player("blue")["strategy"] == 1
    assert [u["id"] for u in table.planet("far", "Arc")["units"]] == ["blue-pds-1"]


def test_24_4_1_with_none_in_reinforcements_a_structure_is_taken_off_the_board() -> None:
    """24.4a "If a player does not have the unit in their reinforcements, that player can
    remove a unit from any system that does not contain one of their command tokens ...
    Then, that player must place the unit." Red has all 6 PDS on the board."""
    table = action_phase(
        [
            {"id": "red", "initiative": 4, "strategy_cards": ["Construction"]},
            {"id": "blue", "initiative": 5},
        ],
        [
            system(
                "a",
                0,
                0,
                planets=[planet("P1", "red"), planet("P2", "red")],
                ground={"P1": {"red": {"pds": 2}}, "P2": {"red": {"pds": 2}}},
                tokens=["red"],
            ),
            system(
                "b",
                1,
                0,
                planets=[planet("P3", "red"), planet("P4", "red")],
                ground={"P3": {"red": {"pds": 2}}},
            ),
        ],
    )
    place = [{"unit": "pds", "planet": "P4"}]
    refusal = table.refused("strategic_action", card="Construction", place=place)
    assert refusal["rules"] == ["24.4", "24.4.1"]
    refusal = table.refused(
        "strategic_action", card="Construction", place=place, reclaim=["red-pds-1"]
    )
    assert "command token" in refusal["reason"] and refusal["rules"] == ["24.4.1"]
    events = table.do("strategic_action", card="Construction", place=place, reclaim=["red-pds-5"])
    assert "24.4.1" in events[1]["rules"]
    assert _units(table, "b", "P3") == ["red-pds-6"] and _units(table, "b", "P4") == ["red-pds-5"]


def _warfare(**red: Any) -> Table:
    return action_phase(
        [
            {"id": "red", "initiative": 6, "strategy_cards": ["Warfare"], **red},
            {"id": "blue", "initiative": 7, "home": "blue_home", "trade_goods": 2},
        ],
        [
            system("home", 0, 0, planets=[planet("Jord", "red")], tokens=["red", "blue"]),
            system(
                "blue_home",
                1,
                0,
                planets=[planet("Arc", "blue", 3)],
                ground={"Arc": {"blue": {"space_dock": 1}}},
                tokens=["blue"],
            ),
        ],
    )


def test_99_1_warfare_removes_a_token_from_the_board_and_redistributes() -> None:
    """99.1 "The active player removes any one of their command tokens from the game board.
    Then, that player gains that command token by placing it in a pool of their choice";
    99.2 "The active player can redistribute their command tokens." """
    table = _warfare()
    assert [c["system"] for c in _offered(table, "strategic_action")] == ["home"]
    assert table.refused("strategic_action", card="Warfare", system="blue_home")["rules"] == [
        "99.1"
    ]
    refusal = table.refused(
        "strategic_action",
        card="Warfare",
        system="home",
        pools={"tactic": 10, "fleet": 0, "strategy": 0},
    )
    assert refusal["rules"] == ["99.2"] and "9 tokens in all" in refusal["reason"]
    events = table.do(
        "strategic_action",
        card="Warfare",
        system="home",
        pools={"tactic": 1, "fleet": 6, "strategy": 2},
    )
    assert {"99.1", "99.2"} <= set(events[1]["rules"])
    assert table.system("home")["tokens"] == ["blue"]
    red = table.player("red")
    assert (red["tactic"], red["fleet"], red["strategy"]) == (1, 6, 2)


def test_99_3_warfare_secondary_produces_at_a_space_dock_in_the_home_system() -> None:
    """99.3 "... may spend one command token from their strategy pool to resolve the
    "Production" ability of one space dock in their home system." 99.3a "The command token
    is not placed in their home system." Arc's dock: 3 resources + 2 = 5 units."""
    table = _warfare()
    table.do("strategic_action", card="Warfare", system="home")
    offered = [c for c in _offered(table, "secondary") if c["resolve"]]
    assert offered and all(c["dock"] == "blue-space_dock-1" for c in offered)
    refusal = table.refused(
        "secondary", player="blue", resolve=True, units={"fighter": 6}, pay=["Arc"], trade_goods=2
    )
    assert "68.1" in refusal["rules"] and "is 5" in refusal["reason"]
    events = table.do(
        "secondary",
        player="blue",
        resolve=True,
        units={"cruiser": 1, "fighter": 2},
        pay=["Arc"],
        trade_goods=1,
    )
    assert {"99.3", "99.3.1", "68.1"} <= set(events[1]["rules"]) and events[1]["kind"] == "produce"
    assert table.space_ids("blue_home") == ["blue-cruiser-1", "blue-fighter-1", "blue-fighter-2"]
    assert table.system("blue_home")["tokens"] == ["blue"]
    blue = table.player("blue")
    assert (blue["strategy"], blue["trade_goods"]) == (1, 1)


def test_99_3_warfare_secondary_needs_a_home_system_with_a_space_dock() -> None:
    table = action_phase(
        [
            {"id": "red", "initiative": 6, "strategy_cards": ["Warfare"]},
            {"id": "blue", "initiative": 7},
        ],
        [system("home", 0, 0, tokens=["red"])],
    )
    table.do("strategic_action", card="Warfare", system="home")
    assert [c["resolve"] for c in _offered(table, "secondary")] == [False]
    refusal = table.refused("secondary", player="blue", resolve=True, units={"fighter": 1})
    assert refusal["rules"] == ["99.3"] and "no home system" in refusal["reason"]


def _technology(red: dict[str, Any], **blue: Any) -> Table:
    return action_phase(
        [
            {"id": "red", "initiative": 7, "strategy_cards": ["Technology"], **red},
            {"id": "blue", "initiative": 8, **blue},
        ],
        [
            system(
                "home",
                0,
                0,
                planets=[planet("Lisis", "red", 4), planet("Velnor", "red", 2)],
                space={"red": {"carrier": 1}},
            ),
            system("far", 1, 0, planets=[planet("Arc", "blue", 3), planet("Bay", "blue", 1)]),
        ],
    )


def test_91_2_technology_researches_one_then_another_for_six_resources() -> None:
    """91.2 "the active player can research one technology of their choice. Then, they may
    research one additional technology of their choice by spending six resources." The
    Saar research Antimass Deflectors (no prerequisite), then Chaos Mapping, whose blue
    prerequisite the first now satisfies (90.12)."""
    table = _technology({"faction": "saar"})
    offered = {c["research"][0] for c in _offered(table, "strategic_action")}
    assert offered == {"antimass_deflectors", "plasma_scoring"}  # no prerequisite
    research = ["antimass_deflectors", "chaos_mapping"]
    refusal = table.refused("strategic_action", card="Technology", research=research, pay=["Lisis"])
    assert refusal["rules"] == ["91.2"] and "costs 6" in refusal["reason"]
    events = table.do(
        "strategic_action", card="Technology", research=research, pay=["Lisis", "Velnor"]
    )
    assert {"91.2", "90.10"} <= set(events[1]["rules"])
    assert table.player("red")["technologies"] == research


def test_90_12_a_prerequisite_needs_an_owned_technology_of_its_colour() -> None:
    """90.12 "To satisfy a technology's prerequisites, that player must own one technology
    of the matching color for each prerequisite symbol." Carrier II needs two blue: one
    blue technology is not enough; a second makes it researchable, and the carrier on the
    board is upgraded at once (97.4)."""
    table = _technology({"faction": "saar", "technologies": ["antimass_deflectors"]})
    refusal = table.refused("strategic_action", card="Technology", research=["carrier_ii"])
    assert refusal["rules"] == ["90.12", "90.7.2"] and "blue, blue" in refusal["reason"]
    table.do(
        "strategic_action",
        card="Technology",
        research=["chaos_mapping", "carrier_ii"],
        pay=["Lisis", "Velnor"],
    )
    assert table.player("red")["upgrades"] == ["carrier"]
    (carrier,) = table.system("home")["space"]
    assert carrier["label"] == "Carrier II"


def test_90_11_no_faction_technology_of_another_faction() -> None:
    """90.11 "A player cannot research a faction technology that does not match their
    faction." """
    table = _technology({"faction": "sol", "technologies": ["antimass_deflectors"]})
    refusal = table.refused("strategic_action", card="Technology", research=["chaos_mapping"])
    assert refusal["rules"] == ["90.11"]
    refusal = table.refused("strategic_action", card="Technology", research=["antimass_deflectors"])
    assert refusal["rules"] == ["90.3"]


def test_91_3_technology_secondary_costs_a_token_and_four_resources() -> None:
    """91.3 "... may research one technology of their choice by spending one command token
    from their strategy pool and four resources." """
    table = _technology({"faction": "saar"})
    table.do("strategic_action", card="Technology", research=["antimass_deflectors"])
    offered = [c for c in _offered(table, "secondary") if c["resolve"]]
    assert offered and offered[0]["pay"] == ["Arc", "Bay"]
    refusal = table.refused(
        "secondary", player="blue", resolve=True, research=["antimass_deflectors"], pay=["Arc"]
    )
    assert refusal["rules"] == ["91.3"]
    events = table.do(
        "secondary",
        player="blue",
        resolve=True,
        research=["antimass_deflectors"],
        pay=["Arc", "Bay"],
    )
    assert "91.3" in events[1]["rules"]
    blue = table.player("blue")
    assert blue["technologies"] == ["antimass_deflectors"] and blue["strategy"] == 1


def _imperial(red: dict[str, Any], rex: str = "red", **extra: Any) -> Table:
    return action_phase(
        [
            {"id": "red", "initiative": 8, "strategy_cards": ["Imperial"], **red},
            {"id": "blue", "initiative": 9},
        ],
        [
            system("home", 0, 0, planets=[planet("Jord", "red")]),
            system("rex", 1, 0, planets=[planet("Mecatol Rex", rex, 1, 6)]),
        ],
        **extra,
    )


def test_45_2_imperial_scores_an_objective_and_a_point_for_mecatol_rex() -> None:
    """45.2 "the active player can score one public objective of their choice if they meet
    that objective's requirements ... Then, if the active player controls Mecatol Rex, they
    gain one victory point." 61.8: each objective once."""
    objectives = [
        {"name": "Lead from the Front", "points": 1, "qualifies": ["red"]},
        {"name": "Erect a Monument", "points": 1, "qualifies": ["blue"]},
        {
            "name": "Found Research Outposts",
            "points": 2,
            "qualifies": ["red"],
            "scored_by": ["red"],
        },
    ]
    table = _imperial({"victory_points": 3}, objectives=objectives)
    assert [c.get("score") for c in _offered(table, "strategic_action")] == [
        "Lead from the Front",
        None,
    ]
    for name in ("Erect a Monument", "Found Research Outposts"):
        assert "61.8" in table.refused("strategic_action", card="Imperial", score=name)["rules"]
    events = table.do("strategic_action", card="Imperial", score="Lead from the Front")
    assert "61.12" in events[1]["rules"] and "98.4" in events[2]["rules"]
    assert table.player("red")["victory_points"] == 5
    assert table.view["objectives"][0]["scored_by"] == ["red"]


def test_45_4_without_mecatol_rex_a_secret_objective_is_drawn_and_one_returned() -> None:
    """45.2 "... if they do not control Mecatol Rex, they can draw one secret objective
    card." 45.4 "If a player has more than three secret objective cards after drawing ...
    they must choose one of their unscored secret objectives and return it." """
    table = _imperial({"secret_objectives": 1, "scored_secrets": 2}, rex="blue")
    events = table.do("strategic_action", card="Imperial")
    assert "45.4" in events[1]["rules"]
    red = table.player("red")
    assert (red["victory_points"], red["secret_objectives"], red["scored_secrets"]) == (0, 1, 2)
    # 45.3: the secondary draws one.
    events = table.do("secondary", player="blue", resolve=True)
    assert events[1]["rules"] == ["45.3"] and table.player("blue")["secret_objectives"] == 1


def test_61_16_no_public_objective_without_every_home_planet() -> None:
    """61.16 "A player cannot score public objectives if that player does not control each
    planet in their home system." """
    objectives = [{"name": "Lead from the Front", "qualifies": ["red"]}]
    table = _imperial({"home": "rex"}, rex="blue", objectives=objectives)
    assert [c.get("score") for c in _offered(table, "strategic_action")] == [None]
    refusal = table.refused("strategic_action", card="Imperial", score="Lead from the Front")
    assert refusal["rules"] == ["61.16"]


def test_98_7_ten_victory_points_end_the_game() -> None:
    """98.7 "The game ends immediately when one player has 10 victory points." """
    table = _imperial({"victory_points": 9})
    events = table.do("strategic_action", card="Imperial")
    assert events[-1]["kind"] == "game_over" and events[-1]["rules"] == ["98.7"]
    assert table.view["step"] == "finished" and table.choices == []
