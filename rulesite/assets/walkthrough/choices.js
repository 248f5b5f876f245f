// The choices of the current step: the engine's own as buttons, choices it does not offer
// but a reader may try, the move controls and the builders.

import { checked, commitBuilder, produceBuilder, ui, unitChecks } from "./builders.js";
import { bombardBuilder, hitsBuilder, removalBuilder } from "./choice_builders.js";
import { withoutRefs } from "./citations.js";
import { h } from "./dom.js";

// Choices a reader may try even when the engine does not offer them, to see the rule
// that forbids them (passing before the strategic action, say).
const TRYABLE = { action_phase: [{ kind: "pass", label: "Pass" }] };

// The choice as the engine takes it back: its parameters, without the words around them.
export function concrete(choice) {
  const { label, rules, carry_candidates, capacity, ...params } = choice;
  return params;
}

// Units in a space area that are not ships that move by themselves: transported only.
const CARGO = new Set(["fighter", "infantry", "ground_force", "mech"]);

// Every fighter and ground force of the player on the board: any may be tried as cargo,
// the engine rules on it (the offered candidates are only the legal ones).
function allCargo(view) {
  const ids = [];
  for (const sys of view.systems) {
    for (const unit of [...sys.space, ...sys.planets.flatMap((p) => p.units)]) {
      if (unit.owner === view.active_player && CARGO.has(unit.type)) ids.push(unit.id);
    }
  }
  return ids;
}

// Any ship may be tried along any path picked on the map; the engine rules on it. Returns
// the controls and the ticked cargo of the selected ship, which the quick move buttons use.
function moveBuilder(wt, view, moves) {
  const ships = [];
  for (const sys of view.systems) {
    for (const unit of sys.space) {
      if (unit.owner === view.active_player && !CARGO.has(unit.type)) ships.push([unit, sys]);
    }
  }
  if (!ships.length) return null;
  const movable = new Set(moves.map((m) => m.unit));
  if (!ships.some(([u]) => u.id === wt.selectedShip)) wt.selectedShip = ships[0][0].id;
  const shipId = wt.selectedShip;
  const select = h(
    "select",
    { class: "wt-ship", id: `${wt.id}-ship`, "data-key": "ship" },
    ships.map(([unit, sys]) =>
      h(
        "option",
        { value: unit.id, selected: unit.id === shipId || null },
        `${wt.names.unit(unit.id)} in ${sys.name || sys.id}` +
          (movable.has(unit.id) ? "" : " (not listed as movable)"),
      ),
    ),
  );
  select.addEventListener("change", () => {
    wt.selectedShip = select.value;
    wt.render();
  });
  // Candidates depend on the path: the legal ones first, then every other fighter and ground
  // force of the player, so an illegal pickup can be tried and its rule seen.
  const offered = moves.filter((m) => m.unit === shipId);
  const candidates = [...new Set([...offered.flatMap((m) => m.carry_candidates || []), ...allCargo(view)])];
  const carry = unitChecks("wt-carry", "Carry", candidates, "nothing to pick up", (id) =>
    wt.names.unit(id),
  );
  const controls = h(
    "div",
    { class: "wt-move" },
    h(
      "p",
      { class: "wt-hint" },
      "Pick a ship, then select the systems it enters on the map, in order, " +
        "ending in the active system.",
    ),
    h("label", { for: `${wt.id}-ship` }, "Ship "),
    select,
    carry,
    h(
      "button",
      {
        type: "button",
        class: "wt-button wt-move-go",
        disabled: !wt.path.length,
        onclick: () => wt.apply({ kind: "move", unit: shipId, path: wt.path, carry: checked(carry) }),
      },
      "Move along the picked path",
    ),
    h(
      "button",
      {
        type: "button",
        class: "wt-button wt-move-clear",
        disabled: !wt.path.length,
        onclick: () => {
          wt.path = [];
          wt.render();
        },
      },
      "Clear path",
    ),
  );
  return { controls, shipId, carry };
}

function choiceButton(wt, choice, move) {
  const label = wt.names.text(withoutRefs(choice.label || choice.kind, choice.rules));
  const apply = () => {
    const params = concrete(choice);
    // A listed move of the selected ship takes the cargo ticked above it.
    if (choice.kind === "move" && move && choice.unit === move.shipId) {
      const ticked = checked(move.carry);
      if (ticked.length) params.carry = ticked;
    }
    wt.apply(params);
  };
  return h(
    "button",
    {
      type: "button",
      class: `wt-button wt-choice wt-choice--${choice.kind}`,
      "data-kind": choice.kind,
      // The same choice offered again (the next round's roll) keeps the focus.
      "data-key": `choice ${label}`,
      onclick: apply,
    },
    label,
  );
}

export function renderChoices(wt, view, choices) {
  const section = h("div", { class: "wt-choices" });
  if (view.step === "finished") {
    const done = "The walkthrough is over. Reset or step back to try another line.";
    section.append(h("p", { class: "wt-done" }, done));
    return section;
  }
  const moves = choices.filter((c) => c.kind === "move");
  const move = view.step === "movement" ? moveBuilder(wt, view, moves) : null;
  if (move) section.append(move.controls);
  const buttons = h("div", { class: "wt-buttons", role: "group", "aria-label": "Choices" });
  buttons.append(...choices.map((choice) => choiceButton(wt, choice, move)));
  const offered = new Set(choices.map((c) => c.kind));
  const tryButton = (label, choice) =>
    h(
      "button",
      { type: "button", class: "wt-button wt-try", "data-kind": choice.kind, onclick: () => wt.apply(choice) },
      `${label} (not offered: try it)`,
    );
  for (const extra of TRYABLE[view.step] || []) {
    if (!offered.has(extra.kind)) {
      buttons.append(tryButton(extra.label, { kind: extra.kind, player: view.active_player }));
    }
  }
  // The walkthrough file's own: checked at build time to be refused where its script goes.
  for (const item of wt.data.try || []) {
    if (item.step === view.step) buttons.append(tryButton(item.label, item.choice));
  }
  section.append(buttons);
  // After the engine's own choices: each builder starts "Or …".
  const apply = (choice) => wt.apply(choice);
  const builders = {
    commit: () => commitBuilder(wt, choices),
    produce: () => produceBuilder(wt, view, choices),
    assign_hits: (choice) => hitsBuilder(ui(wt), view, choice, apply),
    remove_excess: (choice) => removalBuilder(ui(wt), choice, apply),
    bombard: (choice) => bombardBuilder(ui(wt), choice, apply),
    no_retreat: () =>
      h("p", { class: "wt-hint" }, "Or select a system on the map to announce a retreat there."),
  };
  for (const [kind, build] of Object.entries(builders)) {
    const choice = choices.find((c) => c.kind === kind);
    const built = choice ? build(choice) : null;
    if (built) section.append(built);
  }
  return section;
}
