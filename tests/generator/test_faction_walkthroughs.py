"""The walkthroughs with a faction in play: Mentak's Ambush and L1Z1X's Harrow, offered in
their window on the static line, cited in the narration, and the odds box beside them the
same model as the calculator's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import api
from rulesite.core.walkthroughs.walkthrough_files import Walkthrough, load_walkthrough

WALKTHROUGHS = Path(__file__).resolve().parents[2] / "content" / "walkthroughs"


def _load(name: str) -> Walkthrough:
    return load_walkthrough(WALKTHROUGHS / f"{name}.yaml")


def _offering(walkthrough: Walkthrough, ability: str) -> int:
    """The position of the static line where ``ability`` is offered."""
    return next(
        i
        for i, answer in enumerate(walkthrough.line)
        if any(c.get("ability") == ability for c in answer["choices"])
    )


def _box(answer: dict[str, Any]) -> dict[str, float]:
    odds: dict[str, float] = answer["view"]["combat"]["odds"]
    return odds


def _same(box: dict[str, float], exact: dict[str, Any]) -> None:
    for key in ("attacker_wins", "defender_wins", "both_destroyed"):
        assert box[key] == pytest.approx(exact[key], abs=1e-9), key


def test_78_2_the_mentak_walkthrough_offers_ambush_before_the_barrage() -> None:
    walkthrough = _load("faction-mentak-ambush")
    at = _offering(walkthrough, "ambush")
    answer = walkthrough.line[at]
    assert answer["view"]["step"] == "space_combat"
    offered = [c for c in answer["choices"] if c.get("ability") == "ambush"]
    assert [c["use"] for c in offered] == [True, False] and offered[0]["rules"] == ["78.2"]
    # The script uses it: the next position's log shows the Ambush dice, then no barrage yet.
    assert walkthrough.data["script"][at] == {
        "kind": "ability",
        "player": "red",
        "ability": "ambush",
        "use": True,
    }
    texts = [e["text"] for e in walkthrough.line[at + 1]["view"]["log"]]
    assert any("rolls for Ambush" in t and t.endswith("(78.2)") for t in texts)
    assert not any("anti-fighter barrage" in t for t in texts)
    narration = walkthrough.data["narration"]["space_combat"]
    assert "Ambush" in narration and "78.2" in narration and "Mentak" in narration


def test_78_2_the_mentak_walkthroughs_odds_box_is_the_calculators() -> None:
    walkthrough = _load("faction-mentak-ambush")
    at = _offering(walkthrough, "ambush")
    # While Ambush waits, the box counts it used, with the barrage still to come.
    _same(
        _box(walkthrough.line[at]),
        api.odds(
            "2 cruiser, 1 destroyer",
            "1 carrier, 1 cruiser, 1 destroyer",
            attacker_faction="mentak",
            attacker_options=["ambush"],
        ),
    )
    # Once its hit took Blue's destroyer, the box is the fleets left, Ambush spent.
    after = next(
        a
        for a in walkthrough.line[at + 1 :]
        if a["choices"] and a["choices"][0]["kind"] == "no_retreat"
    )
    _same(
        _box(after),
        api.odds("2 cruiser, 1 destroyer", "1 carrier, 1 cruiser", attacker_faction="mentak"),
    )


def test_42_the_l1z1x_walkthrough_offers_harrow_after_a_ground_combat_round() -> None:
    walkthrough = _load("faction-l1z1x-harrow")
    at = _offering(walkthrough, "harrow")
    answer = walkthrough.line[at]
    assert answer["view"]["step"] == "invasion" and answer["view"]["combat"]["kind"] == "ground"
    offered = [c for c in answer["choices"] if c.get("ability") == "harrow"]
    assert [c["use"] for c in offered] == [True, False]
    assert offered[0]["rules"] == ["15.1", "42"]
    texts = [e["text"] for e in walkthrough.line[at + 1]["view"]["log"]]
    assert any("(Harrow)" in t for t in texts)
    assert any("rolls for bombardment" in t for t in texts[-2:])
    narration = walkthrough.data["narration"]["invasion"]
    assert "Harrow" in narration and "L1Z1X" in narration
    assert "(42)" in narration and "15.1" in narration


def test_42_the_l1z1x_walkthroughs_odds_box_counts_harrow_in_every_round() -> None:
    """1 infantry against 1 (8 to hit), two dreadnoughts bombarding (5) after each round:
    a round ends with Red's hit alone (0.21), or no hit and Harrow's (0.49 x 0.84); both
    sides fall with both hits (0.09), or Blue's hit alone and Harrow's (0.21 x 0.84);
    Blue wins with its hit alone and no Harrow hit (0.21 x 0.16); else again (0.49 x 0.16)."""
    walkthrough = _load("faction-l1z1x-harrow")
    box = _box(walkthrough.line[_offering(walkthrough, "harrow")])
    again = 1 - 0.49 * 0.16
    assert box["attacker_wins"] == pytest.approx((0.21 + 0.49 * 0.84) / again, abs=1e-12)
    assert box["both_destroyed"] == pytest.approx((0.09 + 0.21 * 0.84) / again, abs=1e-12)
    assert box["defender_wins"] == pytest.approx(0.21 * 0.16 / again, abs=1e-12)
    # Without Harrow the same 1 against 1 is an even fight.
    plain = api.odds("1 infantry", "1 infantry", ground=True)
    assert plain["attacker_wins"] < box["attacker_wins"] - 0.2
