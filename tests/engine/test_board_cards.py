"""Action cards played on the board: each offered in its window from a scenario's
``action_cards``, discarded when played, acting as the card says (``engine.api``)."""

from __future__ import annotations

from board_play import PDS_PLANET, ability_choices, bombard, fight, play_until, take


def test_87_1_emergency_repairs_is_offered_at_the_end_of_a_round_and_repairs_everything() -> None:
    table = fight(
        {"dreadnought": 2},
        {"cruiser": 2},
        [1, 1, 10, 10],
        red_holds={"action_cards": ["Emergency Repairs"]},
    )
    play_until(table, "assign_hits")
    take(table, table.choices[0])  # both dreadnoughts sustain
    ways = ability_choices(table, "emergency_repairs")
    assert [w["use"] for w in ways] == [True, False]  # "may": playing it is Red's choice
    events = take(table, ways[0])
    assert "87.1" in events[0]["rules"]
    assert not any(u["damaged"] for u in table.system("front")["space"])
    assert table.player("red")["action_cards"] == 0  # discarded when played


def test_78_6_shields_holding_cancels_two_hits_of_the_round_it_is_played() -> None:
    table = fight(
        {"cruiser": 3},
        {"cruiser": 2},
        [10, 10, 10, 1, 1],
        blue_holds={"action_cards": ["Shields Holding"]},
    )
    ways = play_until(table, "shields_holding") and ability_choices(table, "shields_holding")
    assert [w["player"] for w in ways] == ["blue", "blue"] and ways[1]["use"] is False
    take(table, ways[0])
    assert table.player("blue")["action_cards"] == 0
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "blue" and len(hits["units"]) == 1  # Red's 3 hits less 2
    assert "78.6" in hits["rules"]


def test_78_6_shields_holding_is_offered_once_the_hits_are_known_before_assigning() -> None:
    """ "Before you assign hits to your ships during a space combat": after both players'
    rolls, with the hits to cancel counted, never before the round's dice."""
    table = fight(
        {"cruiser": 3},
        {"cruiser": 2},
        [10, 10, 10, 1, 1],
        blue_holds={"action_cards": ["Shields Holding"]},
    )
    events: list[dict[str, object]] = []
    while not ability_choices(table, "shields_holding"):
        events += take(table, table.choices[0])
    rolled = [e for e in events if e["kind"] == "roll"]
    assert len(rolled) == 2  # both players rolled first
    ways = ability_choices(table, "shields_holding")
    assert "3 hit" in ways[0]["label"]
    take(table, ways[-1])  # not used: Blue's 2 cruisers take the 3 hits
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "blue" and len(hits["units"]) == 2
    assert not [n for n in hits["label"].split(";") if "Shields Holding" in n]


def test_78_6_shields_holding_is_not_offered_when_no_hit_is_produced_against_its_holder() -> None:
    table = fight(
        {"cruiser": 1},
        {"cruiser": 1},
        [1, 1] * 6,
        blue_holds={"action_cards": ["Shields Holding"]},
    )
    for _ in range(8):  # rounds where nobody hits
        assert not ability_choices(table, "shields_holding")
        take(table, table.choices[0])


def test_87_1_direct_hit_destroys_a_ship_that_sustained_against_its_holders_hits() -> None:
    table = fight(
        {"cruiser": 2},
        {"dreadnought": 1, "cruiser": 1},
        [10, 1, 1, 1],
        red_holds={"action_cards": ["Direct Hit"]},
    )
    hits = play_until(table, "assign_hits")
    take(table, hits)  # the dreadnought sustains Red's hit
    ways = ability_choices(table, "direct_hit")
    assert [w["player"] for w in ways] == ["red", "red"]
    assert ways[0]["unit"] == "blue-dreadnought-1" and ways[1]["use"] is False
    events = take(table, ways[0])
    assert "87.1" in events[0]["rules"]
    assert "blue-dreadnought-1" not in table.space_ids("front")


def test_87_1_direct_hit_is_not_offered_against_a_dreadnought_ii() -> None:
    table = fight(
        {"cruiser": 2},
        {"dreadnought": 1, "cruiser": 1},
        [10, 1, 1, 1],
        red_holds={"action_cards": ["Direct Hit"]},
        blue_holds={"upgrades": ["dreadnought"]},
    )
    take(table, play_until(table, "assign_hits"))
    assert ability_choices(table, "direct_hit") == []
    assert "blue-dreadnought-1" in table.space_ids("front")


