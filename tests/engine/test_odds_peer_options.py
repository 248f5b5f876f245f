"""The odds with upgrades, damage, factions and options agree with alpha-mouse/ti4calc.

The peer (an exact calculator in JavaScript, kept outside the repository: see
bench/odds.py) runs under Node on each matchup of ``CASES``, built from one table
for both: its ``{Type: {count, upgraded, damaged}}`` units and option flags, and our
fleet text and option ids. Its first-round-only cards (Morale Boost, Fire Team,
War Funding, Magen Defense Grid) are ours named for round 1 (``morale_boost:1``):
where the card lets a player choose the round, we follow the card (test_odds_options.py).
Matchups are chosen where the peer's casualty order (by unit type) is ours (by combat
value, then cost), so the two differ only if a rule is applied differently.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from cpython_only import runs_the_peer

from engine.api import odds

ROOT = Path(__file__).resolve().parents[2]
pytestmark = runs_the_peer


def _peer() -> tuple[str, Path]:
    """Node and the peer's folder, found as bench/odds.py finds it."""
    sys.path.insert(0, str(ROOT / "bench"))
    from odds import find_peer

    peer, node = find_peer(None), shutil.which("node")
    assert peer is not None and node is not None, "the peer calculator and node are needed"
    return node, peer


NAMES = {
    "Flagship": "flagship",
    "WarSun": "war sun",
    "Dreadnought": "dreadnought",
    "Cruiser": "cruiser",
    "Destroyer": "destroyer",
    "Carrier": "carrier",
    "Fighter": "fighter",
    "Ground": "infantry",
    "PDS": "pds",
}
RACES = {
    "sardakk": "Sardakk",
    "jol_nar": "JolNar",
    "winnu": "Winnu",
    "l1z1x": "L1Z1X",
    "sol": "Sol",
    "naalu": "Naalu",
    "letnev": "Letnev",
    "hacan": "Hacan",
    "muaat": "Muaat",
    "mentak": "Mentak",
    "yin": "Yin",
}
# Peer option flag -> our option id.
OPTIONS = {
    "moraleBoost": "morale_boost:1",
    "fireTeam": "fire_team:1",
    "fighterPrototype": "fighter_prototype",
    "bunker": "bunker",
    "experimentalBattlestation": "experimental_battlestation",
    "maneuveringJets": "maneuvering_jets",
    "antimassDeflectors": "antimass_deflectors",
    "gravitonLaser": "graviton_laser_system",
    "plasmaScoring": "plasma_scoring",
    "magenDefense": "magen_defense_grid:1",
    "x89Omega": "x89_bacterial_weapon_omega",
    "magenDefenseOmega": "magen_defense_grid_omega",
    "duraniumArmor": "duranium_armor",
    "assaultCannon": "assault_cannon",
    "publicizeSchematics": "publicize_weapon_schematics",
    "conventionsOfWar": "conventions_of_war",
    "prophecyOfIxth": "prophecy_of_ixth",
    "letnevMunitionsFunding": "war_funding:1",
    "tekklarLegion": "tekklar_legion",
    "nonEuclidean": "non_euclidean_shielding",
    "l4Disruptors": "l4_disruptors",
    "valkyrieParticleWeave": "valkyrie_particle_weave",
}

