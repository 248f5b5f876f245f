// Interactive walkthroughs and try-it cells, mounted on every page Material shows.
//
// Loaded once per tab as a module (extra_javascript). With navigation.instant the page's
// scripts are not run again, so widgets are mounted from Material's document$ observable,
// and the Pyodide worker is a module-level singleton that survives page changes. Nothing
// here starts Pyodide until a reader opens a walkthrough or scrolls one into view.

const BASE = new URL("./", import.meta.url); // .../assets/walkthrough/
const ROOT = new URL("../../", BASE); // the site root
const SVG = "http://www.w3.org/2000/svg";
const STAGES = {
  runtime: "Loading the Python runtime…",
  engine: "Loading the rules engine…",
  ready: "",
};
// Choices a reader may try even when the engine does not offer them, to see the rule
// that forbids them (passing before the strategic action, say).
const TRYABLE = { action_phase: [{ kind: "pass", label: "Pass" }] };
// What Production can make and its cost (for how many), as in engine/units.py: the
// produce builder offers them all, and the engine refuses what the player may not build.
// Dark enough for a white letter on a command token.
const COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#7a5c00", "#6a1b9a", "#b34700"];

let configPromise = null;
let indexPromise = null;
let enginePromise = null;

function fetchJson(url) {
  return fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.json();
  });
}

function siteConfig() {
  configPromise ??= fetchJson(new URL("assets/walkthrough/config.json", ROOT));
  return configPromise;
}

// Anchor id → page URL; a missing index only means citations are shown unlinked.
function rulesIndex() {
  indexPromise ??= fetchJson(new URL("assets/rules-index.json", ROOT)).catch(() => ({}));
  return indexPromise;
}

// The one worker of this tab. Progress listeners come and go with the widgets of a page.
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
      const { resolve, reject } = this.pending.get(data.id);
      this.pending.delete(data.id);
      if ("error" in data) reject(new Error(data.error));
      else resolve(data.result);
    };
    this.ready = this.send("init", {
      pyodideUrl: new URL(config.pyodide, ROOT).href,
      wheelUrl: new URL(config.wheel, ROOT).href,
    });
  }

  send(cmd, args) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, cmd, args });
    });
  }

  async call(fn, ...args) {
    await this.ready;
    return this.send("call", { fn, args });
  }

  async run(code) {
    await this.ready;
    return this.send("run", { code });
  }
}

async function startEngine(onProgress) {
  // The promise, not the engine, is shared: two widgets starting at once get one worker.
  enginePromise ??= siteConfig().then((config) => new Engine(config));
  const engine = await enginePromise;
  onProgress(engine.stage);
  engine.listeners.add(onProgress);
  try {
    await engine.ready;
  } finally {
    engine.listeners.delete(onProgress);
  }
  onProgress("ready");
  return engine;
}

// ---- small DOM helpers -------------------------------------------------------------

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === false || value == null) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    // Through the CSSOM: a style attribute would be refused by the site's CSP (rulesite/csp.py).
    else if (key === "style") el.style.cssText = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child != null && child !== false) el.append(child);
  }
  return el;
}

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) if (value != null) el.setAttribute(key, value);
  for (const child of children.flat()) if (child != null) el.append(child);
  return el;
}

// A unit's cost as its card prints it: "(cost 3)", or "(cost 1 for 2)" for fighters and infantry.
function costLabel(unit) {
  if (!unit) return "";
  return unit.per_cost > 1 ? ` (cost ${unit.cost} for ${unit.per_cost})` : ` (cost ${unit.cost})`;
}

// A rule citation: a link to its anchor when the site has it, else plain "LRR 78.4".
function ruleRef(ref, index) {
  const entry = index[ref];
  if (!entry) return h("span", { class: "wt-ref wt-ref--plain" }, `LRR ${ref}`);
  const url = typeof entry === "string" ? entry : entry.url;
  const href = new URL(url.includes("#") ? url : `${url}#${ref}`, ROOT).href;
  return h("a", { class: "wt-ref", href, title: entry.title || null }, entry.label || ref);
}

function ruleRefs(refs, index) {
  if (!refs || !refs.length) return null;
  const out = h("span", { class: "wt-refs" }, "(");
  refs.forEach((ref, i) => {
    if (i) out.append(", ");
    out.append(ruleRef(ref, index));
  });
  out.append(")");
  return out;
}

// Engine texts end with "(89.2)"; the links replace that tail. Other parentheses at the
// end ("Produce 2 Fighter (cost 1)") are words of the text and stay.
function withoutRefs(text, refs) {
  const tail = text.match(/\s*\(([^()]*)\)\s*$/);
  if (!tail || !refs || !refs.some((ref) => tail[1].includes(ref))) return text;
  return text.slice(0, tail.index);
}

