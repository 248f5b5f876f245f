"""``python -m rulesite play``: the annotated transcript and its errors (file:line)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from rulesite.cli import main
from rulesite.play import PlayError, load_file, play

SCENARIOS = Path(__file__).parents[1] / "engine" / "scenarios"


def _run(path: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = play(str(path), out, err)
    return status, out.getvalue(), err.getvalue()


def test_play_prints_each_choice_with_events_and_rules() -> None:
    status, out, err = _run(SCENARIOS / "fight_and_produce.yaml")
    assert status == 0, err
    assert "> activate(system=home)" in out
    assert "fight_and_produce.yaml:18]" in out
    assert "(89.1, 89.1.1)" in out
    assert "(89.5, 68.1, 67.1, 67.2, 89.5.1)" in out
    assert out.rstrip().endswith("= Finished; 0 choice(s) now")


def test_play_reports_an_illegal_scripted_choice(tmp_path: Path) -> None:
    text = (SCENARIOS / "fight_and_produce.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    twice = "{kind: activate, system: home}\n  - {kind: activate, system: home}"
    bad.write_text(text.replace("{kind: activate, system: home}", twice))
    status, _, err = _run(bad)
    assert status == 1
    assert f"{bad}:19: illegal choice activate(system=home)" in err
    assert "(89.2)" in err
    assert "Traceback" not in err


def test_play_reports_a_malformed_scenario_with_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "title: x\nplayers:\n  - {id: red, initiative: 1}\nsystems:\n"
        "  - {id: a, q: 0, r: 0, space: {red: {dreadnaught: 1}}}\n"
    )
    status, _, err = _run(bad)
    assert status == 2
    assert f"{bad}:5: systems[0].space.red: unknown unit 'dreadnaught'" in err


def test_play_reports_bad_yaml_syntax(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\nplayers: &anchor\n")
    status, _, err = _run(bad)
    assert status == 2
    assert f"{bad}:2:" in err


def test_play_reports_a_file_that_is_not_utf8_at_the_line_of_the_bad_byte(
    tmp_path: Path,
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes("title: x\nplayers: Caf\xe9\n".encode("cp1252"))
    status, _, err = _run(bad)
    assert status == 2
    assert err == f"error: {bad}:2: not UTF-8 text: byte 0xe9 cannot be decoded\n"


def test_main_dispatches_and_rejects_unknown_commands(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", str(SCENARIOS / "fight_and_produce.yaml")]) == 0
    assert "# Fight and produce" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        main(["fly"])
    assert stopped.value.code == 2
    assert "usage" in capsys.readouterr().err


def test_file_errors_carry_file_and_line(tmp_path: Path) -> None:
    text = (SCENARIOS / "full_tactical.yaml").read_text().replace("initiative: 2", "initiative: -2")
    path = tmp_path / "s.yaml"
    path.write_text(text)
    with pytest.raises(PlayError) as caught:
        load_file(path)
    line = text.splitlines().index("    initiative: -2") + 1
    assert caught.value.location == f"{path}:{line}"
    assert "must not be negative" in str(caught.value)


def test_play_replays_a_walkthrough_file_of_the_site() -> None:
    status, out, err = _run(
        SCENARIOS.parents[2] / "content" / "walkthroughs" / "tactical-action.yaml"
    )
    assert status == 0, err
    assert "> activate(system=front)" in out
