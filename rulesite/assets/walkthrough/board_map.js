// The map: one hex per system with its units as glyphs, planets with their owner's
// colour, command tokens and the active system marked. The Board list (board_list.js)
// says the same in words; each hex's accessible name is its summary, also shown under the
// map while the hex is hovered or focused. The map fits its container (its viewBox is the
// systems on the board) unless that would draw its words smaller than LEGIBLE_PX on screen
// (a phone): it is then drawn at the smallest legible size and scrolls in its own box,
// starting at the active system. "Zoom in" draws it larger still.

import { h, s } from "./dom.js";
import { GLYPH, anomalyGlyph, anomalyName, byOwner, countByType, unitChip } from "./glyphs.js";
import { anomalyText, forcesText, planetFacts } from "./board_list.js";
import { legend } from "./map_legend.js";

const SIZE = 120; // hex corner radius in map units
const ROW = GLYPH + 4;
const ROW_WIDTH = 176;
const LAST_ROW_TOP = SIZE * 0.55; // below this a row would leave the hex
// The sizes of the words drawn, in map units (widget.css sets them; the browser tests
// measure them on screen), and the smallest a word may be on screen in CSS pixels.
const TEXT = { name: 15, token: 13, planet: 13, count: 14, damage: 12 };
const LEGIBLE_PX = 11.25; // 11 px, with room for the browser's rounding
// Zoomed in, the map is this many times its smallest legible size; the box scrolls.
const ZOOM_SCALE = 1.6;
// The compact map, drawn where the full one would not fit its box legibly (a phone): each
// hex says only its name, its command tokens and how many units each player has there,
// in words this large (map units); the Board list beneath says the rest.
const COMPACT = { name: 26, count: 26, token: 26, anomaly: 26 };

function chipWidth([, count]) {
  return GLYPH + (count > 1 ? 24 : 0) + 6;
}

// Chips of several owners packed into rows of at most ROW_WIDTH; returns rows of
// [chip spec, x offset] and the width of each row.
function packRows(groups) {
  const rows = [];
  let row = { chips: [], width: 0 };
  for (const [owner, counts] of groups) {
    for (const count of counts) {
      const width = chipWidth(count);
      if (row.width + width > ROW_WIDTH && row.chips.length) {
        rows.push(row);
        row = { chips: [], width: 0 };
      }
      row.chips.push({ owner, count, x: row.width });
      row.width += width;
    }
  }
  if (row.chips.length) rows.push(row);
  return rows;
}

function hexCorners(x, y) {
  return [...Array(6).keys()].map((i) => {
    const angle = (Math.PI / 180) * (60 * i - 30);
    return `${x + (SIZE - 2) * Math.cos(angle)},${y + (SIZE - 2) * Math.sin(angle)}`;
  });
}

function planetLabel(planet) {
  return `${planet.name} ${planet.resources}/${planet.influence}${planet.exhausted ? " exh." : ""}`;
}

// Roughly how wide a label is drawn at the hex's font size.
function labelWidth(text) {
  return text.length * 7 + 16;
}

// The lines a hex holds, top to bottom: the space area's units, then each planet with
// its ground forces and structures (beside its name when they fit).
function hexLines(sys) {
  const groups = (units) => [...byOwner(units)].map(([o, own]) => [o, countByType(own)]);
  const out = packRows(groups(sys.space)).map((row) => ({ kind: "units", row }));
  for (const planet of sys.planets) {
    const label = planetLabel(planet);
    const ground = packRows(groups(planet.units));
    if (ground.length === 1 && labelWidth(label) + ground[0].width <= ROW_WIDTH) {
      out.push({ kind: "planet", planet, label, row: ground[0] });
    } else {
      out.push({ kind: "planet", planet, label });
      out.push(...ground.map((row) => ({ kind: "units", row })));
    }
  }
  return out;
}

// What a hex says, after the words drawn in it (see drawSystem).
function systemFacts(sys, view, names) {
  const parts = [];
  if (sys.id === view.active_system) parts.push("Active system");
  if ((sys.anomalies || []).length) parts.push(`Anomaly: ${anomalyText(sys)}`);
  if (sys.tokens.length) parts.push(`Command tokens: ${sys.tokens.map((t) => names.short(t)).join(", ")}`);
  parts.push(`Space: ${forcesText(sys.space, names) || "empty"}`);
  for (const planet of sys.planets) {
    const units = forcesText(planet.units, names);
    parts.push(`${planet.name} (${planetFacts(planet, names)})${units ? `: ${units}` : ""}`);
  }
  return parts.join(". ");
}

