// What the step just played did: the words the walkthrough's author wrote for the step's
// kind lead (on the suggested line), then the engine's own events of that step, with
// their numbers (dice, hits, costs) and rules. The author's words are the same at every
// step of a kind; the events are what makes each step's story its own.
//
// Every text goes in as a text node (dom.js's h): engine and scenario texts are untrusted.

import { ruleRefs, withoutRefs } from "./citations.js";
import { h } from "./dom.js";
import { ROOT } from "./site_data.js";

// A step that sets off many events (a long line of moves and rolls) says this many; the
// rest are in "What happened" below, counted here.
const MAX_SAID = 6;

// The events the last step added to the log: the log grows, each view holding every
// event so far.
export function stepEvents(history) {
  if (history.length < 2) return [];
  const before = (history.at(-2).view.log || []).length;
  return (history.at(-1).view.log || []).slice(before);
}

// The events worth saying: a "step" event whose words are the heading just above says
// nothing new ("Step 2 – Movement" under "Step 2 – Movement").
function worthSaying(events, view) {
  const heading = view.step_title || view.step;
  return events.filter((e) => !(e.kind === "step" && withoutRefs(e.text, e.rules) === heading));
}

// `lead`: the author's words for this step, or null (off the line, none are written).
// A polite live region: the reader who pressed a control keeps focus on it and hears
// what the step did.
export function renderStory({ lead, onLine, events, view, names, index }) {
  const said = worthSaying(events, view);
  const shown = said.slice(0, MAX_SAID);
  const more = said.length - shown.length;
  return h(
    "div",
    { class: "wt-story", "aria-live": "polite" },
    lead
      ? h("p", { class: "wt-narration" }, lead)
      : onLine
        ? null
        : h("p", { class: "wt-described" }, "Off the suggested line."),
    shown.length
      ? h(
          "ul",
          { class: "wt-did", "aria-label": "What this step did" },
          shown.map((event) =>
            h(
              "li",
              { class: `wt-did-event wt-did-event--${event.kind}` },
              names.text(withoutRefs(event.text, event.rules)),
              " ",
              ruleRefs(event.rules, index, ROOT, { compact: true }),
            ),
          ),
          more > 0 ? h("li", { class: "wt-did-more" }, `… and ${more} more under What happened.`) : null,
        )
      : null,
  );
}
