// Times the engine's exact odds inside real Pyodide under Node (the runtime the site uses).
//
//   node bench/odds_pyodide.mjs < cases.json
//
// Copies engine/ and bench/odds.py into Pyodide's in-memory file system and
// runs bench/odds.py's own `measure` on the cases given on stdin (the JSON
// that `measure` takes), so both runtimes time exactly the same code. Prints
// the result of `measure` as one JSON document on stdout.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "pyodide";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function copyInto(FS, hostPath, guestPath) {
  if (statSync(hostPath).isDirectory()) {
    FS.mkdirTree(guestPath);
    for (const name of readdirSync(hostPath)) {
      if (name !== "__pycache__") copyInto(FS, join(hostPath, name), `${guestPath}/${name}`);
    }
  } else {
    FS.writeFile(guestPath, readFileSync(hostPath));
  }
}

const cases = readFileSync(0, "utf8");
const pyodide = await loadPyodide();
copyInto(pyodide.FS, join(ROOT, "engine"), "/repo/engine");
pyodide.FS.mkdirTree("/repo/bench");
copyInto(pyodide.FS, join(ROOT, "bench", "odds.py"), "/repo/bench/odds.py");
pyodide.globals.set("CASES", cases);
const result = await pyodide.runPythonAsync(`
import json, sys
sys.path[:0] = ["/repo", "/repo/bench"]
import odds
json.dumps(odds.measure(json.loads(CASES)))
`);
process.stdout.write(result);
