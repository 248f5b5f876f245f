"""Faction abilities on the board: offered through the JSON API in their window, citing the
card and the LRR rule, and doing what the card says when used (dice scripted)."""

from __future__ import annotations

from typing import Any

from engine import api


def _scenario(
    red: dict[str, Any],
    blue: dict[str, Any],
    space: dict[str, dict[str, int]],
    dice: list[int],
    ground: dict[str, dict[str, int]] | None = None,
) -> dict[str, Any]:
    front: dict[str, Any] = {
        "id": "front",
        "q": 1,
        "r": 0,
        "planets": [{"name": "Front", "resources": 2, "influence": 2, "controller": "blue"}],
        "space": space,
    }
    if ground:
        front["ground"] = {"Front": ground}
    players = [
        {"id": "red", "initiative": 1, "tactic": 3, "fleet": 8, **red},
        {"id": "blue", "initiative": 2, "tactic": 3, "fleet": 8, **blue},
    ]
    return {
        "title": "faction plays",
        "players": players,
        "systems": [{"id": "home", "q": 0, "r": 0}, front],
        "start": {"phase": "tactical_action", "active_player": "red"},
        "dice": dice,
    }


PLAN = (
    "activate",
    "end_movement",
    "space_cannon",
    "no_retreat",
    "roll",
    "bombard",
    "commit",
    "skip",
)


def _plain(choices: list[dict[str, Any]]) -> dict[str, Any]:
    """The plain way on: suggested hits, the front system, no retreat, roll, commit."""
    return next(
        c
        for kind in ("assign_hits", *PLAN)
        for c in choices
        if c["kind"] == kind and (kind != "activate" or c["system"] == "front")
    )


def _until_ability(state: dict[str, Any], ability: str, limit: int = 60) -> dict[str, Any]:
    """Play the plain way (front system, suggested hits, no retreat) until ``ability`` is
    offered; the answer whose choices offer it."""
    for _ in range(limit):
        answer = api.choices(state)
        offered = [c for c in answer["choices"] if c.get("ability") == ability]
        if offered:
            return {**answer, "state": state}
        choices = answer["choices"]
        pick = next(
            (
                c
                for kind in ("assign_hits", "remove_excess", *PLAN)
                for c in choices
                if c["kind"] == kind and (kind != "activate" or c["system"] == "front")
            ),
            None,
        )
        if pick is None:
            pick = next((c for c in choices if c["kind"] == "ability" and not c["use"]), None)
        assert pick is not None, [c["kind"] for c in choices]
        result = api.apply(state, pick)
        assert result["ok"], result
        state = result["state"]
    raise AssertionError(f"{ability} was never offered")


def _use(answer: dict[str, Any], ability: str) -> dict[str, Any]:
    return next(c for c in answer["choices"] if c.get("ability") == ability and c["use"])


def _space(view: dict[str, Any], system: str = "front") -> list[dict[str, Any]]:
    return next(s for s in view["systems"] if s["id"] == system)["space"]


def test_78_2_ambush_is_offered_before_combat_and_its_hits_go_to_the_opponent() -> None:
    scenario = _scenario(
        {"faction": "mentak"},
        {},
        {"red": {"cruiser": 2, "destroyer": 1}, "blue": {"destroyer": 2}},
        # Ambush: the cruisers (7) roll first: 8 hits, 3 misses; then round 1 misses.
        [8, 3, *([1] * 20)],
    )
    state = api.load_scenario(scenario)["state"]
    answer = _until_ability(state, "ambush")
    offered = [c for c in answer["choices"] if c.get("ability") == "ambush"]
    assert [c["use"] for c in offered] == [True, False]  # the card says may
    assert offered[0]["rules"] == ["78.2"] and "Ambush" in offered[0]["label"]
    assert "red-cruiser-1" in offered[0]["label"] and "red-destroyer" not in offered[0]["label"]
    assert answer["view"]["step"] == "space_combat"
    result = api.apply(answer["state"], _use(answer, "ambush"))
    assert result["ok"], result
    texts = [e["text"] for e in result["events"]]
    assert any("Ambush" in t and "78.2" in t for t in texts)
    # One hit, Blue's to assign to its ships (before any barrage or round).
    hits = [c for c in result["choices"] if c["kind"] == "assign_hits"]
    assert hits and hits[0]["player"] == "blue" and "1 hit" in hits[0]["label"]