// A system's hex to draw in: `text` draws words and keeps them, `drawn` holds them, and
// `named()` gives the hex its accessible name: the words drawn, in order (so voice control
// matches what is seen), then in words what the glyphs and colours show.
function hex(sys, [x, y], view, names, classes) {
  const drawn = [];
  const text = (attrs, words) => {
    drawn.push(words);
    return s("text", { "text-anchor": "middle", ...attrs }, `${words} `);
  };
  const group = s(
    "g",
    {
      class: ["wt-system", ...classes].join(" "),
      tabindex: "0",
      role: "button",
      "data-system": sys.id,
      "data-key": `system ${sys.id}`,
    },
    s("polygon", { points: hexCorners(x, y).join(" ") }),
  );
  const named = () => {
    group.setAttribute("aria-label", `${drawn.join(" ")}. ${systemFacts(sys, view, names)}`);
    return group;
  };
  return { group, text, drawn, named };
}

// `sizes.smallest` is lowered to the smallest word this hex draws, in map units.
function drawSystem(sys, [x, y], view, names, classes, sizes) {
  const { group, text, drawn, named } = hex(sys, [x, y], view, names, classes);
  // An anomaly shows as its glyph, large and faint behind the hex's contents, and its
  // name at the foot of the hex, one line per kind.
  const anomalies = sys.anomalies || [];
  anomalies.forEach((kind, i) => {
    const size = GLYPH * 4;
    const shift = (i - (anomalies.length - 1) / 2) * size * 0.5;
    group.append(anomalyGlyph(kind, x - size / 2 + shift, y - size / 2 + 8, 4, "wt-anomaly-art"));
  });
  group.append(text({ x, y: y - SIZE * 0.66, class: "wt-system-name" }, sys.name || sys.id));
  anomalies.forEach((kind, i) => {
    const line = y + SIZE * (0.8 - 0.11 * (anomalies.length - 1 - i));
    group.append(anomalyGlyph(kind, x - 46, line - 11, 0.5));
    group.append(text({ x: x + 5, y: line, class: "wt-anomaly-name" }, anomalyName(kind)));
  });
  sys.tokens.forEach((owner, i) => {
    const cx = x - 15 * (sys.tokens.length - 1) + 30 * i;
    const cy = y - SIZE * 0.47;
    group.append(
      s("circle", { cx, cy, r: 10, class: "wt-token", fill: names.colour(owner) }),
      text({ x: cx, y: cy + 4, class: "wt-token-label" }, names.short(owner)[0]),
    );
  });
  const first = y - SIZE * 0.36;
  let top = first;
  const lines = hexLines(sys);
  const heightOf = (line) => (line.kind === "planet" && !line.row ? 18 : ROW);
  // A crowded hex shows everything, its lines drawn smaller to fit.
  const needed = lines.reduce((sum, line) => sum + heightOf(line), 0);
  const room = y + LAST_ROW_TOP + ROW - first;
  const scale = needed > room ? room / needed : 1;
  const lineWords = lines.flatMap((line) => [
    line.kind === "planet" ? TEXT.planet : Infinity,
    ...(line.row?.chips || []).map(({ count: [, n, damaged] }) =>
      Math.min(n > 1 ? TEXT.count : Infinity, damaged ? TEXT.damage : Infinity),
    ),
  ]);
  sizes.smallest = Math.min(
    sizes.smallest,
    TEXT.name,
    sys.tokens.length ? TEXT.token : Infinity,
    Math.min(...lineWords) * scale,
  );
  const content = s("g", scale < 1 ? { transform: `translate(${x} ${first}) scale(${scale}) translate(${-x} ${-first})` } : {});
  group.append(content);
  for (const line of lines) {
    const height = heightOf(line);
    const chipsWidth = line.row ? line.row.width : 0;
    let left = x - (line.kind === "planet" ? labelWidth(line.label) : 0) / 2 - chipsWidth / 2;
    if (line.kind === "planet") {
      const { planet } = line;
      content.append(
        s("circle", {
          class: planet.controller ? "wt-planet-owner" : "wt-planet-owner wt-planet-owner--none",
          cx: left + 6,
          cy: top + (line.row ? 14 : 8),
          r: 6,
          fill: planet.controller ? names.colour(planet.controller) : "none",
        }),
        text({ x: left + 15, y: top + (line.row ? 18 : 12), class: "wt-planet", "text-anchor": "start" }, line.label),
      );
      left += labelWidth(line.label);
    }
    for (const chip of line.row?.chips || []) {
      const [type, count, damaged] = chip.count;
      const owner = names.short(chip.owner);
      content.append(unitChip(type, count, damaged, names.colour(chip.owner), left + chip.x, top + 2, owner));
      if (count > 1) drawn.push(`×${count}`);
      if (damaged) drawn.push(String(damaged));
    }
    top += height;
  }
  return named();
}

