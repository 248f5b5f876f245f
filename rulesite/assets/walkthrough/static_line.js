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
