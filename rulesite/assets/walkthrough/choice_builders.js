// Builders for the choices the rules leave to the player, beyond the engine's suggestions:
// which units take hits and which of them use Sustain Damage (LRR 87), which planet each
// bombarding unit targets (15.1), where each produced ground force goes (68.3) and which
// excess units to remove (16.3, 37.3, 78.7b). Each returns a small form; the engine judges
// what it sends.
//
// `ui` carries the widget's DOM helpers: h(tag, attrs, ...children), builder(className,
// hint, controls, action, onGo), unitChecks(className, legend, values, empty),
// checked(fieldset) and name(unitId), the unit's name as players say it (builders.js).

// Hits on any of the player's units in the area hit: a number per unit, and for each unit
// that can still sustain a box "use Sustain Damage" (ticked: its first hit is cancelled).
export function hitsBuilder(ui, view, choice, apply) {
  const { h } = ui;
  const pending = view.pending_hits;
  const sys = pending && view.systems.find((x) => x.id === view.active_system);
  if (!sys) return null;
  const area = pending.planet
    ? sys.planets.find((p) => p.name === pending.planet)?.units || []
    : sys.space;
  // Only units the attack can hit (a space combat's hits never fall on ground forces).
  const hittable = choice.candidates ? new Set(choice.candidates) : null;
  const units = area.filter((u) => u.owner === pending.player && (!hittable || hittable.has(u.id)));
  const canSustain = new Set(choice.can_sustain || []);
  const rows = units.map((unit) => {
    const count = h("input", { type: "number", min: 0, max: 2, value: 0, "data-unit": unit.id });
    const sustain = canSustain.has(unit.id)
      ? h("input", {
          type: "checkbox",
          class: "wt-sustain",
          checked: (choice.sustain || []).includes(unit.id),
          "data-unit": unit.id,
          "aria-label": `${ui.name(unit.id)} uses Sustain Damage`,
        })
      : null;
    return h(
      "span",
      { class: "wt-hits-row" },
      h("label", {}, `${ui.name(unit.id)}${unit.damaged ? " (damaged)" : ""} `, count),
      sustain ? h("label", { class: "wt-sustain-label" }, sustain, " Sustain Damage") : null,
    );
  });
  const hits = h(
    "fieldset",
    { class: "wt-hits-units" },
    h("legend", {}, `Hits on each unit (${pending.count} to assign)`),
    rows,
  );
  const assign = () => {
    const ids = [...hits.querySelectorAll("input[type=number]")].flatMap((input) =>
      Array(Math.max(0, Number(input.value) || 0)).fill(input.dataset.unit),
    );
    const sustain = [...hits.querySelectorAll("input.wt-sustain:checked")]
      .map((box) => box.dataset.unit)
      .filter((id) => ids.includes(id));
    apply({ kind: "assign_hits", player: choice.player, units: ids, sustain });
  };
  return ui.builder(
    "wt-hits",
    "Or choose which units take the hits, and which use Sustain Damage:",
    [hits],
    "Assign these hits",
    assign,
  );
}

// The planet each bombarding unit bombards, or none: one declaration, then all roll.
export function bombardBuilder(ui, choice, apply) {
  const { h } = ui;
  const bombarders = choice.bombarders || [];
  const planets = choice.planets || [];
  if (!bombarders.length || !planets.length) return null;
  const selects = bombarders.map((unit) =>
    h(
      "select",
      { class: "wt-select wt-bombard-target", "data-unit": unit, "aria-label": `${ui.name(unit)} bombards` },
      h("option", { value: "" }, "does not bombard"),
      planets.map((name) => h("option", { value: name, selected: name === choice.planet }, name)),
    ),
  );
  const targets = h(
    "fieldset",
    { class: "wt-bombard-units" },
    h("legend", {}, "Planet each unit bombards"),
    bombarders.map((unit, i) => h("label", {}, `${ui.name(unit)} `, selects[i])),
  );
  const bombard = () => {
    const chosen = {};
    for (const select of selects) if (select.value) chosen[select.dataset.unit] = select.value;
    apply({ kind: "bombard", targets: chosen });
  };
  return ui.builder(
    "wt-bombard",
    "Or choose the planet of each bombarding unit:",
    [targets],
    "Bombard as chosen",
    bombard,
  );
}

// Where produced ground forces go when more than one planet holds a producing unit: a count
// per planet. Returns the controls and a reader of the `placement` parameter, or null.
export function placementInputs(ui, offered) {
  const { h } = ui;
  const planets = [...new Set(offered.map((c) => c.planet).filter(Boolean))];
  if (planets.length < 2) return null;
  const inputs = planets.map((name) =>
    h("input", { type: "number", min: 0, max: 20, value: 0, "data-planet": name }),
  );
  const controls = h(
    "fieldset",
    { class: "wt-produce-placement" },
    h("legend", {}, "Ground forces on each planet with a space dock"),
    planets.map((name, i) => h("label", {}, `${name} `, inputs[i])),
  );
  const read = () => {
    const placement = {};
    for (const input of inputs) {
      if (Number(input.value) > 0) placement[input.dataset.planet] = Number(input.value);
    }
    return Object.keys(placement).length ? { placement } : {};
  };
  return { controls, read };
}

export function removalBuilder(ui, choice, apply) {
  const units = ui.unitChecks("wt-remove-units", "Remove", choice.candidates || [], "nothing");
  return ui.builder(
    "wt-remove",
    `Or choose the ${choice.count} unit(s) to remove:`,
    [units],
    "Remove the ticked units",
    () =>
      apply({
        kind: "remove_excess",
        player: choice.player,
        system: choice.system,
        units: ui.checked(units),
      }),
  );
}
