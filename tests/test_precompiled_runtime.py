"""The runtime the site serves, compiled by its own Pyodide, works in it.

Builds the precompiled stdlib and engine wheel into a temporary cache with the
real npm Pyodide under Node, then boots Pyodide from the trimmed stdlib, installs
the wheel the way the widget does (``loadPackage``) and runs the engine.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import brotli
import pytest

from rulesite.runtime.engine_wheel import engine_wheel
from rulesite.runtime.precompiled import Runtime, precompiled_runtime

pytestmark = pytest.mark.pyodide

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"

BOOT = """
import { loadPyodide } from %(pyodide)s;
const py = await loadPyodide({ indexURL: %(index)s, stdLibURL: %(stdlib)s });
await py.loadPackage(%(wheel)s, { messageCallback: () => {} });
console.log("RESULT " + py.runPython(`
import json, sys, importlib.util
from engine import api
cached = api.__spec__.cached
with open(cached, "rb") as f:
    header = f.read(8)
try:
    import tomllib
    fallback = "imported"
except ImportError as error:
    fallback = str(error)
json.dumps({
    "odds_ok": api.odds("1 dreadnought", "1 cruiser").get("ok", True),
    "json_origin": sys.modules["json"].__spec__.origin,
    "pyc_magic_ok": header[:4] == importlib.util.MAGIC_NUMBER,
    "pyc_flags": int.from_bytes(header[4:8], "little"),
    "fallback": fallback,
})
`));
"""


@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Runtime:
    cache = tmp_path_factory.mktemp("cache")
    wheel = engine_wheel(ROOT / "engine", ROOT / ".cache")
    return precompiled_runtime(PYODIDE, wheel, cache)


def test_stdlib_is_bytecode_only_and_trimmed_with_the_full_one_beside_it(runtime: Runtime) -> None:
    trimmed = zipfile.ZipFile(runtime.stdlib).namelist()
    full = zipfile.ZipFile(runtime.full_stdlib).namelist()
    assert not [name for name in trimmed + full if name.endswith(".py")]
    assert "sitecustomize.pyc" in trimmed  # the fallback to the full stdlib
    assert "json/__init__.pyc" in trimmed and "importlib/metadata/__init__.pyc" in trimmed
    assert "tomllib/__init__.pyc" in full and "tomllib/__init__.pyc" not in trimmed
    assert Path(runtime.stdlib).stat().st_size < Path(runtime.full_stdlib).stat().st_size / 1.5


def test_stdlib_is_trimmed_module_by_module_not_package_by_package(runtime: Runtime) -> None:
    trimmed = set(zipfile.ZipFile(runtime.stdlib).namelist())
    full = set(zipfile.ZipFile(runtime.full_stdlib).namelist())
    # What the boot uses of a package stays; its other modules, and their folders, are left out.
    assert {"encodings/__init__.pyc", "encodings/utf_8.pyc", "email/__init__.pyc"} <= trimmed
    left_out = {"encodings/cp1252.pyc", "email/message.pyc", "email/mime/", "email/mime/text.pyc"}
    assert left_out <= full and not left_out & trimmed


def test_wheel_keeps_its_sources_and_lists_its_bytecode_in_record(runtime: Runtime) -> None:
    with zipfile.ZipFile(runtime.wheel) as wheel:
        names = wheel.namelist()
        record_name = next(n for n in names if n.endswith(".dist-info/RECORD"))
        record = {
            line.split(",")[0]: line.split(",")[1]
            for line in wheel.read(record_name).decode().splitlines()
        }
        pycs = [n for n in names if n.endswith(".pyc")]
        assert "engine/api.py" in names
        assert "engine/__pycache__/api.cpython-314.pyc" in pycs
        for name in pycs:
            digest = base64.urlsafe_b64encode(hashlib.sha256(wheel.read(name)).digest())
            assert record[name] == "sha256=" + digest.rstrip(b"=").decode()
    assert set(names) == set(record)


def test_wheel_is_stored_so_the_servers_brotli_shrinks_it(runtime: Runtime) -> None:
    """Deflated member by member, a wheel gains nothing from the site's Brotli sibling."""
    with zipfile.ZipFile(runtime.wheel) as wheel:
        assert {info.compress_type for info in wheel.infolist()} == {zipfile.ZIP_STORED}
    data = runtime.wheel.read_bytes()
    assert len(brotli.compress(data, quality=11)) < len(data) / 3


