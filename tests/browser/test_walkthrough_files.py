"""Walkthrough content at build time: validation with file:line, embedding, the engine wheel.

These need no browser; they guard what the browser tests take for granted.
"""

from __future__ import annotations

import json
import shutil
import zipfile
from pathlib import Path

import pytest

from rulesite.core.errors import SourceError
from rulesite.core.walkthroughs import load_walkthroughs
from rulesite.runtime import AssetSources, write_assets
from rulesite.runtime.engine_wheel import engine_wheel

ROOT = Path(__file__).resolve().parents[2]


# The project's own wheel cache, as the site build uses it: the wheel is built once.
SOURCES = AssetSources(ROOT / "engine", ROOT / ".cache", ROOT / "node_modules")


SCENARIO = """\
title: Small
page: movement
players:
  - {id: red, initiative: 1}
systems:
  - id: home
    q: 0
    r: 0
    space:
      red: {carrier: 1, dreadnaught: 1}
start: {phase: tactical_action, active_player: red}
"""


def _content(tmp_path: Path, files: dict[str, str]) -> Path:
    folder = tmp_path / "walkthroughs"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    return tmp_path


def _error(tmp_path: Path, files: dict[str, str]) -> str:
    with pytest.raises(SourceError) as caught:
        load_walkthroughs(_content(tmp_path, files))
    return str(caught.value)


def test_unknown_unit_is_reported_at_its_line(tmp_path: Path) -> None:
    message = _error(tmp_path, {"small.yaml": SCENARIO})
    assert message.startswith(f"{tmp_path / 'walkthroughs' / 'small.yaml'}:10: ")
    assert "dreadnaught" in message


def test_broken_yaml_is_reported_at_its_line(tmp_path: Path) -> None:
    message = _error(tmp_path, {"bad.yaml": "title: x\nplayers: [\n  - a: 1\nb: ]\n"})
    assert ":4: invalid YAML" in message or ":3: invalid YAML" in message


def test_unknown_narration_step_names_the_step(tmp_path: Path) -> None:
    text = SCENARIO.replace("dreadnaught", "dreadnought") + "narration:\n  moving: text\n"
    message = _error(tmp_path, {"small.yaml": text})
    assert ":13: narration.moving: unknown step 'moving'" in message


def test_script_the_engine_refuses_is_reported(tmp_path: Path) -> None:
    text = (
        SCENARIO.replace("dreadnaught", "dreadnought")
        + "script:\n  - {kind: activate, system: home}\n  - {kind: activate, system: home}\n"
    )
    message = _error(tmp_path, {"small.yaml": text})
    assert ":14: script[1]: the engine refuses it" in message


def test_tryit_syntax_error_names_the_snippet_line(tmp_path: Path) -> None:
    text = "page: movement\ntitle: t\ncode: |\n  x = 1\n  print(x\n"
    message = _error(tmp_path, {"tryit-broken.yaml": text})
    assert ":5: code: Python syntax error" in message


def test_shipped_walkthroughs_load_and_embed_on_their_pages() -> None:
    found = load_walkthroughs(ROOT / "content")
    pages = {w.page for w in found.walkthroughs}
    assert {"tactical_action", "movement", "action_phase"} <= pages
    movement = found.embed_html("movement")
    assert movement.count('class="wt"') == sum(w.page == "movement" for w in found.walkthroughs)
    assert "\n\n" not in movement.split("\n\n")[0]  # each block is one raw HTML block
    assert 'data-tryit="tryit-combat-odds"' in found.embed_html("tactical_action")
    assert found.embed_html("strategic_action") == ""


def test_marker_in_markdown_becomes_the_placeholder() -> None:
    found = load_walkthroughs(ROOT / "content")
    text = "# Page\n\n<!-- walkthrough: movement-blocking -->\n\nMore.\n"
    assert 'data-walkthrough="movement-blocking"' in found.expand_markers(text, "page.md")
    with pytest.raises(SourceError, match=r"page\.md:2: unknown walkthrough 'nope'"):
        found.expand_markers("x\n<!-- walkthrough: nope -->\n", "page.md")


def test_engine_wheel_is_built_once_per_engine_content(tmp_path: Path) -> None:
    engine = tmp_path / "engine"
    shutil.copytree(ROOT / "engine", engine, ignore=shutil.ignore_patterns("__pycache__"))
    first = engine_wheel(engine, tmp_path / "cache")
    with zipfile.ZipFile(first) as wheel:
        names = wheel.namelist()
    assert first.name.endswith("-py3-none-any.whl")
    assert "engine/api.py" in names and "engine/core/units.py" in names
    built_at = first.stat().st_mtime_ns
    assert engine_wheel(engine, tmp_path / "cache") == first
    assert first.stat().st_mtime_ns == built_at  # served from the cache, not rebuilt
    (engine / "core/units.py").write_text((engine / "core/units.py").read_text() + "\n# changed\n")
    assert engine_wheel(engine, tmp_path / "cache").parent != first.parent


def test_write_assets_stages_wheel_runtime_and_data(tmp_path: Path) -> None:
    found = load_walkthroughs(ROOT / "content")
    docs = tmp_path / "docs"
    write_assets(found, docs, {"extra": {"pyodide_url": ""}}, SOURCES)
    config = json.loads((docs / "assets/walkthrough/config.json").read_text())
    assert config["pyodide"] == "assets/pyodide/"
    assert (docs / config["wheel"]).is_file()
    for name in ("pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (docs / "assets/pyodide" / name).stat().st_size > 0
    data = json.loads((docs / "assets/walkthrough/data/tactical-action.json").read_text())
    assert data["script"][0] == {"kind": "activate", "system": "front"}
    assert "page" not in data


def test_a_marker_in_a_hand_written_page_becomes_its_placeholder() -> None:
    found = load_walkthroughs(ROOT / "content")
    page = found.expand_markers("# Hand\n\n<!-- walkthrough: movement-blocking -->\n", "hand.md")
    assert 'data-walkthrough="movement-blocking"' in page


def test_a_cdn_pyodide_url_copies_no_runtime(tmp_path: Path) -> None:
    cdn = "https://cdn.example.org/pyodide/v314.0.7/full/"
    write_assets(
        load_walkthroughs(ROOT / "content"), tmp_path, {"extra": {"pyodide_url": cdn}}, SOURCES
    )
    assert json.loads((tmp_path / "assets/walkthrough/config.json").read_text())["pyodide"] == cdn
    assert not (tmp_path / "assets/pyodide").exists()