// A hex of the compact map (see COMPACT); its accessible name starts with its words too.
function drawCompact(sys, [x, y], view, names, classes) {
  const { group, text, named } = hex(sys, [x, y], view, names, ["wt-system--compact", ...classes]);
  const anomalies = sys.anomalies || [];
  for (const kind of anomalies) {
    group.append(anomalyGlyph(kind, x - GLYPH * 2, y - GLYPH * 2 + 8, 4, "wt-anomaly-art"));
  }
  group.append(text({ x, y: y - SIZE * 0.5, class: "wt-system-name" }, sys.name || sys.id));
  if (anomalies.length) {
    const said = anomalies.map((kind) => anomalyName(kind)).join(", ");
    group.append(text({ x, y: y - SIZE * 0.24, class: "wt-anomaly-name" }, said));
  }
  sys.tokens.forEach((owner, i) => {
    const cx = x - 22 * (sys.tokens.length - 1) + 44 * i;
    const cy = y + SIZE * 0.06;
    group.append(
      s("circle", { cx, cy, r: 19, class: "wt-token", fill: names.colour(owner) }),
      text({ x: cx, y: cy + 9, class: "wt-token-label" }, names.short(owner)[0]),
    );
  });
  const units = [...sys.space, ...sys.planets.flatMap((p) => p.units)];
  const owners = [...byOwner(units)];
  owners.forEach(([owner, own], i) => {
    const left = x - 40 * owners.length + 80 * i + 8;
    const top = y + SIZE * 0.46;
    group.append(
      s("circle", { class: "wt-owner-dot", cx: left + 12, cy: top - 9, r: 12, fill: names.colour(owner) }),
      text({ x: left + 30, y: top, class: "wt-unit-total", "text-anchor": "start" }, String(own.length)),
    );
  });
  return named();
}

// What a tap's second action does with a system in this step, or null: a tap only
// describes, so a reader on a phone does not leave the suggested line by reading the map.
function actionLabel(view, choices, name) {
  if (view.step === "activation") return `Activate ${name}`;
  if (view.step === "movement") return `Add ${name} to the path`;
  if (choices.some((c) => c.kind === "no_retreat")) return `Announce a retreat to ${name}`;
  return null;
}

