// The map's legend: every unit type and anomaly on the board with its glyph and name, and
// what the map's marks mean (the compact map's own, when it is the one shown).

import { h, s } from "./dom.js";
import { ANOMALY_TYPES, GLYPH, GLYPH_TYPES, anomalyGlyph, anomalyName, glyph } from "./glyphs.js";
import { typeName } from "./names.js";

const MARKS =
  "×N: how many; a red badge: how many are damaged; a circle on a planet: who controls it; letters in circles: command tokens.";
const COMPACT_MARKS =
  "Compact map (the screen is narrow): each hex shows its name, command tokens (letters in " +
  "circles) and, in each player's colour, how many units they have there. The Board list " +
  "below says which; Zoom in draws every unit.";

export function legend(view, compact = false) {
  const types = new Set();
  for (const sys of view.systems) {
    for (const unit of [...sys.space, ...sys.planets.flatMap((p) => p.units)]) types.add(unit.type);
  }
  const known = GLYPH_TYPES.filter((type) => types.has(type));
  const kinds = new Set(view.systems.flatMap((sys) => sys.anomalies || []));
  const anomalies = ANOMALY_TYPES.filter((kind) => kinds.has(kind));
  return h(
    "details",
    { class: "wt-legend" },
    h("summary", {}, "Legend"),
    h(
      "ul",
      {},
      known.map((type) =>
        h(
          "li",
          {},
          s("svg", { viewBox: `0 0 ${GLYPH} ${GLYPH}`, class: "wt-legend-glyph", "aria-hidden": "true" }, glyph(type, "currentColor", 0, 0)),
          ` ${typeName(type)}`,
        ),
      ),
      anomalies.map((kind) =>
        h(
          "li",
          {},
          s("svg", { viewBox: `0 0 ${GLYPH} ${GLYPH}`, class: "wt-legend-glyph", "aria-hidden": "true" }, anomalyGlyph(kind, 0, 0)),
          ` ${anomalyName(kind)} (anomaly)`,
        ),
      ),
      h("li", {}, compact ? COMPACT_MARKS : MARKS),
    ),
  );
}

