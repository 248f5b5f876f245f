// The rules engine in Pyodide, in a module Web Worker so the page stays responsive.
// The widget starts one for the walkthroughs of a tab and one for its try-it cells, each
// only when a reader presses Start or Run. Messages in: {id, cmd: "init" | "call" | "run",
// args}; out: {id, result} or {id, error}, plus {type: "progress", stage} while booting.
// A run answers {text, more_lines}: its output, capped, and how many lines were dropped.

const BRIDGE = `
import contextlib, io, json, traceback

def _wt_call(name, args_json):
    # engine.api is imported on first use: try-it cells only need the engine's modules.
    from engine import api
    return json.dumps(getattr(api, name)(*json.loads(args_json)))

class _WtCappedOutput(io.TextIOBase):
    # Keeps the first _LIMIT characters and only counts the lines after them, so a cell
    # printing in a loop cannot fill the worker's memory before its time limit.
    _LIMIT = 20_000

    def __init__(self):
        self.kept = []
        self.size = 0
        self.more_lines = 0

    def writable(self):
        return True

    def write(self, text):
        written = len(text)
        room = self._LIMIT - self.size
        if room > 0:
            self.kept.append(text[:room])
            self.size += min(len(text), room)
            text = text[room:]
        self.more_lines += text.count("\\n")
        return written

def _wt_run(code):
    out = _WtCappedOutput()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            exec(compile(code, "<try-it>", "exec"), {"__name__": "__tryit__"})
        except BaseException:
            # Drop the frames of this bridge: the reader only wrote the snippet.
            out.write(traceback.format_exc(limit=-4))
    return json.dumps({"text": "".join(out.kept), "more_lines": out.more_lines})
`;

let booted = null;

async function boot({ pyodideUrl, wheelUrl }) {
  self.postMessage({ type: "progress", stage: "runtime" });
  // The wheel downloads while the runtime boots, read to the end so the HTTP cache holds it
  // when loadPackage asks; a failure here is left for loadPackage to report.
  const wheel = fetch(wheelUrl)
    .then((response) => response.arrayBuffer())
    .catch(() => null);
  const { loadPyodide } = await import(new URL("pyodide.mjs", pyodideUrl).href);
  const pyodide = await loadPyodide({ indexURL: pyodideUrl });
  self.postMessage({ type: "progress", stage: "engine" });
  await wheel;
  // A wheel by URL: no micropip, nothing fetched but the file the site serves.
  await pyodide.loadPackage(wheelUrl, { messageCallback: () => {} });
  pyodide.runPython(BRIDGE);
  self.postMessage({ type: "progress", stage: "ready" });
  return pyodide;
}

self.onmessage = async ({ data: { id, cmd, args } }) => {
  try {
    if (cmd === "init") {
      booted ??= boot(args);
      await booted;
      self.postMessage({ id, result: true });
      return;
    }
    const pyodide = await booted;
    if (cmd === "call") {
      const out = pyodide.globals.get("_wt_call")(args.fn, JSON.stringify(args.args));
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
