"""The command line under edition 3: ``play`` transcripts and ``odds --edition 3``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from cpython_only import reads_scenario_files

from engine.cli.odds import main as odds_main
from engine.ti3 import anchors

SCENARIOS = Path(__file__).parent / "scenarios" / "ti3"


def _play(path: Path) -> tuple[int, str, str]:
    # The command line's YAML reader is the site's: imported where it runs (not in Pyodide).
    from rulesite.play import play

    out, err = io.StringIO(), io.StringIO()
    status = play(str(path), out, err)
    return status, out.getvalue(), err.getvalue()


@reads_scenario_files
def test_play_runs_a_transfer_action_with_its_items() -> None:
    status, out, err = _play(SCENARIOS / "transfer.yaml")
    assert status == 0, err
    assert "> activate(system=home, second=colony)" in out
    for anchor in (
        anchors.TRANSFER_ACTIVATE,
        anchors.TRANSFER_MOVE,
        anchors.TRANSFER_LANDINGS,
        anchors.TRANSFER_PRODUCE,
    ):
        assert f"({anchor}" in out or f", {anchor}" in out, anchor
    assert "Red ends the transfer action" in out


@reads_scenario_files
def test_play_reports_a_refused_third_edition_choice(tmp_path: Path) -> None:
    text = (SCENARIOS / "transfer.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("{kind: land, planet: Mars,", "{kind: land, planet: Lodor,"))
    status, _, err = _play(bad)
    assert status == 1
    assert f"{bad}:31: illegal choice land(" in err
    assert anchors.TRANSFER_LANDINGS in err and "Traceback" not in err


@reads_scenario_files
def test_play_reports_a_bad_edition(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text((SCENARIOS / "transfer.yaml").read_text().replace("edition: 3", "edition: 2"))
    status, _, err = _play(bad)
    assert status == 2 and f"{bad}:3: edition: edition must be 3 or 4, got 2" in err


def test_odds_edition_3_space_mine_before_the_battle(capsys: pytest.CaptureFixture[str]) -> None:
    """One cruiser each: the mine sinks the attacker on 9-10 (20%), then 0.375 / 0.25 / 0.375."""
    status = odds_main(
        [
            "--edition",
            "3",
            "--attacker",
            "1 cruiser",
            "--defender",
            "1 cruiser",
            "--mines",
            "--json",
        ]
    )
    result = json.loads(capsys.readouterr().out)
    assert status == 0
    assert result["attacker_wins"] == pytest.approx(0.8 * 0.375)
    assert result["both_destroyed"] == pytest.approx(0.8 * 0.25)
    assert result["defender_wins"] == pytest.approx(0.2 + 0.8 * 0.375)


def test_odds_edition_3_invasion_pds_single_shot(capsys: pytest.CaptureFixture[str]) -> None:
    """A lone PDS fires one shot at 6: half the time the lone invader falls before any round."""
    status = odds_main(
        ["--edition", "3", "--attacker", "1 ground force", "--defender", "1 pds", "--ground"]
    )
    out = capsys.readouterr().out
    assert status == 0 and "attacker wins     50.00%" in out


def test_odds_edition_3_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert odds_main(["--edition", "3", "--attacker", "1 mech", "--defender", "1 pds"]) == 2
    assert "unknown unit 'mech'" in capsys.readouterr().err
    args = ["--edition", "3", "--attacker", "1 ground force", "--defender", "1 pds"]
    assert odds_main([*args, "--ground", "--mines"]) == 2
    assert "space mines" in capsys.readouterr().err


def test_odds_edition_3_reads_infantry_as_a_scenario_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``infantry`` is the 4th edition's word for a ground force; a 3rd-edition scenario
    takes it (engine.core.editions), and so does the command."""
    assert (
        odds_main(["--edition", "3", "--attacker", "4 infantry", "--defender", "1 pds", "--ground"])
        == 0
    )
    by_infantry = capsys.readouterr().out
    assert (
        odds_main(
            ["--edition", "3", "--attacker", "4 ground force", "--defender", "1 pds", "--ground"]
        )
        == 0
    )
    assert by_infantry == capsys.readouterr().out and "attacker wins" in by_infantry
