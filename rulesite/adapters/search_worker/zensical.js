// The site's search around Zensical's worker (Zensical builds). The page asks for
// workers/rules-search.<hash>.min.js (the theme's config block names it), a file the build
// writes beside Zensical's workers/search.<hash>.min.js: ENGINE_WORKER, its name, then
// common.js, then this.
//
// Zensical already splits a query at the separator's dashes (mkdocs.yml) and forgives a
// typo in a word the index lacks; what it cannot do is rank by what an entry is: it ranks by
// the field that matched (a title before a path before a text), so a card whose name holds
// the word typed came before the rules about it. Here its whole answer is asked for, ranked
// by class (common.js) with its own order kept within a class, and handed out a page at a
// time as Zensical does.
//
// Zensical's protocol (0.0.73): {type: 0 setup {config, items}, 1 ready, 2 query {input,
// page?: {id, size, from}, ...}, 3 result {items: [{id, matches}], pagination: {total,
// prev?, next?}, ...}, 4 error}; an item's id is its place in the setup's items.

"use strict";

(() => {
  const SETUP = 0;
  const QUERY = 2;
  const RESULT = 3;
  const PAGE = 10; // results a page, as Zensical's own
  const MOST = 2000; // results ranked at most: a reader never pages further
  const ERROR = 4;
  const { nameKey, classOf, takeReplies, inOrder } = self.rulesSearch;

  const { post, ask: askEngine } = takeReplies();
  importScripts(self.ENGINE_WORKER);
  const inner = self.onmessage;
  self.onmessage = null;

  /** Zensical's reply to ``message`` (a copy: Zensical parses a query in place), not sent
   *  to the page. */
  const ask = (message) => askEngine(() => inner({ data: structuredClone(message) }));

  let documents = []; // the setup's items: titles and the build's "rank"
  let ranked = null; // the last answer, ranked: {id, items, base}
  let answers = 0;

  function pageOf(answer, from) {
    const total = answer.items.length;
    const at = (start) => ({ id: answer.id, size: PAGE, from: start });
    const pagination = {
      total,
      prev: from - PAGE >= 0 ? at(from - PAGE) : undefined,
      next: from + PAGE < total ? at(from + PAGE) : undefined,
    };
    return { type: RESULT, data: { ...answer.base, items: answer.items.slice(from, from + PAGE), pagination } };
  }

  async function search(data) {
    if (data.page !== undefined) {
      return ranked && data.page.id === ranked.id ? pageOf(ranked, data.page.from) : ask({ type: QUERY, data });
    }
    const first = await ask({ type: QUERY, data });
    const query = typeof data.input === "string" ? data.input : "";
    if (first.type !== RESULT || !query.trim()) return first;
    let items = first.data.items;
    const more = first.data.pagination?.next;
    if (more && first.data.pagination.total > items.length) {
      const size = Math.min(first.data.pagination.total, MOST);
      const all = await ask({ type: QUERY, data: { ...data, page: { id: more.id, size, from: 0 } } });
      // The first page's items as first answered: asked again, their highlights are rewritten.
      if (all.type === RESULT) items = [...items, ...all.data.items.slice(items.length)];
    }
    const wanted = nameKey(query);
    const order = items
      .map((item, place) => {
        const doc = documents[item.id] ?? {};
        return { item, place, klass: classOf(String(doc.title ?? ""), doc.rank, wanted) };
      })
      .sort((a, b) => a.klass - b.klass || a.place - b.place);
    answers += 1;
    ranked = { id: `rules-${answers}`, items: order.map(({ item }) => item), base: first.data };
    return pageOf(ranked, 0);
  }

  const isQuery = (message) => message?.type === QUERY && message.data?.page === undefined;
  self.addEventListener(
    "message",
    inOrder(
      (message) => {
        if (message?.type === SETUP) documents = message.data?.items ?? [];
        return message?.type === QUERY ? search(message.data ?? {}) : ask(message);
      },
      isQuery,
      post,
      () => ({ type: ERROR }),
    ),
  );
})();