function unitSummary(units) {
  const counts = new Map();
  for (const unit of units) {
    const key = unit.type.replace(/_/g, " ");
    const entry = counts.get(key) || { n: 0, damaged: 0 };
    entry.n += 1;
    if (unit.damaged) entry.damaged += 1;
    counts.set(key, entry);
  }
  return [...counts]
    .map(([type, { n, damaged }]) => `${n} ${type}${damaged ? ` (${damaged} damaged)` : ""}`)
    .join(", ");
}

// Break a hex's text into lines short enough to stay inside it, at ", " or spaces.
function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return line ? [...lines, line] : lines;
}

function byOwner(units) {
  const owners = new Map();
  for (const unit of units) owners.set(unit.owner, [...(owners.get(unit.owner) || []), unit]);
  return owners;
}

// A fieldset of checkboxes, one per value (unit ids, planet names).
function unitChecks(className, legend, values, empty, labelOf = (value) => value) {
  return h(
    "fieldset",
    { class: `wt-checks ${className}` },
    h("legend", {}, legend),
    values.length
      ? values.map((value) =>
          h("label", {}, h("input", { type: "checkbox", value }), ` ${labelOf(value)}`),
        )
      : h("span", {}, empty),
  );
}

function checked(fieldset) {
  return [...fieldset.querySelectorAll("input:checked")].map((input) => input.value);
}

// A small form that builds one choice the engine's list may not hold; the engine judges it.
function builder(className, hint, controls, action, onGo) {
  return h(
    "div",
    { class: `wt-build ${className}` },
    h("p", { class: "wt-hint" }, hint),
    controls,
    h("button", { type: "button", class: "wt-button wt-build-go", onclick: onGo }, action),
  );
}

// ---- share links ---------------------------------------------------------------------

function encodeChoices(choices) {
  const bytes = new TextEncoder().encode(JSON.stringify(choices));
  const b64 = btoa(String.fromCharCode(...bytes));
  return b64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeChoices(text) {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/");
  const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes));
}

// A link comes from a stranger and may be damaged: each part is checked, and what is
// wrong is said (the walkthrough then starts from the beginning), never silently ignored.
function parseHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  if (!params.has("wt")) return null;
  const id = params.get("wt");
  const seed = Number(params.get("seed") ?? NaN);
  // Above 2^53 a seed would be rounded and replay other dice than the ones shared.
  if (!Number.isSafeInteger(seed) || seed < 0) {
    return { id, error: "its dice seed is not a whole number from 0 to 2^53" };
  }
  let choices;
  try {
    choices = params.get("c") ? decodeChoices(params.get("c")) : [];
  } catch {
    return { id, error: "its list of choices cannot be decoded" };
  }
  const isChoice = (c) => c !== null && typeof c === "object" && !Array.isArray(c);
  if (!Array.isArray(choices) || !choices.every(isChoice)) {
    return { id, error: "it holds something other than a list of choices" };
  }
  return { id, seed, choices };
}

// ---- the walkthrough widget ----------------------------------------------------------

class Walkthrough {
  constructor(root) {
    this.root = root;
    this.id = root.dataset.walkthrough;
    this.progress = root.querySelector(".wt-progress");
    this.startButton = root.querySelector(".wt-start");
    this.started = false;
    this.history = []; // engine results, one per step: [load, apply 1, apply 2, ...]
    this.choices = []; // the choices applied, for undo and share links
    this.refusal = null;
    this.path = []; // systems picked on the map for the next move
    this.busy = false;
    this.startButton.addEventListener("click", () => this.start());
    const shared = parseHash();
    if (shared && shared.id === this.id && shared.error) {
      // Said and left standing: the reader starts from the beginning with the button.
      this.progress.textContent = `The shared link is damaged: ${shared.error}.`;
    } else if (shared && shared.id === this.id) {
      this.start(shared);
    } else if ("IntersectionObserver" in window) {
      this.observer = new IntersectionObserver((entries) => {
        if (entries.some((e) => e.isIntersecting)) this.start();
      });
      this.observer.observe(root);
    }
  }

