// The edition comparison page's player: one board, picked from a list, played in two panes,
// the 3rd edition on the left and the 4th on the right.
//
// Each pane is a Walkthrough (walkthrough.js) handed its half of the board's file
// (rulesite/core/walkthroughs/side_by_side.py), so both draw, refuse and cite exactly as every
// walkthrough does; both call the one engine worker the walkthroughs of a tab share. Each
// half carries its suggested line as the build played it, so Start shows both at once.
// The address bar keeps the board and both panes' positions ("#cmp=ID&ed3=…&ed4=…", each
// pane's part a walkthrough link), so Back, Forward and reload come back to them.

import { h } from "./dom.js";
import { positionHash, rememberPosition } from "./share_state.js";
import { ROOT, fetchJson, startLabel } from "./site_data.js";
import { Walkthrough } from "./walkthrough.js";

const EDITION_NAMES = { 3: "3rd edition", 4: "4th edition" };

export class SideBySide {
  constructor(root) {
    this.root = root;
    this.pick = root.querySelector(".wt-compare-pick");
    this.panes = root.querySelector(".wt-compare-panes");
    this.progress = root.querySelector(".wt-progress");
    this.startButton = root.querySelector(".wt-start");
    this.started = false;
    this.opening = 0; // the latest pick: a slower earlier fetch must not replace it
    this.walkthroughs = [];
    const linked = new URLSearchParams(location.hash.slice(1));
    const known = [...this.pick.options].some((option) => option.value === linked.get("cmp"));
    this.linked = known ? linked : null;
    if (this.linked) this.pick.value = linked.get("cmp");
    this.pick.addEventListener("change", () => {
      this.showIntro();
      if (this.started) this.open(this.pick.value);
    });
    this.startButton.addEventListener("click", () => this.start());
    this.startButton.hidden = false;
    this.showIntro();
    this.labelStart();
    if (this.linked) this.start();
  }

  async labelStart() {
    this.startButton.textContent = await startLabel(this.startButton.textContent);
  }

  showIntro() {
    for (const intro of this.root.querySelectorAll(".wt-intro[data-board]")) {
      intro.hidden = intro.dataset.board !== this.pick.value;
    }
  }

  async start() {
    if (this.started || this.startButton.getAttribute("aria-disabled")) return;
    this.startButton.setAttribute("aria-disabled", "true");
    try {
      // Each pane shows its line's first step at once and loads the engine behind it.
      this.started = true;
      await this.open(this.pick.value, this.linked);
      this.linked = null;
    } catch (err) {
      this.started = false;
      this.progress.textContent = `The engines could not start: ${err.message}. Press Start to try again.`;
      this.startButton.removeAttribute("aria-disabled");
    }
  }

  // Both panes in the address bar, each as its own walkthrough link.
  remember() {
    const params = new URLSearchParams({ cmp: this.pick.value });
    for (const pane of this.walkthroughs) {
      if (pane.history.length) {
        params.set(`ed${pane.root.dataset.edition}`, positionHash(pane.id, pane.seed, pane.choices).slice(1));
      }
    }
    rememberPosition(`#${params}`);
  }

  // Both panes of one board, each a walkthrough of its edition's half; `linked` holds the
  // positions a link gave them.
  async open(id, linked = null) {
    const opening = ++this.opening;
    let board;
    let failure = null;
    try {
      board = await fetchJson(new URL(`assets/walkthrough/data/${id}.json`, ROOT));
    } catch (err) {
      failure = err;
    }
    if (opening !== this.opening) return;
    // The Start button goes as the panes come, in one step: nothing to press in between.
    this.root.querySelector(":scope > .wt-boot")?.remove();
    if (failure) {
      const why = `This scenario could not be loaded: ${failure.message}. Reload the page to retry.`;
      this.panes.replaceChildren(h("p", { role: "alert" }, why));
      return;
    }
    const roots = board.panes.map((pane) =>
      h(
        "section",
        {
          class: "wt wt-pane",
          "data-walkthrough": `${id}-ed${pane.edition}`,
          "data-edition": pane.edition,
          "data-mounted": true, // mounted here, not by widget.js
          "aria-label": `${board.title}: ${EDITION_NAMES[pane.edition]}`,
        },
        h("h4", { class: "wt-heading wt-pane-heading" }, EDITION_NAMES[pane.edition]),
        // The engine is up, so a pane starts by itself: its boot line is never shown.
        h(
          "p",
          { class: "wt-boot", hidden: true },
          h("button", { type: "button", class: "wt-button wt-start", hidden: true }, "Start"),
          h("span", { class: "wt-progress", role: "status", "aria-live": "polite" }),
        ),
      ),
    );
    this.panes.replaceChildren(...roots);
    this.walkthroughs = board.panes.map((pane, i) => {
      const hash = linked?.get(`ed${pane.edition}`);
      return new Walkthrough(roots[i], {
        data: pane,
        share: false,
        hash: hash ? `#${hash}` : null,
        onMove: () => this.remember(),
        autostart: true,
      });
    });
  }
}
