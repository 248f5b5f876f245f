// The combat odds calculator (the odds/ page): a form, the calculation kept in the URL's
// hash, and the answer of engine.api.odds from an engine worker of the calculator's own
// (asker.js), which a stale or cancelled calculation ends without touching the
// walkthroughs'. Loaded by walkthrough/loader.js on a page with a .odds-calc element.

import { h } from "../walkthrough/dom.js";
import { STAGES } from "../walkthrough/engine_client.js";
import { startLabel } from "../walkthrough/site_data.js";
import { asideNotice, switchCombat } from "./aside.js";
import { asker } from "./asker.js";
import { loadCatalogue } from "./catalogue.js";
import { renderForm } from "./form.js";
import { renderResult, summaryLine } from "./plot.js";
import { readLink, toHash } from "./share_link.js";
import { oddsCall, settled } from "./state.js";
import { sideTotal } from "./units.js";

const DELAY_MS = 150; // a burst of + presses asks for one answer
const LONG_MS = 1000; // a calculation running longer shows its time and a Cancel button

// What outlives one mount: Material re-renders the page when a script sets its hash, and
// the reader's open options and what a change of combat set aside stay (while the hash is
// the one they belong to).
const kept = { hash: null, aside: { space: null, ground: null }, open: { attacker: false, defender: false } };

// Where the browser asks to save data or the connection is slow (2G), the runtime's
// download waits for the reader's Start.
function savingData() {
  const connection = navigator.connection;
  return Boolean(connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType || ""));
}

function seconds(ms) {
  return `${Math.floor(ms / 1000)} s`;
}

class Calculator {
  constructor(root, catalogue) {
    this.root = root;
    this.catalogue = catalogue;
    this.ticket = 0;
    this.started = false;
    this.shown = null; // the question whose answer is on screen
    this.broughtBack = null;
    this.message = h("div", { class: "odds-message", role: "alert" });
    this.notice = h("p", { class: "odds-aside", id: "odds-aside", role: "status" });
    this.formBox = h("div", { class: "odds-form-box" });
    this.status = h("div", { class: "odds-status", role: "status" });
    const result = { class: "odds-result", "aria-live": "polite", "aria-label": "The odds", tabindex: "-1" };
    this.result = h("section", result);
    this.summary = h("p", { class: "odds-summary", hidden: true });
    root.replaceChildren(this.message, this.formBox, this.summary, this.status, this.result);
    if (location.hash !== kept.hash) kept.aside = { space: null, ground: null };
    this.load(location.hash);
    const onHash = () => {
      if (!document.contains(root)) removeEventListener("hashchange", onHash);
      else if (location.hash !== toHash(this.state)) {
        kept.aside = { space: null, ground: null }; // a calculation from elsewhere
        this.load(location.hash);
      }
    };
    addEventListener("hashchange", onHash);
    // Started at once: working out odds is what the page is for (the offline copy waits
    // for this start, rules.js, and then keeps the runtime too).
    if (savingData()) this.offerStart();
    else this.start();
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
    for (const side of ["attacker", "defender"]) kept.open[side] ||= Object.keys(state[side].options).length > 0;
    this.state = settled(state, this.catalogue);
    kept.hash = toHash(this.state);
    this.broughtBack = null;
    this.draw();
  }

  change(edit) {
    const next = structuredClone(this.state);
    edit(next);
    this.broughtBack = null;
    if (next.ground !== this.state.ground) {
      const switched = switchCombat(this.state, next.ground, kept.aside, this.catalogue);
      ({ state: this.state, memory: kept.aside, broughtBack: this.broughtBack } = switched);
    } else this.state = settled(next, this.catalogue);
    this.message.replaceChildren();
    kept.hash = toHash(this.state);
    history.replaceState(history.state, "", kept.hash || location.pathname + location.search);
    this.draw();
  }

