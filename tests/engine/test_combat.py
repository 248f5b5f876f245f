"""Combat building blocks: rolls, casualty choice, chosen hits, planetary shield."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest

from engine.core.casualties import CasualtyPolicy, casualty_plan, take_chosen_hits, take_hits
from engine.core.combat import (
    ANTI_FIGHTER_BARRAGE,
    BOMBARDMENT,
    GROUND_COMBAT,
    SPACE_CANNON_DEFENSE,
    SPACE_CANNON_OFFENSE,
    SPACE_COMBAT,
    bombardment_blocked,
    roll_attack,
)
from engine.core.dice import Dice
from engine.core.events import IllegalChoice


@dataclass(frozen=True)
class Unit:
    id: str
    type: str
    owner: str = "blue"
    damaged: bool = False


def fleet(*types: str, owner: str = "blue") -> tuple[Unit, ...]:
    counts: dict[str, int] = {}
    units = []
    for t in types:
        counts[t] = counts.get(t, 0) + 1
        units.append(Unit(f"{owner}-{t}-{counts[t]}", t, owner))
    return tuple(units)


def ids(units: tuple[Unit, ...] | tuple[object, ...]) -> list[str]:
    return [u.id for u in units]  # type: ignore[attr-defined]


def test_space_combat_roll_lowest_value_first_and_counts_hits() -> None:
    units = fleet("destroyer", "war_sun", "cruiser")
    volley = roll_attack(Dice(script=(3, 2, 9, 7, 9)), units, SPACE_COMBAT, "Blue")
    # War sun (3, three dice) rolls first, then cruiser (7), then destroyer (9).
    assert [(r.unit_type, r.result, r.hit) for r in volley.rolls] == [
        ("war_sun", 3, True),
        ("war_sun", 2, False),
        ("war_sun", 9, True),
        ("cruiser", 7, True),
        ("destroyer", 9, True),
    ]
    assert volley.hits == 4
    assert volley.dice.rolls == 5
    assert volley.event.rules == ("78.5", "78.5.3")
    assert "4 hits" in volley.event.text and volley.event.text.endswith("(78.5, 78.5.3)")


def test_only_units_with_the_ability_roll() -> None:
    units = fleet("destroyer", "cruiser", "fighter", "infantry", "pds")
    afb = roll_attack(Dice(script=(9, 8)), units, ANTI_FIGHTER_BARRAGE, "Blue")
    assert [r.unit_id for r in afb.rolls] == ["blue-destroyer-1", "blue-destroyer-1"]
    assert afb.hits == 1
    space = roll_attack(Dice(seed=1), units, SPACE_COMBAT, "Blue")
    assert sorted(r.unit_type for r in space.rolls) == ["cruiser", "destroyer", "fighter"]
    ground = roll_attack(Dice(seed=1), units, GROUND_COMBAT, "Blue")
    assert [r.unit_type for r in ground.rolls] == ["infantry"]
    cannon = roll_attack(Dice(script=(6,)), units, SPACE_CANNON_OFFENSE, "Blue")
    assert [(r.unit_type, r.hit) for r in cannon.rolls] == [("pds", True)]
    bombard = roll_attack(Dice(script=(5, 4)), fleet("dreadnought", "carrier"), BOMBARDMENT, "B")
    assert [(r.unit_type, r.hit) for r in bombard.rolls] == [("dreadnought", True)]
    assert bombard.dice.rolls == 1


def test_no_shooters_rolls_nothing() -> None:
    volley = roll_attack(Dice(script=()), fleet("cruiser"), ANTI_FIGHTER_BARRAGE, "Blue")
    assert volley.hits == 0 and volley.rolls == () and volley.dice.rolls == 0
    assert "no units" in volley.event.text


def test_default_policy_sustains_first_then_loses_weakest_cheapest() -> None:
    units = fleet("cruiser", "dreadnought", "fighter", "carrier", "destroyer", "war_sun")
    taken = take_hits(units, 5, SPACE_COMBAT, "Blue")
    assert ids(taken.damaged) == ["blue-dreadnought-1", "blue-war_sun-1"]
    assert ids(taken.destroyed) == ["blue-fighter-1", "blue-destroyer-1", "blue-carrier-1"]
    assert ids(taken.survivors) == ["blue-cruiser-1", "blue-dreadnought-1", "blue-war_sun-1"]
    assert all(u.damaged for u in taken.survivors if u.type != "cruiser")
    assert taken.event.rules == ("78.6", "78.6.1", "87.1")
    assert taken.event.data["destroyed"] == ids(taken.destroyed)


def test_lose_first_keeps_sustain_for_last() -> None:
    units = fleet("dreadnought", "cruiser")
    plan = casualty_plan(units, 1, SPACE_COMBAT, CasualtyPolicy.LOSE_FIRST)
    assert plan.destroyed == (1,) and plan.sustained == ()
    plan = casualty_plan(units, 3, SPACE_COMBAT, CasualtyPolicy.LOSE_FIRST)
    assert plan.destroyed == (1, 0) and plan.sustained == (0,) and plan.excess == 0


def test_damaged_units_die_before_undamaged_ones_of_their_type() -> None:
    units = (Unit("d1", "dreadnought"), Unit("d2", "dreadnought", damaged=True))
    taken = take_hits(units, 2, SPACE_COMBAT, "Blue", CasualtyPolicy.LOSE_FIRST)
    assert ids(taken.destroyed) == ["d2"] and ids(taken.damaged) == ["d1"]


def test_excess_hits_have_no_effect() -> None:
    taken = take_hits(fleet("dreadnought"), 4, SPACE_COMBAT, "Blue")
    assert taken.excess == 2 and taken.survivors == ()
    assert "2 hits without effect" in taken.event.text


def test_barrage_only_hits_fighters_and_ignores_sustain() -> None:
    units = fleet("dreadnought", "fighter", "fighter")
    taken = take_hits(units, 3, ANTI_FIGHTER_BARRAGE, "Blue")
    assert ids(taken.destroyed) == ["blue-fighter-1", "blue-fighter-2"]
    assert taken.damaged == () and taken.excess == 1
    assert ids(taken.survivors) == ["blue-dreadnought-1"]


def test_ground_hits_kill_infantry_before_mechs_and_mechs_sustain() -> None:
    units = fleet("mech", "infantry", "pds")
    taken = take_hits(units, 2, GROUND_COMBAT, "Blue")
    assert ids(taken.damaged) == ["blue-mech-1"]
    assert ids(taken.destroyed) == ["blue-infantry-1"]
    assert "blue-pds-1" in ids(taken.survivors)
    taken = take_hits(units, 1, BOMBARDMENT, "Blue", CasualtyPolicy.LOSE_FIRST)
    assert ids(taken.destroyed) == ["blue-infantry-1"]
    taken = take_hits(units, 3, SPACE_CANNON_DEFENSE, "Blue")
    assert taken.excess == 0 and ids(taken.survivors) == ["blue-pds-1"]


def test_chosen_hits_sustain_then_destroy() -> None:
    units = fleet("dreadnought", "cruiser")
    taken = take_chosen_hits(units, 2, SPACE_COMBAT, "Blue", ["blue-dreadnought-1"] * 2)
    assert ids(taken.damaged) == ["blue-dreadnought-1"]
    assert ids(taken.destroyed) == ["blue-dreadnought-1"]
    assert ids(taken.survivors) == ["blue-cruiser-1"]


@pytest.mark.parametrize(
    ("units", "hits", "attack", "chosen", "message", "rules"),
    [
        (
            fleet("cruiser"),
            1,
            SPACE_COMBAT,
            ["red-cruiser-1"],
            "not one of Blue’s units",
            ("78.6", "78.6.1"),
        ),
        (
            fleet("dreadnought", "fighter"),
            1,
            ANTI_FIGHTER_BARRAGE,
            ["blue-dreadnought-1"],
            "from anti-fighter barrage",
            ("10.2", "10.2.1", "87.4.1"),
        ),
        (
            fleet("cruiser", "cruiser"),
            2,
            SPACE_COMBAT,
            ["blue-cruiser-1"],
            "must assign 2 hits",
            ("78.6", "78.6.1"),
        ),
        (
            fleet("cruiser", "cruiser"),
            2,
            SPACE_COMBAT,
            ["blue-cruiser-1"] * 2,
            "already destroyed",
            ("78.6", "78.6.1"),
        ),
        (fleet("cruiser"), 1, SPACE_COMBAT, [], "must assign 1 hit from", ("78.6", "78.6.1")),
    ],
)
def test_chosen_hits_refuse_illegal_choices_citing_rules(
    units: tuple[Unit, ...],
    hits: int,
    attack: object,
    chosen: list[str],
    message: str,
    rules: tuple[str, ...],
) -> None:
    with pytest.raises(IllegalChoice) as caught:
        take_chosen_hits(units, hits, attack, "Blue", chosen)  # type: ignore[arg-type]
    assert message in caught.value.refusal.reason
    assert caught.value.refusal.rules == rules


def test_chosen_hits_need_only_what_units_can_absorb() -> None:
    taken = take_chosen_hits(fleet("cruiser"), 3, SPACE_COMBAT, "Blue", ["blue-cruiser-1"])
    assert taken.excess == 2 and taken.survivors == ()


def test_planetary_shield_blocks_bombardment_unless_a_war_sun_is_there() -> None:
    planet = fleet("infantry", "pds")
    assert bombardment_blocked(fleet("dreadnought", owner="red"), planet)
    assert not bombardment_blocked(fleet("dreadnought", "war_sun", owner="red"), planet)
    assert not bombardment_blocked(fleet("dreadnought", owner="red"), fleet("infantry"))


def test_policy_parse() -> None:
    assert CasualtyPolicy.parse(None) is CasualtyPolicy.SUSTAIN_FIRST
    assert CasualtyPolicy.parse("Lose-First") is CasualtyPolicy.LOSE_FIRST
    with pytest.raises(ValueError, match="known: sustain_first, lose_first"):
        CasualtyPolicy.parse("bravest")


def test_attacks_that_compare_equal_hash_equal() -> None:
    """An attack's hash is worked out once, from the fields it is compared by: an equal copy
    hashes the same (so it finds the odds' cached entries) and a changed one compares unequal."""
    copy = dataclasses.replace(SPACE_COMBAT, units=dict(SPACE_COMBAT.units))
    assert copy == SPACE_COMBAT and copy is not SPACE_COMBAT
    assert hash(copy) == hash(SPACE_COMBAT)
    renamed = dataclasses.replace(SPACE_COMBAT, name="another combat")
    assert renamed != SPACE_COMBAT
    assert hash(renamed) != hash(SPACE_COMBAT)
    assert {SPACE_COMBAT: 1}[copy] == 1
