// The Board list: every unit of every system in words, the text equivalent of the map.

import { h } from "./dom.js";
import { anomalyName, byOwner } from "./glyphs.js";
import { typeName } from "./names.js";

// An upgraded or faction unit by its printed name ("Dreadnought II"), others by type.
function unitName(unit) {
  return unit.grade && unit.label ? unit.label : typeName(unit.type);
}

function unitCounts(units) {
  const counts = new Map();
  for (const unit of units) {
    const name = unitName(unit);
    const entry = counts.get(name) || [name, 0, 0];
    entry[1] += 1;
    if (unit.damaged) entry[2] += 1;
    counts.set(name, entry);
  }
  return [...counts.values()]
    .map(([name, n, damaged]) => `${n} ${name}${damaged ? ` (${damaged} damaged)` : ""}`)
    .join(", ");
}

// "Blue: 1 destroyer, 1 cruiser; Red: 1 carrier, 2 fighter" ("" for no units).
export function forcesText(units, names) {
  return [...byOwner(units)]
    .map(([owner, own]) => `${names.short(owner)}: ${unitCounts(own)}`)
    .join("; ");
}

// "nebula and gravity rift": the kinds of anomaly a system is ("" for none).
export function anomalyText(sys) {
  return (sys.anomalies || []).map(anomalyName).join(" and ");
}

export function planetFacts(planet, names) {
  return [
    `${planet.resources} resources, ${planet.influence} influence`,
    planet.controller ? `controlled by ${names.player(planet.controller)}` : "uncontrolled",
    planet.exhausted ? "exhausted" : "",
  ]
    .filter(Boolean)
    .join("; ");
}

export function renderBoard(view, names, open, onToggle) {
  const items = view.systems.map((sys) => {
    const title = [
      sys.name || sys.id,
      sys.id === view.active_system ? " (active system)" : "",
      anomalyText(sys) ? ` — anomaly: ${anomalyText(sys)}` : "",
      sys.tokens.length
        ? ` — command tokens: ${sys.tokens.map((t) => names.player(t)).join(", ")}`
        : "",
    ].join("");
    const planets = sys.planets.map((planet) => {
      const units = forcesText(planet.units, names);
      return h(
        "li",
        { class: "wt-board-planet" },
        h("em", {}, planet.name),
        ` (${planetFacts(planet, names)})`,
        `: ${units || "no units"}`,
      );
    });
    return h(
      "li",
      { class: "wt-board-system", "data-system": sys.id },
      h("strong", {}, title),
      h(
        "ul",
        {},
        h("li", { class: "wt-board-space" }, `Space: ${forcesText(sys.space, names) || "empty"}`),
        planets,
      ),
    );
  });
  const board = h(
    "details",
    { class: "wt-board", open },
    h("summary", {}, "Board: every unit, system by system"),
    h("ul", {}, items),
  );
  board.addEventListener("toggle", () => onToggle(board.open));
  return board;
}
