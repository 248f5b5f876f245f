// Unit glyphs drawn for this site: one silhouette per unit type on a 24×24 grid, filled
// with the owner's colour. Shapes, not letters, so a board reads at a glance.

import { s } from "./dom.js";

// Paths use the even-odd rule: inner shapes cut holes (a carrier's deck, a dock's ring).
const PATHS = {
  fighter: "M12 2 L21 21 L12 16 L3 21 Z",
  destroyer: "M1 12 L7 8 H19 L23 12 L19 16 H7 Z",
  cruiser: "M1 9 H15 L23 12 L15 15 H1 Z M5 6 H11 V9 H5 Z",
  carrier: "M1 7 H18 L23 12 L18 17 H1 Z M4 10 V14 H16 V10 Z",
  dreadnought: "M1 8 H5 V4 H11 V8 H17 L23 12 L17 16 H11 V20 H5 V16 H1 Z",
  war_sun: "M12 1 A11 11 0 1 0 12.01 1 Z M12 6 A6 6 0 1 1 11.99 6 Z",
  flagship: "M12 1 L15 9 L23 9 L16.5 14 L19 22 L12 17 L5 22 L7.5 14 L1 9 L9 9 Z",
  infantry: "M12 2 A3.5 3.5 0 1 0 12.01 2 Z M6 10 H18 L19 22 H14.5 L12 15 L9.5 22 H5 Z",
  mech: "M8 1 H16 V7 H8 Z M3 8 H21 V15 H17 V23 H13.5 V15 H10.5 V23 H7 V15 H3 Z",
  pds: "M5 23 V18 H8 V11 H11 L17 2 L20 4 L15 11 H16 V18 H19 V23 Z",
  space_dock: "M3 3 H21 V21 H3 Z M7.5 7.5 V16.5 H16.5 V7.5 Z M11 1 H13 V23 H11 Z",
};
const UNKNOWN = "M12 2 A10 10 0 1 0 12.01 2 Z";

// Anomaly glyphs (LRR 9.2), on the same grid: rocks, a cloud, a burst, a whirl of rings.
const ANOMALY_PATHS = {
  asteroid_field:
    "M2 8 L6 4 L10 6 L9 11 L4 12 Z M13 3 L18 2 L21 6 L17 9 L13 7 Z M11 14 L16 12 L21 15 L19 21 L13 21 L10 18 Z M2 17 L5 15 L7 18 L4 21 Z",
  nebula:
    "M4 18 A4 4 0 0 1 4 10 A5 5 0 0 1 11 5 A6 6 0 0 1 21 9 A4.5 4.5 0 0 1 20 18 Z M8 14 H16 V15.5 H8 Z",
  supernova:
    "M12 0 L14 8 L22 4 L16 10 L24 12 L16 14 L22 20 L14 16 L12 24 L10 16 L2 20 L8 14 L0 12 L8 10 L2 4 L10 8 Z",
  gravity_rift:
    "M12 1 A11 11 0 1 0 12.01 1 Z M12 4 A8 8 0 1 1 11.99 4 Z M12 7 A5 5 0 1 0 12.01 7 Z M12 10 A2 2 0 1 1 11.99 10 Z",
};
const ANOMALY_NAMES = {
  asteroid_field: "asteroid field",
  nebula: "nebula",
  supernova: "supernova",
  gravity_rift: "gravity rift",
};
export const ANOMALY_TYPES = Object.keys(ANOMALY_PATHS);

// "gravity rift": an anomaly kind as a player reads it (an unknown kind as written).
export function anomalyName(kind) {
  return ANOMALY_NAMES[kind] || String(kind).replace(/_/g, " ");
}

// An anomaly's glyph at (x, y), ``scale`` times the unit grid.
export function anomalyGlyph(kind, x, y, scale = 1, cls = "wt-anomaly-glyph") {
  return s("path", {
    class: cls,
    "data-anomaly": kind,
    d: ANOMALY_PATHS[kind] || UNKNOWN,
    "fill-rule": "evenodd",
    transform: `translate(${x} ${y}) scale(${scale})`,
  });
}
export const GLYPH = 24;
export const GLYPH_TYPES = Object.keys(PATHS);

export function glyph(type, colour, x, y) {
  return s("path", {
    class: "wt-glyph",
    d: PATHS[type] || UNKNOWN,
    fill: colour,
    "fill-rule": "evenodd",
    transform: `translate(${x} ${y})`,
  });
}

// A unit type's pieces in one area: its glyph, how many, and how many are damaged; its
// name ("Red: 2 fighter, 1 damaged") shows on hover.
export function unitChip(type, count, damaged, colour, x, y, owner = "") {
  const chip = s("g", { class: "wt-chip", "data-type": type });
  const name = `${owner ? `${owner}: ` : ""}${count} ${type.replace(/_/g, " ")}${damaged ? `, ${damaged} damaged` : ""}`;
  chip.append(s("title", {}, name), glyph(type, colour, x, y));
  if (count > 1) {
    chip.append(s("text", { class: "wt-count", x: x + GLYPH + 1, y: y + 17 }, `×${count} `));
  }
  if (damaged) {
    // A cracked-hull badge at the glyph's corner, with how many are damaged.
    chip.append(
      s("circle", { class: "wt-damage", cx: x + GLYPH - 2, cy: y + 2, r: 8 }),
      s("text", { class: "wt-damage-count", x: x + GLYPH - 2, y: y + 6.2, "text-anchor": "middle" }, `${damaged} `),
    );
  }
  return chip;
}

// Units grouped by type, in the order they first appear: [[type, count, damaged], ...].
export function countByType(units) {
  const counts = new Map();
  for (const unit of units) {
    const entry = counts.get(unit.type) || [unit.type, 0, 0];
    entry[1] += 1;
    if (unit.damaged) entry[2] += 1;
    counts.set(unit.type, entry);
  }
  return [...counts.values()];
}

export function byOwner(units) {
  const owners = new Map();
  for (const unit of units) owners.set(unit.owner, [...(owners.get(unit.owner) || []), unit]);
  return owners;
}
