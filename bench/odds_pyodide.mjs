// Times the engine's exact odds inside real Pyodide under Node (the runtime the site uses).
//
//   node bench/odds_pyodide.mjs
//
// Copies engine/ and bench/odds.py into Pyodide's in-memory file system, then
// answers each line of JSON on stdin with one line of JSON on stdout: bench/odds.py's
// own `answer_line` (one block of a case's timings; {"ready"}, {"version"},
// {"baseline"}), so both runtimes time exactly the same code. One process serves
// a whole run, taking its turns with the peer's (bench/odds.py).

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
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

const pyodide = await loadPyodide();
copyInto(pyodide.FS, join(ROOT, "engine"), "/repo/engine");
pyodide.FS.mkdirTree("/repo/bench");
copyInto(pyodide.FS, join(ROOT, "bench", "odds.py"), "/repo/bench/odds.py");
await pyodide.runPythonAsync(`
import sys
sys.path[:0] = ["/repo", "/repo/bench"]
import odds
`);
const answer = pyodide.globals.get("odds").answer_line;
for await (const line of createInterface({ input: process.stdin })) {
  process.stdout.write(answer(line) + "\n");
}
