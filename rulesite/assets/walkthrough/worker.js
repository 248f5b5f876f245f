// The rules engine in Pyodide, in a module Web Worker so the page stays responsive.
// The widget starts one for the walkthroughs of a tab and one for its try-it cells, each
// only when a reader presses Start or Run; the odds calculator starts one of its own.
// Messages in: {id, cmd: "init" | "call" | "run", args}, a call's args {fn, args, kwargs}
// (kwargs: the keyword arguments, as engine.api.odds takes its factions and options);
// out: {id, result} or {id, error}, plus {type: "progress", stage} while booting and, for a
// call asked with `told`, {id, type: "share", share} as the share of its work done grows.
// A run answers {text, more_lines}: its output, capped, and how many lines were dropped.

import { decodingFetch } from "./transfer.js";

// The Python side (bridge.py, beside this file): fetched while the runtime boots.
const BRIDGE_URL = new URL("bridge.py", import.meta.url).href;

let booted = null;

// A worker obeys the site's Content-Security-Policy only when its script is served with it
// as a header (a page's <meta> policy never reaches a worker), which a plain static host
// (python3 -m http.server, GitHub Pages) does not send. A try-it cell's Python reaches the
// network through the browser's objects (js.fetch, pyodide.http, XMLHttpRequest, ...), so
// these are kept to the site's origin and the runtime's. A second line behind the header,
// not a sandbox: the header also stops what no wrapper can (a dynamic import, say).
function confineTo(origins) {
  const allowed = (url) => {
    try {
      return origins.has(new URL(url, self.location.href).origin);
    } catch {
      return false;
    }
  };
  const refusal = (url) => new TypeError(`${url} is not on this site: the runtime fetches only the site's own files`);
  const siteFetch = self.fetch.bind(self);
  self.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return allowed(url) ? siteFetch(input, init) : Promise.reject(refusal(url));
  };
  const open = XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.open = function (method, url, ...rest) {
    if (!allowed(String(url))) throw refusal(url);
    return open.call(this, method, url, ...rest);
  };
  for (const name of ["WebSocket", "EventSource", "WebTransport", "Worker", "SharedWorker"]) {
    self[name] = function () {
      throw new TypeError(`${name} is not available to the runtime`);
    };
  }
}

async function boot({ pyodideUrl, wheelUrl, rootUrl, config }) {
  confineTo(new Set([self.location.origin, new URL(pyodideUrl).origin, new URL(wheelUrl).origin]));
  // On a host that sends files as they are on disk, the large ones come as their Brotli
  // siblings, decoded here; Pyodide's own fetches (the wasm, the stdlib, the lock file, the
  // wheel) go through this fetch too.
  const transfer = decodingFetch(config, config.host ?? { encoding: "", blobScripts: false }, rootUrl, self.fetch);
  self.fetch = transfer.fetch;
  // stdlib_fallback.py's synchronous fetch of the full standard library, the same way.
  self.rulesFetchSync = transfer.fetchSync;
  self.postMessage({ type: "progress", stage: "runtime" });
  // The wheel downloads while the runtime boots, read to the end so the HTTP cache holds it
  // when loadPackage asks; a failure here is left for loadPackage to report.
  const wheel = fetch(wheelUrl)
    .then((response) => response.arrayBuffer())
    .catch(() => null);
  const decoder = transfer.ready();
  transfer.prefetch([...config.runtime_files, config.wheel]);
  const bridge = fetch(BRIDGE_URL).then((response) => {
    if (!response.ok) throw new Error(`${BRIDGE_URL}: ${response.status}`);
    return response.text();
  });
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideUrl).href);
  const module = new URL("pyodide.asm.mjs", pyodideUrl).href;
  const pyodide = await loadPyodide({
    indexURL: pyodideUrl,
    createPyodideModule: transfer.has(module) ? await decodedModule(transfer, module) : undefined,
  });
  self.postMessage({ type: "progress", stage: "engine" });
  await wheel;
  // A wheel by URL: no micropip, nothing fetched but the file the site serves.
  await pyodide.loadPackage(wheelUrl, { messageCallback: () => {} });
  await decoder;
  transfer.forget();
  pyodide.runPython(await bridge, { filename: "bridge.py" });
  self.postMessage({ type: "progress", stage: "ready" });
  return pyodide;
}

// The Emscripten module, decoded here, imported from a blob: URL (transfer.js plans this only
// where the host's policy allows it).
async function decodedModule(transfer, url) {
  const blob = URL.createObjectURL(new Blob([await transfer.bytesOf(url)], { type: "text/javascript" }));
  try {
    return (await import(blob)).default;
  } finally {
    URL.revokeObjectURL(blob);
  }
}

self.onmessage = async ({ data: { id, cmd, args } }) => {
  try {
    if (cmd === "init") {
      booted ??= boot(args);
      await booted;
      // What the runtime fetched, so that the offline copy can keep it (rules.js).
      const fetched = [...new Set(performance.getEntriesByType("resource").map((entry) => entry.name))];
      self.postMessage({ id, result: fetched });
      return;
    }
    const pyodide = await booted;
    if (cmd === "call") {
      const call = pyodide.globals.get("_wt_call");
      // The share of the work done, posted as it grows (engine.api.odds's progress).
      const told = args.told ? (share) => self.postMessage({ id, type: "share", share }) : undefined;
      const out = call(args.fn, JSON.stringify(args.args), JSON.stringify(args.kwargs ?? {}), told);
      self.postMessage({ id, result: JSON.parse(out) });
    } else if (cmd === "run") {
      self.postMessage({ id, result: JSON.parse(pyodide.globals.get("_wt_run")(args.code)) });
    } else {
      throw new Error(`unknown command ${cmd}`);
    }
  } catch (err) {
    self.postMessage({ id, error: String(err && err.message ? err.message : err) });
  }
};
