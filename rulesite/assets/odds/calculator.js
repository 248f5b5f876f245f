// The combat odds calculator (the odds/ page): a form, the calculation kept in the URL's
// hash, and the answer of engine.api.odds from the walkthroughs' engine worker (one
// runtime per tab, shared with every walkthrough). Loaded by walkthrough/loader.js on a
// page with a .odds-calc element.

import { h } from "../walkthrough/dom.js";
import { STAGES, walkthroughEngine } from "../walkthrough/engine_client.js";
import { startLabel } from "../walkthrough/site_data.js";
import { loadCatalogue } from "./catalogue.js";
import { renderForm } from "./form.js";
import { renderResult, summaryLine } from "./plot.js";
import { readLink, toHash } from "./share_link.js";
import { oddsCall, settled } from "./state.js";
import { sideTotal } from "./units.js";

const DELAY_MS = 150; // a burst of + presses asks for one answer

// Where the browser asks to save data or the connection is slow (2G), the runtime's
// download waits for the reader's Start.
function savingData() {
  const connection = navigator.connection;
  return Boolean(connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType || ""));
}

class Calculator {
  constructor(root, catalogue) {
    this.root = root;
    this.catalogue = catalogue;
    this.ui = { open: { attacker: false, defender: false } };
    this.ticket = 0;
    this.engine = null;
    this.message = h("div", { class: "odds-message", role: "alert" });
    this.formBox = h("div", { class: "odds-form-box" });
    this.status = h("p", { class: "odds-status", role: "status" });
    this.result = h("section", { class: "odds-result", "aria-live": "polite", "aria-label": "The odds" });
    this.summary = h("p", { class: "odds-summary", hidden: true });
    root.replaceChildren(this.message, this.formBox, this.summary, this.status, this.result);
    this.load(location.hash);
    addEventListener("hashchange", () => {
      if (document.contains(root) && location.hash !== toHash(this.state)) this.load(location.hash);
    });
    // Started at once: working out odds is what the page is for (the offline copy waits
    // for this start, rules.js, and then keeps the runtime too).
    if (savingData()) this.offerStart();
    else this.start({ preload: true });
  }

  load(hash) {
    const { state, problems } = readLink(hash, this.catalogue);
    this.message.replaceChildren();
    if (problems.length) {
      this.message.append(
        h("p", {}, "This link's calculation cannot be used, so the calculator starts empty:"),
        h("ul", {}, problems.map((problem) => h("li", {}, problem))),
      );
    }
    for (const side of ["attacker", "defender"]) this.ui.open[side] ||= Object.keys(state[side].options).length > 0;
    this.state = settled(state, this.catalogue);
    this.draw();
  }

  change(edit) {
    const next = structuredClone(this.state);
    edit(next);
    this.state = settled(next, this.catalogue);
    this.message.replaceChildren();
    history.replaceState(history.state, "", toHash(this.state) || location.pathname + location.search);
    this.draw();
  }

  draw() {
    const focused = document.activeElement?.dataset?.key;
    this.formBox.replaceChildren(renderForm(this.state, this.catalogue, (edit) => this.change(edit), this.ui));
    if (focused) this.formBox.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.compute(), DELAY_MS);
  }

  async offerStart(why = "") {
    const start = () => this.start();
    const button = h("button", { type: "button", class: "md-button odds-start", onclick: start }, "Start the calculator");
    this.status.replaceChildren(why, button);
    button.textContent = await startLabel("Start the calculator");
  }

  // `preload`: started by the page, not by a reader's Start, so the walkthroughs of the
  // pages read next still wait for theirs (engine_client.js).
  async start({ preload = false } = {}) {
    this.status.textContent = STAGES.runtime;
    try {
      const progress = (stage) => (this.status.textContent = STAGES[stage] ?? "");
      this.engine = await walkthroughEngine.start(progress, { preload });
      this.status.textContent = "";
      this.compute();
    } catch (err) {
      this.engine = null;
      this.offerStart(`The rules engine failed to start (${err.message}). `);
    }
  }

  async compute() {
    const ticket = ++this.ticket;
    const { attacker, defender } = this.state;
    if (!sideTotal(attacker.units) || !sideTotal(defender.units)) {
      this.result.replaceChildren(h("p", { class: "odds-empty" }, "Give each side at least one unit to see the odds."));
      this.summary.hidden = true;
      return;
    }
    if (!this.engine) return;
    const { args, kwargs } = oddsCall(this.state, this.catalogue);
    this.result.setAttribute("aria-busy", "true");
    this.status.textContent = "Working out the odds…";
    let answer;
    try {
      answer = await this.engine.callWith("odds", args, kwargs);
    } catch (err) {
      answer = { ok: false, error: { message: `the engine stopped (${err.message})` } };
      this.engine = null;
      this.offerStart(`The rules engine stopped (${err.message}). `);
    }
    if (ticket !== this.ticket) return; // a later change asked again
    if (this.engine) this.status.textContent = "";
    this.result.removeAttribute("aria-busy");
    this.result.replaceChildren(renderResult(answer));
    this.summary.replaceChildren(...summaryLine(answer, () => this.result.scrollIntoView({ block: "start" })));
    this.summary.hidden = !answer.ok;
    this.root.dataset.odds = answer.ok ? "ready" : "refused"; // for tests
  }
}

export async function mountAll() {
  for (const root of document.querySelectorAll(".odds-calc:not([data-mounted])")) {
    root.dataset.mounted = "";
    try {
      new Calculator(root, await loadCatalogue());
    } catch (err) {
      root.replaceChildren(h("p", { class: "odds-error", role: "alert" }, `The calculator cannot start: ${err.message}`));
    }
  }
}