def test_78_2_ambush_declined_rolls_no_dice() -> None:
    scenario = _scenario(
        {"faction": "mentak"}, {}, {"red": {"cruiser": 1}, "blue": {"cruiser": 1}}, [1] * 10
    )
    answer = _until_ability(api.load_scenario(scenario)["state"], "ambush")
    decline = next(c for c in answer["choices"] if c.get("ability") == "ambush" and not c["use"])
    result = api.apply(answer["state"], decline)
    assert result["ok"] and not any(e.get("attack") == "Ambush" for e in result["events"])
    assert api.choices(result["state"])["choices"][0]["kind"] in ("announce_retreat", "no_retreat")


def test_78_2_ambush_is_not_offered_without_a_cruiser_or_destroyer() -> None:
    scenario = _scenario(
        {"faction": "mentak"}, {}, {"red": {"dreadnought": 1}, "blue": {"destroyer": 1}}, [1] * 10
    )
    state = api.load_scenario(scenario)["state"]
    for _ in range(8):
        answer = api.choices(state)
        assert not any(c.get("ability") == "ambush" for c in answer["choices"])
        if answer["view"]["step"] == "space_combat":
            return
        pick = next(
            c
            for c in answer["choices"]
            if c["kind"] in PLAN and (c["kind"] != "activate" or c["system"] == "front")
        )
        state = api.apply(state, pick)["state"]
    raise AssertionError("the combat never began")


def test_10_2_raid_formation_lets_the_argent_choose_which_ship_is_damaged() -> None:
    scenario = _scenario(
        {"faction": "argent"},
        {},
        {"red": {"destroyer": 1}, "blue": {"dreadnought": 2, "fighter": 1}},
        [10, 10, *([1] * 20)],  # both barrage dice hit: 1 fighter, 1 beyond it
    )
    state = api.load_scenario(scenario)["state"]
    answer = _until_ability(state, "raid_formation")
    offered = [c for c in answer["choices"] if c.get("ability") == "raid_formation"]
    # Not optional ("choose 1 of your opponent's ships"): one way per ship, no decline.
    assert [c["units"] for c in offered] == [["blue-dreadnought-1"], ["blue-dreadnought-2"]]
    assert all(c["use"] and c["rules"] == ["10"] for c in offered)
    result = api.apply(answer["state"], offered[1])
    assert result["ok"], result
    damaged = {u["id"]: u["damaged"] for u in _space(result["view"]) if u["owner"] == "blue"}
    assert damaged == {"blue-dreadnought-1": False, "blue-dreadnought-2": True}


def test_10_2_1_without_raid_formation_barrage_hits_beyond_the_fighters_do_nothing() -> None:
    for faction, damaged in (("argent", True), ("mentak", False)):
        scenario = _scenario(
            {"faction": faction},
            {},
            {"red": {"destroyer": 1}, "blue": {"dreadnought": 1, "fighter": 1}},
            [10, 10, *([1] * 20)],
        )
        state = api.load_scenario(scenario)["state"]
        for _ in range(12):  # to the first announcement, past the barrage
            answer = api.choices(state)
            if answer["choices"][0]["kind"] in ("announce_retreat", "no_retreat"):
                break
            pick = next(
                c
                for c in answer["choices"]
                if (
                    c["kind"] in (*PLAN, "assign_hits")
                    and c["kind"] not in ("no_retreat",)
                    and (c["kind"] != "activate" or c["system"] == "front")
                )
                or (c["kind"] == "ability" and not c["use"])
            )
            state = api.apply(state, pick)["state"]
        view = api.choices(state)["view"]
        dreadnought = next(u for u in _space(view) if u["type"] == "dreadnought")
        assert dreadnought["damaged"] is damaged, faction


