// An odds answer drawn: a bar of who wins how often, each side's survivors as horizontal
// bars (the most likely first, the unlikely folded), and every number as text beside its
// bar (the bars are hidden from screen readers; the text is the result). Widths are set
// through the CSSOM or as SVG attributes: the site's Content-Security-Policy refuses style
// attributes.

import { h, s } from "../walkthrough/dom.js";

// Two decimals; a chance that rounds to 0.00% or 100.00% but is not that says so.
export function percent(p) {
  if (p > 0 && p < 0.00005) return "< 0.01%";
  if (p < 1 && p >= 0.99995) return "> 99.99%";
  return `${(p * 100).toFixed(2)}%`;
}

function outcomes(result) {
  const retreating = result.retreating === "attacker" ? "The attacker" : "The defender";
  const found = [
    ["attacker_wins", "Attacker wins", "attacker"],
    ["both_destroyed", "Both sides destroyed", "draw"],
    ["defender_wins", "Defender wins", "defender"],
    ["retreated", `${retreating} retreats`, "retreat"],
    ["undecided", `Undecided after ${result.rounds} round${result.rounds === 1 ? "" : "s"}`, "undecided"],
  ];
  return found.filter(([key]) => typeof result[key] === "number" && (result[key] > 0 || key !== "undecided"));
}

function outcomeBar(result) {
  let x = 0;
  const rects = outcomes(result).map(([key, , kind]) => {
    const width = result[key] * 100;
    const rect = s("rect", { x: String(x), y: "0", width: String(width), height: "10", class: `odds-fill--${kind}` });
    x += width;
    return rect;
  });
  const attrs = { viewBox: "0 0 100 10", preserveAspectRatio: "none", "aria-hidden": "true", focusable: "false" };
  return s("svg", { class: "odds-bar", ...attrs }, rects);
}

// Units in a survivor label ("2 cruiser ii, 1 flagship (1 damaged)" → 3; "none" → 0).
function unitsIn(label) {
  return label
    .replace(/\([^)]*\)/g, "")
    .split(",")
    .reduce((sum, item) => sum + (Number.parseInt(item.trim(), 10) || 0), 0);
}

// The most likely survivors are shown until they make up this much of the chance (at most
// MAX_SHOWN of them); the rest are folded under one line: a 40 v 40 has over a hundred.
const SHOWN_SHARE = 0.9;
const MAX_SHOWN = 8;

function survivorRow([label, p], kind) {
  const fill = h("span", { class: `odds-survivor-fill odds-fill--${kind}` });
  fill.style.width = `${Math.min(100, p * 100)}%`;
  return h(
    "li",
    { class: "odds-survivor" },
    h("span", { class: "odds-survivor-label" }, label === "none" ? "none left" : label),
    h("span", { class: "odds-survivor-track", "aria-hidden": "true" }, fill),
    h("span", { class: "odds-survivor-p" }, percent(p)),
  );
}

// How many of `rows` (most likely first) are shown unfolded.
function shownCount(rows) {
  let share = 0;
  let shown = 0;
  while (shown < rows.length && shown < MAX_SHOWN && share < SHOWN_SHARE) share += rows[shown++][1];
  return rows.length - shown === 1 ? rows.length : shown; // one row is not worth a fold
}

function survivors(title, distribution, kind) {
  const rows = Object.entries(distribution || {}).sort(([a, p], [b, q]) => q - p || unitsIn(b) - unitsIn(a));
  const shown = shownCount(rows);
  const rest = rows.slice(shown);
  const restShare = rest.reduce((sum, [, p]) => sum + p, 0);
  return h(
    "section",
    { class: "odds-survivors" },
    h("h3", {}, title),
    h("ul", {}, rows.slice(0, shown).map((row) => survivorRow(row, kind))),
    rest.length
      ? h(
          "details",
          { class: "odds-survivors-more" },
          h("summary", {}, `${rest.length} less likely outcomes, together ${percent(restShare)}`),
          h("ul", {}, rest.map((row) => survivorRow(row, kind))),
        )
      : null,
  );
}

function notes(result) {
  const all = ["attacker", "defender"].flatMap((side) => result[side]?.notes || []);
  return all.length ? h("ul", { class: "odds-notes" }, all.map((note) => h("li", {}, note))) : null;
}

// The answer of engine.api.odds, or its refusal, as elements.
// The answer in one line, kept in sight at the foot of a phone's screen while the
// reader changes the form above (odds.css), with a button to the whole answer (not a
// link: the page's hash holds the calculation).
export function summaryLine(result, showDetails) {
  if (!result?.ok) return [];
  return [
    outcomes(result)
      .map(([key, label]) => `${label}: ${percent(result[key])}`)
      .join(" · "),
    " ",
    h("button", { type: "button", class: "odds-details", onclick: showDetails }, "Details"),
  ];
}

export function renderResult(result) {
  if (!result.ok) {
    return h("p", { class: "odds-error", role: "alert" }, `The engine cannot work this combat out: ${result.error.message}`);
  }
  return h(
    "div",
    { class: "odds-answer" },
    h("h2", {}, "Exact odds"),
    outcomeBar(result),
    h(
      "ul",
      { class: "odds-outcomes" },
      outcomes(result).map(([key, label, kind]) =>
        h(
          "li",
          { "data-outcome": key },
          h("span", { class: `odds-swatch odds-fill--${kind}`, "aria-hidden": "true" }),
          `${label}: `,
          h("strong", {}, percent(result[key])),
        ),
      ),
    ),
    h(
      "div",
      { class: "odds-survivor-sides" },
      survivors("What the attacker has left", result.attacker_survivors, "attacker"),
      survivors("What the defender has left", result.defender_survivors, "defender"),
    ),
    notes(result),
  );
}
