"""Side-by-side files: one board, two editions' panes, validated with file:line.

The shipped boards' divergences are pinned here by the item or rule each pane
cites, so the browser test can take them for granted.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import api
from engine.limits import MAX_DEPTH
from engine.ti3 import anchors
from rulesite.core.errors import SourceError
from rulesite.core.generate import generate
from rulesite.core.walkthroughs import load_walkthroughs
from rulesite.core.walkthroughs.side_by_side import load_side_by_side
from rulesite.core.walkthroughs.walkthrough_files import MAX_TRIES
from tests.generator.content_folder import diagnostics, with_seven

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "content" / "walkthroughs"

BOARD = """\
title: Small
description: Two ships.
seed: 2
players:
  - {id: red, name: Red, initiative: 1}
  - {id: blue, name: Blue, initiative: 2}
systems:
  - {id: home, name: Home, q: 0, r: 0, space: {red: {carrier: 1, infantry: 2}}}
  - {id: away, name: Away, q: 1, r: 0}
start: {phase: tactical_action, active_player: red}
editions:
  3:
    script:
      - {kind: tactical_action}
  4:
    narration: {activation: Activate Away.}
"""


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "compare-small.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _error(tmp_path: Path, text: str) -> str:
    with pytest.raises(SourceError) as caught:
        load_side_by_side(_write(tmp_path, text))
    return str(caught.value).removeprefix(f"{tmp_path / 'compare-small.yaml'}:")


def test_one_board_becomes_two_panes_3rd_edition_first(tmp_path: Path) -> None:
    board = load_side_by_side(_write(tmp_path, BOARD))
    assert board.id == "compare-small"
    third, fourth = board.data["panes"]
    assert (third["edition"], fourth["edition"]) == (3, 4)
    assert third["systems"][0]["space"] == {"red": {"carrier": 1, "ground_force": 2}}
    assert fourth["systems"][0]["space"] == {"red": {"carrier": 1, "infantry": 2}}
    assert third["script"] == [{"kind": "tactical_action"}] and "script" not in fourth
    assert fourth["narration"] == {"activation": "Activate Away."}
    for pane in (third, fourth):
        loaded = api.load_scenario(
            {k: v for k, v in pane.items() if k not in ("narration", "try", "line")}
        )
        assert loaded["ok"], loaded


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (("seed: 2\n", "seed: 2\nscript: []\n"), "4: script: unknown key 'script'"),
        (("editions:\n  3:", "editions:\n  5:"), "12: editions: expected the two editions"),
        (("  4:\n    narration", "  4:\n    dice: [1]\n    narration"), "16: editions.4.dice: "),
        (("infantry: 2", "mech: 2"), "8: systems[0].space.red: unknown unit 'mech'"),
        (("description: Two ships.\n", ""), "1: description: expected a text description"),
        (
            ("{activation: Activate Away.}", "{moving: x}"),
            "16: editions.4.narration.moving: unknown step 'moving'",
        ),
        (
            ("      - {kind: tactical_action}", "      - {kind: activate, system: away}"),
            "14: editions.3.script[0]: the engine refuses it",
        ),
    ],
)
def test_problems_are_named_at_their_line(
    tmp_path: Path, change: tuple[str, str], expected: str
) -> None:
    old, new = change
    assert old in BOARD
    assert _error(tmp_path, BOARD.replace(old, new, 1)).startswith(expected)


TRY = """\
    try:
      - step: {step}
        label: Move the carrier from Home
        choice: {choice}
