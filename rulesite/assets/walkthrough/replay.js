// The rules engine taking a walkthrough over: the scenario loaded with a seed and its
// choices replayed, what a link is told when one of them cannot be, and what the reader is
// told when the runtime cannot start.

import { withoutRefs } from "./citations.js";
import { Names } from "./names.js";

// Said when the runtime cannot load, with what to do; offline, the reason is that it was
// never kept (it is, once a walkthrough has started with a connection).
const LINE_WORKS = "The suggested line (Play the suggested step, Step back) works without it.";

export function engineFailure(err) {
  if (!navigator.onLine) {
    return (
      "You are offline and the rules engine is not on this device yet: it is kept for " +
      `offline use once a walkthrough has started with a connection. ${LINE_WORKS}`
    );
  }
  return `The rules engine could not start (${err.message}): check the connection and try again. ${LINE_WORKS}`;
}

// The page's own keys stay here: the engine reads the scenario only
// (rulesite/core/walkthroughs/walkthrough_files.py strips the same keys at build time).
function scenarioOf(data) {
  const { line: _line, narration: _narration, description: _description, try: _try, ...scenario } = data;
  return scenario;
}

// The walkthrough's scenario loaded with `seed`, then `choices` applied until one is
// refused: the engine's answers up to the last legal position (none if the scenario itself
// is refused) and the refused step (`i`, its `choice` and the engine's `result`) or null.
export async function replay(engine, data, seed, choices) {
  const first = await engine.call("load_scenario", { ...scenarioOf(data), seed });
  if (!first.ok) return { history: [], refused: { i: -1, choice: null, result: first } };
  const history = [first];
  for (const [i, choice] of choices.entries()) {
    const result = await engine.call("apply", history[history.length - 1].state, choice);
    if (!result.ok) return { history, refused: { i, choice, result } };
    history.push(result);
  }
  return { history, refused: null };
}

// What a link is told when its choice `i` of `total` was refused at the position `view`:
// the engine's reason, and the position kept.
export function replayNotice(view, total, { i, choice, result }) {
  const names = new Names(view);
  const what = names.text(choice.label || JSON.stringify(choice).slice(0, 120));
  const { reason, rules } = result.refusal || {
    reason: result.error?.message || "the engine could not read it",
    rules: [],
  };
  return {
    text:
      `Choice ${i + 1} of ${total} in this link (${what}) cannot be replayed: ` +
      `${names.text(withoutRefs(reason, rules))}`,
    rules,
    after: `Shown: the last legal position, after ${i} choice${i === 1 ? "" : "s"}.`,
  };
}