def test_78_6_devotion_destroys_the_weakest_ship_and_its_holder_assigns_the_hit() -> None:
    scenario = _scenario(
        {"faction": "yin"},
        {},
        {"red": {"cruiser": 1, "destroyer": 1}, "blue": {"carrier": 1, "destroyer": 1}},
        [1] * 20,  # round 1: every die misses
    )
    state = api.load_scenario(scenario)["state"]
    answer = _until_ability(state, "devotion")
    offered = [c for c in answer["choices"] if c.get("ability") == "devotion"]
    # The odds' target first (Blue's most costly ship, the carrier), then the others; may.
    assert [c.get("target") for c in offered] == ["blue-carrier-1", "blue-destroyer-1", None]
    assert all(c["rules"] == ["78.6"] for c in offered)
    assert "red-destroyer-1" in offered[0]["label"]
    result = api.apply(answer["state"], offered[1])
    assert result["ok"], result
    ids = {u["id"] for u in _space(result["view"])}
    assert "red-destroyer-1" not in ids and "blue-destroyer-1" not in ids
    assert {"red-cruiser-1", "blue-carrier-1"} <= ids


def test_78_6_devotion_on_a_ship_with_sustain_damage_damages_it() -> None:
    scenario = _scenario(
        {"faction": "yin"},
        {},
        {"red": {"destroyer": 1}, "blue": {"dreadnought": 1}},
        [1] * 20,
    )
    answer = _until_ability(api.load_scenario(scenario)["state"], "devotion")
    result = api.apply(answer["state"], _use(answer, "devotion"))
    dreadnought = next(u for u in _space(result["view"]) if u["type"] == "dreadnought")
    assert dreadnought["damaged"]
    assert any("Devotion" in e["text"] and "78.6" in e["text"] for e in result["events"])


def test_42_harrow_bombards_again_at_the_end_of_a_ground_combat_round() -> None:
    scenario = _scenario(
        {"faction": "l1z1x"},
        {},
        {"red": {"dreadnought": 1, "infantry": 1}},
        # Bombardment before combat misses; round 1's 3 dice miss; Harrow hits (5+).
        [1, 1, 1, 1, 6, *([1] * 20)],
        ground={"blue": {"infantry": 2}},
    )
    state = api.load_scenario(scenario)["state"]
    answer = _until_ability(state, "harrow")
    offered = [c for c in answer["choices"] if c.get("ability") == "harrow"]
    assert [c["use"] for c in offered] == [True, False]
    assert offered[0]["rules"] == ["15.1", "42"] and "red-dreadnought-1" in offered[0]["label"]
    result = api.apply(answer["state"], offered[0])
    assert result["ok"], result
    rolls = [e for e in result["events"] if e["kind"] == "roll"]
    assert rolls and rolls[0]["attack"] == "bombardment" and rolls[0]["hits"] == 1
    hits = [c for c in result["choices"] if c["kind"] == "assign_hits"]
    assert hits and hits[0]["player"] == "blue" and "bombardment" in hits[0]["label"]


def test_42_harrow_is_not_offered_through_a_planetary_shield() -> None:
    scenario = _scenario(
        {"faction": "l1z1x"},
        {},
        {"red": {"dreadnought": 1, "infantry": 2}},
        [1, 1, 1, 1, 10, 10, 1, *([1] * 10)],  # rounds 1 misses; round 2 wins the planet
        ground={"blue": {"infantry": 1, "pds": 1}},
    )
    state = api.load_scenario(scenario)["state"]
    seen = []
    while api.choices(state)["view"]["step"] != "production":
        answer = api.choices(state)
        assert not any(c.get("ability") == "harrow" for c in answer["choices"])
        seen.append(answer["view"]["step"])
        pick = _plain(answer["choices"])
        result = api.apply(state, pick)
        assert result["ok"], result
        state = result["state"]
        assert len(seen) < 40
    assert "invasion" in seen


