"""Every ability is one object (engine.ti4.abilities); every list of them is derived.

The odds' round paths read lists of options (which act in the rounds, which fold into the
dice, which act in the first round only); a list kept by hand that left one out made that
option's effect vanish from every combat without a round limit. These tests pin that the
lists are what the objects declare, that the engine names no ability by a literal id
outside the objects, and, by playing every option, that what an option declares makes
the odds' dense sweep agree with the combat fought state by state.
"""

from __future__ import annotations

import ast
import importlib
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from rule_citations import ENGINE

from engine.api import odds, odds_options
from engine.core.state import Player
from engine.ti4 import factions
from engine.ti4.abilities import (
    ABILITIES,
    ROUND_WINDOWS,
    Ability,
    Combat,
    Kind,
    Odds,
    Rounds,
    Window,
    derived,
    faction_abilities,
    technologies,
)
from engine.ti4.abilities.faction_abilities import FRAGILE, GASHLAI_PHYSIOLOGY, UNRELENTING
from engine.ti4.abilities.flagships import THE_ALASTOR
from engine.ti4.abilities.mechs import QUANTUM_MANIPULATOR, Z_GRAV_EIDOLON
from engine.ti4.abilities.technologies import ANTIMASS_DEFLECTORS

ABILITY_PACKAGE = ENGINE / "ti4" / "abilities"
KINDS: tuple[ModuleType, ...] = tuple(
    importlib.import_module(f"engine.ti4.abilities.{path.stem}")
    for path in sorted(ABILITY_PACKAGE.glob("*.py"))
    if path.stem != "__init__"
)
"""Every module of the package: each kind's registers its abilities, the rest none."""


def _constants(module: ModuleType) -> list[Ability]:
    """The abilities ``module`` itself assigns at its top level (not those it imports)."""
    tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
    own = {
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign | ast.AnnAssign)
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        if isinstance(target, ast.Name)
    }
    return [v for k, v in vars(module).items() if k in own and isinstance(v, Ability)]


