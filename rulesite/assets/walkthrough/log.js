// What the walkthrough shows around the map: the players and what happened so far.

import { h, withColour } from "./dom.js";
import { ruleRefs, withoutRefs } from "./citations.js";
import { ROOT } from "./site_data.js";

export function renderPlayers(view, names) {
  return h(
    "ul",
    { class: "wt-players" },
    view.players.map((p) =>
      withColour(
        h(
          "li",
          { class: `wt-player${p.id === view.active_player ? " wt-player--active" : ""}` },
          h("strong", {}, names.player(p.id)),
          p.id === view.active_player ? " (active)" : "",
          p.passed ? " (passed)" : "",
          ` — tokens ${p.tactic}/${p.fleet}/${p.strategy} (tactic/fleet/strategy)`,
          p.id === view.speaker ? ", speaker" : "",
          p.trade_goods ? `, ${p.trade_goods} trade goods` : "",
          p.commodities ? `, ${p.commodities} commodities` : "",
          p.victory_points ? `, ${p.victory_points} victory points` : "",
          p.action_cards ? `, ${p.action_cards} action cards` : "",
          p.secret_objectives ? `, ${p.secret_objectives} secret objectives` : "",
          (p.strategy_cards || []).length
            ? `, ${p.strategy_cards.map((c) => `${c.name}${c.exhausted ? " (exhausted)" : ""}`).join(", ")}`
            : "",
        ),
        names.colour(p.id),
      ),
    ),
  );
}

export function renderCombat(view, names) {
  const combat = view.combat;
  if (!combat) return null;
  const pct = (p) => `${(100 * p).toFixed(1)}%`;
  const where = combat.planet ? `on ${combat.planet}` : `in ${names.system(combat.system)}`;
  return h(
    "div",
    { class: "wt-combat" },
    h(
      "p",
      {},
      h("strong", {}, `${combat.kind === "ground" ? "Ground" : "Space"} combat ${where}`),
      combat.round ? `, round ${combat.round}` : "",
      `: ${names.player(combat.attacker)} attacks ${names.player(combat.defender)}.`,
    ),
    combat.odds
      ? h(
          "p",
          { class: "wt-odds" },
          "Exact odds before the dice: ",
          `${names.player(combat.attacker)} wins ${pct(combat.odds.attacker_wins)}, `,
          `${names.player(combat.defender)} wins ${pct(combat.odds.defender_wins)}, `,
          `both destroyed ${pct(combat.odds.both_destroyed)}.`,
        )
      : null,
  );
}

export function renderLog(view, names, index) {
  const log = view.log || [];
  return h(
    "details",
    { class: "wt-log", open: true },
    h("summary", {}, `What happened (${log.length})`),
    h(
      "ol",
      {},
      log.map((event) =>
        h(
          "li",
          { class: `wt-event wt-event--${event.kind}` },
          names.text(withoutRefs(event.text, event.rules)),
          " ",
          ruleRefs(event.rules, index, ROOT),
        ),
      ),
    ),
  );
}
