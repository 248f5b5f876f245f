// The site's search around Material's lunr worker (MkDocs builds). The page asks for
// workers/rules-search.<hash>.min.js (the theme's config block names it), a file the build
// writes beside Material's workers/search.<hash>.min.js: ENGINE_WORKER, its name, then
// common.js, then this. Material's worker is loaded here with its message listener
// and its replies taken in hand, so that each query is:
//
// - folded (common.js), the index's words folded the same way (apostrophes dropped);
// - asked twice: as typed, and with each word of four letters or more forgiving one typo
//   (lunr's "tacitcal~1"); an entry's score is the sum, so a near spelling counts where a
//   word of the query also matches ("tacitcal action": Tactical Action before Action Phase),
//   and an exact match still outranks a near one;
// - ranked by class (common.js), then by that score. The scores are rewritten in that
//   order: Material's Enter opens the best score, and it folds a result's sections scored
//   below its first.
//
// Material's protocol (its integrations/search/worker): {type: 0 setup, 1 ready, 2 query,
// 3 result}; a result is {items: [[article, ...sections]], suggest?}, the entries with
// their document's fields (the build's "rank" among them) and a score.

"use strict";

(() => {
  const QUERY = 2;
  const RESULT = 3;
  const FORGIVEN = 4; // a word this long or longer is asked for with one typo forgiven
  const BAND = 1e6; // each result's scores sit in a band of their own, the first highest
  const { fold, isWords, nameKey, classOf, takeReplies, inOrder } = self.rulesSearch;

  const { post, ask: askEngine } = takeReplies();
  const listeners = [];
  const addEventListener = self.addEventListener.bind(self);
  self.addEventListener = (type, listener, ...rest) =>
    type === "message" ? listeners.push(listener) : addEventListener(type, listener, ...rest);
  importScripts(self.ENGINE_WORKER);
  self.addEventListener = addEventListener;

  // Every indexed word loses its apostrophes, as the queries do ("N’orr" is found by "Norr").
  const run = self.lunr.Pipeline.prototype.run;
  self.lunr.Pipeline.prototype.run = function (tokens) {
    for (const token of tokens) token.update(fold);
    return run.call(this, tokens);
  };

  /** Material's reply to ``message``, not sent to the page. */
  const ask = (message) =>
    askEngine(() => {
      for (const listener of listeners) listener({ data: message });
    });

  function forgiving(query) {
    return query
      .split(" ")
      .map((word) => (word.length >= FORGIVEN && !/\d/.test(word) ? `${word}~1` : word))
      .join(" ");
  }

  /** The entries of ``exact`` and ``near`` (results of one query), one per location, each
   *  scored by the sum of its two scores; grouped by page as Material groups them. */
  function merged(exact, near, forgivenWords) {
    const groups = new Map();
    for (const [result, isNear] of [[exact, false], [near, true]]) {
      for (const group of result?.items ?? []) {
        for (const item of group) {
          const page = item.location.split("#")[0];
          if (!groups.has(page)) groups.set(page, new Map());
          const entries = groups.get(page);
          const known = entries.get(item.location);
          if (!known) {
            entries.set(item.location, { ...item, terms: { ...item.terms } });
            continue;
          }
          known.score += item.score;
          // Words found only by their near spelling are not "missing".
          if (isNear && item.score > 0) for (const word of forgivenWords) known.terms[word] = true;
        }
      }
    }
    return [...groups.values()].map((entries) => [...entries.values()]);
  }

  function ranked(groups, query) {
    const wanted = nameKey(query);
    const keyed = groups.map((group) => {
      const items = group
        .map((item) => ({ item, klass: classOf(item.title, item.rank, wanted) }))
        .sort((a, b) => a.klass - b.klass || b.item.score - a.item.score);
      const best = items.find(({ item }) => item.score > 0) ?? items[0];
      return { items, klass: best.klass, score: best.item.score };
    });
    keyed.sort((a, b) => a.klass - b.klass || b.score - a.score);
    return keyed.map(({ items }, index) => {
      const base = (keyed.length - index) * BAND;
      const top = Math.max(...items.map(({ item }) => item.score));
      return items.map(({ item }) => ({
        ...item,
        score: base + (top > 0 ? (item.score / top) * (BAND / 2) : 0),
      }));
    });
  }

  async function search(query) {
    const folded = fold(query);
    if (!isWords(folded) || /^\d+(\.\d+)*[a-z]?\.?$/i.test(folded)) return ask({ type: QUERY, data: query });
    const exact = await ask({ type: QUERY, data: folded });
    const near = forgiving(folded);
    const forgivenWords = near.split(" ").filter((w) => w.endsWith("~1")).map((w) => w.slice(0, -2));
    const nearby = near === folded ? null : await ask({ type: QUERY, data: near });
    const items = ranked(merged(exact.data, nearby?.data, forgivenWords), folded);
    return { type: RESULT, data: { ...exact.data, items } };
  }

  const isQuery = (message) => message?.type === QUERY;
  addEventListener(
    "message",
    inOrder(
      (message) => (isQuery(message) ? search(String(message.data)) : ask(message)),
      isQuery,
      post,
      () => ({ type: RESULT, data: { items: [] } }),
    ),
  );
})();