"""


def _with_try(step: str, choice: str) -> str:
    return BOARD.replace("  4:\n", TRY.format(step=step, choice=choice) + "  4:\n")


def test_a_try_the_engine_refuses_is_kept_for_its_pane(tmp_path: Path) -> None:
    # Red moves nothing out of a system it has activated; the script activates Home.
    text = _with_try("ti3_movement", "{kind: move, unit: red-carrier-1, to: away}").replace(
        "      - {kind: tactical_action}",
        "      - {kind: tactical_action}\n      - {kind: activate, system: home}",
    )
    third = load_side_by_side(_write(tmp_path, text)).data["panes"][0]
    assert third["try"][0]["choice"] == {"kind": "move", "unit": "red-carrier-1", "to": "away"}


def test_a_try_the_engine_allows_is_an_error_at_its_line(tmp_path: Path) -> None:
    message = _error(tmp_path, _with_try("ti3_action", "{kind: tactical_action}"))
    assert message.startswith("16: editions.3.try[0]: the engine allows it")


def test_a_try_at_a_step_the_script_never_reaches_is_an_error(tmp_path: Path) -> None:
    message = _error(tmp_path, _with_try("ti3_landings", "{kind: end_landings}"))
    assert message.startswith("16: editions.3.try[0].step: the script never reaches step")


def test_tries_are_bounded(tmp_path: Path) -> None:
    item = "      - {step: ti3_action, label: x, choice: {kind: pass}}\n"
    text = BOARD.replace("  4:\n", "    try:\n" + item * (MAX_TRIES + 1) + "  4:\n")
    assert _error(tmp_path, text).startswith(f"16: editions.3.try: {MAX_TRIES + 1} choices")


def _pane(board: str, edition: int) -> dict[str, Any]:
    found = {b.id: b for b in load_walkthroughs(ROOT / "content").side_by_side}
    panes = found[board].data["panes"]
    return next(p for p in panes if p["edition"] == edition)


def _script_states(pane: dict[str, Any]) -> list[dict[str, Any]]:
    """The engine's answers along a pane's script, the load first."""
    scenario = {k: v for k, v in pane.items() if k not in ("narration", "try", "line")}
    answers = [api.load_scenario(scenario)]
    for choice in pane.get("script", []):
        answers.append(api.apply(answers[-1]["state"], choice))
    return answers


def _refusal(pane: dict[str, Any], index: int = 0) -> dict[str, Any]:
    """A pane's try number ``index`` at the script's last position in its step: refused."""
    item = pane["try"][index]
    answers = [a for a in _script_states(pane) if a["view"]["step"] == item["step"]]
    answer = api.apply(answers[-1]["state"], item["choice"])
    assert answer["ok"] is False
    return answer["refusal"]


def _offered(pane: dict[str, Any]) -> list[dict[str, Any]]:
    """The choices offered where a pane's script ends."""
    return _script_states(pane)[-1]["choices"]


def test_ti3_no_ship_passes_enemy_territory_as_no_4th_edition_ship_passes_enemy_ships() -> None:
    """3rd: "without going through enemy territory"; 4th: a ship cannot move through a
    system that contains enemy ships (Movement, step 1)."""
    third = _refusal(_pane("compare-passing-enemy-ships", 3))
    assert anchors.MOVE in third["rules"] and "enemy territory" in third["reason"]
    fourth = _refusal(_pane("compare-passing-enemy-ships", 4))
    assert "movement-step-1-move-ships-3" in fourth["rules"]


def test_ti3_fleet_supply_limits_the_ships_moved_where_4th_edition_removes_the_excess() -> None:
    """3rd: "The number of ships moved into the activated system may not exceed the number
    of command counters allocated to the Fleet size area"; 4th: 37.3, excess removed."""
    third = _refusal(_pane("compare-passing-enemy-ships", 3), 1)
    assert third["rules"] == [anchors.MOVE_LIMITS] and "Fleet Supply" in third["reason"]
    removal = _offered(_pane("compare-passing-enemy-ships", 4))
    assert {c["kind"] for c in removal} == {"remove_excess"}
    assert "37.3" in removal[0]["rules"]


def test_ti3_dreadnoughts_may_not_bombard_a_planet_with_an_enemy_pds() -> None:
    """3rd: "Dreadnoughts may not bombard planets that contain at least 1 enemy PDS unit";
    4th: the war sun in the system switches the Planetary Shield off (65.3)."""
    third = _pane("compare-pds-defended-invasion", 3)
    bombarders = [c["unit"] for c in _offered(third) if c["kind"] == "bombard"]
    assert bombarders == ["red-war_sun-1"]
    assert _refusal(third)["rules"] == [anchors.DREADNOUGHT_PDS]
    fourth = _offered(_pane("compare-pds-defended-invasion", 4))
    bombard = next(c for c in fourth if c["kind"] == "bombard")
    assert "red-dreadnought-1" in bombard["bombarders"]


def test_ti3_attacker_announces_withdrawal_first_4th_edition_defender_first() -> None:
    """3rd: "attacker first has the option to withdraw, if he doesn't, the defender then has
    the option to retreat", only to an activated system; 4th: 78.4, beginning with the
    defender."""
    third = _pane("compare-retreat", 3)
    assert _refusal(third)["rules"] == [anchors.EXECUTE_RETREAT]
    fourth = _pane("compare-retreat", 4)
    assert {c.get("player") for c in _offered(fourth)} == {"blue"}
    assert any(c.get("to") == "haven" for c in _offered(fourth))
    assert _refusal(fourth)["rules"] == ["78.4"]


