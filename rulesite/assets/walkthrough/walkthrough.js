// One walkthrough widget: a scenario played against the engine, step by step.
//
// Static first: the build played the suggested line (rulesite/core/walkthroughs/static_line.py)
// and the walkthrough's data carries every position of it, so Start shows step 1 at once
// and the line is walked, forth and back, with no Python runtime. The runtime loads in the
// background after Start and takes over from the position shown when the reader leaves
// the line (another choice, another seed, a choice to try). The position lives in the
// address bar, so Back, Forward and reload come back to it; a position on the line comes
// back without pressing Start.
//
// The comparison page's panes (compare.js) are walkthroughs too, handed their data and
// kept out of the address bar: two panes would fight over one link.

import { mapNoLongerFits } from "./board_map.js";
import { concrete } from "./choices.js";
import { followCitation } from "./citations.js";
import { STAGES, walkthroughEngine } from "./engine_client.js";
import { renderWalkthrough } from "./render.js";
import { engineFailure, replay, replayNotice } from "./replay.js";
import { positionHash, readPosition, rememberPosition } from "./share_state.js";
import { ROOT, fetchJson, rulesIndex, startLabel } from "./site_data.js";
import { diceBy, isOnLine, lineResults, same } from "./static_line.js";

export class Walkthrough {
  // `share`: the position is this page's link (the address bar, Copy link). The comparison
  // page's panes are not: each is handed `hash` (its position, from the page's link) and
  // `onMove` (called as its position changes), and starts at once (`autostart`).
  constructor(root, { data = null, share = true, hash = null, onMove = null, autostart = false } = {}) {
    this.root = root;
    this.id = root.dataset.walkthrough;
    this.preloaded = data;
    this.share = share;
    this.onMove = onMove;
    this.progress = root.querySelector(".wt-progress");
    this.startButton = root.querySelector(".wt-start");
    this.history = []; // engine results, one per step: [load, apply 1, apply 2, ...]
    this.line = []; // the suggested line, played at build time: one result per position
    this.choices = []; // the choices applied, for undo and links
    this.refusal = null;
    this.notice = null; // why a linked position could not be (fully) restored
    this.path = []; // systems picked on the map for the next move
    this.busy = false;
    this.starting = false;
    this.boardOpen = null; // until the reader toggles it: open where the map is small
    this.zoom = { on: false }; // the map's zoom, kept across redraws
    // Shown only now: with JavaScript off the button would do nothing.
    this.startButton.hidden = false;
    this.startButton.addEventListener("click", () => this.start());
    // A rotated phone or a resized window: the map is drawn again, the one that fits now
    // (after the resize is delivered: a redraw inside it would be a resize loop).
    new ResizeObserver(() =>
      requestAnimationFrame(() => {
        if (this.history.length && !this.busy && mapNoLongerFits(root.querySelector(".wt-map-wrap"))) {
          this.render(null, true);
        }
      }),
    ).observe(root);
    // A citation of a rule on this page opens it without leaving the walkthrough.
    root.addEventListener("click", (event) => followCitation(event, root));
    const linked = share || hash ? readPosition(share ? location.hash : hash, this.id) : null;
    if (linked?.error) {
      this.linkError = `This link's position cannot be read: ${linked.error}.`;
      this.progress.textContent = `${this.linkError} Start begins at step 1.`;
    }
    this.linked = linked && !linked.error ? linked : null;
    if (this.linked && share) root.scrollIntoView();
    this.labelStart();
    if (autostart) {
      this.start();
      return;
    }
    // A position on the line costs nothing to show: a link to one (reload, Back) comes back
    // at once; one off it waits for Start unless the runtime is already up.
    if (this.linked || walkthroughEngine.started) {
      this.start({ auto: !walkthroughEngine.started, quiet: true });
    }
  }

  async labelStart() {
    const action = this.linked ? "Start at the linked position" : "Start walkthrough";
    this.startButton.textContent = await startLabel(action);
  }

