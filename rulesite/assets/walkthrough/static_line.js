// The suggested line the build played (rulesite/core/walkthroughs/static_line.py), read
// back into the answers the engine would give, so the widget walks it with no runtime.

// One view from the one before and what a position changes of it (static_line.py's
// line_json): keys set or unset, and single items of a list of the same length.
function changedView(before, position) {
  const view = { ...before, ...position.set };
  for (const key of position.unset) delete view[key];
  for (const [key, items] of Object.entries(position.items)) {
    const list = [...before[key]];
    for (const [index, item] of Object.entries(items)) list[Number(index)] = item;
    view[key] = list;
  }
  return view;
}

// The line as engine answers, rebuilt from the first view and each position's changes:
// each position's log is the events so far (the data keeps only each choice's new
// events; the arrays share the one log, cut at each position's length).
export function lineResults(line) {
  const log = [];
  let view = null;
  return line.map((position) => {
    view = view === null ? position.view : changedView(view, position);
    log.push(...position.log);
    const [current, length] = [view, log.length];
    let built = null; // built when first shown: a long line's logs are not all copied
    return {
      ok: true,
      onLine: true,
      get view() {
        built ??= { ...current, log: log.slice(0, length) };
        return built;
      },
      choices: position.choices,
    };
  });
}

// Two choices are the same when they are spelt alike (the script's, the engine's).
export const same = (a, b) => a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b);

// Whether the line of a walkthrough's `data` has rolled dice by its position `n`.
export function diceBy(data, n) {
  return (data.line || []).slice(0, n + 1).some((p) => p.log.some((e) => e.kind === "roll" || e.rolls));
}

// Whether a position is one the build played (`line`: its lineResults): the script's
// choices, and the file's seed once dice have been rolled (before any, another seed plays
// the line alike: Reroll then keeps the reader on it).
export function isOnLine(data, line, seed, choices) {
  const script = data?.script || [];
  return (
    choices.length < line.length &&
    (seed === (data.seed ?? 1) || !diceBy(data, choices.length)) &&
    choices.every((choice, i) => same(choice, script[i]))
  );
}