def test_49_2_matriarch_commits_fighters_as_ground_forces_that_return_after_combat() -> None:
    scenario = _scenario(
        {"faction": "naalu"},
        {},
        {"red": {"flagship": 1, "fighter": 2, "infantry": 1}},
        # No bombardment; round 1: Red's 3 ground forces hit, Blue's 2 infantry miss.
        [10, 10, 10, 1, 1, *([1] * 10)],
        ground={"blue": {"infantry": 2}},
    )
    state = api.load_scenario(scenario)["state"]
    answer = _until_ability(state, "matriarch")
    offered = [c for c in answer["choices"] if c.get("ability") == "matriarch"]
    assert [(c["use"], c.get("planet")) for c in offered] == [(True, "Front"), (False, None)]
    assert offered[0]["rules"] == ["42"] and "2 fighter" in offered[0]["label"]
    result = api.apply(answer["state"], offered[0])
    assert result["ok"], result
    front = next(s for s in result["view"]["systems"] if s["id"] == "front")
    landed = [u for u in front["planets"][0]["units"] if u["type"] == "fighter"]
    assert len(landed) == 2
    # Commit the infantry too, then fight: the fighters roll as ground forces.
    state = result["state"]
    for _ in range(10):
        answer = api.choices(state)
        if answer["view"]["step"] == "production":
            break
        pick = next(
            c
            for kind in ("assign_hits", "commit", "roll", "skip")
            for c in answer["choices"]
            if c["kind"] == kind
        )
        result = api.apply(state, pick)
        assert result["ok"], result
        state = result["state"]
    view = api.choices(state)["view"]
    front = next(s for s in view["systems"] if s["id"] == "front")
    assert front["planets"][0]["controller"] == "red"
    assert sum(u["type"] == "fighter" for u in front["space"]) == 2  # back in space
    assert not any(u["type"] == "fighter" for u in front["planets"][0]["units"])


def _first_hits(scenario: dict[str, Any], player: str) -> dict[str, Any]:
    """The first hits ``player`` must assign, playing the plain way."""
    state = api.load_scenario(scenario)["state"]
    for _ in range(30):
        answer = api.choices(state)
        hits = [c for c in answer["choices"] if c["kind"] == "assign_hits"]
        if hits and hits[0]["player"] == player:
            return hits[0]
        pick = _plain(answer["choices"])
        state = api.apply(state, pick)["state"]
    raise AssertionError(f"{player} was never hit")


def test_87_1_the_fourth_moon_leaves_the_opponents_ships_no_sustain_damage() -> None:
    for red, sustains in (({"faction": "mentak"}, []), ({}, ["blue-dreadnought-1"])):
        fleet = {"red": {"flagship" if red else "dreadnought": 1}, "blue": {"dreadnought": 1}}
        scenario = _scenario(red, {}, fleet, [10, 10, *([1] * 10)])
        if not red:
            scenario["players"][0]["faction"] = "sol"  # a flagship needs a faction: none here
        offered = _first_hits(scenario, "blue")
        assert offered["sustain"] == sustains
        assert offered["can_sustain"] == sustains
        if red:
            assert "Fourth Moon" in offered["label"]


def test_78_6_zero_zero_one_puts_the_dreadnoughts_hits_on_non_fighter_ships() -> None:
    scenario = _scenario(
        {"faction": "l1z1x"},
        {},
        {"red": {"flagship": 1}, "blue": {"carrier": 1, "fighter": 2}},
        [10, 10, *([1] * 10)],  # the flagship's 2 dice (7) both hit
    )
    offered = _first_hits(scenario, "blue")
    assert offered["units"] == ["blue-carrier-1", "blue-fighter-1"]
    assert "[0.0.1]" in offered["label"]