// `path` lists systems picked for the next move; `onSystem(id)` acts on a click or key
// (a tap describes the system, with a button to act). `zoom` ({on}) is kept by the
// walkthrough across redraws; `title` names the map's region (two maps on a page must not
// both be "Map"); `compact` draws the compact map (fitMap chooses it).
export function renderMap(view, choices, names, path, onSystem, zoom = { on: false }, title = "", compact = false) {
  const again = (small) => renderMap(view, choices, names, path, onSystem, zoom, title, small);
  const w = Math.sqrt(3) * SIZE;
  const centre = (sys) => [w * (sys.q + sys.r / 2), 1.5 * SIZE * sys.r];
  const xs = view.systems.map((sys) => centre(sys)[0]);
  const ys = view.systems.map((sys) => centre(sys)[1]);
  const pad = SIZE + 4;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad];
  const width = Math.max(...xs) - box[0] + pad;
  const height = Math.max(...ys) - box[1] + pad;
  const svg = s("svg", {
    class: `wt-map${compact ? " wt-map--compact" : ""}`,
    viewBox: `${box[0]} ${box[1]} ${width} ${height}`,
    role: "group",
    "aria-label": "Map of the systems",
  });
  const caption = h("p", { class: "wt-map-caption", "aria-hidden": "true" }, "Hover, focus or tap a system to read it.");
  const pick = h("div", { class: "wt-map-pick", "aria-live": "polite" });
  const activatable = new Set(choices.filter((c) => c.kind === "activate").map((c) => c.system));
  const positions = new Map(view.systems.map((sys) => [sys.id, centre(sys)]));
  for (const [a, b] of view.links || []) {
    const [pa, pb] = [positions.get(a), positions.get(b)];
    if (pa && pb) {
      svg.append(s("line", { class: "wt-link-line", x1: pa[0], y1: pa[1], x2: pb[0], y2: pb[1] }));
    }
  }
  const sizes = { smallest: Infinity };
  let pointer = "";
  for (const sys of view.systems) {
    const classes = [];
    if (sys.id === view.active_system) classes.push("wt-system--active");
    if (activatable.has(sys.id)) classes.push("wt-system--choice");
    if (path.includes(sys.id)) classes.push("wt-system--path");
    const group = compact
      ? drawCompact(sys, centre(sys), view, names, classes)
      : drawSystem(sys, centre(sys), view, names, classes, sizes);
    const describe = () => {
      caption.textContent = group.getAttribute("aria-label");
    };
    group.addEventListener("pointerdown", (event) => {
      pointer = event.pointerType;
    });
    group.addEventListener("click", () => {
      if (pointer !== "touch") {
        onSystem(sys.id);
        return;
      }
      pointer = "";
      const name = sys.name || sys.id;
      const label = actionLabel(view, choices, name);
      pick.replaceChildren(
        h("p", { class: "wt-map-picked" }, group.getAttribute("aria-label")),
        label ? h("button", { type: "button", class: "wt-button wt-map-act", "data-key": `act ${sys.id}`, onclick: () => onSystem(sys.id) }, label) : null,
      );
    });
    group.addEventListener("mouseenter", describe);
    group.addEventListener("focus", describe);
    group.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        onSystem(sys.id);
      }
    });
    svg.append(group);
  }
  // Below this width the smallest word would be drawn under LEGIBLE_PX.
  const smallest = compact ? Math.min(...Object.values(COMPACT)) : sizes.smallest;
  const legible = Math.ceil((width * LEGIBLE_PX) / smallest);
  svg.style.minWidth = `${zoom.on ? Math.round(legible * ZOOM_SCALE) : legible}px`;
  const picked = path.map((id) => names.system(id)).join(" → ");
  const wrap = h(
    "div",
    { class: `wt-map-wrap${zoom.on ? " wt-map-wrap--zoomed" : ""}`, "data-legible-width": legible },
    h(
      "div",
      { class: "wt-map-tools" },
      h(
        "button",
        {
          type: "button",
          class: "wt-button wt-zoom",
          "data-key": "zoom",
          "aria-pressed": String(zoom.on),
          onclick: () => {
            zoom.on = !zoom.on;
            const redrawn = again(false);
            wrap.replaceWith(redrawn);
            fitMap(redrawn).querySelector(".wt-zoom").focus();
          },
        },
        zoom.on ? "Zoom out" : "Zoom in",
      ),
    ),
    // Zoomed in, the map scrolls in its own box; focusable so a keyboard can scroll it too.
    h("div", { class: "wt-map-scroll", tabindex: "0", role: "region", "aria-label": title ? `Map: ${title}` : "Map" }, svg),
    caption,
    pick,
    legend(view, compact),
    path.length ? h("p", { class: "wt-path" }, `Path: ${picked}`) : null,
  );
  // fitMap swaps in the compact map when this one does not fit its box legibly.
  wrap.compactMap = compact || zoom.on ? null : () => again(true);
  return wrap;
}

// Once the map is in the page: where the full map's words would be drawn under 11 px
// (the box is narrower than its legible width) and the reader has not zoomed in, the
// compact map takes its place. Returns the map shown.
export function fitMap(wrap) {
  const box = wrap?.querySelector(".wt-map-scroll");
  if (!box || !wrap.compactMap || box.clientWidth >= Number(wrap.dataset.legibleWidth)) return wrap;
  const compact = wrap.compactMap();
  // Where the full map fits again (a phone turned sideways): mapNoLongerFits reads it.
  compact.dataset.fullWidth = wrap.dataset.legibleWidth;
  wrap.replaceWith(compact);
  return compact;
}

// Whether the map shown is no longer the one fitMap would choose, now that its box has
// another width (a rotated phone, a resized window): the full map in a box too narrow for
// it, or the compact one where the full one fits. A map the reader zoomed stays.
export function mapNoLongerFits(wrap) {
  const box = wrap?.querySelector(".wt-map-scroll");
  if (!box?.clientWidth) return false;
  if (wrap.compactMap) return box.clientWidth < Number(wrap.dataset.legibleWidth);
  const full = Number(wrap.dataset.fullWidth || 0);
  return full > 0 && box.clientWidth >= full;
}

// A map wider than its box starts scrolled to the active system (or the middle), once the
// box is laid out; whether the map is "small" (compact, or cannot be shown whole) is the
// answer: the Board list then opens beneath it.
export function centreMap(wrap, view) {
  const box = wrap.querySelector(".wt-map-scroll");
  if (!box) return false;
  const compact = Boolean(box.querySelector(".wt-map--compact"));
  if (box.scrollWidth <= box.clientWidth + 1) return compact;
  const active = view.active_system && wrap.querySelector(`.wt-system[data-system="${CSS.escape(view.active_system)}"]`);
  const target = active ? active.getBoundingClientRect() : box.querySelector("svg").getBoundingClientRect();
  const boxLeft = box.getBoundingClientRect().left;
  box.scrollLeft += target.left + target.width / 2 - boxLeft - box.clientWidth / 2;
  return true;
}
