// Changing the combat (a space combat ↔ an invasion) keeps what still applies, sets the
// rest aside and says so; changing back brings it back. What one combat set aside is kept
// by the kind it was set aside from: {space: ASIDE, ground: ASIDE}, an ASIDE per side
// {units: {key: count}, merged: {type: count}, options: {id: round}, keep}. `merged`: the
// damaged ships counted as whole ones in an invasion (their bombardment is the same), to be
// damaged again on the way back.

import { flagshipOf, offered, optionById } from "./catalogue.js";
import { SIDES, settled } from "./state.js";
import { COMBATS, MAX_UNITS, combatOf, keyWords, sideTotal, unitName, unitRows, unitTypes } from "./units.js";

const INVARIANT = new Set(["PDS", "infantry"]);

function emptyAside() {
  return { units: {}, merged: {}, options: {}, keep: null };
}

function isEmpty(aside) {
  const empty = (side) => [side.units, side.merged, side.options].every((o) => !Object.keys(o).length) && !side.keep;
  return !aside || SIDES.every((name) => empty(aside[name]));
}

// "3 fighters", "1 PDS", "2 damaged dreadnoughts": a count of a row, in words.
function countText(count, key) {
  const words = keyWords(key);
  return `${count} ${count === 1 || INVARIANT.has(words) ? words : `${words}s`}`;
}

function partsText(side, catalogue) {
  return [
    ...Object.entries(side.units).map(([key, count]) => countText(count, key)),
    ...Object.keys(side.options).map((id) => optionById(catalogue, id)?.name ?? id),
    ...(side.keep ? [`keeping ${unitName(side.keep).toLowerCase()} to the last`] : []),
  ];
}

// "the attacker's 2 carriers and Assault Cannon; the defender's 1 PDS".
function asideText(aside, catalogue) {
  return SIDES.map((name) => [name, partsText(aside[name], catalogue)])
    .filter(([, parts]) => parts.length)
    .map(([name, parts]) => {
      const list = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
      return `the ${name}'s ${list}`;
    })
    .join("; ");
}

// The sentences the page shows under the combat: what is set aside now, and what the last
// change brought back ("" for none).
export function asideNotice(state, memory, broughtBack, catalogue) {
  const here = combatOf(state.ground);
  const other = here === "space" ? "ground" : "space";
  const sentences = [];
  if (!isEmpty(broughtBack)) {
    sentences.push(`Brought back: ${asideText(broughtBack, catalogue)}.`);
  }
  const aside = memory[other];
  if (isEmpty(aside)) return sentences.join(" ");
  const what = asideText(aside, catalogue);
  if (what) {
    sentences.push(
      `Set aside, as they take no part in ${COMBATS[here]}: ${what}. ` +
        `Change back to ${COMBATS[other]} to bring them back.`,
    );
  }
  const merged = SIDES.flatMap((name) =>
    Object.entries(aside[name].merged).map(([type, count]) => `the ${name}'s ${countText(count, `damaged_${type}`)}`),
  );
  if (merged.length) {
    sentences.push(
      `Ships only bombard in an invasion, damaged or not: ${merged.join(" and ")} count as undamaged here, ` +
        `and are damaged again when you change back.`,
    );
  }
  return sentences.join(" ");
}

// What of `side` (named `name`) takes no part in the combat `ground`: moved out of it into an
// ASIDE.
function setAside(side, name, ground, catalogue) {
  const aside = emptyAside();
  const keys = new Set(unitRows(ground, name, flagshipOf(catalogue, side.faction)).map((row) => row.key));
  for (const [key, count] of Object.entries(side.units)) {
    if (keys.has(key)) continue;
    const whole = key.replace(/^damaged_/, "");
    if (whole !== key && keys.has(whole)) {
      side.units[whole] = (side.units[whole] || 0) + count;
      aside.merged[whole] = count;
    } else aside.units[key] = count;
    delete side.units[key];
  }
  for (const [id, round] of Object.entries(side.options)) {
    const option = optionById(catalogue, id);
    if (option && offered(option, name, ground, side.faction)) continue;
    aside.options[id] = round;
    delete side.options[id];
  }
  if (side.keep && !unitTypes(ground, name).includes(side.keep)) {
    aside.keep = side.keep;
    side.keep = null;
  }
  return aside;
}

// Puts back into `side` what `aside` holds and still fits (a faction changed meanwhile, the
// 40-unit limit); returns what it put back.
function bringBack(side, name, ground, aside, catalogue) {
  const back = emptyAside();
  for (const [whole, count] of Object.entries(aside.merged)) {
    const damaged = Math.min(count, side.units[whole] || 0);
    if (!damaged) continue;
    side.units[whole] -= damaged;
    side.units[`damaged_${whole}`] = (side.units[`damaged_${whole}`] || 0) + damaged;
  }
  const rows = new Set(unitRows(ground, name, flagshipOf(catalogue, side.faction)).map((row) => row.key));
  for (const [key, count] of Object.entries(aside.units)) {
    const flagships = (side.units.flagship || 0) + (side.units.damaged_flagship || 0);
    let room = MAX_UNITS - sideTotal(side.units);
    if (key.endsWith("flagship")) room = Math.min(room, 1 - flagships); // a side has one
    const put = rows.has(key) ? Math.min(count, room) : 0;
    if (put <= 0) continue;
    side.units[key] = (side.units[key] || 0) + put;
    back.units[key] = put;
  }
  for (const [id, round] of Object.entries(aside.options)) {
    const option = optionById(catalogue, id);
    if (!option || id in side.options || !offered(option, name, ground, side.faction)) continue;
    side.options[id] = round;
    back.options[id] = round;
  }
  if (aside.keep && !side.keep && unitTypes(ground, name).includes(aside.keep)) side.keep = back.keep = aside.keep;
  return back;
}

// {state, memory, broughtBack}: `state` changed to the combat `ground`, what it set aside
// added to `memory` (by the combat it left), and what it brought back from there.
export function switchCombat(state, ground, memory, catalogue) {
  const next = structuredClone(state);
  next.ground = ground;
  const left = combatOf(state.ground);
  const entered = combatOf(ground);
  const aside = {};
  const broughtBack = {};
  for (const name of SIDES) {
    aside[name] = setAside(next[name], name, ground, catalogue);
    const earlier = memory[entered]?.[name];
    broughtBack[name] = earlier ? bringBack(next[name], name, ground, earlier, catalogue) : emptyAside();
  }
  const kept = { ...memory, [left]: isEmpty(aside) ? null : aside, [entered]: null };
  return { state: settled(next, catalogue), memory: kept, broughtBack };
}
