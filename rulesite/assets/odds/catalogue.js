// The factions and options the odds take (engine.api.odds_options(), written by the build
// into assets/odds/catalogue.json), and which of them a side is offered.

import { ROOT, fetchJson } from "../walkthrough/site_data.js";

export function loadCatalogue() {
  return fetchJson(new URL("assets/odds/catalogue.json", ROOT));
}

// The option groups, in the order the form shows them (an unknown kind comes last).
export const KINDS = {
  technology: "Technologies",
  faction_technology: "Faction technologies",
  faction_ability: "Faction abilities",
  faction_unit: "Faction units",
  flagship: "Flagships",
  mech: "Mechs",
  action_card: "Action cards",
  agenda: "Agendas",
  promissory_note: "Promissory notes",
  anomaly: "Anomalies",
};

// A group's heading: a kind the engine adds later reads as words, never as its id.
export function kindName(kind) {
  const words = kind.replaceAll("_", " ");
  return KINDS[kind] || `${words[0].toUpperCase()}${words.slice(1)}`;
}

// Casualty priorities: a choice of one, shown as a select, not as options.
export const CASUALTIES = ["sustain_first", "lose_first"];

// Whether `side` ("attacker" or "defender") of a space combat or an invasion (`ground`),
// playing `faction` (an id or null), may hold `option`: a faction's technology only that
// faction.
export function offered(option, side, ground, faction) {
  if (option.kind === "casualties") return false;
  if (option.side !== "either" && option.side !== side) return false;
  if (option.combat && option.combat !== "both" && option.combat !== (ground ? "ground" : "space")) {
    return false;
  }
  return !option.faction || option.faction === faction;
}

export function optionById(catalogue, id) {
  return catalogue.options.find((option) => option.id === id && option.kind !== "casualties");
}

export function factionById(catalogue, id) {
  return catalogue.factions.find((faction) => faction.id === id);
}

// The catalogue's {name, combats} of a faction's flagship (by the faction's id), or null.
export function flagshipOf(catalogue, id) {
  return (id && factionById(catalogue, id)?.flagship) || null;
}
