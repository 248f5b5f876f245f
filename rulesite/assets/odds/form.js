// The calculator's form: the combat, then per side a faction, a stepper per unit type
// (with its II toggle) and the options that side is offered, grouped by kind; then the
// rounds. Built whole from a state; each control calls change(edit), `edit` changing a
// copy of the state. Every control has a data-key, so focus survives a rebuild, and a
// button that may be disabled by its own press names in data-fallback where focus goes then.

import { h } from "../walkthrough/dom.js";
import { CASUALTIES, KINDS, flagshipOf, kindName, offered } from "./catalogue.js";
import { SIDES } from "./state.js";
import { MAX_AMOUNT, MAX_ROUNDS, MAX_UNITS, sideTotal, unitName, unitRows, unitTypes, upgradable } from "./units.js";

const SIDE_NAMES = { attacker: "Attacker", defender: "Defender" };

function select(key, label, value, choices, onchange, disabled = false) {
  const id = `odds-${key}`;
  const field = h(
    "select",
    { id, "data-key": key, disabled, onchange: (event) => onchange(event.target.value) },
    choices.map(([v, text]) => h("option", { value: v, selected: v === value }, text)),
  );
  return h("div", { class: "odds-field" }, h("label", { for: id }, label), field);
}

function combatSwitch(state, change, notice) {
  const radio = (ground, text) =>
    h(
      "label",
      { class: "odds-segment" },
      h("input", {
        type: "radio",
        name: "odds-combat",
        "data-key": `combat-${ground ? "ground" : "space"}`,
        checked: state.ground === ground,
        onchange: () => change((s) => (s.ground = ground)),
      }),
      text,
    );
  const legend = h("legend", {}, "Combat");
  const described = notice?.textContent ? notice.id : null;
  const attrs = { class: "odds-combat", "aria-describedby": described };
  return h("fieldset", attrs, legend, radio(false, "Space combat"), radio(true, "Invasion"));
}

function stepButton(key, fallback, label, disabled, onclick, text) {
  const attrs = { type: "button", class: "odds-step", "data-key": key, "data-fallback": fallback, "aria-label": label };
  return h("button", { ...attrs, disabled, onclick }, text);
}

function stepper(name, side, row, change) {
  const count = side.units[row.key] || 0;
  const label = row.label;
  const key = `${name}-${row.key}`;
  const step = (by) => change((s) => (s[name].units[row.key] = Math.max(0, count + by)));
  const flagships = (side.units.flagship || 0) + (side.units.damaged_flagship || 0);
  const full = sideTotal(side.units) >= MAX_UNITS || (row.type === "flagship" && flagships >= 1);
  const ii = side.ii.includes(row.type);
  const toggle = () => change((s) => (s[name].ii = ii ? s[name].ii.filter((t) => t !== row.type) : [...s[name].ii, row.type]));
  return h(
    "li",
    { class: "odds-unit" },
    h("span", { class: "odds-unit-name", id: `odds-${key}-name` }, label),
    // "−" down to 0 falls back on "+", "+" at a limit on "−"; the faction is always there.
    stepButton(`${key}-less`, `${key}-more ${name}-faction`, `Fewer: ${label}`, count === 0, () => step(-1), "−"),
    h("output", { class: "odds-count", "aria-labelledby": `odds-${key}-name` }, String(count)),
    stepButton(`${key}-more`, `${key}-less ${name}-faction`, `More: ${label}`, full, () => step(1), "+"),
    upgradable(row.type) && !row.damaged
      ? h(
          "button",
          {
            type: "button",
            class: "odds-ii",
            "data-key": `${key}-ii`,
            "aria-pressed": String(ii),
            "aria-label": `${unitName(row.type)} II (upgraded)`,
            onclick: toggle,
          },
          "II",
        )
      : h("span", { class: "odds-ii-none" }),
  );
}

// How many (an option's `amount`: trade goods, repairs) or in which round (a card played
// in one round) the option is used.
function numberField(name, side, option, key, change) {
  const counted = Boolean(option.amount);
  const values = Array.from({ length: counted ? MAX_AMOUNT : MAX_ROUNDS }, (_, i) => [
    String(i + 1),
    counted ? String(i + 1) : `round ${i + 1}`,
  ]);
  const label = counted ? `${option.name}: ${option.amount}` : `${option.name}: in`;
  return select(`${key}-${counted ? "amount" : "round"}`, label, String(side.options[option.id] || 1), values, (v) =>
    change((s) => (s[name].options[option.id] = Number(v))),
  );
}