def _id_literals(path: Path) -> list[tuple[int, str]]:
    """String constants in ``path`` equal to an ability's id (``__all__`` names are code)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    exported = {
        id(node)
        for assign in ast.walk(tree)
        if isinstance(assign, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__all__" for t in assign.targets)
        for node in ast.walk(assign.value)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in ABILITIES
        and id(node) not in exported
    ]


def test_no_engine_module_outside_the_abilities_names_an_ability_by_its_id() -> None:
    found = {
        str(path.relative_to(ENGINE.parent)): hits
        for path in sorted(ENGINE.rglob("*.py"))
        if ABILITY_PACKAGE not in path.parents
        for hits in [_id_literals(path)]
        if hits
    }
    assert found == {}


def test_the_id_scan_finds_an_id_where_one_is_written() -> None:
    """The scan above passes because no id is written, not because it cannot see one."""
    written = {v for _, v in _id_literals(ABILITY_PACKAGE / "faction_abilities.py")}
    assert {a.id for a in _constants(faction_abilities)} == written


def test_every_ability_is_one_constant_of_its_kinds_module_registered_once() -> None:
    constants = [a for module in KINDS for a in _constants(module)]
    assert len(constants) == len({a.id for a in constants}) == len(ABILITIES)
    assert {a.id: a for a in constants} == ABILITIES
    for ability in ABILITIES.values():
        assert ability.owner is None or ability.owner in factions.FACTIONS, ability.id
        assert ability.windows, ability.id
        assert ability.rules and ability.description, ability.id
        assert ability.owner is not None or ability.kind not in (
            Kind.FACTION_ABILITY,
            Kind.FACTION_TECHNOLOGY,
            Kind.FACTION_UNIT,
            Kind.FLAGSHIP,
            Kind.MECH,
        ), ability.id


def test_registering_an_id_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="registered twice"):
        technologies.register(ANTIMASS_DEFLECTORS)


def test_the_derived_round_lists_are_what_the_abilities_declare() -> None:
    for option in derived.OPTIONS.values():
        in_rounds = not option.windows.isdisjoint(ROUND_WINDOWS)
        assert (option in derived.ROUND_OPTIONS) == in_rounds, option.id
        assert (option in derived.FOLDED) == (in_rounds and option.fold is not None)
        assert (option in derived.FIRST_ROUND) == (in_rounds and option.rounds is Rounds.FIRST)
        assert (option in derived.LATE) == (Window.END_OF_ROUND in option.windows)
        starts = Window.START_OF_COMBAT in option.windows and option.combat is not Combat.GROUND
        assert (option in derived.STARTS) == starts, option.id
    flagships_in_rounds = {
        a.owner
        for a in ABILITIES.values()
        if a.kind is Kind.FLAGSHIP and a.odds is Odds.ALWAYS and a.acts_in(*ROUND_WINDOWS)
    }
    assert flagships_in_rounds == derived.ROUND_FLAGSHIPS
    # A fold or a first round only means something for an option acting in the rounds.
    for ability in ABILITIES.values():
        if ability.fold is not None or ability.rounds is not Rounds.EVERY:
            assert ability.acts_in(*ROUND_WINDOWS), ability.id


def test_the_catalogue_offers_every_option_and_nothing_else() -> None:
    listed = [o["id"] for o in odds_options()["options"] if o["kind"] != "casualties"]
    assert listed == [a.id for a in derived.ORDERED if a.odds is Odds.OPTION]


def test_1_2_a_scenario_takes_the_technologies_the_board_plays() -> None:
    playable = {a.id for a in derived.PLAYABLE_TECHNOLOGIES.values()}
    assert ANTIMASS_DEFLECTORS.id in playable
    for ability in ABILITIES.values():
        owned = ability.kind in (Kind.TECHNOLOGY, Kind.FACTION_TECHNOLOGY, Kind.UNIT_UPGRADE)
        # A unit upgrade's own ability (Infantry II's return) is held with ``upgrades``.
        card = owned and ability.unit is None
        assert (ability.id in playable) == (card and bool(ability.board)), ability.id


def test_a_player_holds_their_technologies_and_their_factions_abilities() -> None:
    muaat = Player("red", "Red", 1, faction="muaat", technologies=(ANTIMASS_DEFLECTORS.id,))
    assert derived.holds(muaat, ANTIMASS_DEFLECTORS)
    assert derived.holds(muaat, GASHLAI_PHYSIOLOGY)
    assert not derived.holds(Player("blue", "Blue", 2, faction="sol"), GASHLAI_PHYSIOLOGY)
    assert derived.held(muaat, derived.LIFTS) == (ANTIMASS_DEFLECTORS, GASHLAI_PHYSIOLOGY)


def test_78_5_unrelenting_and_fragile_are_the_factions_roll_modifiers() -> None:
    assert factions.FACTIONS[str(UNRELENTING.owner)].combat_modifier == UNRELENTING.plus == 1
    assert factions.FACTIONS[str(FRAGILE.owner)].combat_modifier == FRAGILE.plus == -1
    assert factions.FACTIONS["sol"].combat_modifier == 0


# --- every option, swept and fought state by state -------------------------------------------

FLEETS: dict[str, list[tuple[str, str]]] = {
    "space": [
        (
            "flagship, 1 dreadnought ii, 1 cruiser, 2 destroyer, 2 fighter",
            "1 war sun, 1 destroyer, 2 fighter, 3 pds",
        )
    ],
    "ground": [
        ("flagship, 2 dreadnought, 2 fighter, 1 mech, 2 infantry", defender)
        for defender in ("1 mech, 2 infantry", "1 mech, 1 infantry, 1 pds")
    ],
}
"""Fleets every option acts in, on one of them: sustainers, fighters, cannon, mechs."""

IN_SPACE = (THE_ALASTOR, QUANTUM_MANIPULATOR, Z_GRAV_EIDOLON)
"""Options whose holder brings a mech into the space combat."""


def _answers(option: Ability) -> list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]]:
    """For each fleet and side the option fits: the odds with it, with it and every round
    fought state by state (a casualty priority sends them so), and without it."""
    answers = []
    for combat, fleets in FLEETS.items():
        if option.combat not in (Combat.BOTH, combat):
            continue
        for side in ("attacker", "defender"):
            if option.side not in ("either", side):
                continue
            other = "defender" if side == "attacker" else "attacker"
            for pair in fleets:
                fleet = dict(zip(("attacker", "defender"), pair, strict=True))
                if combat == "space" and option in IN_SPACE:
                    fleet[side] += ", 1 mech"
                named = option.id + (":1" if option.amount else "")
                args = {
                    "attacker": fleet["attacker"],
                    "defender": fleet["defender"],
                    "ground": combat == "ground",
                    f"{side}_faction": option.owner or "sol",
                    f"{other}_faction": "sol",
                }
                answers.append(
                    (
                        odds(**args, **{f"{side}_options": [named]}),
                        odds(**args, **{f"{side}_options": [named, "sustain_first"]}),
                        odds(**args),
                    )
                )
    return answers


@pytest.mark.parametrize("option", list(derived.OPTIONS))
def test_78_every_option_gives_the_same_odds_swept_as_fought_state_by_state(option: str) -> None:
    answers = _answers(derived.OPTIONS[option])
    assert answers
    changed = False
    for with_it, by_state, without in answers:
        assert with_it["ok"] and by_state["ok"], (with_it, by_state)
        for key in ("attacker_wins", "defender_wins", "both_destroyed"):
            assert with_it[key] == pytest.approx(by_state[key], abs=1e-9), key
        changed |= (
            not without["ok"] or abs(with_it["attacker_wins"] - without["attacker_wins"]) > 1e-9
        )
    assert changed, f"{option} changes none of the test's combats: the check above is idle"


def test_every_ability_has_its_row_in_rules_md() -> None:
    """Adding an ability means its object, its tests and its row saying where it was read."""
    table = (ENGINE / "RULES.md").read_text(encoding="utf-8")
    assert [a.name for a in ABILITIES.values() if a.name not in table] == []