  // `auto`: started by a link, not by the reader; a linked position off the line then
  // waits for Start (it needs the runtime's download). `quiet`: nobody pressed Start (a link,
  // or a runtime already up in the tab): the first step is drawn without moving the page.
  async start({ auto = false, quiet = false } = {}) {
    if (this.starting || this.history.length) return;
    this.starting = true;
    this.startButton.setAttribute("aria-disabled", "true");
    const hadFocus = this.root.contains(document.activeElement);
    try {
      const [data, index] = await Promise.all([
        this.preloaded ?? fetchJson(new URL(`assets/walkthrough/data/${this.id}.json`, ROOT)),
        rulesIndex(),
      ]);
      this.data = data;
      this.index = index;
      this.line = data.line ? lineResults(data.line) : [];
      const position = this.linked || { seed: data.seed ?? 1, choices: [] };
      if (auto && !this.onLine(position.seed, position.choices)) return;
      await this.load(position.seed, position.choices, Boolean(this.linked), quiet);
      if (this.linkError) {
        this.notice = { text: this.linkError, after: "Shown: step 1." };
        this.render(null, quiet);
      }
      this.root.querySelector(".wt-boot").remove();
      // The widget shows what the static line said, one step at a time (and prints it).
      this.root.querySelector(".wt-line")?.remove();
      if (hadFocus) this.root.querySelector(".wt-step")?.focus();
      // In the background: off the line, the runtime is then (nearly) ready.
      this.bootEngine().catch(() => {});
    } catch (err) {
      this.history = [];
      this.progress.textContent = `The walkthrough could not start: ${err.message}. Press Start to try again.`;
    } finally {
      this.starting = false;
      if (!this.history.length) this.startButton.removeAttribute("aria-disabled");
    }
  }

  bootEngine() {
    this.enginePromise ??= walkthroughEngine
      .start((stage) => {
        // Said only while the reader waits for it (off the line).
        if (this.root.classList.contains("wt--loading") && STAGES[stage]) this.say(STAGES[stage]);
      })
      .then((engine) => {
        this.engine = engine;
        this.root.dataset.engine = "ready"; // for tests and the benchmark
        return engine;
      })
      .catch((err) => {
        this.enginePromise = null;
        throw err;
      });
    return this.enginePromise;
  }

  // The runtime, waited for with a clear "loading" state.
  async needEngine() {
    if (this.engine?.stopped) {
      this.engine = null; // a fresh worker starts
      this.enginePromise = null;
    }
    if (this.engine) return this.engine;
    this.say("Loading the rules engine (needed off the suggested line)…");
    this.root.classList.add("wt--loading");
    try {
      const engine = await this.bootEngine();
      this.say("");
      return engine;
    } catch (err) {
      throw new Error(engineFailure(err), { cause: err });
    } finally {
      this.root.classList.remove("wt--loading");
    }
  }

  // Whether a position is one the build played (static_line.js).
  onLine(seed, choices) {
    return isOnLine(this.data, this.line, seed, choices);
  }

  // The line's next position when `choice` is the script's next one (or the offered
  // choice the build found equal to it), else null.
  lineNext(choice) {
    const n = this.choices.length;
    if (!this.current.onLine || n + 1 >= this.line.length) return null;
    if (this.seed !== (this.data.seed ?? 1) && diceBy(this.data, n + 1)) return null; // other dice
    const { next } = this.data.line[n];
    const offered = next >= 0 ? concrete(this.current.choices[next]) : undefined;
    return same(choice, this.data.script[n]) || same(choice, offered) ? this.line[n + 1] : null;
  }

  // The engine takes over a position the build played: it replays it to get the state.
  async takeOver() {
    const engine = await this.needEngine();
    const { history, refused } = await replay(engine, this.data, this.seed, this.choices);
    if (refused) throw new Error("the engine could not replay the suggested line");
    this.history = history;
    return engine;
  }