function optionField(name, side, option, change) {
  const key = `${name}-option-${option.id}`;
  const chosen = option.id in side.options;
  const box = h("input", {
    type: "checkbox",
    id: `odds-${key}`,
    "data-key": key,
    checked: chosen,
    "aria-describedby": `odds-${key}-what`,
    onchange: () =>
      change((s) => (chosen ? delete s[name].options[option.id] : (s[name].options[option.id] = option.by_round || option.amount ? 1 : 0))),
  });
  return h(
    "li",
    { class: "odds-option" },
    box,
    h("label", { for: `odds-${key}` }, option.name),
    h("small", { id: `odds-${key}-what` }, option.description),
    chosen && (option.by_round || option.amount) ? numberField(name, side, option, key, change) : null,
  );
}

function optionGroups(name, side, state, catalogue, change, ui) {
  const available = catalogue.options.filter((o) => offered(o, name, state.ground, side.faction));
  const kinds = [...new Set(available.map((o) => o.kind))].sort(
    (a, b) => (Object.keys(KINDS).indexOf(a) + 1 || 99) - (Object.keys(KINDS).indexOf(b) + 1 || 99),
  );
  const names = Object.fromEntries(catalogue.options.map((o) => [o.id, o.name]));
  const chosen = Object.keys(side.options).length + (side.casualties ? 1 : 0) + (side.keep ? 1 : 0);
  const casualties = [["", "The engine's default"], ...CASUALTIES.map((id) => [id, names[id] || id])];
  const kept = [["", "No unit type"], ...unitTypes(state.ground, name).map((t) => [t, unitName(t)])];
  const details = h(
    "details",
    { class: "odds-options", open: ui.open[name], ontoggle: (event) => (ui.open[name] = event.target.open) },
    h("summary", { "data-key": `${name}-options` }, `Options (${chosen} chosen)`),
    kinds.map((kind) =>
      h("fieldset", { class: "odds-kind", "data-kind": kind }, h("legend", {}, kindName(kind)),
        h("ul", {}, available.filter((o) => o.kind === kind).map((o) => optionField(name, side, o, change)))),
    ),
    select(`${name}-casualties`, "Casualties", side.casualties || "", casualties, (v) =>
      change((s) => (s[name].casualties = v || null)),
    ),
    select(`${name}-keep`, "Keep to the last", side.keep || "", kept, (v) => change((s) => (s[name].keep = v || null))),
  );
  return details;
}

function sideFields(state, name, catalogue, change, ui) {
  const side = state[name];
  const factions = [["", "No faction"], ...catalogue.factions.map((f) => [f.id, f.name])];
  return h(
    "fieldset",
    { class: "odds-side", "data-side": name },
    h("legend", {}, SIDE_NAMES[name]),
    select(`${name}-faction`, "Faction", side.faction || "", factions, (v) => change((s) => (s[name].faction = v || null))),
    h(
      "ul",
      { class: "odds-units" },
      unitRows(state.ground, name, flagshipOf(catalogue, side.faction)).map((row) => stepper(name, side, row, change)),
    ),
    h("p", { class: "odds-total" }, `${sideTotal(side.units)} of at most ${MAX_UNITS} units`),
    optionGroups(name, side, state, catalogue, change, ui),
  );
}

function roundFields(state, change) {
  const stops = Array.from({ length: MAX_ROUNDS }, (_, i) => [String(i + 1), `Stop after round ${i + 1}`]);
  const rounds = [["", "Fight until one side is gone"], ...stops];
  const retreats = [
    ["", "Nobody retreats"],
    ["attacker", "The attacker retreats then"],
    ["defender", "The defender retreats then"],
  ];
  const round = state.rounds === null ? "" : String(state.rounds);
  return h(
    "fieldset",
    { class: "odds-rounds" },
    h("legend", {}, "Rounds"),
    select("rounds", "Rounds", round, rounds, (v) => change((s) => (s.rounds = v ? Number(v) : null))),
    select("retreat", "Retreat", state.retreat || "", retreats, (v) => change((s) => (s.retreat = v || null)), !round),
  );
}

// `ui.open` remembers which sides' options a reader opened, across rebuilds.
// `notice`: the element that says what a change of combat set aside, kept across rebuilds
// (a live region), shown under the combat and describing it.
export function renderForm(state, catalogue, change, ui, notice) {
  return h(
    "form",
    { class: "odds-form", onsubmit: (event) => event.preventDefault() },
    combatSwitch(state, change, notice),
    notice,
    h("div", { class: "odds-sides" }, SIDES.map((name) => sideFields(state, name, catalogue, change, ui))),
    roundFields(state, change),
  );
}
