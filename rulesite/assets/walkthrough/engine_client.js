// Workers running the rules engine in Pyodide: one shared by the walkthroughs of a tab, one
// for try-it cells, which a runaway cell may take down without touching the first, and one
// for the odds calculator, which ends a stale calculation by ending its worker.

import { BASE, ROOT, siteConfig } from "./site_data.js";

export const STAGES = {
  runtime: "Loading the Python runtime…",
  engine: "Loading the rules engine…",
  ready: "",
};

export class EngineStopped extends Error {}

class Engine {
  constructor(config) {
    this.worker = new Worker(new URL("worker.js", BASE), { type: "module" });
    this.pending = new Map();
    this.listeners = new Set();
    this.stage = "runtime";
    this.nextId = 1;
    this.worker.onmessage = ({ data }) => {
      if (data.type === "progress") {
        this.stage = data.stage;
        this.listeners.forEach((listener) => listener(data.stage));
        return;
      }
      if (data.type === "share") {
        this.pending.get(data.id)?.told?.(data.share);
        return;
      }
      const call = this.pending.get(data.id);
      if (!call) return;
      this.pending.delete(data.id);
      if ("error" in data) call.reject(new Error(data.error));
      else call.resolve(data.result);
    };
    // A worker script that fails to load or dies reports here, not through onmessage.
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.stop(new Error(`the Python runtime failed to load (${event.message || "worker error"})`));
    };
    // The config whole, and what this host does (read by the page from the config's
    // response): the worker plans its fetches from them as the Start label did (transfer.js).
    this.ready = this.send("init", {
      pyodideUrl: new URL(config.pyodide, ROOT).href,
      wheelUrl: new URL(config.wheel, ROOT).href,
      rootUrl: ROOT.href,
      config,
    });
  }

  // `told`: given the share of a call's work done as it grows (engine.api.odds's progress).
  send(cmd, args, told = null) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, told });
      this.worker.postMessage({ id, cmd, args });
    });
  }

  async call(fn, ...args) {
    await this.ready;
    return this.send("call", { fn, args });
  }

  // A call with keyword arguments too: engine.api.odds's factions, options and rounds;
  // `told`, if given, hears the share of the work done.
  async callWith(fn, args, kwargs, told = null) {
    await this.ready;
    return this.send("call", { fn, args, kwargs, told: Boolean(told) }, told);
  }

  async run(code) {
    await this.ready;
    return this.send("run", { code });
  }

  // Ends the worker whatever it is doing; every call still waiting fails with `reason`.
  stop(reason) {
    this.worker.terminate();
    this.stopped = reason;
    for (const { reject } of this.pending.values()) reject(reason);
    this.pending.clear();
  }
}

// One engine started on request and shared; a failed or stopped one is forgotten, so the
// next request starts a fresh worker (its files then come from the browser's cache).
class EngineSlot {
  constructor() {
    this.promise = null;
    this.asked = false; // a reader pressed Start (not just the idle page's preload)
  }

  // Started by a reader: later walkthroughs in the tab then start by themselves.
  get started() {
    return this.asked && this.promise !== null;
  }

  // Started while the page was idle, before any Start: the reader's Start then finds it
  // (nearly) ready. `onReady` is told once it is.
  preload(onReady = () => {}) {
    if (this.promise) return;
    this.start(() => {}, { preload: true }).then(onReady, () => {});
  }

  async start(onProgress, { preload = false } = {}) {
    if (!preload) this.asked = true;
    // The promise, not the engine, is shared: two widgets starting at once get one worker.
    if (!this.promise) {
      const promise = siteConfig().then((config) => Object.assign(new Engine(config), { promise }));
      this.promise = promise;
      // The offline copy waits for a runtime's start, failed or not, then keeps what it
      // fetched (rules.js): the page may have had no service worker to keep it then.
      const started = this.promise.then((engine) => engine.ready).catch(() => []);
      window.dispatchEvent(new CustomEvent("rules:runtime", { detail: started }));
    }
    const starting = this.promise;
    try {
      const engine = await starting;
      onProgress(engine.stage);
      engine.listeners.add(onProgress);
      try {
        await engine.ready;
      } finally {
        engine.listeners.delete(onProgress);
      }
      onProgress("ready");
      return engine;
    } catch (err) {
      if (this.promise === starting) this.promise = null;
      (await starting.catch(() => null))?.stop(err);
      throw err;
    }
  }

  // Ends `engine`; the slot forgets it, not a newer one started since.
  stop(engine, reason) {
    if (engine.promise === this.promise) this.promise = null;
    engine.stop(reason);
  }
}

// The walkthroughs' engine, the try-it cells' and the calculator's: a runaway cell or a
// stale calculation stops only its own.
export const walkthroughEngine = new EngineSlot();
export const tryitEngine = new EngineSlot();
export const oddsEngine = new EngineSlot();
