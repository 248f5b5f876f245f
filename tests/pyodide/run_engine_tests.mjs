// Run the engine's test suite inside real Pyodide under Node.
//
//   node tests/pyodide/run_engine_tests.mjs --wheels DIR --pure DIR2 [pytest args...]
//
// DIR holds pure wheels of pytest, hypothesis and their dependencies (the
// pytest test tests/test_engine_in_pyodide.py downloads them with pip). DIR2
// holds pure-Python packages put on sys.path as they are: PyYAML's Python
// implementation, which the tests use to read scenario files (PyPI has no pure
// wheel of it, and the engine itself never imports it). The
// script copies engine/, tests/engine/, content/ and pyproject.toml into
// Pyodide's in-memory file system (so nothing is written back to the
// checkout), runs pytest there and exits with pytest's status. Its last line
// of output is `PYODIDE_RESULT {json}`: the node ids that passed, failed and
// were skipped (with reasons), so the caller can check nothing was lost.

import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const COPIED = ["engine", "tests/engine", "content", "pyproject.toml"];
const SKIPPED_NAMES = new Set(["__pycache__", ".hypothesis", ".pytest_cache"]);

function parseArgs(argv) {
  const options = {};
  const taken = new Set();
  for (const name of ["--wheels", "--pure"]) {
    const at = argv.indexOf(name);
    if (at === -1 || at + 1 >= argv.length) {
      throw new Error("usage: run_engine_tests.mjs --wheels DIR --pure DIR [pytest args...]");
    }
    options[name.slice(2)] = resolve(argv[at + 1]);
    taken.add(at).add(at + 1);
  }
  const pytestArgs = argv.filter((_, i) => !taken.has(i));
  return { wheels: options.wheels, pure: options.pure, pytestArgs };
}

function copyInto(FS, hostPath, guestPath) {
  if (statSync(hostPath).isDirectory()) {
    FS.mkdirTree(guestPath);
    for (const name of readdirSync(hostPath)) {
      if (!SKIPPED_NAMES.has(name)) {
        copyInto(FS, join(hostPath, name), `${guestPath}/${name}`);
      }
    }
  } else {
    FS.writeFile(guestPath, readFileSync(hostPath));
  }
}

// Counts every test outcome by node id; pytest's exit status alone would not
// show a test silently skipped.
const RUNNER = `
import json, sys, pytest

class Outcomes:
    def __init__(self):
        self.passed, self.failed, self.skipped, self.xfailed = [], [], {}, []

    def pytest_runtest_logreport(self, report):
        if report.skipped and hasattr(report, "wasxfail"):
            self.xfailed.append(report.nodeid)
        elif report.skipped:
            reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
            self.skipped[report.nodeid] = reason
        elif report.failed:
            self.failed.append(report.nodeid)
        elif report.passed and report.when == "call":
            self.passed.append(report.nodeid)

outcomes = Outcomes()
status = int(pytest.main(ARGS, plugins=[outcomes]))
sys.stdout.flush()
RESULT = json.dumps({
    "status": status,
    "version": sys.version.split()[0],
    "platform": sys.platform,
    "passed": outcomes.passed,
    "failed": sorted(set(outcomes.failed)),
    "skipped": outcomes.skipped,
    "xfailed": sorted(set(outcomes.xfailed)),
})
RESULT
`;

async function main() {
  const { wheels, pure, pytestArgs } = parseArgs(process.argv.slice(2));
  if (!existsSync(wheels)) {
    throw new Error(`wheel directory ${wheels} does not exist`);
  }
  const wheelFiles = readdirSync(wheels)
    .filter((name) => name.endsWith(".whl"))
    .map((name) => join(wheels, name));
  const pyodide = await loadPyodide();
  // Raw writes keep pytest's progress dots on one line; the copy outlives Pyodide's buffer.
  for (const [set, stream] of [
    [pyodide.setStdout, process.stdout],
    [pyodide.setStderr, process.stderr],
  ]) {
    set.call(pyodide, {
      write: (bytes) => {
        stream.write(Buffer.from(bytes));
        return bytes.length;
      },
    });
  }
  await pyodide.loadPackage(wheelFiles, { messageCallback: () => {} });
  for (const path of COPIED) {
    const host = join(ROOT, path);
    if (existsSync(host)) {
      copyInto(pyodide.FS, host, `/repo/${path}`);
    }
  }
  copyInto(pyodide.FS, pure, "/pure");
  pyodide.FS.chdir("/repo");
  pyodide.globals.set("ARGS", pyodide.toPy(["-p", "no:cacheprovider", ...pytestArgs]));
  const result = await pyodide.runPythonAsync(`import os, sys\nsys.path[:0] = ["/repo", "/pure"]\n${RUNNER}`);
  // Exit once the line is written: a piped stdout is written asynchronously, and
  // exiting at once cut a result longer than the pipe's 64 KiB buffer short.
  process.stdout.write(`PYODIDE_RESULT ${result}\n`, () => process.exit(JSON.parse(result).status));
}

main().catch((error) => {
  console.error(`run_engine_tests.mjs: ${error.message}`);
  process.exit(3);
});
