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
