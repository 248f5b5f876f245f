// Small forms that build a choice the engine's list may not hold; the engine judges it,
// so an illegal build is refused with its rule like any other choice. The builders for
// hits, bombardment, placement and removal are in choice_builders.js, drawn with the
// helpers of `ui()` below.

import { placementInputs } from "./choice_builders.js";
import { h } from "./dom.js";
import { typeName } from "./names.js";

// A fieldset of checkboxes, one per value (unit ids, planet names), labelled for players.
export function unitChecks(className, legend, values, empty, labelOf) {
  return h(
    "fieldset",
    { class: `wt-checks ${className}` },
    h("legend", {}, legend),
    values.length
      ? values.map((value) =>
          h("label", {}, h("input", { type: "checkbox", value }), ` ${labelOf(value)}`),
        )
      : h("span", {}, empty),
  );
}

export function checked(fieldset) {
  return [...fieldset.querySelectorAll("input:checked")].map((input) => input.value);
}

export function builder(className, hint, controls, action, onGo) {
  return h(
    "div",
    { class: `wt-build ${className}` },
    h("p", { class: "wt-hint" }, hint),
    controls,
    h("button", { type: "button", class: "wt-button wt-build-go", onclick: onGo }, action),
  );
}

// A unit's cost as its card prints it: "(cost 3)", or "(cost 1 for 2)" for fighters and infantry.
function costLabel(unit) {
  if (!unit) return "";
  return unit.per_cost > 1 ? ` (cost ${unit.cost} for ${unit.per_cost})` : ` (cost ${unit.cost})`;
}

// Commit any ground forces in the active system's space to any planet there (49.2).
export function commitBuilder(ctx, choices) {
  const offered = choices.filter((c) => c.kind === "commit");
  const planet = h(
    "select",
    { class: "wt-select wt-commit-planet", id: `${ctx.id}-commit-planet` },
    [...new Set(offered.map((c) => c.planet))].map((name) => h("option", { value: name }, name)),
  );
  const forces = [...new Set(offered.flatMap((c) => c.units))];
  const units = unitChecks("wt-commit-units", "Ground forces", forces, "none in space", (id) =>
    ctx.names.unit(id),
  );
  return builder(
    "wt-commit",
    "Or pick the planet and the ground forces to land on it:",
    [h("label", { for: planet.id }, "Planet "), planet, units],
    "Commit the ticked ground forces",
    () => ctx.apply({ kind: "commit", planet: planet.value, units: checked(units) }),
  );
}

// Any mix and number of units, paid with any ready planets and trade goods (67, 68).
export function produceBuilder(ctx, view, choices) {
  const offered = choices.filter((c) => c.kind === "produce");
  if (!offered.length) return null;
  const player = view.players.find((p) => p.id === view.active_player);
  const types = [
    ...new Set([...Object.keys(view.producible), ...offered.flatMap((c) => Object.keys(c.units))]),
  ];
  const counts = h(
    "fieldset",
    { class: "wt-produce-units" },
    h("legend", {}, "Units to produce (cost)"),
    types.map((type) =>
      h(
        "label",
        {},
        `${typeName(type)}${costLabel(view.producible[type])} `,
        h("input", { type: "number", min: 0, max: 20, value: 0, "data-type": type }),
      ),
    ),
  );
  const ready = view.systems.flatMap((sys) =>
    sys.planets.filter((p) => p.controller === player.id && !p.exhausted),
  );
  const pay = unitChecks(
    "wt-produce-pay",
    "Pay with",
    ready.map((p) => p.name),
    "no ready planets",
    (name) => `${name} (${ready.find((p) => p.name === name).resources} resources)`,
  );
  const goods = h("input", {
    type: "number",
    class: "wt-produce-goods",
    id: `${ctx.id}-goods`,
    min: 0,
    max: player.trade_goods,
    value: 0,
  });
  const placement = placementInputs(ui(ctx), offered);
  const produce = () => {
    const units = {};
    for (const input of counts.querySelectorAll("input")) {
      if (Number(input.value) > 0) units[input.dataset.type] = Number(input.value);
    }
    const choice = { kind: "produce", units, pay: checked(pay), trade_goods: Number(goods.value) };
    ctx.apply({ ...choice, ...placement?.read() });
  };
  return builder(
    "wt-produce",
    "Or build your own order, within the Production limit and what you pay:",
    [
      counts,
      pay,
      player.trade_goods ? [h("label", { for: goods.id }, "Trade goods "), goods] : null,
      placement?.controls,
    ],
    "Produce these",
    produce,
  );
}

// The DOM helpers choice_builders.js draws with; units are labelled by their names.
export function ui(ctx) {
  const name = (id) => ctx.names.unit(id);
  return {
    h,
    builder,
    checked,
    name,
    unitChecks: (className, legend, values, empty) =>
      unitChecks(className, legend, values, empty, name),
  };
}