  // The form rebuilt, focus kept on the control the reader used or, where a press disabled
  // it (a "−" down to 0, a "+" at a limit), on the one its data-fallback names.
  draw() {
    const active = document.activeElement;
    const keys = this.formBox.contains(active) ? [active.dataset.key, ...(active.dataset.fallback || "").split(" ")] : [];
    this.notice.textContent = asideNotice(this.state, kept.aside, this.broughtBack, this.catalogue);
    const form = renderForm(this.state, this.catalogue, (edit) => this.change(edit), { open: kept.open }, this.notice);
    this.formBox.replaceChildren(form);
    const found = keys.filter(Boolean).map((key) => form.querySelector(`[data-key="${CSS.escape(key)}"]`));
    found.find((control) => control && !control.disabled)?.focus();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.compute(), DELAY_MS);
  }

  async offerStart(why = "") {
    const start = () => this.start();
    const button = h("button", { type: "button", class: "md-button odds-start", onclick: start }, "Start the calculator");
    this.status.replaceChildren(why, button);
    button.textContent = await startLabel("Start the calculator");
  }

  async start() {
    this.status.textContent = STAGES.runtime;
    try {
      await asker.start((stage) => (this.status.textContent = STAGES[stage] ?? ""));
      this.started = true;
      this.status.textContent = "";
      this.compute();
    } catch (err) {
      this.offerStart(`The rules engine failed to start (${err.message}). `);
    }
  }

  // "Working out the odds…", and once it runs long, how much is done (the engine's share of
  // its rounds to the end settled), for how long, and a Cancel button. Returns what hears
  // the share done.
  working(since) {
    clearInterval(this.clock);
    this.status.textContent = "Working out the odds…";
    const cancel = h("button", { type: "button", class: "md-button odds-cancel", onclick: () => asker.cancel() }, "Cancel");
    const time = h("span", { class: "odds-elapsed" });
    const bar = h("progress", { class: "odds-progress", max: "100", value: "0", "aria-label": "Share of the odds worked out" });
    const done = h("span", { class: "odds-done" });
    let share = 0;
    const tick = () => {
      const ms = performance.now() - since;
      if (ms < LONG_MS) return;
      const percent = Math.floor(share * 100);
      bar.value = percent;
      bar.setAttribute("aria-valuetext", `${percent}% done`);
      done.textContent = ` ${percent}% done,`;
      time.textContent = ` ${seconds(ms)} so far. `;
      if (!cancel.isConnected) this.status.append(bar, done, time, cancel);
    };
    this.clock = setInterval(tick, 250);
    return (told) => {
      share = Math.max(share, Math.min(1, Number(told) || 0));
    };
  }

  // The work is over: the status emptied; whether focus was on something it or the result
  // is about to lose (Cancel, "Work it out anyway"), to be put on what replaces them.
  done() {
    clearInterval(this.clock);
    const hadFocus = this.status.contains(document.activeElement) || this.result.contains(document.activeElement);
    this.status.replaceChildren();
    this.result.removeAttribute("aria-busy");
    return hadFocus;
  }

  async compute(again = false) {
    if (!document.contains(this.root)) return; // a re-rendered page's calculator asks
    const ticket = ++this.ticket;
    const { attacker, defender } = this.state;
    if (!sideTotal(attacker.units) || !sideTotal(defender.units)) {
      this.done();
      asker.drop();
      this.shown = null;
      this.result.replaceChildren(h("p", { class: "odds-empty" }, "Give each side at least one unit to see the odds."));
      this.summary.hidden = true;
      return;
    }
    if (!this.started) return;
    const call = oddsCall(this.state, this.catalogue);
    const key = JSON.stringify(call);
    if (key === this.shown && !again) {
      // Back to the question on screen: whatever was asked since is stale.
      this.done();
      asker.drop();
      return;
    }
    const since = performance.now();
    this.result.setAttribute("aria-busy", "true");
    const told = this.working(since);
    const outcome = await asker.ask(key, call, told);
    if (ticket !== this.ticket || outcome.stale) return; // a later change asked again
    const hadFocus = this.done();
    if (outcome.failed) {
      this.started = false;
      this.shown = null;
      this.offerStart(`The rules engine stopped (${outcome.failed.message}). `);
    } else if (outcome.cancelled) this.cancelled(performance.now() - since, hadFocus);
    else {
      this.answered(key, outcome.answer);
      if (hadFocus) this.result.focus(); // the answer, read from its start
    }
  }

  cancelled(ms, hadFocus) {
    this.shown = null;
    const again = h("button", { type: "button", class: "md-button odds-again", onclick: () => this.compute(true) }, "Work it out anyway");
    const why = `Cancelled after ${seconds(ms)}. Change the fleets or options for a smaller question, or `;
    this.result.replaceChildren(h("p", { class: "odds-cancelled" }, why, again));
    this.summary.hidden = true;
    this.root.dataset.odds = "cancelled"; // for tests
    if (hadFocus) again.focus();
  }

  answered(key, answer) {
    this.shown = key;
    const detailsHadFocus = this.summary.contains(document.activeElement);
    this.result.replaceChildren(renderResult(answer));
    this.summary.replaceChildren(...summaryLine(answer, () => this.result.scrollIntoView({ block: "start" })));
    this.summary.hidden = !answer.ok;
    if (detailsHadFocus) this.summary.querySelector("button")?.focus();
    this.root.dataset.odds = answer.ok ? "ready" : "refused"; // for tests
  }
}

// The calculator's worker ends once the reader leaves its page (Material's instant
// navigation keeps the tab): a walkthrough read next does not share the device with it.
let watching = false;

function stopWhenLeft() {
  if (watching || typeof document$ === "undefined") return;
  watching = true;
  document$.subscribe(() => {
    if (!document.querySelector(".odds-calc")) asker.stop();
  });
}

export async function mountAll() {
  stopWhenLeft();
  for (const root of document.querySelectorAll(".odds-calc:not([data-mounted])")) {
    root.dataset.mounted = "";
    try {
      new Calculator(root, await loadCatalogue());
    } catch (err) {
      root.replaceChildren(h("p", { class: "odds-error", role: "alert" }, `The calculator cannot start: ${err.message}`));
    }
  }
}