def _in_node(script: str, runtime: Runtime, tmp_path: Path) -> dict[str, Any]:
    """The ``RESULT`` line of ``script`` (a template of the runtime's paths) run by Node."""
    node = shutil.which("node")
    assert node, "node is needed to run Pyodide (see README set-up)"
    places = {
        "pyodide": (PYODIDE / "pyodide.mjs").as_uri(),
        "index": str(PYODIDE) + "/",
        "stdlib": str(runtime.stdlib),
        "full": str(runtime.full_stdlib),
        "wheel": str(runtime.wheel),
        "bridge": str(ROOT / "rulesite/assets/walkthrough/bridge.py"),
    }
    path = tmp_path / "run.mjs"
    path.write_text(script % {k: json.dumps(v) for k, v in places.items()}, encoding="utf-8")
    run = subprocess.run([node, str(path)], capture_output=True, text=True, timeout=300)
    lines = [line for line in run.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, run.stdout[-2000:] + run.stderr[-2000:]
    result: dict[str, Any] = json.loads(lines[-1].removeprefix("RESULT "))
    return result


def test_engine_runs_in_pyodide_booted_from_the_precompiled_runtime(
    runtime: Runtime, tmp_path: Path
) -> None:
    result = _in_node(BOOT, runtime, tmp_path)
    assert result["odds_ok"] is True
    assert result["json_origin"].endswith("json/__init__.pyc")
    assert result["pyc_magic_ok"] and result["pyc_flags"] == 0b01  # unchecked hash: no stat
    # Under Node there is no XMLHttpRequest: the fallback says what failed, as an ImportError.
    assert result["fallback"].startswith("tomllib: the full standard library is unavailable")


FALLBACK = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: %(index)s, stdLibURL: %(stdlib)s });
// What the site's worker gives the fallback (transfer.js): here, the file from the cache.
let fetched = [];
globalThis.rulesFetchSync = (url) => {
  fetched.push(url);
  return new Uint8Array(readFileSync(%(full)s));
};
const answer = JSON.parse(py.runPython(`
import json
import email.message, email.mime.text, tomllib
message = email.message.EmailMessage()
message["Subject"] = "Tactical action"
json.dumps({
    "subject": message["Subject"],
    "mime": email.mime.text.MIMEText("x").get_content_type(),
    "cp1252": list("\u00e9".encode("cp1252")),
    "toml": tomllib.loads("a = 1")["a"],
    "email_from": email.message.__spec__.origin,
})
`));
console.log("RESULT " + JSON.stringify({ ...answer, fetched }));
"""


def test_a_left_out_submodule_of_a_kept_package_imports_through_the_full_stdlib(
    runtime: Runtime, tmp_path: Path
) -> None:
    """``email`` is kept (its ``__init__`` only): ``email.message`` comes from the full zip,
    fetched once, as does a codec ``encodings`` left out and a package left out whole."""
    result = _in_node(FALLBACK, runtime, tmp_path)
    assert result["subject"] == "Tactical action"
    assert result["mime"] == "text/plain"
    assert result["cp1252"] == [0xE9] and result["toml"] == 1
    assert result["email_from"].startswith("/lib/python_stdlib_full.zip/email/")
    assert len(result["fetched"]) == 1  # fetched once, for all three


BRIDGE_RUN = """
import { loadPyodide } from %(pyodide)s;
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: %(index)s, stdLibURL: %(stdlib)s });
await py.loadPackage(%(wheel)s, { messageCallback: () => {} });
py.runPython(readFileSync(%(bridge)s, "utf8"), { filename: "bridge.py" });
const call = py.globals.get("_wt_call");
const run = py.globals.get("_wt_run");
let refused = "";
try { call("__import__", "[]"); } catch (error) { refused = String(error.message); }
const shares = [];
const repaired = JSON.parse(call(
  "odds",
  JSON.stringify(["2 dreadnought, 1 cruiser", "3 cruiser, 1 dreadnought"]),
  JSON.stringify({ attacker_options: ["duranium_armor"] }),
  (share) => { shares.push(share); },
));
console.log("RESULT " + JSON.stringify({
  odds: JSON.parse(call("odds", JSON.stringify(["1 dreadnought", "1 cruiser"]))),
  repaired_ok: repaired.ok,
  shares,
  run: JSON.parse(run("for n in range(30000):\\n    print(n)")),
  error: JSON.parse(run("1 / 0")),
  refused,
}));
"""


def test_the_workers_bridge_answers_engine_calls_and_runs_cells_in_pyodide(
    runtime: Runtime, tmp_path: Path
) -> None:
    """The worker's Python side, the file the site serves (rulesite/assets/walkthrough/
    bridge.py), run as worker.js runs it: engine.api by name, a cell's output capped."""
    result = _in_node(BRIDGE_RUN, runtime, tmp_path)
    assert result["odds"]["ok"] is True and 0 < result["odds"]["attacker_wins"] < 1
    assert len(result["run"]["text"]) == 20_000  # kept: the first 20,000 characters
    assert result["run"]["more_lines"] > 20_000  # the rest only counted
    assert result["error"]["text"].rstrip().endswith("ZeroDivisionError: division by zero")
    assert "bridge.py" not in result["error"]["text"]  # the reader sees only the cell's frames
    assert "engine.api has no function '__import__'" in result["refused"]
    # The worker's ``told`` hears the share of the work done as it grows, up to all of it.
    shares = result["shares"]
    assert result["repaired_ok"] is True
    assert len(shares) > 2 and shares == sorted(shares) and shares[-1] == 1.0, shares