  async start(shared = null) {
    if (this.started) return;
    this.started = true;
    this.observer?.disconnect();
    this.startButton.disabled = true;
    try {
      // The scenario and the rules index load while the engine boots, not before.
      const [data, index, engine] = await Promise.all([
        fetchJson(new URL(`assets/walkthrough/data/${this.id}.json`, ROOT)),
        rulesIndex(),
        startEngine((stage) => {
          this.progress.textContent = STAGES[stage] ?? "";
        }),
      ]);
      this.data = data;
      this.index = index;
      this.engine = engine;
      await this.load(shared ? shared.seed : data.seed ?? 1, shared ? shared.choices : []);
      this.root.querySelector(".wt-boot").remove();
      if (shared) this.root.scrollIntoView();
    } catch (err) {
      this.progress.textContent = `The walkthrough could not start: ${err.message}`;
      this.startButton.disabled = false;
      this.started = false;
    }
  }

  // Load the scenario with a seed, then replay choices until one is refused.
  async load(seed, choices) {
    this.seed = seed;
    const first = await this.engine.call("load_scenario", { ...this.data, seed });
    if (!first.ok) throw new Error(first.error.message);
    this.history = [first];
    this.choices = [];
    this.refusal = null;
    for (const [n, choice] of choices.entries()) {
      const result = await this.engine.call("apply", this.current.state, choice);
      if (!result.ok) {
        // Shown, not dropped: the position differs from the one the link was made at.
        const why = result.refusal?.reason ?? result.error.message;
        this.refusal = {
          reason: `The shared link stops at its choice ${n + 1}: ${why}`,
          rules: result.refusal?.rules ?? [],
        };
        break;
      }
      this.history.push(result);
      this.choices.push(choice);
    }
    this.path = [];
    this.render();
  }

  get current() {
    return this.history[this.history.length - 1];
  }

  async apply(choice) {
    // One choice at a time: a second click before the engine answers would apply to a
    // state that is about to be replaced.
    if (this.busy) return;
    this.busy = true;
    let result;
    try {
      result = await this.engine.call("apply", this.current.state, choice);
    } finally {
      this.busy = false;
    }
    if (result.ok) {
      this.history.push(result);
      this.choices.push(choice);
      this.refusal = null;
      this.path = [];
    } else {
      // A malformed call (a damaged share link's choice) has an error, not a rule's refusal.
      this.refusal = result.refusal ?? { reason: result.error.message, rules: [] };
    }
    this.render();
    const focus = result.ok ? ".wt-step" : ".wt-refusal";
    this.root.querySelector(focus)?.focus();
  }

  undo() {
    if (this.history.length < 2) return;
    this.history.pop();
    this.choices.pop();
    this.refusal = null;
    this.path = [];
    this.render();
  }

  nextScripted() {
    const script = this.data.script || [];
    const onScript = this.choices.every((c, i) => JSON.stringify(c) === JSON.stringify(script[i]));
    return onScript ? script[this.choices.length] : undefined;
  }

  shareUrl() {
    const params = new URLSearchParams({ wt: this.id, seed: String(this.seed) });
    if (this.choices.length) params.set("c", encodeChoices(this.choices));
    return `${location.origin}${location.pathname}#${params}`;
  }

  async copyLink() {
    const url = this.shareUrl();
    history.replaceState(history.state, "", url);
    const field = this.root.querySelector(".wt-link");
    field.value = url;
    field.hidden = false;
    try {
      await navigator.clipboard.writeText(url);
      this.say("Link copied.");
    } catch {
      field.select();
      this.say("Link shown below; copy it from the field.");
    }
  }

  say(text) {
    this.root.querySelector(".wt-status").textContent = text;
  }

  // ---- rendering ---------------------------------------------------------------------

  render() {
    const { view, choices } = this.current;
    const body =
      this.root.querySelector(".wt-body") || this.root.appendChild(h("div", { class: "wt-body" }));
    const narration = (this.data.narration || {})[view.step];
    const parts = [
      this.renderToolbar(view),
      h(
        "h3",
        { class: "wt-step", tabindex: "-1" },
        view.step_title || view.step,
        " ",
        ruleRefs(view.step_rules, this.index),
      ),
      narration ? h("p", { class: "wt-narration" }, narration) : null,
      this.renderRefusal(),
      this.renderPlayers(view),
      this.renderMap(view, choices),
      this.renderBoard(view),
      this.renderCombat(view),
      this.renderChoices(view, choices),
      this.renderLog(view),
    ];
    body.replaceChildren(...parts.filter(Boolean));
  }

