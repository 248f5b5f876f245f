// A walkthrough widget drawn for the position it shows: toolbar, alerts, the step and its
// story, the board (map and list), the combat, the choices and the log.

import { renderBoard } from "./board_list.js";
import { centreMap, fitMap, renderMap } from "./board_map.js";
import { renderChoices } from "./choices.js";
import { ruleRefs } from "./citations.js";
import { h, scrollIntoSight } from "./dom.js";
import { renderCombat, renderLog, renderPlayers } from "./log.js";
import { Names } from "./names.js";
import { ROOT } from "./site_data.js";
import { renderStory, stepEvents } from "./story.js";
import { renderNotice, renderRefusal, renderToolbar } from "./toolbar.js";

// The walkthrough's name, as its region says it (without the "Walkthrough: ").
function titleOf(wt) {
  return (wt.root.getAttribute("aria-label") || wt.data?.title || "").replace(/^Walkthrough: /, "");
}

// Redraws the widget of `wt`; focus goes to `focus` if given, else back to the control that
// had it (found again by its data-key), so a keyboard user never lands on <body>. `quiet`: a
// redraw nobody asked for (a walkthrough starting by itself, on a page the reader may have
// just landed on at a rule elsewhere) leaves the page where the reader is.
export function renderWalkthrough(wt, focus = null, quiet = false) {
  const { root } = wt;
  const active = root.contains(document.activeElement) ? document.activeElement : null;
  const key = active?.dataset.key;
  const { view, choices } = wt.current;
  wt.names = new Names(view);
  const body = root.querySelector(".wt-body") || root.appendChild(h("div", { class: "wt-body" }));
  // The author's words lead on the suggested line; the engine's events say what the step did.
  const onLine = wt.onLine(wt.seed, wt.choices);
  const lead = onLine ? (wt.data.narration || {})[view.step] : null;
  const parts = [
    renderToolbar(wt, view),
    renderNotice(wt.notice, wt.index),
    h(
      "h4",
      { class: "wt-step", tabindex: "-1" },
      view.step_title || view.step,
      " ",
      ruleRefs(view.step_rules, wt.index, ROOT, { compact: true }),
    ),
    renderStory({ lead, onLine, events: stepEvents(wt.history), view, names: wt.names, index: wt.index }),
    renderRefusal(wt.refusal, wt.names, wt.index),
    renderPlayers(view, wt.names),
    renderMap(view, choices, wt.names, wt.path, (id) => wt.systemClicked(id), wt.zoom, titleOf(wt)),
    renderBoard(view, wt.names, Boolean(wt.boardOpen), (open) => {
      wt.boardOpen = open;
    }),
    renderCombat(view, wt.names),
    renderChoices(wt, view, choices),
    renderLog(view, wt.names, wt.index),
  ];
  // No jump: the choices stay where the reader's eyes are (they were just used).
  const before = quiet ? undefined : body.querySelector(".wt-choices")?.getBoundingClientRect().top;
  body.replaceChildren(...parts.filter(Boolean));
  // A map too wide to show whole at a legible size scrolls to the active system, and
  // the Board list (the same in words) opens beneath it.
  const small = centreMap(fitMap(body.querySelector(".wt-map-wrap")), view);
  if (wt.boardOpen === null && small) body.querySelector(".wt-board").open = true;
  const choicesNow = body.querySelector(".wt-choices");
  if (before !== undefined && choicesNow) {
    window.scrollBy(0, choicesNow.getBoundingClientRect().top - before);
  }
  const target =
    (focus && root.querySelector(focus)) ||
    (key && root.querySelector(`[data-key="${CSS.escape(key)}"]:not(:disabled)`)) ||
    (active && !root.contains(active) ? root.querySelector(".wt-step") : null);
  target?.focus({ preventScroll: true });
  // Scroll only when what the reader needs next is out of view: what was asked for (a
  // refusal, say), else the choices.
  if (!quiet) scrollIntoSight((focus && target) || choicesNow);
}
