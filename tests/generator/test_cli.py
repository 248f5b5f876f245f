"""The command line (``rulesite``, and ``build_site.py`` over it): a manual in its help,
clear errors without tracebacks, previous output untouched, a summary."""

from __future__ import annotations

import hashlib
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from tests.generator.content_folder import with_seven
from tests.generator.site_once import ROOT, BuiltSite


def _run(
    *args: str, program: tuple[str, ...] = ("-m", "rulesite")
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *program, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _fingerprint(folder: Path) -> dict[str, str]:
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture
def broken_content(tmp_path: Path) -> Path:
    """A copy of content/ whose rule cards have a broken line."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    cards = content / "rules" / "tactical_action.yaml"
    lines = cards.read_text(encoding="utf-8").splitlines()
    lines[5] = "        89.1.1 [unclosed"
    cards.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return content


@pytest.mark.slow
def test_a_broken_source_stops_the_build_and_leaves_the_previous_site_byte_identical(
    tmp_path: Path, broken_content: Path, built_site: BuiltSite
) -> None:
    site = built_site
    out = tmp_path / "site"
    shutil.copytree(site.out, out)
    before = _fingerprint(out)
    result = _run("build", "--content", str(broken_content), "--out", str(out))
    assert result.returncode != 0
    assert "Traceback" not in result.stderr + result.stdout
    assert "content/rules/tactical_action.yaml:" in result.stderr
    first = result.stderr.splitlines()[0]
    assert first.split(":")[1].isdigit(), first
    assert _fingerprint(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["content", "site"]


def test_strict_makes_a_link_to_no_known_topic_an_error_at_its_file_and_line_not_a_gap(
    tmp_path: Path,
) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    prose = content / "rules/tactical_action.md"
    text = prose.read_text(encoding="utf-8")
    prose.write_text(text.replace("(/rules/r_space_combat)", "(/rules/r_spcae_combat)"), "utf-8")
    result = _run("build", "--strict", "--content", str(content), "--out", str(tmp_path / "site"))
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    # The 12 other related topics the shipped content lacks are gaps the topic index knows.
    assert [line for line in lines if "content/rules/" in line] == [
        "content/rules/tactical_action.md:52: link to 'Space Combat' "
        "(spcae_combat): no such topic here or in the topic index"
    ]
    assert not (tmp_path / "site").exists()


def test_a_missing_content_folder_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    result = _run("build", "--content", str(tmp_path / "nowhere"), "--out", str(tmp_path / "site"))
    assert result.returncode != 0
    assert "Traceback" not in result.stderr
    assert "nowhere" in result.stderr and "content folder not found" in result.stderr


def test_a_malformed_dev_addr_is_refused(tmp_path: Path) -> None:
    result = _run("serve", "--dev-addr", "localhost", "--content", str(tmp_path / "content"))
    assert result.returncode == 2
    assert "--dev-addr must be HOST:PORT" in result.stderr
    assert not (tmp_path / "content").exists()


@pytest.mark.slow
def test_a_successful_build_prints_its_summary(built_site: BuiltSite) -> None:
    site = built_site
    assert site.status == 0
    lines = site.stdout.splitlines()
    assert lines[0].startswith(f"built {site.out} in ")
    for label in ("topics", "rules", "links resolved", "links unresolved", "warnings"):
        assert any(line.startswith(f"{label}: ") for line in lines), label
    assert (site.out / "index.html").is_file()


def test_an_output_folder_that_cannot_be_made_is_an_error_not_a_traceback(
    tmp_path: Path,
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    result = _run("build", "--out", str(blocker / "site"))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.startswith("build failed: ")
    assert str(blocker) in result.stderr


@pytest.mark.slow
def test_serving_on_an_address_in_use_is_an_error_not_a_traceback(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = _run("serve", "--dev-addr", f"127.0.0.1:{port}")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert f"cannot serve at 127.0.0.1:{port}: " in result.stderr


def _python(code: str, **kwargs) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60, **kwargs
    )


def test_an_unexpected_exception_in_build_site_is_one_line_and_status_1() -> None:
    """Every top-level entry point turns an unexpected exception into one line."""
    result = _python(
        "import runpy, sys, rulesite.cli\n"
        "def broken(): raise KeyError('no such thing')\n"
        "rulesite.cli.build_site_main = broken\n"
        "sys.argv = ['build_site.py']\n"
        "runpy.run_path('build_site.py', run_name='__main__')\n"
    )
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "build_site.py: unexpected error at <string>:2: KeyError: 'no such thing'"
    ]


def test_a_closed_pipe_is_no_error(tmp_path: Path) -> None:
    """``build_site.py ... | head -c 5`` ended in BrokenPipeError and status 1
    after a good build (and ``python -m engine odds`` the same)."""
    content = with_seven(tmp_path, {})
    commands = [
        [str(ROOT / "build_site.py"), "--content", str(content), "--out", str(tmp_path / "site")],
        ["-m", "engine", "odds", "--attacker", "1 dreadnought", "--defender", "1 cruiser"],
    ]
    for command in commands:
        process = subprocess.Popen(
            [sys.executable, *command], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # the reader is gone before anything is written
        errors = process.stderr.read().decode()
        assert process.wait(timeout=300) == 0, errors
        assert "Traceback" not in errors and "BrokenPipe" not in errors
    assert (tmp_path / "site" / "rules" / "seven" / "index.html").is_file()


def test_the_help_is_a_manual_naming_every_command_and_engine() -> None:
    from rulesite.adapters.registry import REGISTERED

    manual = _run("--help")
    assert manual.returncode == 0
    for command in ("build", "serve", "generate", "diff", "play", "odds"):
        assert f"    {command} " in manual.stdout, command
    assert "examples:" in manual.stdout and "Exit status:" in manual.stdout
    build = _run("build", "--help").stdout
    for registration in REGISTERED:
        assert registration.name in build and registration.summary in " ".join(build.split())
    assert "--previous OLD" in build and "examples:" in build
    odds = _run("odds", "--help").stdout
    assert odds.startswith("usage: rulesite odds ") and "--attacker" in odds


def test_odds_reaches_the_engines_command_line() -> None:
    result = _run("odds", "--attacker", "1 cruiser", "--defender", "1 cruiser", "--json")
    assert result.returncode == 0, result.stderr
    assert '"attacker_wins"' in result.stdout
    refused = _run("odds", "--attacker", "1 cruiser", "--defender", "2 spaceship")
    assert refused.returncode == 2
    assert refused.stderr.startswith("rulesite odds: error: ")


def test_build_site_py_is_rulesite_build_and_with_serve_rulesite_serve(tmp_path: Path) -> None:
    missing = tmp_path / "nowhere"
    built = _run(
        "--content", str(missing), "--out", str(tmp_path / "s"), program=("build_site.py",)
    )
    assert built.returncode == 1
    assert "content folder not found" in built.stderr and "build stopped" in built.stderr
    served = _run("--serve", "--dev-addr", "localhost", program=("build_site.py",))
    assert served.returncode == 2
    assert "--dev-addr must be HOST:PORT" in served.stderr


@pytest.mark.parametrize("old", ["/proc/self", "/"])
def test_diff_names_a_folder_as_given_not_where_it_resolves(
    old: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``diff /proc/self NEW`` named its error ``3176:1:``, ``diff / NEW`` ``.:1:``."""
    from rulesite.cli import main

    assert main(["diff", old, str(ROOT / "content")]) == 2  # trouble, as diff(1) says it
    assert capsys.readouterr().err.startswith(f"{old}:1: earlier sources")


def test_a_name_with_control_or_bidirectional_characters_is_printed_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A right-to-left override (or an escape sequence) in a file name reached the terminal
    raw: it reorders or recolours what is printed after it."""
    from rulesite.cli import main

    rules = tmp_path / "old\u202e" / "rules"
    rules.mkdir(parents=True)
    (rules / "a\x1b[31m\u2066b.md").write_text("---\ntitle: [\n", encoding="utf-8")
    assert main(["diff", str(rules.parent), str(ROOT / "content")]) == 2
    printed = capsys.readouterr().err
    assert printed.startswith("old\\u202e/rules/a\\x1b[31m\\u2066b.md:")
    assert not any(c in printed for c in "\u202e\u2066\x1b")