def test_shipped_boards_are_on_the_comparison_page_player() -> None:
    found = load_walkthroughs(ROOT / "content")
    html = found.side_by_side_html()
    assert html.count("<option ") == len(found.side_by_side) >= 3
    assert 'class="wt wt-compare"' in html and "data-walkthrough" not in html
    assert html.count("hidden>") == 1 + len(found.side_by_side) - 1  # Start + other intros
    assert "\n" not in html  # one raw HTML block
    assert all(b.id.startswith("compare-") for b in found.side_by_side)


def test_titles_and_descriptions_reach_the_page_escaped(tmp_path: Path) -> None:
    """A side-by-side file is untrusted: its words are text on the page, never markup."""
    hostile = BOARD.replace("title: Small", 'title: "<script>alert(1)</script>"').replace(
        "description: Two ships.", 'description: "<img src=x onerror=alert(1)>"'
    )
    (tmp_path / "walkthroughs").mkdir()
    (tmp_path / "walkthroughs" / "compare-small.yaml").write_text(hostile, encoding="utf-8")
    html = load_walkthroughs(tmp_path).side_by_side_html()
    assert "<script>" not in html and "<img" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in html


def test_a_try_the_engine_cannot_even_read_is_an_error(tmp_path: Path) -> None:
    """A try must be refused by a rule: a choice past the engine's bounds shows none."""
    deep = "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)
    message = _error(tmp_path, _with_try("ti3_action", f"{{kind: pass, unit: {deep}}}"))
    assert message.startswith("18: editions.3.try[0].choice: ")
    assert "deep" in message


def test_ti3_space_mines_hit_non_fighter_ships_where_4th_edition_has_none() -> None:
    """3rd: "SPACE MINES" roll once for each of the active player's ships that is not a
    fighter; the same board under the 4th edition lays no mine (the key is 3rd-only)."""
    third = _pane("compare-space-mines", 3)
    states = _script_states(third)
    hold = {"kind": "pds_fire", "player": "blue", "system": "kazen", "fire": False}
    assert any(all(c.get(k) == v for k, v in hold.items()) for c in states[-1]["choices"])
    answer = api.apply(states[-1]["state"], hold)
    mines = [e for e in answer["events"] if anchors.SPACE_MINES in e["rules"]]
    rolled = [e for e in mines if "against the space mine" in e["text"]]
    assert len(rolled) == 3  # carrier, dreadnought, cruiser: not the two fighters
    fourth = _pane("compare-space-mines", 4)
    assert "mines" not in fourth
    assert not any("mine" in e["text"] for e in _script_states(fourth)[-1]["view"]["log"])


def test_ti3_space_mines_before_a_twelve_ship_battle_whose_exact_odds_the_view_gives() -> None:
    """3rd: "SPACE MINES" go off when movement ends, then the space battle: twelve ships a
    side, past the former 16-unit bound of the view's odds, still get exact odds; the 4th
    edition's pane, with no mine, gives even odds for even fleets."""
    states = _script_states(_pane("compare-twelve-ship-battle", 3))
    assert all(s["ok"] for s in states)
    combat = states[-1]["view"]["combat"]
    assert combat is not None and combat["kind"] == "space"
    odds = combat["odds"]
    assert abs(sum(odds.values()) - 1) < 1e-12 and 0 < odds["attacker_wins"] < 1
    rolled = [e for e in states[-1]["view"]["log"] if "against the space mine" in e["text"]]
    assert len(rolled) == 12
    fourth = _script_states(_pane("compare-twelve-ship-battle", 4))[-1]["view"]["combat"]
    assert abs(fourth["odds"]["attacker_wins"] - fourth["odds"]["defender_wins"]) < 1e-12


def test_a_side_by_side_board_without_a_comparison_page_is_refused(tmp_path: Path) -> None:
    """A side-by-side board is shown only on the edition comparison page: without one it was
    dropped unsaid."""
    board = (SHIPPED / "compare-retreat.yaml").read_text()
    content = with_seven(tmp_path, {"walkthroughs/compare-retreat.yaml": board})
    assert diagnostics(lambda: generate(content)) == [
        f"{content / 'walkthroughs' / 'compare-retreat.yaml'}:1: a side-by-side board, "
        "but no edition comparison page"
    ]
