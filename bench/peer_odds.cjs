// Times alpha-mouse/ti4calc's exact calculator on the cases given as JSON on stdin.
//
//   node bench/peer_odds.cjs PEER_DIR < cases.json
//
// PEER_DIR holds the peer's calculator.js (kept outside this repository: see
// bench/odds.py). Each case is {"name", "ground", "attacker": {UnitType: count},
// "defender": {...}, "repeats"}; the answer, one JSON document on stdout, gives
// per case the best CPU time in seconds and the peer's distribution, keyed by the
// number of hits the winner can still take (negative: attacker, positive:
// defender, 0: both destroyed).
"use strict";

const path = require("path");

const peer = require(path.resolve(process.argv[2], "calculator.js")).calculator;

function input(c) {
  const side = (units) =>
    Object.fromEntries(Object.entries(units).map(([type, count]) => [type, { count }]));
  return {
    battleType: c.ground ? "Ground" : "Space",
    attackerUnits: side(c.attacker),
    defenderUnits: side(c.defender),
    // A faction whose units are the standard ones; riskDirectHit is the engine's sustain-first order.
    options: {
      attacker: { race: "Hacan", riskDirectHit: true },
      defender: { race: "Hacan", riskDirectHit: true },
    },
  };
}

function run(c) {
  const problem = input(c);
  let result = peer.computeProbabilities(problem); // JIT warm-up, as a page would have
  let best = Infinity;
  for (let i = 0; i < c.repeats; i++) {
    const start = process.cpuUsage();
    result = peer.computeProbabilities(problem);
    const used = process.cpuUsage(start);
    best = Math.min(best, (used.user + used.system) / 1e6);
  }
  const distribution = {};
  for (const key of Object.keys(result.distribution)) {
    const value = result.distribution[key];
    if (typeof value === "number" && /^-?\d+$/.test(key)) distribution[key] = value;
  }
  return { name: c.name, seconds: best, distribution };
}

let text = "";
process.stdin.on("data", (chunk) => (text += chunk));
process.stdin.on("end", () => {
  process.stdout.write(JSON.stringify(JSON.parse(text).map(run)));
});
