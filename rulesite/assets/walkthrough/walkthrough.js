// One walkthrough widget: a scenario played against the engine, step by step.
//
// Nothing is downloaded until the reader presses Start; once a walkthrough has started
// in this tab, later ones (on this page or the next) start at once. The position lives in
// the address bar, so Back, Forward and reload come back to it.
//
// The comparison page's panes (compare.js) are walkthroughs too, handed their data and
// kept out of the address bar: two panes would fight over one link.

import { renderBoard } from "./board_list.js";
import { renderMap } from "./board_map.js";
import { renderChoices } from "./choices.js";
import { h } from "./dom.js";
import { STAGES, walkthroughEngine } from "./engine_client.js";
import { renderCombat, renderLog, renderPlayers } from "./log.js";
import { Names } from "./names.js";
import { ruleRefs, withoutRefs } from "./citations.js";
import { positionHash, readPosition, rememberPosition } from "./share_state.js";
import { ROOT, fetchJson, rulesIndex, startLabel } from "./site_data.js";

export class Walkthrough {
  constructor(root, { data = null, share = true } = {}) {
    this.root = root;
    this.id = root.dataset.walkthrough;
    this.preloaded = data;
    this.share = share;
    this.progress = root.querySelector(".wt-progress");
    this.startButton = root.querySelector(".wt-start");
    this.history = []; // engine results, one per step: [load, apply 1, apply 2, ...]
    this.choices = []; // the choices applied, for undo and links
    this.refusal = null;
    this.notice = null; // why a linked position could not be (fully) restored
    this.path = []; // systems picked on the map for the next move
    this.busy = false;
    this.starting = false;
    this.boardOpen = false;
    // Shown only now: with JavaScript off the button would do nothing.
    this.startButton.hidden = false;
    this.startButton.addEventListener("click", () => this.start());
    const linked = share ? readPosition(location.hash, this.id) : null;
    if (linked?.error) {
      this.linkError = `This link's position cannot be read: ${linked.error}.`;
      this.progress.textContent = `${this.linkError} Start begins at step 1.`;
    }
    this.linked = linked && !linked.error ? linked : null;
    if (this.linked) root.scrollIntoView();
    if (walkthroughEngine.started) this.start();
    else this.labelStart();
  }

  async labelStart() {
    const action = this.linked ? "Start at the linked position" : "Start walkthrough";
    this.startButton.textContent = await startLabel(action);
  }

  async start() {
    if (this.starting || this.engine) return;
    this.starting = true;
    this.startButton.setAttribute("aria-disabled", "true");
    const hadFocus = this.root.contains(document.activeElement);
    try {
      // The scenario and the rules index load while the engine boots, not before.
      const [data, index, engine] = await Promise.all([
        this.preloaded ?? fetchJson(new URL(`assets/walkthrough/data/${this.id}.json`, ROOT)),
        rulesIndex(),
        walkthroughEngine.start((stage) => {
          this.progress.textContent = STAGES[stage] ?? "";
        }),
      ]);
      this.data = data;
      this.index = index;
      this.engine = engine;
      const position = this.linked || { seed: data.seed ?? 1, choices: [] };
      await this.load(position.seed, position.choices, Boolean(this.linked));
      if (this.linkError) {
        this.notice = { text: this.linkError, after: "Shown: step 1." };
        this.render();
      }
      this.root.querySelector(".wt-boot").remove();
      if (hadFocus) this.root.querySelector(".wt-step")?.focus();
    } catch (err) {
      this.engine = null;
      this.progress.textContent = `The walkthrough could not start: ${err.message}. Press Start to try again.`;
      this.startButton.removeAttribute("aria-disabled");
    } finally {
      this.starting = false;
    }
  }

  // Load the scenario with a seed, then replay choices until one is refused; a refused
  // linked choice is reported with the engine's reason and the position before it kept.
  async load(seed, choices, fromLink = false) {
    this.generation = (this.generation ?? 0) + 1;
    this.seed = seed;
    // The page's own keys stay here: the engine reads the scenario only
    // (rulesite/walkthroughs/walkthrough_files.py strips the same keys at build time).
    const { narration: _narration, description: _description, try: _try, ...scenario } = this.data;
    const first = await this.engine.call("load_scenario", { ...scenario, seed });
    if (!first.ok) throw new Error(first.error.message);
    this.history = [first];
    this.choices = [];
    this.notice = null;
    for (const [i, choice] of choices.entries()) {
      const result = await this.engine.call("apply", this.current.state, choice);
      if (!result.ok) {
        if (fromLink) this.notice = this.replayFailure(i, choices.length, choice, result);
        break;
      }
      this.history.push(result);
      this.choices.push(choice);
    }
    this.refusal = null;
    this.path = [];
    this.render();
  }