def test_15_1_bunker_gives_minus_four_to_bombardment_against_its_holders_planet() -> None:
    table = bombard({}, {"action_cards": ["Bunker"]}, [8] + [1] * 8)
    ways = play_until(table, "bunker") and ability_choices(table, "bunker")
    assert ways[0]["player"] == "blue" and ways[-1]["use"] is False
    take(table, ways[0])
    events = take(table, play_until(table, "bombard"))
    rolled = next(e for e in events if e["kind"] == "roll")
    assert rolled["rolls"][0]["value"] == 9 and rolled["hits"] == 0  # 5 + 4: an 8 misses
    assert table.player("blue")["action_cards"] == 0


def test_77_5_maneuvering_jets_cancels_a_space_cannon_hit_against_its_holder() -> None:
    table = fight(
        {"cruiser": 2},
        {"cruiser": 1},
        [10, 10] + [1] * 8,
        red_holds={"action_cards": ["Maneuvering Jets"]},
        front={**PDS_PLANET, "ground": {"Front": {"blue": {"pds": 2}}}},
    )
    take(table, play_until(table, "space_cannon"))  # both PDS hit
    ways = ability_choices(table, "maneuvering_jets")
    assert ways[0]["player"] == "red" and ways[-1]["use"] is False  # offered to the target
    assert "2 hit" in ways[0]["label"]  # after the roll, its hits known
    take(table, ways[0])
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "red" and len(hits["units"]) == 1 and "77.8" in hits["rules"]
    assert table.player("red")["action_cards"] == 0


def test_77_8_maneuvering_jets_cancels_a_space_cannon_defense_hit() -> None:
    """ "Before you assign hits produced against your units by another player's SPACE
    CANNON roll": space cannon defense at the invading ground forces too (77.8)."""
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"pds": 1}}}}
    table = fight(
        {"carrier": 1, "infantry": 2},
        {},
        [1, 10] + [1] * 10,
        red_holds={"action_cards": ["Maneuvering Jets"]},
        front=front,
    )
    take(table, play_until(table, "commit"))  # the offense (a 1) missed: no offer then
    fire = next(c for c in table.choices if c["kind"] == "space_cannon" and c["fire"])
    take(table, fire)  # the PDS hits an infantry on its way down
    ways = ability_choices(table, "maneuvering_jets")
    assert ways and ways[0]["player"] == "red"
    take(table, ways[0])
    assert table.player("red")["action_cards"] == 0
    assert not [c for c in table.choices if c["kind"] == "assign_hits"]  # nothing to assign


def test_15_1_disable_takes_the_pds_shield_and_space_cannon_for_the_invasion() -> None:
    front = {**PDS_PLANET, "ground": {"Front": {"blue": {"infantry": 1, "pds": 1}}}}
    table = fight(
        {"dreadnought": 1, "infantry": 1},
        {},
        [1] * 12,
        red_holds={"action_cards": ["Disable"]},
        front=front,
    )
    ways = play_until(table, "disable") and ability_choices(table, "disable")
    assert ways[0]["player"] == "red" and ways[-1]["use"] is False
    take(table, ways[0])
    assert [c for c in table.choices if c["kind"] == "bombard"]  # the shield is gone
    take(table, play_until(table, "commit"))
    assert not [c for c in table.choices if c["kind"] == "space_cannon"]  # no defense fire


def test_77_2_solar_flare_stops_space_cannon_offense_at_its_holders_ships() -> None:
    table = fight(
        {"cruiser": 2},
        {"cruiser": 1},
        [1] * 12,
        red_holds={"action_cards": ["Solar Flare"]},
        front={**PDS_PLANET, "ground": {"Front": {"blue": {"pds": 2}}}},
    )
    ways = play_until(table, "solar_flare") and ability_choices(table, "solar_flare")
    assert ways[0]["player"] == "red" and ways[-1]["use"] is False
    events = take(table, ways[0])
    assert "77.2" in events[0]["rules"]
    take(table, play_until(table, "end_movement"))
    assert not [c for c in table.choices if c["kind"] == "space_cannon"]
    assert table.view["step"] == "space_combat"


def test_77_2_solar_flare_is_offered_just_after_the_activation() -> None:
    """ "After you activate a system": the offer comes with the activation, before any ship
    moves, not at the space cannon step."""
    table = fight(
        {"cruiser": 2},
        {"cruiser": 1},
        [1] * 12,
        red_holds={"action_cards": ["Solar Flare"]},
        front={**PDS_PLANET, "ground": {"Front": {"blue": {"pds": 2}}}},
    )
    assert table.view["step"] == "movement"
    ways = ability_choices(table, "solar_flare")
    assert ways and [c["kind"] for c in table.choices] == ["ability", "ability"]
    take(table, ways[-1])  # not played: Blue's PDS may fire at the space cannon step
    take(table, play_until(table, "end_movement"))
    assert [c for c in table.choices if c["kind"] == "space_cannon"]
    assert not ability_choices(table, "solar_flare")


