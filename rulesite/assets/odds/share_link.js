// A calculation in the URL's hash, "#a=cruiser*2&d=cruiser*1&af=sol&ao=morale_boost:1",
// so a shared link reproduces it. A link is untrusted: every field is checked against the
// catalogue and the bounds, and a link with anything wrong is refused whole, each problem
// named (the page shows them as text, never as markup).

import { CASUALTIES, factionById, flagshipOf, offered, optionById } from "./catalogue.js";
import { SIDES, emptyState } from "./state.js";
import {
  COMBATS,
  MAX_AMOUNT,
  MAX_ROUNDS,
  MAX_UNITS,
  combatOf,
  keyLabel,
  keyWords,
  sideTotal,
  unitKeys,
  unitTypes,
  upgradable,
} from "./units.js";

const MAX_LINK_CHARS = 2000;
const MAX_ITEMS = 40; // items in one list field
const FIELDS = ["combat", "rounds", "retreat", "a", "d", "af", "df", "aii", "dii", "ao", "do"];
const SHORT = { attacker: "a", defender: "d" };

// A value from the link, quoted and cut short, for a message (set as text).
function quoted(value) {
  const text = String(value);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

function list(value) {
  return value ? value.split(",") : [];
}

export function toHash(state) {
  const fields = [];
  if (state.ground) fields.push("combat=ground");
  for (const name of SIDES) {
    const side = state[name];
    const short = SHORT[name];
    // In the form's order, however they were added: one calculation, one link.
    const order = [...unitKeys(state.ground, name)];
    const units = Object.entries(side.units)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
    if (units.length) fields.push(`${short}=${units.map(([key, n]) => `${key}*${n}`).join(",")}`);
    if (side.faction) fields.push(`${short}f=${side.faction}`);
    if (side.ii.length) fields.push(`${short}ii=${side.ii.join(",")}`);
    const options = Object.entries(side.options).map(([id, round]) => (round ? `${id}:${round}` : id));
    if (side.casualties) options.push(side.casualties);
    if (side.keep) options.push(`keep:${side.keep}`);
    if (options.length) fields.push(`${short}o=${options.join(",")}`);
  }
  if (state.rounds !== null) fields.push(`rounds=${state.rounds}`);
  if (state.retreat) fields.push(`retreat=${state.retreat}`);
  return fields.length ? `#${fields.join("&")}` : "";
}

function wholeNumber(text, low, high) {
  return /^\d{1,6}$/.test(text) && Number(text) >= low && Number(text) <= high ? Number(text) : null;
}

function readUnits(value, name, side, ground, catalogue, problems) {
  const keys = unitKeys(ground, name);
  const items = list(value);
  if (items.length > MAX_ITEMS) return problems.push(`${name}: ${items.length} kinds of unit`);
  const elsewhere = new Set(SIDES.flatMap((other) => [true, false].flatMap((g) => [...unitKeys(g, other)])));
  for (const item of items) {
    const [key, count, ...rest] = item.split("*");
    if (!keys.has(key) && elsewhere.has(key)) {
      problems.push(`${name}: the ${name}'s ${keyWords(key)} takes no part in ${COMBATS[combatOf(ground)]}`);
    } else if (!keys.has(key)) {
      problems.push(`${name}: unknown unit ${quoted(key)} in a ${combatOf(ground)} combat`);
    } else if (rest.length || !/^\d{1,9}$/.test(count ?? "")) {
      problems.push(`${name}: ${quoted(item)} is not a unit and a count`);
    } else if (Number(count) > MAX_UNITS) {
      problems.push(`${name}: ${keyLabel(key)} × ${Number(count)}; a side fields at most ${MAX_UNITS} units`);
    } else side.units[key] = (side.units[key] || 0) + Number(count);
  }
  const flagship = flagshipOf(catalogue, side.faction);
  if ((side.units.flagship || side.units.damaged_flagship) && flagship && !flagship.combats.includes(combatOf(ground))) {
    problems.push(`${name}: the ${name}'s flagship, ${flagship.name}, takes no part in ${COMBATS[combatOf(ground)]}`);
  }
  if (sideTotal(side.units) > MAX_UNITS) {
    problems.push(`${name}: ${sideTotal(side.units)} units in all; a side fields at most ${MAX_UNITS}`);
  }
}

function readOptions(value, name, side, ground, catalogue, problems) {
  for (const item of list(value).slice(0, MAX_ITEMS)) {
    const [id, round, ...rest] = item.split(":");
    if (CASUALTIES.includes(item)) side.casualties = item;
    else if (id === "keep" && unitTypes(ground, name).includes(round) && !rest.length) side.keep = round;
    else if (!optionById(catalogue, id) || rest.length) problems.push(`${name}: unknown option ${quoted(item)}`);
    else if (!offered(optionById(catalogue, id), name, ground, side.faction)) {
      const whose = side.faction ? "" : " (without that faction)";
      problems.push(`${name}: ${optionById(catalogue, id).name} is not for the ${name} of this combat${whose}`);
    } else if (round !== undefined && optionById(catalogue, id).amount) {
      if (wholeNumber(round, 1, MAX_AMOUNT) === null) {
        problems.push(`${name}: ${quoted(item)}: the ${optionById(catalogue, id).amount} from 1 to ${MAX_AMOUNT}`);
      } else side.options[id] = Number(round);
    } else if (round !== undefined && (!optionById(catalogue, id).by_round || wholeNumber(round, 1, MAX_ROUNDS) === null)) {
      problems.push(`${name}: ${quoted(item)} names a round it cannot (rounds 1 to ${MAX_ROUNDS}, for a card played by round)`);
    } else side.options[id] = round === undefined ? 0 : Number(round);
  }
  if (list(value).length > MAX_ITEMS) problems.push(`${name}: more than ${MAX_ITEMS} options`);
}

function readSide(params, name, state, catalogue, problems) {
  const short = SHORT[name];
  const side = state[name];
  const faction = params.get(`${short}f`);
  if (faction !== null) {
    if (factionById(catalogue, faction)) side.faction = faction;
    else problems.push(`${name}: unknown faction ${quoted(faction)}`);
  }
  readUnits(params.get(short), name, side, state.ground, catalogue, problems);
  if ((side.units.flagship || side.units.damaged_flagship) && !side.faction) {
    problems.push(`${name}: a flagship without a faction (choose the ${name}'s faction)`);
  }
  if ((side.units.flagship || 0) + (side.units.damaged_flagship || 0) > 1) {
    problems.push(`${name}: more than one flagship; a side has one`);
  }
  for (const type of list(params.get(`${short}ii`)).slice(0, MAX_ITEMS)) {
    if (upgradable(type)) side.ii.includes(type) || side.ii.push(type);
    else problems.push(`${name}: ${quoted(type)} has no upgrade (II) the calculator knows`);
  }
  readOptions(params.get(`${short}o`), name, side, state.ground, catalogue, problems);
}

// {state, problems}: the link's calculation, or the empty one and what is wrong with it.
export function readLink(hash, catalogue) {
  const text = hash.replace(/^#/, "");
  if (!text) return { state: emptyState(), problems: [] };
  if (text.length > MAX_LINK_CHARS) {
    const problem = `the link is ${text.length} characters long; a calculation's is at most ${MAX_LINK_CHARS}`;
    return { state: emptyState(), problems: [problem] };
  }
  let params;
  try {
    params = new URLSearchParams(text);
  } catch {
    return { state: emptyState(), problems: ["the link cannot be read"] };
  }
  const problems = [];
  const state = emptyState();
  for (const key of new Set(params.keys())) {
    if (!FIELDS.includes(key)) problems.push(`unknown field ${quoted(key)}`);
    else if (params.getAll(key).length > 1) problems.push(`the field ${key} is given twice`);
  }
  const combat = params.get("combat");
  if (combat !== null && combat !== "space" && combat !== "ground") {
    problems.push(`combat ${quoted(combat)}: it is "space" or "ground"`);
  }
  state.ground = combat === "ground";
  for (const name of SIDES) readSide(params, name, state, catalogue, problems);
  const rounds = params.get("rounds");
  if (rounds !== null) {
    state.rounds = wholeNumber(rounds, 1, MAX_ROUNDS);
    if (state.rounds === null) problems.push(`rounds ${quoted(rounds)}: a whole number from 1 to ${MAX_ROUNDS}`);
  }
  const retreat = params.get("retreat");
  if (retreat !== null) {
    if (!SIDES.includes(retreat)) problems.push(`retreat ${quoted(retreat)}: it is "attacker" or "defender"`);
    else if (state.rounds === null) problems.push("a retreat without rounds (the side retreats after that many)");
    else state.retreat = retreat;
  }
  return problems.length ? { state: emptyState(), problems } : { state, problems };
}