  replayFailure(i, total, choice, result) {
    const names = new Names(this.current.view);
    const what = names.text(choice.label || JSON.stringify(choice).slice(0, 120));
    const { reason, rules } = result.refusal || {
      reason: result.error?.message || "the engine could not read it",
      rules: [],
    };
    return {
      text:
        `Choice ${i + 1} of ${total} in this link (${what}) cannot be replayed: ` +
        `${names.text(withoutRefs(reason, rules))}`,
      rules,
      after: `Shown: the last legal position, after ${i} choice${i === 1 ? "" : "s"}.`,
    };
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
    let result;
    try {
      result = await this.engine.call("apply", this.current.state, choice);
    } catch (err) {
      this.say(`The engine stopped: ${err.message}`);
      return;
    } finally {
      this.busy = false;
    }
    if (generation !== this.generation) return;
    if (result.ok) {
      this.history.push(result);
      this.choices.push(choice);
      this.refusal = null;
      this.notice = null;
      this.remember();
    } else {
      this.refusal = result.refusal || { reason: result.error?.message || "refused", rules: [] };
    }
    // A refused move starts its path afresh rather than growing the refused one.
    if (choice.kind === "move" || result.ok) this.path = [];
    this.render(result.ok ? ".wt-step" : ".wt-refusal");
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
    await this.load(seed, choices);
    this.remember();
  }

  remember() {
    if (this.share) rememberPosition(positionHash(this.id, this.seed, this.choices));
  }

  nextScripted() {
    const script = this.data.script || [];
    const onScript = this.choices.every((c, i) => JSON.stringify(c) === JSON.stringify(script[i]));
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
    this.root.querySelector(".wt-status").textContent = text;
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

  // Redraws the widget; focus goes to `focus` if given, else back to the control that had
  // it (found again by its data-key), so a keyboard user never lands on <body>.
  render(focus = null) {
    const active = this.root.contains(document.activeElement) ? document.activeElement : null;
    const key = active?.dataset.key;
    const { view, choices } = this.current;
    this.names = new Names(view);
    const body =
      this.root.querySelector(".wt-body") || this.root.appendChild(h("div", { class: "wt-body" }));
    const narration = (this.data.narration || {})[view.step];
    const parts = [
      this.renderToolbar(view),
      this.renderNotice(),
      h(
        "h4",
        { class: "wt-step", tabindex: "-1" },
        view.step_title || view.step,
        " ",
        ruleRefs(view.step_rules, this.index, ROOT),
      ),
      narration ? h("p", { class: "wt-narration" }, narration) : null,
      this.renderRefusal(),
      renderPlayers(view, this.names),
      renderMap(view, choices, this.names, this.path, (id) => this.systemClicked(id)),
      renderBoard(view, this.names, this.boardOpen, (open) => {
        this.boardOpen = open;
      }),
      renderCombat(view, this.names),
      renderChoices(this, view, choices),
      renderLog(view, this.names, this.index),
    ];
    body.replaceChildren(...parts.filter(Boolean));
    const target =
      (focus && this.root.querySelector(focus)) ||
      (key && this.root.querySelector(`[data-key="${key}"]:not(:disabled)`)) ||
      (active && !this.root.contains(active) ? this.root.querySelector(".wt-step") : null);
    target?.focus();
  }

  renderToolbar(view) {
    const next = this.nextScripted();
    const button = (key, label, onclick, disabled = false) =>
      h("button", { type: "button", class: `wt-button wt-${key}`, "data-key": key, disabled, onclick }, label);
    return h(
      "div",
      { class: "wt-toolbar" },
      h("span", { class: "wt-seed" }, `Dice seed: ${this.seed}`),
      button("reroll", "Reroll (new seed)", () =>
        this.restart(Math.floor(Math.random() * 1e9), this.choices),
      ),
      button("undo", "Step back", () => this.undo(), this.history.length < 2),
      button("reset", "Reset", () => this.restart(this.seed, [])),
      this.share ? button("copy", "Copy link", () => this.copyLink()) : null,
      next && view.step !== "finished"
        ? button(
            "scripted",
            `Play the suggested step (${this.choices.length + 1}/${this.data.script.length})`,
            () => this.apply(next),
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

  renderNotice() {
    if (!this.notice) return null;
    return h(
      "div",
      { class: "wt-notice", role: "alert" },
      h("strong", {}, "Link: "),
      this.notice.text,
      " ",
      ruleRefs(this.notice.rules, this.index, ROOT),
      this.notice.after ? ` ${this.notice.after}` : "",
    );
  }

  renderRefusal() {
    if (!this.refusal) return null;
    const { reason, rules } = this.refusal;
    return h(
      "div",
      { class: "wt-refusal", role: "alert", tabindex: "-1" },
      h("strong", {}, "Not allowed: "),
      this.names.text(withoutRefs(reason, rules)),
      " ",
      ruleRefs(rules, this.index, ROOT),
    );
  }
}