# (name, ground, attacker units, defender units, attacker race/options, defender race/options)
# A side's "ours" lists our faction options the peer applies with the race alone (Ambush,
# Harrow, Matriarch). The peer's Alastor is left out: it loses the ground forces before the
# flagship once both sustained, an order none of our casualty priorities gives.
# Units: {Type: count or (count, upgraded, damaged)}.
CASES: list[tuple[str, bool, dict[str, Any], dict[str, Any], dict[str, Any], dict[str, Any]]] = [
    ("upgraded cruisers", False, {"Cruiser": (3, True, 0)}, {"Cruiser": 3, "Fighter": 2}, {}, {}),
    (
        "destroyer II barrage",
        False,
        {"Destroyer": (2, True, 0), "Cruiser": 1},
        {"Fighter": 5, "Carrier": 1},
        {},
        {},
    ),
    ("damaged dreadnoughts", False, {"Dreadnought": (3, False, 2)}, {"Cruiser": 4}, {}, {}),
    (
        "Sardakk flagship",
        False,
        {"Flagship": 1, "Cruiser": 2},
        {"Cruiser": 4},
        {"race": "sardakk"},
        {},
    ),
    (
        "Jol-Nar flagship",
        False,
        {"Flagship": 1, "Fighter": 2},
        {"Cruiser": 3, "Fighter": 3},
        {"race": "jol_nar"},
        {},
    ),
    (
        "Winnu flagship",
        False,
        {"Cruiser": 3, "Fighter": 2},
        {"Flagship": 1, "Fighter": 3},
        {},
        {"race": "winnu"},
    ),
    (
        "L1Z1X super-dreadnoughts",
        False,
        {"Dreadnought": (2, True, 0)},
        {"Cruiser": 5},
        {"race": "l1z1x"},
        {},
    ),
    (
        "Naalu fighters",
        False,
        {"Fighter": (4, True, 0), "Cruiser": 1},
        {"Destroyer": 3},
        {"race": "naalu"},
        {},
    ),
    (
        "Sol Advanced Carrier II",
        False,
        {"Carrier": (2, True, 0)},
        {"Cruiser": 3},
        {"race": "sol"},
        {},
    ),
    (
        "Letnev flagship",
        False,
        {"Flagship": 1, "Cruiser": 1},
        {"Cruiser": 4},
        {"race": "letnev"},
        {},
    ),
    ("Muaat war sun", False, {"WarSun": (1, True, 0)}, {"Cruiser": 4}, {"race": "muaat"}, {}),
    (
        "Letnev flagship bombards a shield",
        True,
        {"Flagship": 1, "Ground": 3},
        {"Ground": 2, "PDS": 1},
        {"race": "letnev"},
        {},
    ),
    ("Van Hauge", False, {"Flagship": 1, "Fighter": 2}, {"Dreadnought": 2}, {"race": "yin"}, {}),
    (
        "Fourth Moon",
        False,
        {"Dreadnought": 2, "Cruiser": 1},
        {"Flagship": 1, "Cruiser": 2},
        {},
        {"race": "mentak"},
    ),
    ("Morale Boost", False, {"Cruiser": 3}, {"Cruiser": 3}, {"moraleBoost": True}, {}),
    (
        "Fighter Prototype and Ixth",
        False,
        {"Fighter": 4, "Carrier": 1},
        {"Cruiser": 3},
        {"fighterPrototype": True, "prophecyOfIxth": True},
        {},
    ),
    ("War Funding", False, {"Cruiser": 4}, {"Destroyer": 5}, {"letnevMunitionsFunding": True}, {}),
    (
        "space cannon options",
        False,
        {"Cruiser": 2, "Fighter": 3, "Carrier": 1},
        {"PDS": 2, "Cruiser": 1},
        {"antimassDeflectors": True, "maneuveringJets": True},
        {"plasmaScoring": True, "gravitonLaser": True},
    ),
    (
        "Experimental Battlestation",
        False,
        {"Cruiser": 3},
        {"Destroyer": 2},
        {},
        {"experimentalBattlestation": True},
    ),
    (
        "Duranium Armor",
        False,
        {"Dreadnought": 2, "Cruiser": 1},
        {"Cruiser": 5},
        {"duraniumArmor": True},
        {},
    ),
    (
        "Non-Euclidean Shielding",
        False,
        {"Dreadnought": 2},
        {"Cruiser": 4},
        {"race": "letnev", "nonEuclidean": True},
        {},
    ),
    (
        "Assault Cannon",
        False,
        {"Cruiser": 3},
        {"Destroyer": 1, "Cruiser": 2},
        {"assaultCannon": True},
        {},
    ),
    (
        "Publicize Weapon Schematics",
        False,
        {"WarSun": 1},
        {"Cruiser": 5},
        {"publicizeSchematics": True},
        {"publicizeSchematics": True},
    ),
    (
        "bombardment options",
        True,
        {"Dreadnought": 2, "Ground": 3},
        {"Ground": 3},
        {"plasmaScoring": True, "x89Omega": True},
        {},
    ),
    ("Bunker", True, {"Dreadnought": 2, "Ground": 3}, {"Ground": 3}, {}, {"bunker": True}),
    (
        "Conventions of War",
        True,
        {"Dreadnought": 2, "Ground": 3},
        {"Ground": 2},
        {},
        {"conventionsOfWar": True},
    ),
    (
        "space cannon defense",
        True,
        {"Ground": 4},
        {"Ground": 2, "PDS": 2},
        {"antimassDeflectors": True},
        {"plasmaScoring": True},
    ),
    (
        "L4 Disruptors",
        True,
        {"Ground": 4},
        {"Ground": 2, "PDS": 2},
        {"race": "letnev", "l4Disruptors": True},
        {},
    ),
    (
        "ground round cards",
        True,
        {"Ground": (4, True, 0)},
        {"Ground": 4},
        {"fireTeam": True, "moraleBoost": True},
        {"tekklarLegion": True},
    ),
    (
        "Tekklar against Sardakk",
        True,
        {"Ground": 3},
        {"Ground": 3},
        {"tekklarLegion": True},
        {"race": "sardakk"},
    ),
    (
        "Valkyrie Particle Weave",
        True,
        {"Ground": 4},
        {"Ground": 4},
        {"race": "sardakk", "valkyrieParticleWeave": True},
        {},
    ),
    (
        "Mentak Ambush",
        False,
        {"Cruiser": 3},
        {"Dreadnought": 1, "Destroyer": 2},
        {"race": "mentak", "ours": ["ambush"]},
        {},
    ),
    (
        "Mentak Ambush as defender",
        False,
        {"Cruiser": 2, "Fighter": 2},
        {"Cruiser": 2, "Carrier": 1},
        {},
        {"race": "mentak", "ours": ["ambush"]},
    ),
    (
        "L1Z1X Harrow",
        True,
        {"Dreadnought": 1, "Ground": 3},
        {"Ground": 4},
        {"race": "l1z1x", "ours": ["harrow"]},
        {},
    ),
    (
        "Matriarch",
        True,
        {"Flagship": 1, "Fighter": 2, "Ground": 2},
        {"Ground": 3},
        {"race": "naalu", "ours": ["matriarch"]},
        {},
    ),
    (
        "Magen Defense Grid",
        True,
        {"Ground": 4},
        {"Ground": 2, "PDS": 1},
        {"l4Disruptors": True, "race": "letnev"},
        {"magenDefense": True},
    ),
]


