// The units a side may field in the calculator, per combat and side, their names on the
// page, and the fleet text engine.api.odds reads ("2 cruiser ii, 1 damaged dreadnought").

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

// In the order the engine lists a fleet, only the units that take part (the engine refuses
// the others: engine/odds/exact.py). Either side's PDS fire space cannon at a space combat;
// in an invasion the attacker's ships bombard (a flagship only where it bombards or acts on
// the ground: the catalogue says) and the defender's PDS are the planet's shield and cannon.
const SPACE = ["flagship", "war_sun", "dreadnought", "carrier", "cruiser", "destroyer", "fighter", "pds"];
const TYPES = {
  space: { attacker: SPACE, defender: SPACE },
  ground: { attacker: ["infantry", "mech", "flagship", "war_sun", "dreadnought"], defender: ["infantry", "mech", "pds"] },
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

// A combat in words: "the attacker's PDS takes no part in an invasion".
export const COMBATS = { space: "a space combat", ground: "an invasion" };

export function combatOf(ground) {
  return ground ? "ground" : "space";
}

export function unitTypes(ground, side) {
  return TYPES[combatOf(ground)][side];
}

// Stands for every faction's flagship where a row's key is asked, whatever the faction.
export const ANY_FLAGSHIP = { name: "", combats: ["space", "ground"] };

// The steppers of a side: {key, type, damaged, label}; a flagship only with a faction
// chosen (`flagship`: the catalogue's {name, combats} of its flagship, or null), and only
// in a combat it takes part in.
export function unitRows(ground, side, flagship) {
  const rows = [];
  for (const type of unitTypes(ground, side)) {
    if (type === "flagship" && !flagship?.combats.includes(combatOf(ground))) continue;
    const name = type === "flagship" && flagship.name ? `${NAMES.flagship} (${flagship.name})` : NAMES[type];
    rows.push({ key: type, type, damaged: false, label: name });
    if (SUSTAIN.has(type) && (!ground || type === "mech")) {
      const damaged = `Damaged ${name[0].toLowerCase()}${name.slice(1)}`;
      rows.push({ key: `damaged_${type}`, type, damaged: true, label: damaged });
    }
  }
  return rows;
}

// Every stepper key a side has in a combat, whatever its faction.
export function unitKeys(ground, side) {
  return new Set(unitRows(ground, side, ANY_FLAGSHIP).map((row) => row.key));
}

// A row's name on the page, by its key ("damaged_dreadnought": "Damaged dreadnought").
export function keyLabel(key) {
  const type = key.replace(/^damaged_/, "");
  if (!NAMES[type]) return key;
  return type === key ? NAMES[type] : `Damaged ${NAMES[type].toLowerCase()}`;
}

// A row's name within a sentence: "damaged dreadnought", "PDS".
export function keyWords(key) {
  const label = keyLabel(key);
  return label === NAMES.pds ? label : label.toLowerCase();
}

export function sideTotal(units) {
  return Object.values(units).reduce((sum, n) => sum + n, 0);
}

// "2 cruiser ii, 1 damaged dreadnought": a side's fleet as engine.api.odds reads it
// (`name`: "attacker" or "defender").
export function fleetText(side, name, ground) {
  const items = [];
  for (const row of unitRows(ground, name, ANY_FLAGSHIP)) {
    const count = side.units[row.key] || 0;
    if (!count) continue;
    const type = row.type.replace("_", " ");
    const ii = side.ii.includes(row.type) ? " ii" : "";
    items.push(`${count} ${row.damaged ? "damaged " : ""}${type}${ii}`);
  }
  return items.join(", ");
}
