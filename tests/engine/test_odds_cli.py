"""The odds command: table and JSON output, one-line errors with status 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cli.odds import main

ROOT = Path(__file__).resolve().parents[2]


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--attacker", "1 cruiser", "--defender", "1 Cruiser"])
    out = capsys.readouterr().out
    assert status == 0
    assert "attacker wins     37.50%" in out
    assert "both destroyed    25.00%" in out
    assert "defender survivors" in out and "62.50%  none" in out


def test_json_output_with_ground_and_policy(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "--attacker",
            "2 infantry, 1 mech, 1 war sun",
            "--defender",
            "3 infantry, 1 pds",
            "--ground",
            "--casualties",
            "lose_first",
            "--json",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    assert set(data) == {
        "attacker_wins",
        "defender_wins",
        "both_destroyed",
        "attacker_survivors",
        "defender_survivors",
    }
    total = data["attacker_wins"] + data["defender_wins"] + data["both_destroyed"]
    assert total == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--attacker", "2 dreadnaught", "--defender", "1 cruiser"], "--attacker: item 1"),
        (["--attacker", "1 cruiser", "--defender", "2 cruiser,,"], "--defender: item 2"),
        (["--attacker", "1 cruiser"], "the following arguments are required: --defender"),
        (["--attacker", "1 infantry", "--defender", "1 cruiser"], "takes no part"),
        (["--attacker", "1 cruiser", "--defender", "1 cruiser", "--casualties", "x"], "policy"),
        (["--attacker", "1 cruiser", "--defender", "1 cruiser", "--fast"], "unrecognized"),
    ],
)
def test_bad_input_is_one_line_and_status_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(argv)
    captured = capsys.readouterr()
    assert status == 2
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("python -m engine odds: error: ")
    assert message in captured.err


# Pyodide has no subprocesses; the in-process tests above cover the command there.
@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_python_dash_m_engine_odds() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "odds",
            "--attacker",
            "1 cruiser",
            "--defender",
            "1 cruiser",
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["both_destroyed"] == pytest.approx(0.25)
    bad = subprocess.run(
        [sys.executable, "-m", "engine", "odds", "--attacker", "x", "--defender", "1 cruiser"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1


def test_a_fleet_larger_than_any_side_can_field_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(["--attacker", "1000000 cruiser", "--defender", "1 cruiser"])
    assert status == 2
    err = capsys.readouterr().err
    assert "more than 40 units" in err and "Traceback" not in err


def test_factions_options_and_rounds_on_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status = main(
        [
            "--attacker",
            "1 cruiser",
            "--defender",
            "1 cruiser",
            "--attacker-faction",
            "sardakk",
            "--defender-option",
            "morale_boost:1",
            "--defender-option",
            "antimass_deflectors",
            "--rounds",
            "1",
            "--json",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    assert status == 0
    # Both hit on 6 in round 1 (Unrelenting; Morale Boost): 0.5 each.
    assert data["undecided"] == pytest.approx(0.25)
    assert data["attacker"]["faction"]["name"] == "Sardakk N'orr"
    assert [o["id"] for o in data["defender"]["options"]] == [
        "antimass_deflectors",
        "morale_boost",
    ]
    status = main(["--attacker", "2 cruiser ii", "--defender", "1 damaged dreadnought"])
    assert status == 0 and "cruiser ii" in capsys.readouterr().out


def test_bad_options_on_the_command_line_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--attacker", "flagship", "--defender", "1 cruiser"]) == 2
    assert "flagship belongs to a faction" in capsys.readouterr().err
    assert (
        main(["--attacker", "1 cruiser", "--defender", "1 cruiser", "--attacker-option", "x"]) == 2
    )
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--attacker-option" in err
    assert main(["--list-options"]) == 0
    assert "Valkyrie Particle Weave" in capsys.readouterr().out


def _python(code: str, **kwargs) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, **kwargs
    )


@pytest.mark.skipif(sys.platform == "emscripten", reason="no subprocesses in Pyodide")
def test_an_unexpected_exception_in_the_engine_command_is_one_line_and_status_1() -> None:
    result = _python(
        "import runpy, sys, engine.cli.odds\n"
        "def broken(args): raise RuntimeError('lost\\nits way')\n"
        "engine.cli.odds.main = broken\n"
        "sys.argv = ['engine', 'odds']\n"
        "runpy.run_module('engine', run_name='__main__', alter_sys=True)\n"
    )
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "python -m engine: unexpected error at <string>:2: RuntimeError: lost its way"
    ]
