// Times alpha-mouse/ti4calc's exact calculator, one block of runs per request.
//
//   node bench/peer_odds.cjs PEER_DIR
//
// PEER_DIR holds the peer's calculator.js (kept outside this repository: see
// bench/odds.py). Each line on stdin is one case as JSON: {"name", "ground",
// "attacker": {UnitType: count}, "defender": {...}, "repeats"}. For each, one
// line of JSON on stdout gives the wall-clock time in seconds of each of `repeats`
// runs (of `computeProbabilities` alone, as bench/odds.py times the engine) and the
// peer's distribution, keyed by the number of hits the winner can
// still take (negative: attacker, positive: defender, 0: both destroyed).
// bench/odds.py sends the same case several times, taking turns with the engine's
// blocks, so all sides are timed under the same load. {"ready": true} is answered as is.
"use strict";

const path = require("path");
const readline = require("readline");

const peer = require(path.resolve(process.argv[2], "calculator.js")).calculator;
const warmed = new Set();

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
  let result;
  if (!warmed.has(c.name)) {
    result = peer.computeProbabilities(problem); // JIT warm-up, as a page would have
    warmed.add(c.name);
  }
  const seconds = [];
  for (let i = 0; i < c.repeats; i++) {
    const start = performance.now();
    result = peer.computeProbabilities(problem);
    seconds.push((performance.now() - start) / 1000);
  }
  const distribution = {};
  for (const key of Object.keys(result.distribution)) {
    const value = result.distribution[key];
    if (typeof value === "number" && /^-?\d+$/.test(key)) distribution[key] = value;
  }
  return { name: c.name, seconds, distribution };
}

readline
  .createInterface({ input: process.stdin })
  .on("line", (line) => {
    const request = JSON.parse(line);
    process.stdout.write(JSON.stringify(request.ready ? request : run(request)) + "\n");
  });
