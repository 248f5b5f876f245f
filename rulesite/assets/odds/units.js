// The units a side may field in the calculator, per combat, and the fleet text
// engine.api.odds reads ("2 cruiser ii, 1 damaged dreadnought, 1 flagship").

// engine.odds.exact.MAX_UNITS: the exact odds refuse a side of more units than this.
export const MAX_UNITS = 40;
// The rounds the calculator offers: stop after, retreat after, or play a card in.
export const MAX_ROUNDS = 10;
// Trade goods or repairs an option counts (engine/odds/options.py MAX_AMOUNT).
export const MAX_AMOUNT = 30;

const NAMES = {
  flagship: "Flagship",
  war_sun: "War sun",
  dreadnought: "Dreadnought",
  carrier: "Carrier",
  cruiser: "Cruiser",
  destroyer: "Destroyer",
  fighter: "Fighter",
  pds: "PDS",
  infantry: "Infantry",
  mech: "Mech",
};

// In the order the engine lists a fleet. A space combat's PDS fire space cannon; an
// invasion's ships bombard and its PDS are the planet's shield and cannon.
const TYPES = {
  space: ["flagship", "war_sun", "dreadnought", "carrier", "cruiser", "destroyer", "fighter", "pds"],
  ground: ["infantry", "mech", "pds", "flagship", "war_sun", "dreadnought"],
};
// The standard units with an upgrade card (engine.core.units.UPGRADES): a II toggle each.
const UPGRADABLE = new Set(["carrier", "cruiser", "destroyer", "dreadnought", "fighter", "infantry", "pds"]);
// Sustain Damage: a unit that may start the combat damaged (in an invasion, only the mech
// fights, so only it is offered damaged there).
const SUSTAIN = new Set(["flagship", "war_sun", "dreadnought", "mech"]);

export function unitName(type) {
  return NAMES[type];
}

export function upgradable(type) {
  return UPGRADABLE.has(type);
}

export function unitTypes(ground) {
  return TYPES[ground ? "ground" : "space"];
}

// The steppers of a side: {key, type, damaged}; a flagship only with a faction chosen.
export function unitRows(ground, faction) {
  const rows = [];
  for (const type of unitTypes(ground)) {
    if (type === "flagship" && !faction) continue;
    rows.push({ key: type, type, damaged: false });
    if (SUSTAIN.has(type) && (!ground || type === "mech")) {
      rows.push({ key: `damaged_${type}`, type, damaged: true });
    }
  }
  return rows;
}

// Every stepper key a combat knows, whatever the faction.
export function unitKeys(ground) {
  return new Set(unitRows(ground, "any").map((row) => row.key));
}

export function rowLabel(row) {
  return row.damaged ? `Damaged ${NAMES[row.type].toLowerCase()}` : NAMES[row.type];
}

export function sideTotal(units) {
  return Object.values(units).reduce((sum, n) => sum + n, 0);
}

// "2 cruiser ii, 1 damaged dreadnought": a side's fleet as engine.api.odds reads it.
export function fleetText(side, ground) {
  const items = [];
  for (const row of unitRows(ground, side.faction)) {
    const count = side.units[row.key] || 0;
    if (!count) continue;
    const name = row.type.replace("_", " ");
    const ii = side.ii.includes(row.type) ? " ii" : "";
    items.push(`${count} ${row.damaged ? "damaged " : ""}${name}${ii}`);
  }
  return items.join(", ");
}