def test_87_1_reflective_shielding_answers_a_sustain_with_two_hits() -> None:
    """ "When one of your ships uses SUSTAIN DAMAGE during combat: produce 2 hits against
    your opponent's ships in the active system"."""
    table = fight(
        {"dreadnought": 1, "destroyer": 1},
        {"cruiser": 2},
        [1, 1, 1, 1, 1, 10, 1],  # the barrage and Red's dice miss; a cruiser of Blue's hits
        red_holds={"action_cards": ["Reflective Shielding"]},
    )
    hits = play_until(table, "assign_hits")
    assert hits["player"] == "red" and hits["sustain"] == ["red-dreadnought-1"]
    take(table, hits)
    ways = ability_choices(table, "reflective_shielding")
    assert [w["player"] for w in ways] == ["red", "red"] and ways[1]["use"] is False
    events = take(table, ways[0])
    assert "87.1" in events[0]["rules"] and table.player("red")["action_cards"] == 0
    answer = play_until(table, "assign_hits")
    assert answer["player"] == "blue" and len(answer["units"]) == 2  # Blue assigns both
    take(table, answer)
    assert not [u for u in table.system("front")["space"] if u["owner"] == "blue"]


def test_87_1_reflective_shielding_is_not_offered_for_a_sustain_against_space_cannon() -> None:
    """The card acts "during combat": a sustain against space cannon offense (before the
    combat) does not bring it, as the odds take it."""
    table = fight(
        {"dreadnought": 1},
        {"cruiser": 1},
        [10] + [1] * 10,
        red_holds={"action_cards": ["Reflective Shielding"]},
        front={**PDS_PLANET, "ground": {"Front": {"blue": {"pds": 1}}}},
    )
    take(table, play_until(table, "space_cannon"))  # the PDS hits the dreadnought
    take(table, play_until(table, "assign_hits"))  # it sustains
    assert ability_choices(table, "reflective_shielding") == []


def test_78_6_courageous_to_the_end_rolls_two_dice_at_the_lost_ships_value() -> None:
    """ "After 1 of your ships is destroyed during a space combat round: roll 2 dice; for
    each result equal to or greater than that ship's combat value, your opponent must
    choose and destroy 1 of their ships"."""
    table = fight(
        {"cruiser": 2},
        {"cruiser": 1, "destroyer": 1},
        [1, 1, 10, 1, 1, 1, 7, 7],  # Blue's barrage; Red hits once; Blue misses; the card
        blue_holds={"action_cards": ["Courageous to the End"]},
    )
    take(table, play_until(table, "assign_hits"))  # Blue loses its destroyer
    ways = ability_choices(table, "courageous_to_the_end")
    assert [w["player"] for w in ways] == ["blue", "blue"] and ways[1]["use"] is False
    assert "each 9 or more" in ways[0]["label"]  # the destroyer's combat value
    events = take(table, ways[0])
    rolled = events[0]
    assert [r["value"] for r in rolled["rolls"]] == [9, 9] and rolled["hits"] == 0
    assert "78.6" in rolled["rules"] and table.player("blue")["action_cards"] == 0


def test_78_6_courageous_to_the_end_makes_the_opponent_destroy_a_ship_per_hit() -> None:
    table = fight(
        {"cruiser": 2},
        {"cruiser": 1, "destroyer": 1},
        [1, 1, 10, 1, 1, 1, 9, 10],
        blue_holds={"action_cards": ["Courageous to the End"]},
    )
    take(table, play_until(table, "assign_hits"))
    events = take(table, ability_choices(table, "courageous_to_the_end")[0])
    assert events[0]["hits"] == 2
    assert not [u for u in table.system("front")["space"] if u["owner"] == "red"]


def test_78_6_courageous_to_the_end_waits_for_a_lost_ship() -> None:
    table = fight(
        {"cruiser": 1},
        {"dreadnought": 1},
        [10, 1] + [1] * 10,  # the dreadnought sustains: nothing of Blue's is lost
        blue_holds={"action_cards": ["Courageous to the End"]},
    )
    take(table, play_until(table, "assign_hits"))
    for _ in range(4):
        assert ability_choices(table, "courageous_to_the_end") == []
        take(table, table.choices[0])
