// The walkthrough's toolbar and the two alerts above the board: a link that could not
// be followed (its notice) and a move the engine refused (the rule that forbids it).
import { ruleRefs, withoutRefs } from "./citations.js";
import { h } from "./dom.js";
import { ROOT } from "./site_data.js";

export function renderToolbar(wt, view) {
  const next = wt.nextScripted();
  const button = (key, label, onclick, disabled = false) =>
    h("button", { type: "button", class: `wt-button wt-${key}`, "data-key": key, disabled, onclick }, label);
  return h(
    "div",
    { class: "wt-toolbar" },
    h("span", { class: "wt-seed" }, `Dice seed: ${wt.seed}`),
    button("reroll", "Reroll (new seed)", () => wt.restart(Math.floor(Math.random() * 1e9), wt.choices)),
    button("undo", "Step back", () => wt.undo(), wt.history.length < 2),
    button("reset", "Reset", () => wt.restart(wt.seed, [])),
    wt.share ? button("copy", "Copy link", () => wt.copyLink()) : null,
    next && view.step !== "finished"
      ? button(
          "scripted",
          `Play the suggested step (${wt.choices.length + 1}/${wt.data.script.length})`,
          () => wt.apply(next),
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

export function renderNotice(notice, index) {
  if (!notice) return null;
  return h(
    "div",
    { class: "wt-notice", role: "alert" },
    h("strong", {}, "Link: "),
    notice.text,
    " ",
    ruleRefs(notice.rules, index, ROOT),
    notice.after ? ` ${notice.after}` : "",
  );
}

export function renderRefusal(refusal, names, index) {
  if (!refusal) return null;
  const { reason, rules } = refusal;
  return h(
    "div",
    { class: "wt-refusal", role: "alert", tabindex: "-1" },
    h("strong", {}, "Not allowed: "),
    names.text(withoutRefs(reason, rules)),
    " ",
    ruleRefs(rules, index, ROOT),
  );
}
