// Boots the site's own Pyodide under Node and prepares the runtime the site serves.
//
//   node precompile.mjs PYODIDE_DIR ENGINE_WHEEL OUT_DIR
//
// Writes into OUT_DIR, all compiled to bytecode by this Pyodide (pyc_in_pyodide.py,
// beside this file, does the work): python_stdlib_full.zip (the whole stdlib),
// python_stdlib.zip (only the packages the engine and the boot use, plus the fallback
// that fetches the full one for anything else) and the engine wheel with its bytecode.
// Prints one line of JSON with what it did. Runs offline.

import { readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, wheel, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error("usage: precompile.mjs PYODIDE_DIR ENGINE_WHEEL OUT_DIR");
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const index = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(join(index, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: index });
const { FS } = pyodide;
for (const [host, guest] of [[index, "/mnt/pyodide"], [dirname(resolve(wheel)), "/mnt/wheel"], [resolve(outDir), "/mnt/out"]]) {
  FS.mkdirTree(guest);
  FS.mount(FS.filesystems.NODEFS, { root: host }, guest);
}
pyodide.runPython(readFileSync(join(here, "pyc_in_pyodide.py"), "utf8"));
const py = (name) => pyodide.globals.get(name);
// Where the files live in the browser, so tracebacks name them as the reader sees them.
const stdlibPath = pyodide.runPython("next(p for p in __import__('sys').path if p.endswith('.zip'))");
const sitePackages = pyodide.runPython("__import__('site').getsitepackages()[0]");
const full = "/mnt/out/python_stdlib_full.zip";
const stdlibCompiled = py("stdlib_zip")("/mnt/pyodide/python_stdlib.zip", full, stdlibPath);
const wheelCompiled = py("wheel")(`/mnt/wheel/${basename(wheel)}`, `/mnt/out/${basename(wheel)}`, sitePackages);
// Installed as the widget installs it: loadPackage imports what it needs (importlib.metadata).
await pyodide.loadPackage(resolve(wheel), { messageCallback: () => {} });
const used = py("used_stdlib")(stdlibPath, "engine");
const fallback = readFileSync(join(here, "stdlib_fallback.py"), "utf8");
const left = py("trimmed_zip")(full, "/mnt/out/python_stdlib.zip", used, fallback, stdlibPath);
console.log(JSON.stringify({
  stdlib_compiled: stdlibCompiled,
  wheel_compiled: wheelCompiled,
  kept: used.toJs(),
  left_out: left.toJs(),
}));