  renderToolbar(view) {
    const next = this.nextScripted();
    return h(
      "div",
      { class: "wt-toolbar" },
      h("span", { class: "wt-seed" }, `Dice seed: ${this.seed}`),
      h(
        "button",
        {
          type: "button",
          class: "wt-button wt-reroll",
          onclick: () => this.load(Math.floor(Math.random() * 1e9), this.choices),
        },
        "Reroll (new seed)",
      ),
      h(
        "button",
        {
          type: "button",
          class: "wt-button wt-undo",
          disabled: this.history.length < 2,
          onclick: () => this.undo(),
        },
        "Step back",
      ),
      h(
        "button",
        { type: "button", class: "wt-button wt-reset", onclick: () => this.load(this.seed, []) },
        "Reset",
      ),
      h(
        "button",
        { type: "button", class: "wt-button wt-copy", onclick: () => this.copyLink() },
        "Copy link",
      ),
      next && view.step !== "finished"
        ? h(
            "button",
            { type: "button", class: "wt-button wt-scripted", onclick: () => this.apply(next) },
            `Play the suggested step (${this.choices.length + 1}/${this.data.script.length})`,
          )
        : null,
      h("span", { class: "wt-status", role: "status" }),
      h("input", {
        class: "wt-link",
        type: "text",
        readonly: true,
        hidden: true,
        "aria-label": "Link to this position",
      }),
    );
  }

  renderRefusal() {
    if (!this.refusal) return null;
    const { reason, rules } = this.refusal;
    return h(
      "div",
      { class: "wt-refusal", role: "alert", tabindex: "-1" },
      h("strong", {}, "Not allowed: "),
      withoutRefs(reason, rules),
      " ",
      ruleRefs(rules, this.index),
    );
  }

  renderPlayers(view) {
    return h(
      "ul",
      { class: "wt-players" },
      view.players.map((p) =>
        h(
          "li",
          {
            class: `wt-player${p.id === view.active_player ? " wt-player--active" : ""}`,
            style: `--wt-colour: ${this.colour(p.id)}`,
          },
          h("strong", {}, p.name || p.id),
          p.id === view.active_player ? " (active)" : "",
          p.passed ? " (passed)" : "",
          ` — tokens ${p.tactic}/${p.fleet}/${p.strategy} (tactic/fleet/strategy)`,
          p.trade_goods ? `, ${p.trade_goods} trade goods` : "",
          (p.strategy_cards || []).length
            ? `, ${p.strategy_cards
                .map((c) => `${c.name}${c.exhausted ? " (exhausted)" : ""}`)
                .join(", ")}`
            : "",
        ),
      ),
    );
  }

  colour(player) {
    const ids = this.current.view.players.map((p) => p.id);
    return COLOURS[ids.indexOf(player) % COLOURS.length] || "#666";
  }

  // "Red (Federation of Sol)" is too long for a hex; its first word is enough there.
  shortName(id) {
    return this.playerName(id).split(" ")[0];
  }

  playerName(id) {
    const player = this.current.view.players.find((p) => p.id === id);
    return player ? player.name || id : id;
  }

  systemName(id) {
    const system = this.current.view.systems.find((x) => x.id === id);
    return system ? system.name || id : id;
  }

  renderMap(view, choices) {
    const size = 100;
    const w = Math.sqrt(3) * size;
    const centre = (sys) => [w * (sys.q + sys.r / 2), 1.5 * size * sys.r];
    const xs = view.systems.map((sys) => centre(sys)[0]);
    const ys = view.systems.map((sys) => centre(sys)[1]);
    const pad = size + 4;
    const box = [Math.min(...xs) - pad, Math.min(...ys) - pad];
    const width = Math.max(...xs) - box[0] + pad;
    const height = Math.max(...ys) - box[1] + pad;
    const svg = s("svg", {
      class: "wt-map",
      viewBox: `${box[0]} ${box[1]} ${width} ${height}`,
      role: "group",
      "aria-label": "Map of the systems",
    });
    const activatable = new Set(choices.filter((c) => c.kind === "activate").map((c) => c.system));
    const positions = new Map(view.systems.map((sys) => [sys.id, centre(sys)]));
    for (const [a, b] of view.links || []) {
      const [pa, pb] = [positions.get(a), positions.get(b)];
      if (pa && pb)
        svg.append(
          s("line", { class: "wt-link-line", x1: pa[0], y1: pa[1], x2: pb[0], y2: pb[1] }),
        );
    }
    for (const sys of view.systems) {
      svg.append(this.renderSystem(view, sys, centre(sys), size, activatable.has(sys.id)));
    }
    const picked = this.path.map((id) => this.systemName(id)).join(" → ");
    const pathNote = this.path.length ? h("p", { class: "wt-path" }, `Path: ${picked}`) : null;
    return h("div", { class: "wt-map-wrap" }, svg, pathNote);
  }

