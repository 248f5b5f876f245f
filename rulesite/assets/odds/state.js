// The calculator's state, and the engine.api.odds call it asks for. A state is plain data:
// {ground, rounds, retreat, attacker: SIDE, defender: SIDE}, a SIDE {faction, units: {key:
// count}, ii: [types], options: {id: round or 0}, casualties, keep}.

import { flagshipOf, offered, optionById } from "./catalogue.js";
import { fleetText, unitRows, unitTypes, upgradable } from "./units.js";

export const SIDES = ["attacker", "defender"];

function emptySide() {
  return { faction: null, units: {}, ii: [], options: {}, casualties: null, keep: null };
}

export function emptyState() {
  return { ground: false, rounds: null, retreat: null, attacker: emptySide(), defender: emptySide() };
}

// `state` with what its combat and factions no longer offer dropped: the units of the other
// combat, a flagship without a faction, another faction's technology.
export function settled(state, catalogue) {
  const next = structuredClone(state);
  for (const name of SIDES) {
    const side = next[name];
    const shown = new Set(unitRows(next.ground, name, flagshipOf(catalogue, side.faction)).map((row) => row.key));
    for (const key of Object.keys(side.units)) {
      if (!shown.has(key) || !side.units[key]) delete side.units[key];
    }
    side.ii = side.ii.filter((type) => upgradable(type));
    for (const id of Object.keys(side.options)) {
      const option = optionById(catalogue, id);
      if (!option || !offered(option, name, next.ground, side.faction)) delete side.options[id];
    }
    if (side.keep && !unitTypes(next.ground, name).includes(side.keep)) side.keep = null;
  }
  if (next.rounds === null) next.retreat = null;
  return next;
}

function sideOptions(side, catalogue) {
  const ids = Object.entries(side.options).map(([id, round]) =>
    optionById(catalogue, id)?.by_round || optionById(catalogue, id)?.amount ? `${id}:${round || 1}` : id,
  );
  if (side.casualties) ids.push(side.casualties);
  if (side.keep) ids.push(`keep:${side.keep}`);
  return ids;
}

// The call: {args: [attacker, defender], kwargs}, only the keyword arguments in use, so a
// plain fleet against a plain fleet is the same call a walkthrough's odds make.
export function oddsCall(state, catalogue) {
  const kwargs = {};
  if (state.ground) kwargs.ground = true;
  for (const name of SIDES) {
    const side = state[name];
    if (side.faction) kwargs[`${name}_faction`] = side.faction;
    const options = sideOptions(side, catalogue);
    if (options.length) kwargs[`${name}_options`] = options;
  }
  if (state.rounds !== null) kwargs.rounds = state.rounds;
  if (state.retreat) kwargs.retreat = state.retreat;
  return { args: SIDES.map((name) => fleetText(state[name], name, state.ground)), kwargs };
}