def test_42_2_moll_terminus_leaves_the_opponents_ground_forces_no_sustain_damage() -> None:
    scenario = _scenario(
        {"faction": "mentak"},
        {},
        {"red": {"carrier": 1, "mech": 1}},
        [10, 10, *([1] * 10)],
        ground={"blue": {"mech": 1}},
    )
    offered = _first_hits(scenario, "blue")
    assert offered["sustain"] == [] and offered["units"] == ["blue-mech-1"]
    assert "Moll Terminus" in offered["label"]


def test_78_2_impulse_core_trades_a_ship_for_a_hit_on_a_non_fighter_ship() -> None:
    scenario = _scenario(
        {"faction": "yin", "technologies": ["impulse_core"]},
        {},
        {"red": {"cruiser": 1, "destroyer": 1}, "blue": {"carrier": 1, "fighter": 2}},
        [1] * 20,
    )
    answer = _until_ability(api.load_scenario(scenario)["state"], "impulse_core")
    offered = [c for c in answer["choices"] if c.get("ability") == "impulse_core"]
    assert [c["use"] for c in offered] == [True, False] and "red-destroyer-1" in offered[0]["label"]
    result = api.apply(answer["state"], offered[0])
    assert result["ok"], result
    assert "red-destroyer-1" not in {u["id"] for u in _space(result["view"])}
    hits = [c for c in result["choices"] if c["kind"] == "assign_hits"]
    assert hits[0]["player"] == "blue" and hits[0]["units"] == ["blue-carrier-1"]


def test_78_6_exotrireme_ii_destroys_itself_and_two_ships() -> None:
    scenario = _scenario(
        {"faction": "sardakk", "upgrades": ["dreadnought"]},
        {},
        {"red": {"dreadnought": 1}, "blue": {"dreadnought": 1, "cruiser": 2}},
        [1] * 20,  # round 1: every die misses
    )
    answer = _until_ability(api.load_scenario(scenario)["state"], "exotrireme_ii_sacrifice")
    offered = [c for c in answer["choices"] if c.get("ability") == "exotrireme_ii_sacrifice"]
    assert [c["use"] for c in offered] == [True, False]
    result = api.apply(answer["state"], offered[0])
    assert result["ok"], result
    left = {u["id"] for u in _space(result["view"])}
    assert left == {"blue-cruiser-2"} or left == {"blue-cruiser-1"}


def test_42_2_valkyrie_exoskeleton_answers_a_sustained_hit_with_a_hit() -> None:
    scenario = _scenario(
        {"faction": "sardakk"},
        {},
        {"red": {"carrier": 1, "mech": 1}},
        # Round 1: Red's mech misses (6 with Unrelenting), Blue's infantry hits once.
        [1, 10, 1, *([1] * 10)],
        ground={"blue": {"infantry": 2}},
    )
    state = api.load_scenario(scenario)["state"]
    for _ in range(20):
        answer = api.choices(state)
        hits = [c for c in answer["choices"] if c["kind"] == "assign_hits"]
        if hits and hits[0]["player"] == "blue":
            break
        pick = _plain(answer["choices"])
        result = api.apply(state, pick)
        assert result["ok"], result
        state = result["state"]
    # Red's mech sustained Blue's hit: its answer is 1 hit for Blue to assign.
    assert any("Valkyrie Exoskeleton" in e["text"] for e in result["events"])
    assert "1 hit" in hits[0]["label"] and hits[0]["units"] == ["blue-infantry-1"]