# Where we differ from the peer by reading the card: the card, and why.
DIFFERS = {
    "Fourth Moon": (
        "the Fourth Moon stops Sustain Damage by ships in its system; once it is destroyed "
        "it is no longer there and they may sustain again. The peer stops it for the whole "
        "combat: ours must be better for the Mentak player's opponent"
    ),
    "Letnev flagship": (
        "Arc Secundus repairs itself at the start of each space combat round (the Barony "
        "of Letnev's sheet); the peer only orders its casualties for it and never repairs "
        "it: ours must be better for the holder"
    ),
    "Duranium Armor": (
        "Duranium Armor repairs 1 damaged unit each round; the peer lists the option but its "
        "calculator.js never reads the flag, so its odds are those without the card: ours "
        "must be better for the holder"
    ),
}


def _units(units: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for kind, spec in units.items():
        count, upgraded, damaged = spec if isinstance(spec, tuple) else (spec, False, 0)
        out[kind] = {"count": count, "upgraded": upgraded, "damaged": damaged}
    return out


def _text(units: dict[str, Any]) -> str:
    items = []
    for kind, spec in units.items():
        count, upgraded, damaged = spec if isinstance(spec, tuple) else (spec, False, 0)
        suffix = " ii" if upgraded else ""
        if damaged:
            items.append(f"{damaged} damaged {NAMES[kind]}{suffix}")
        if count - damaged:
            items.append(f"{count - damaged} {NAMES[kind]}{suffix}")
    return ", ".join(items)


def _peer_options(side: dict[str, Any]) -> dict[str, Any]:
    race = RACES[side.get("race", "hacan")]
    given = {k: v for k, v in side.items() if k not in ("race", "ours")}
    return {"race": race, "riskDirectHit": True, **given}


def _ours(side: dict[str, Any]) -> list[str]:
    # "ours": faction options the peer applies whenever the side plays the faction.
    return [OPTIONS[k] for k in side if k not in ("race", "ours")] + side.get("ours", [])


@pytest.fixture(scope="module")
def peer_answers() -> list[dict[str, float]]:
    lines = []
    for _, ground, a, d, a_opt, d_opt in CASES:
        problem = {
            "battleType": "Ground" if ground else "Space",
            "attackerUnits": _units(a),
            "defenderUnits": _units(d),
            "options": {"attacker": _peer_options(a_opt), "defender": _peer_options(d_opt)},
        }
        lines.append(json.dumps(problem))
    node, peer = _peer()
    done = subprocess.run(
        [node, str(ROOT / "bench" / "peer_problem.cjs"), str(peer)],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return [json.loads(line) for line in done.stdout.splitlines()]


@pytest.mark.parametrize("index", range(len(CASES)), ids=[c[0] for c in CASES])
def test_odds_with_options_agree_with_the_peer(
    index: int, peer_answers: list[dict[str, float]]
) -> None:
    _, ground, a, d, a_opt, d_opt = CASES[index]
    ours = odds(
        _text(a),
        _text(d),
        ground=ground,
        attacker_faction=a_opt.get("race"),
        defender_faction=d_opt.get("race"),
        attacker_options=_ours(a_opt),
        defender_options=_ours(d_opt),
    )
    assert ours["ok"] is True, ours
    theirs = peer_answers[index]
    if CASES[index][0] in DIFFERS:
        without = sum(p for k, p in theirs.items() if int(k) < 0)
        assert ours["attacker_wins"] > without + 1e-3, DIFFERS[CASES[index][0]]
        return
    peer = {
        "attacker_wins": sum(p for k, p in theirs.items() if int(k) < 0),
        "defender_wins": sum(p for k, p in theirs.items() if int(k) > 0),
        "both_destroyed": theirs.get("0", 0.0),
    }
    for key, value in peer.items():
        assert ours[key] == pytest.approx(value, abs=1e-9), key