  renderSystem(view, sys, [x, y], size, activatable) {
    const corners = [...Array(6).keys()].map((i) => {
      const angle = (Math.PI / 180) * (60 * i - 30);
      return `${x + (size - 2) * Math.cos(angle)},${y + (size - 2) * Math.sin(angle)}`;
    });
    const lines = [];
    for (const [owner, units] of byOwner(sys.space)) {
      lines.push({ text: `${this.shortName(owner)}: ${unitSummary(units)}` });
    }
    for (const planet of sys.planets) {
      const controller = planet.controller ? ` ${this.shortName(planet.controller)}` : "";
      lines.push({
        text:
          `${planet.name} ${planet.resources}/${planet.influence}` +
          `${planet.exhausted ? " exh." : ""}${controller}`,
        planet: true,
      });
      for (const [owner, units] of byOwner(planet.units)) {
        lines.push({ text: `${this.shortName(owner)}: ${unitSummary(units)}` });
      }
    }
    const rows = lines.flatMap((line) =>
      wrap(line.text, 24).map((row) => ({ ...line, text: row })),
    );
    const room = 9;
    if (rows.length > room) rows.splice(room - 1, rows.length, { text: "… more in Board below" });
    // The accessible name starts with the words drawn in the hex, in order (so voice control
    // matches what is seen), then says what the drawing shows only by colour. What does not
    // fit is in the board list, for every reader.
    const drawn = [
      sys.name || sys.id,
      ...sys.tokens.map((t) => t[0].toUpperCase()),
      ...rows.map((row) => row.text),
    ];
    const label = [
      drawn.join(" "),
      sys.id === view.active_system ? "active system" : "",
      sys.tokens.length
        ? `command tokens: ${sys.tokens.map((t) => this.playerName(t)).join(", ")}`
        : "",
    ]
      .filter(Boolean)
      .join(". ");
    const classes = ["wt-system"];
    if (sys.id === view.active_system) classes.push("wt-system--active");
    if (activatable) classes.push("wt-system--choice");
    if (this.path.includes(sys.id)) classes.push("wt-system--path");
    // Each drawn text ends in a space, so the words of neighbouring lines never run together
    // in the text a tool reads off the drawing; SVG does not render it.
    const text = (attrs, words) => s("text", { "text-anchor": "middle", ...attrs }, `${words} `);
    const group = s(
      "g",
      {
        class: classes.join(" "),
        tabindex: "0",
        role: "button",
        "aria-label": label,
        "data-system": sys.id,
      },
      s("polygon", { points: corners.join(" ") }),
      text({ x, y: y - size * 0.62, class: "wt-system-name" }, sys.name || sys.id),
    );
    sys.tokens.forEach((owner, i) => {
      const cx = x - 14 * (sys.tokens.length - 1) + 28 * i;
      const cy = y - size * 0.42;
      group.append(
        s("circle", { cx, cy, r: 9, class: "wt-token", fill: this.colour(owner) }),
        text({ x: cx, y: cy + 4, class: "wt-token-label" }, owner[0].toUpperCase()),
      );
    });
    rows.forEach((row, i) => {
      group.append(
        text(
          { x, y: y - size * 0.2 + i * 12.5, class: row.planet ? "wt-planet" : "wt-units" },
          row.text,
        ),
      );
    });
    const act = () => this.systemClicked(sys.id);
    group.addEventListener("click", act);
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        act();
      }
    });
    return group;
  }

  // Every unit of every system as text: the hexes cut crowded systems short, and a list
  // reads better than a drawing with a screen reader or on a phone.
  renderBoard(view) {
    const forces = (units) =>
      [...byOwner(units)].map(([owner, own]) => `${this.shortName(owner)}: ${unitSummary(own)}`);
    const items = view.systems.map((sys) => {
      const title = [
        sys.name || sys.id,
        sys.id === view.active_system ? " (active system)" : "",
        sys.tokens.length
          ? ` — command tokens: ${sys.tokens.map((t) => this.playerName(t)).join(", ")}`
          : "",
      ].join("");
      const space = forces(sys.space);
      const planets = sys.planets.map((planet) => {
        const facts = [
          `${planet.resources} resources, ${planet.influence} influence`,
          planet.controller
            ? `controlled by ${this.playerName(planet.controller)}`
            : "uncontrolled",
          planet.exhausted ? "exhausted" : "",
        ].filter(Boolean);
        const units = forces(planet.units);
        return h(
          "li",
          { class: "wt-board-planet" },
          h("em", {}, planet.name),
          ` (${facts.join("; ")})`,
          units.length ? `: ${units.join("; ")}` : ": no units",
        );
      });
      return h(
        "li",
        { class: "wt-board-system", "data-system": sys.id },
        h("strong", {}, title),
        h(
          "ul",
          {},
          h(
            "li",
            { class: "wt-board-space" },
            `Space: ${space.length ? space.join("; ") : "empty"}`,
          ),
          planets,
        ),
      );
    });
    const board = h(
      "details",
      { class: "wt-board", open: this.boardOpen },
      h("summary", {}, "Board: every unit, system by system"),
      h("ul", {}, items),
    );
    board.addEventListener("toggle", () => {
      this.boardOpen = board.open;
    });
    return board;
  }

  // Clicking a system activates it during activation, extends the path during movement and
  // announces a retreat there while retreats are announced; the engine judges each, so an
  // illegal click is refused with its rule.
  systemClicked(id) {
    const { view } = this.current;
    if (view.step === "activation") {
      this.apply({ kind: "activate", system: id });
    } else if (view.step === "movement") {
      this.path = [...this.path, id];
      this.refusal = null;
      this.render();
      this.root.querySelector(`.wt-system[data-system="${CSS.escape(id)}"]`)?.focus();
    } else {
      const stay = this.current.choices.find((c) => c.kind === "no_retreat");
      if (stay) this.apply({ kind: "announce_retreat", player: stay.player, to: id });
    }
  }

  renderCombat(view) {
    const combat = view.combat;
    if (!combat) return null;
    const pct = (p) => `${(100 * p).toFixed(1)}%`;
    const where = combat.planet ? `on ${combat.planet}` : `in ${this.systemName(combat.system)}`;
    return h(
      "div",
      { class: "wt-combat" },
      h(
        "p",
        {},
        h("strong", {}, `${combat.kind === "ground" ? "Ground" : "Space"} combat ${where}`),
        combat.round ? `, round ${combat.round}` : "",
        `: ${this.playerName(combat.attacker)} attacks ${this.playerName(combat.defender)}.`,
      ),
      combat.odds
        ? h(
            "p",
            { class: "wt-odds" },
            "Exact odds before the dice: ",
            `${this.playerName(combat.attacker)} wins ${pct(combat.odds.attacker_wins)}, `,
            `${this.playerName(combat.defender)} wins ${pct(combat.odds.defender_wins)}, `,
            `both destroyed ${pct(combat.odds.both_destroyed)}.`,
          )
        : null,
    );
  }

  renderChoices(view, choices) {
    const section = h("div", { class: "wt-choices" });
    if (view.step === "finished") {
      const done = "The walkthrough is over. Reset or step back to try another line.";
      section.append(h("p", { class: "wt-done" }, done));
      return section;
    }
    const moves = choices.filter((c) => c.kind === "move");
    const moveBuilder = view.step === "movement" ? this.renderMoveBuilder(view, moves) : null;
    if (moveBuilder) section.append(moveBuilder);
    const buttons = h("div", { class: "wt-buttons", role: "group", "aria-label": "Choices" });
    for (const choice of choices) {
      buttons.append(
        h(
          "button",
          {
            type: "button",
            class: `wt-button wt-choice wt-choice--${choice.kind}`,
            "data-kind": choice.kind,
            onclick: () => this.apply(this.concrete(choice)),
          },
          withoutRefs(choice.label || choice.kind, choice.rules),
        ),
      );
    }
    const offered = new Set(choices.map((c) => c.kind));
    for (const extra of TRYABLE[view.step] || []) {
      if (offered.has(extra.kind)) continue;
      buttons.append(
        h(
          "button",
          {
            type: "button",
            class: "wt-button wt-try",
            "data-kind": extra.kind,
            onclick: () => this.apply({ kind: extra.kind, player: view.active_player }),
          },
          `${extra.label} (not offered: try it)`,
        ),
      );
    }
    section.append(buttons);
    // After the engine's own choices: each builder starts "Or …".
    const builders = {
      commit: () => this.renderCommitBuilder(choices),
      produce: () => this.renderProduceBuilder(view, choices),
      assign_hits: (choice) => this.renderHitsBuilder(view, choice),
      remove_excess: (choice) => this.renderRemovalBuilder(choice),
      no_retreat: () =>
        h("p", { class: "wt-hint" }, "Or select a system on the map to announce a retreat there."),
    };
    for (const [kind, build] of Object.entries(builders)) {
      const choice = choices.find((c) => c.kind === kind);
      const built = choice ? build(choice) : null;
      if (built) section.append(built);
    }
    return section;
  }

  // The choice as the engine takes it back: its parameters, without the words around them.
  concrete(choice) {
    const { label, rules, carry_candidates, capacity, ...params } = choice;
    return params;
  }

  // Any ship may be tried along any path picked on the map; the engine rules on it.
  renderMoveBuilder(view, moves) {
    const ships = [];
    for (const sys of view.systems) {
      for (const unit of sys.space) {
        if (unit.owner === view.active_player && unit.type !== "fighter") ships.push([unit, sys]);
      }
    }
    if (!ships.length) return null;
    const movable = new Set(moves.map((m) => m.unit));
    const select = h(
      "select",
      { class: "wt-ship", id: `${this.id}-ship` },
      ships.map(([unit, sys]) =>
        h(
          "option",
          { value: unit.id, selected: unit.id === this.selectedShip || null },
          `${unit.id} in ${sys.name || sys.id}` +
            (movable.has(unit.id) ? "" : " (not listed as movable)"),
        ),
      ),
    );
    select.addEventListener("change", () => {
      this.selectedShip = select.value;
      this.render();
      this.root.querySelector("select.wt-ship")?.focus();
    });
    const shipId = this.selectedShip && ships.some(([u]) => u.id === this.selectedShip)
      ? this.selectedShip
      : ships[0][0].id;
    this.selectedShip = shipId;
    const offered = moves.filter((m) => m.unit === shipId);
    // Candidates depend on the path; the widest set is offered and the engine checks the pick.
    const candidates = [...new Set(offered.flatMap((m) => m.carry_candidates || []))];
    const carry = unitChecks("wt-carry", "Carry", candidates, "nothing to pick up");
    const move = () => {
      this.apply({ kind: "move", unit: shipId, path: this.path, carry: checked(carry) });
    };
    return h(
      "div",
      { class: "wt-move" },
      h(
        "p",
        { class: "wt-hint" },
        "Pick a ship, then select the systems it enters on the map, in order, " +
          "ending in the active system.",
      ),
      h("label", { for: `${this.id}-ship` }, "Ship "),
      select,
      carry,
      h(
        "button",
        {
          type: "button",
          class: "wt-button wt-move-go",
          disabled: !this.path.length,
          onclick: move,
        },
        "Move along the picked path",
      ),
      h(
        "button",
        {
          type: "button",
          class: "wt-button wt-move-clear",
          disabled: !this.path.length,
          onclick: () => {
            this.path = [];
            this.render();
          },
        },
        "Clear path",
      ),
    );
  }

  // Commit any ground forces in the active system's space to any planet there (49.2).
  renderCommitBuilder(choices) {
    const offered = choices.filter((c) => c.kind === "commit");
    const planet = h(
      "select",
      { class: "wt-select wt-commit-planet", id: `${this.id}-commit-planet` },
      [...new Set(offered.map((c) => c.planet))].map((name) => h("option", { value: name }, name)),
    );
    const forces = [...new Set(offered.flatMap((c) => c.units))];
    const units = unitChecks("wt-commit-units", "Ground forces", forces, "none in space");
    return builder(
      "wt-commit",
      "Or pick the planet and the ground forces to land on it:",
      [h("label", { for: planet.id }, "Planet "), planet, units],
      "Commit the ticked ground forces",
      () => this.apply({ kind: "commit", planet: planet.value, units: checked(units) }),
    );
  }

  // Any mix and number of units, paid with any ready planets and trade goods (67, 68).
  renderProduceBuilder(view, choices) {
    const offered = choices.filter((c) => c.kind === "produce");
    if (!offered.length) return null;
    const player = view.players.find((p) => p.id === view.active_player);
    const types = [
      ...new Set([...Object.keys(view.producible), ...offered.flatMap((c) => Object.keys(c.units))]),
    ];
    const counts = h(
      "fieldset",
      { class: "wt-produce-units" },
      h("legend", {}, "Units to produce (cost)"),
      types.map((type) =>
        h(
          "label",
          {},
          `${type.replace(/_/g, " ")}${costLabel(view.producible[type])} `,
          h("input", { type: "number", min: 0, max: 20, value: 0, "data-type": type }),
        ),
      ),
    );
    const ready = view.systems.flatMap((sys) =>
      sys.planets.filter((p) => p.controller === player.id && !p.exhausted),
    );
    const pay = unitChecks(
      "wt-produce-pay",
      "Pay with",
      ready.map((p) => p.name),
      "no ready planets",
      (name) => `${name} (${ready.find((p) => p.name === name).resources} resources)`,
    );
    const goods = h("input", {
      type: "number",
      class: "wt-produce-goods",
      id: `${this.id}-goods`,
      min: 0,
      max: player.trade_goods,
      value: 0,
    });
    const landings = [...new Set(offered.map((c) => c.planet).filter(Boolean))];
    const landing = landings.length
      ? h(
          "select",
          { class: "wt-select wt-produce-planet", id: `${this.id}-landing` },
          landings.map((name) => h("option", { value: name }, name)),
        )
      : null;
    const produce = () => {
      const units = {};
      for (const input of counts.querySelectorAll("input")) {
        if (Number(input.value) > 0) units[input.dataset.type] = Number(input.value);
      }
      const choice = {
        kind: "produce",
        units,
        pay: checked(pay),
        trade_goods: Number(goods.value),
      };
      if (landing) choice.planet = landing.value;
      this.apply(choice);
    };
    return builder(
      "wt-produce",
      "Or build your own order, within the Production limit and what you pay:",
      [
        counts,
        pay,
        player.trade_goods ? [h("label", { for: goods.id }, "Trade goods "), goods] : null,
        landing ? [h("label", { for: landing.id }, "Ground forces go to "), landing] : null,
      ],
      "Produce these",
      produce,
    );
  }

  // Hits on any of the player's units in the combat area: a unit with Sustain Damage may
  // take one hit (damaged) or two (destroyed).
  renderHitsBuilder(view, choice) {
    const pending = view.pending_hits;
    if (!pending) return null;
    const sys = view.systems.find((x) => x.id === view.active_system);
    if (!sys) return null;
    const area = pending.planet
      ? sys.planets.find((p) => p.name === pending.planet)?.units || []
      : sys.space;
    const units = area.filter((u) => u.owner === pending.player);
    const hits = h(
      "fieldset",
      { class: "wt-hits-units" },
      h("legend", {}, `Hits on each unit (${pending.count} to assign)`),
      units.map((unit) =>
        h(
          "label",
          {},
          `${unit.id}${unit.damaged ? " (damaged)" : ""} `,
          h("input", { type: "number", min: 0, max: 2, value: 0, "data-unit": unit.id }),
        ),
      ),
    );
    const assign = () => {
      const ids = [...hits.querySelectorAll("input")].flatMap((input) =>
        Array(Math.max(0, Number(input.value) || 0)).fill(input.dataset.unit),
      );
      this.apply({ kind: "assign_hits", player: choice.player, units: ids });
    };
    return builder(
      "wt-hits",
      "Or choose which units take the hits:",
      [hits],
      "Assign these hits",
      assign,
    );
  }

  renderRemovalBuilder(choice) {
    const units = unitChecks("wt-remove-units", "Remove", choice.candidates || [], "nothing");
    return builder(
      "wt-remove",
      `Or choose the ${choice.count} unit(s) to remove:`,
      [units],
      "Remove the ticked units",
      () =>
        this.apply({
          kind: "remove_excess",
          player: choice.player,
          system: choice.system,
          units: checked(units),
        }),
    );
  }

  renderLog(view) {
    const log = view.log || [];
    return h(
      "details",
      { class: "wt-log", open: true },
      h("summary", {}, `What happened (${log.length})`),
      h(
        "ol",
        {},
        log.map((event) =>
          h(
            "li",
            { class: `wt-event wt-event--${event.kind}` },
            withoutRefs(event.text, event.rules),
            " ",
            ruleRefs(event.rules, this.index),
          ),
        ),
      ),
    );
  }
}

// ---- try-it cells --------------------------------------------------------------------

class TryIt {
  constructor(root) {
    this.root = root;
    this.code = root.querySelector(".wt-code");
    this.output = root.querySelector(".wt-output");
    this.progress = root.querySelector(".wt-progress");
    this.code.value = this.code.dataset.code;
    root.querySelector(".wt-run").addEventListener("click", () => this.run());
  }

  async run() {
    const button = this.root.querySelector(".wt-run");
    button.disabled = true;
    try {
      const eng = await startEngine((stage) => {
        this.progress.textContent = STAGES[stage] ?? "";
      });
      this.output.textContent = (await eng.run(this.code.value)) || "(no output)";
    } catch (err) {
      this.output.textContent = `Could not run: ${err.message}`;
    } finally {
      button.disabled = false;
    }
  }
}

function mountAll() {
  for (const root of document.querySelectorAll(".wt[data-walkthrough]:not([data-mounted])")) {
    root.dataset.mounted = "";
    new Walkthrough(root);
  }
  for (const root of document.querySelectorAll(".wt-tryit:not([data-mounted])")) {
    root.dataset.mounted = "";
    new TryIt(root);
  }
}

if (window.document$) window.document$.subscribe(mountAll);
else if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", mountAll);
else mountAll();