def test_42_indoctrination_replaces_an_infantry_for_two_influence() -> None:
    scenario = _scenario(
        {"faction": "yin", "trade_goods": 2},
        {},
        {"red": {"carrier": 1, "infantry": 1}},
        [1] * 20,
        ground={"blue": {"infantry": 2}},
    )
    answer = _until_ability(api.load_scenario(scenario)["state"], "indoctrination")
    offered = [c for c in answer["choices"] if c.get("ability") == "indoctrination"]
    assert [(c["use"], c.get("trade_goods")) for c in offered] == [(True, 2), (False, None)]
    assert offered[0]["rules"] == ["42"] and "blue-infantry-1" in offered[0]["label"]
    result = api.apply(answer["state"], offered[0])
    assert result["ok"], result
    front = next(s for s in result["view"]["systems"] if s["id"] == "front")
    owners = sorted(u["owner"] for u in front["planets"][0]["units"])
    assert owners == ["blue", "red", "red"]
    red = next(p for p in result["view"]["players"] if p["id"] == "red")
    assert red["trade_goods"] == 0


def test_42_indoctrination_is_not_offered_without_two_influence() -> None:
    scenario = _scenario(
        {"faction": "yin", "trade_goods": 1},
        {},
        {"red": {"carrier": 1, "infantry": 1}},
        [10, *([1] * 20)],
        ground={"blue": {"infantry": 1}},
    )
    try:
        _until_ability(api.load_scenario(scenario)["state"], "indoctrination", limit=12)
    except AssertionError as error:
        # Played to the end of the action (only end_action is left) without the offer.
        assert "['end_action']" in str(error)
    else:
        raise AssertionError("Indoctrination was offered with 1 influence")


def test_31_1_an_infantry_ii_destroyed_by_hits_rolls_to_rest_on_its_card() -> None:
    scenario = _scenario(
        {"upgrades": ["infantry"]},
        {},
        {"red": {"carrier": 1, "infantry": 2}},
        # Round 1: Red's 2 infantry miss, Blue's hit once; the destroyed one rolls 7.
        [1, 1, 10, 1, 7, *([1] * 10)],
        ground={"blue": {"infantry": 2}},
    )
    state = api.load_scenario(scenario)["state"]
    for _ in range(12):
        answer = api.choices(state)
        pick = _plain(answer["choices"])
        result = api.apply(state, pick)
        assert result["ok"], result
        state = result["state"]
        rolled = [e for e in result["events"] if "destroyed Infantry II" in e["text"]]
        if rolled:
            break
    assert rolled and rolled[0]["rolls"][0]["result"] == 7
    assert rolled[0]["rules"] == ["31.1", "31.2", "97.4"]
    red = next(p for p in state["players"] if p["id"] == "red")
    assert red["on_cards"] == ["red-infantry-1"]


def test_31_1_a_plain_infantry_destroyed_rolls_nothing() -> None:
    scenario = _scenario(
        {},
        {},
        {"red": {"carrier": 1, "infantry": 2}},
        [1, 1, 10, 1, *([1] * 10)],
        ground={"blue": {"infantry": 2}},
    )
    state = api.load_scenario(scenario)["state"]
    for _ in range(6):
        answer = api.choices(state)
        pick = _plain(answer["choices"])
        result = api.apply(state, pick)
        assert not any("destroyed Infantry" in e["text"] for e in result["events"])
        state = result["state"]
    assert all(p["on_cards"] == [] for p in state["players"])


def test_97_4_an_infantry_on_its_card_returns_home_at_its_owners_next_turn() -> None:
    from dataclasses import replace

    from engine.core.scenario import build
    from engine.ti4.action_phase import start_next_turn

    scenario = _scenario({"upgrades": ["infantry"], "home": "home"}, {}, {}, [1])
    scenario["systems"][0]["planets"] = [
        {"name": "Homeworld", "resources": 3, "influence": 3, "controller": "red"}
    ]
    scenario["start"] = {"phase": "action_phase"}
    game = build(scenario).game
    red = game.player("red")
    game = game.with_player(replace(red, on_cards=("red-infantry-4",)))
    game, events = start_next_turn(game, "blue")
    assert game.active_player == "red" and game.player("red").on_cards == ()
    placed = game.system("home").planet("Homeworld").units
    assert [(u.id, u.grade) for u in placed] == [("red-infantry-4", "ii")]
    assert any("from the infantry upgrade card on Homeworld" in e.text for e in events)