  // Load the scenario with a seed, then replay choices until one is refused; a refused
  // linked choice is reported with the engine's reason and the position before it kept.
  async load(seed, choices, fromLink = false, quiet = false) {
    const generation = (this.generation = (this.generation ?? 0) + 1);
    if (this.onLine(seed, choices)) {
      this.seed = seed;
      this.history = this.line.slice(0, choices.length + 1);
      this.choices = [...choices];
      this.notice = null;
      this.refusal = null;
      this.path = [];
      this.render(null, quiet);
      return;
    }
    const engine = await this.needEngine();
    if (generation !== this.generation) return;
    this.seed = seed;
    const { history, refused } = await replay(engine, this.data, seed, choices);
    if (!history.length) throw new Error(refused.result.error.message);
    this.history = history;
    this.choices = choices.slice(0, history.length - 1);
    this.notice = refused && fromLink ? replayNotice(this.current.view, choices.length, refused) : null;
    this.refusal = null;
    this.path = [];
    this.render(null, quiet);
  }

  get current() {
    return this.history[this.history.length - 1];
  }

  async apply(choice) {
    // One choice at a time: a second click before the engine answers would apply to a
    // state that is about to be replaced.
    if (this.busy) return;
    this.busy = true;
    // A reset, reroll or step back while the engine works replaces the position: this
    // answer is then for a state no longer shown, and is dropped: rendered, it would put
    // the move back on top of the reset and take the focus from the control pressed.
    const generation = this.generation;
    let result = this.lineNext(choice);
    const onLine = Boolean(result);
    try {
      if (!result) {
        const engine = this.current.state ? await this.needEngine() : await this.takeOver();
        result = await engine.call("apply", this.current.state, choice);
      }
    } catch (err) {
      this.say(err.message.startsWith("The rules engine") ? err.message : `The engine stopped: ${err.message}`);
      return;
    } finally {
      this.busy = false;
    }
    if (generation !== this.generation) return;
    if (result.ok) {
      this.history.push(result);
      // On the line, the script's own words: links and the next step compare with them.
      this.choices.push(onLine ? this.data.script[this.choices.length] : choice);
      this.refusal = null;
      this.notice = null;
      this.remember();
    } else {
      this.refusal = result.refusal || { reason: result.error?.message || "refused", rules: [] };
    }
    // A refused move starts its path afresh rather than growing the refused one.
    if (choice.kind === "move" || result.ok) this.path = [];
    // Done, focus stays on the control used (render finds it again by its data-key).
    this.render(result.ok ? null : ".wt-refusal");
  }

  undo() {
    if (this.history.length < 2) return;
    this.generation = (this.generation ?? 0) + 1;
    this.history.pop();
    this.choices.pop();
    this.refusal = null;
    this.path = [];
    this.remember();
    this.render();
  }

  async restart(seed, choices) {
    try {
      await this.load(seed, choices);
      this.remember();
    } catch (err) {
      this.say(err.message);
    }
  }

  remember() {
    if (this.share) rememberPosition(positionHash(this.id, this.seed, this.choices));
    this.onMove?.();
  }

  nextScripted() {
    const script = this.data.script || [];
    const onScript = this.choices.every((c, i) => same(c, script[i]));
    return onScript ? script[this.choices.length] : undefined;
  }

  async copyLink() {
    const url = `${location.origin}${location.pathname}${positionHash(this.id, this.seed, this.choices)}`;
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
    (this.root.querySelector(".wt-status") || this.progress).textContent = text;
  }

  // Clicking a system activates it during activation, extends the path during movement and
  // announces a retreat there while retreats are announced; the engine judges each.
  systemClicked(id) {
    const { view } = this.current;
    if (view.step === "activation") {
      this.apply({ kind: "activate", system: id });
    } else if (view.step === "movement") {
      this.path = [...this.path, id];
      this.refusal = null;
      this.render(`.wt-system[data-system="${CSS.escape(id)}"]`);
    } else {
      const stay = this.current.choices.find((c) => c.kind === "no_retreat");
      if (stay) this.apply({ kind: "announce_retreat", player: stay.player, to: id });
    }
  }

  // ---- rendering ---------------------------------------------------------------------

  // Redraws the widget (render.js); `focus`: what to focus, `quiet`: a redraw nobody asked
  // for, which leaves the page where the reader is.
  render(focus = null, quiet = false) {
    renderWalkthrough(this, focus, quiet);
  }
}
