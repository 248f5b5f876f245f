// The Board list: every unit of every system in words, the text equivalent of the map.

import { h } from "./dom.js";
import { anomalyName, byOwner, countByType } from "./glyphs.js";
import { typeName } from "./names.js";

function unitCounts(units) {
  return countByType(units)
    .map(([type, n, damaged]) => `${n} ${typeName(type)}${damaged ? ` (${damaged} damaged)` : ""}`)
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