def _rolls_of(scenario: dict[str, Any], unit: str) -> list[dict[str, Any]]:
    """The dice ``unit`` rolled in the first round of the space combat."""
    state = api.load_scenario(scenario)["state"]
    for _ in range(12):
        answer = api.choices(state)
        pick = _plain(answer["choices"])
        result = api.apply(state, pick)
        state = result["state"]
        rolls = [r for e in result["events"] for r in e.get("rolls", []) if r["unit"] == unit]
        if rolls:
            return rolls
    raise AssertionError(f"{unit} never rolled")


def test_78_5_the_egeiro_counts_the_non_home_systems_with_a_planet() -> None:
    from engine.core.units import pieces

    combat = pieces().spec("flagship", "last_bastion").combat
    assert combat is not None
    for planets, value in ((["Outpost"], combat.value - 1), ([], combat.value)):
        scenario = _scenario(
            {"faction": "last_bastion", "home": "home"},
            {},
            {"red": {"flagship": 1}, "blue": {"cruiser": 1}},
            [1] * 20,
        )
        scenario["systems"][0]["planets"] = [
            {"name": "Homeworld", "resources": 1, "influence": 1, "controller": "red"}
        ]
        scenario["systems"][1]["planets"] += [
            {"name": name, "resources": 1, "influence": 1, "controller": "red"} for name in planets
        ]
        # +1 for Outpost's system; the home planet never counts.
        rolls = _rolls_of(scenario, "red-flagship-1")
        assert {r["value"] for r in rolls} == {value}, planets


def test_78_5_arc_secundus_repairs_itself_before_each_round() -> None:
    scenario = _scenario(
        {"faction": "letnev"},
        {},
        {"red": {"flagship": 1}, "blue": {"dreadnought": 1}},
        [1, 1, 10, *([1] * 20)],  # round 1: Blue's dreadnought hits the flagship
    )
    state = api.load_scenario(scenario)["state"]
    texts: list[str] = []
    for _ in range(14):
        answer = api.choices(state)
        pick = _plain(answer["choices"])
        result = api.apply(state, pick)
        state = result["state"]
        texts += [e["text"] for e in result["events"]]
        if any("repairs itself (Arc Secundus)" in t for t in texts):
            break
    flagship = next(u for u in _space(result["view"]) if u["id"] == "red-flagship-1")
    assert not flagship["damaged"]
    sustained = next(i for i, t in enumerate(texts) if "red-flagship-1 sustains" in t)
    repaired = next(i for i, t in enumerate(texts) if "repairs itself" in t)
    round_two = next(i for i, t in enumerate(texts) if "round 2" in t)
    assert sustained < round_two < repaired


def test_31_1_van_hauge_destroyed_takes_every_ship_in_its_system() -> None:
    scenario = _scenario(
        {"faction": "yin"},
        {},
        {"red": {"flagship": 1, "destroyer": 1}, "blue": {"cruiser": 2}},
        # The destroyer's barrage and round 1's Red dice miss; Blue's 2 cruisers hit twice.
        [1, 1, 1, 1, 1, 10, 10, *([1] * 10)],
    )
    state = api.load_scenario(scenario)["state"]
    for _ in range(10):
        answer = api.choices(state)
        hits = [c for c in answer["choices"] if c["kind"] == "assign_hits"]
        pick = next(
            (c for c in hits if "red-flagship-1" in c["units"] and not c["sustain"]),
            None,
        ) or _plain(answer["choices"])
        result = api.apply(state, pick)
        assert result["ok"], result
        state = result["state"]
        if any("Van Hauge is destroyed" in e["text"] for e in result["events"]):
            break
    else:
        raise AssertionError("Van Hauge was never destroyed")
    assert _space(result["view"]) == []  # both players' ships
