// Runs alpha-mouse/ti4calc's exact calculator on whole problems, for the agreement test.
//
//   node bench/peer_problem.cjs PEER_DIR < problems.jsonl
//
// Each stdin line is one problem as the peer's calculator takes it: {battleType,
// attackerUnits: {Type: {count, upgraded, damaged}}, defenderUnits, options: {attacker:
// {race, ...}, defender: {...}}}. Each stdout line is the peer's distribution: the chance of
// each end keyed by the hits the winner can still take (negative: attacker, positive:
// defender, 0: both destroyed). Used by tests/engine/test_odds_peer_options.py.
"use strict";

const path = require("path");
const readline = require("readline");

const peer = require(path.resolve(process.argv[2], "calculator.js")).calculator;

function run(problem) {
  const result = peer.computeProbabilities(problem);
  const distribution = {};
  for (const key of Object.keys(result.distribution)) {
    const value = result.distribution[key];
    if (typeof value === "number" && /^-?\d+$/.test(key)) distribution[key] = value;
  }
  return distribution;
}

readline
  .createInterface({ input: process.stdin })
  .on("line", (line) => process.stdout.write(JSON.stringify(run(JSON.parse(line))) + "\n"));
