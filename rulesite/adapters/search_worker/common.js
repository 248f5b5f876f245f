// What the site's search adds to each engine's, in the search worker (the build joins it
// to the engine's adapter, material.js or zensical.js: __init__.py): queries folded as
// players type them, results ranked as a reader expects, and the engine's worker taken in
// hand (its replies, the order of the messages).
//
// - Folding: the sources write "Naaz–Rokha" (an en dash) and "N’orr" (a curly apostrophe);
//   readers type "Naaz-Rokha", "Naaz Rokha", "N'orr" or "Norr". A dash of any kind is a
//   space, an apostrophe of any kind is nothing, in the query (the separator in
//   mkdocs.yml splits the sources' words at every dash too).
// - Ranking, by class first, then by the engine's own score:
//   0. an entry whose name is what was typed ("Fight with Precision": the card's ruling;
//      "space combat": topic 78), its number, qualifier or a leading "The" aside;
//   1. everything else (topics, rules, pages);
//   2. an entry the build marks "rank": 2: a card's or a faction's rulings, which mention a
//      rule's words in passing ("retreat" gives rules 78.4 and 78.7 before Skilled Retreat).

"use strict";

self.rulesSearch = (() => {
  const DASHES = /[\u002d\u2010-\u2015\u2212\ufe63\uff0d]+/g;
  const APOSTROPHES = /['\u2018\u2019\u02bc\u0060\u00b4]/g;
  // A query the engine's own syntax reads (lunr's "~", "^", "+", "field:", quotes): as typed.
  const OPERATORS = /[~^*:+"]/;
  const TAG = /<[^<>]*>/g;
  const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

  /** The query as the index spells it: dashes as spaces, apostrophes dropped. */
  function fold(text) {
    return text.replace(DASHES, " ").replace(APOSTROPHES, "").replace(/\s+/g, " ").trim();
  }

  /** Whether a query is words alone (not the engine's operators), to fold and to forgive. */
  function isWords(query) {
    return query.trim() !== "" && !OPERATORS.test(query);
  }

  /** A title (HTML, as the index holds it) or a query as a name to compare: lower case,
   *  folded, without its number (before it, or after it as a Zensical entry of a topic the
   *  build lacks writes it: "Space Combat — LRR 78"), its "(qualifier)" or a leading "The". */
  function nameKey(text) {
    const plain = text.replace(TAG, "").replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, e) => ENTITIES[e]);
    return fold(plain)
      .toLowerCase()
      .replace(/\([^()]*\)/g, " ")
      .replace(/^\s*\d+(?:\.\d+)*[a-z]?\s+/, "")
      .replace(/[^\p{L}\p{N}]+/gu, " ")
      .trim()
      .replace(/ lrr \d+$/, "")
      .replace(/^the /, "");
  }

  /** The class of an entry (title, the build's rank) for the query whose name is ``wanted``. */
  function classOf(title, rank, wanted) {
    if (wanted !== "" && nameKey(title) === wanted) return 0;
    return rank === 2 ? 2 : 1;
  }

  /** The engine worker's replies taken in hand (call before loading it): ``ask(send)``
   *  runs ``send``, which hands the engine a message, and resolves with the engine's reply
   *  (a copy), which the page never sees; ``post`` sends to the page. */
  function takeReplies() {
    const post = self.postMessage.bind(self);
    let answer = null;
    self.postMessage = (message) => (answer ? answer(message) : post(message));
    const ask = (send) =>
      new Promise((resolve) => {
        answer = (reply) => {
          answer = null;
          // A copy: an engine may keep a reply's objects and write into them later.
          resolve(structuredClone(reply));
        };
        send();
      });
    return { post, ask };
  }

  /** The page's messages handled one at a time, in order, by ``handle`` (message → the
   *  reply to post); a query already followed by another (``isQuery``) is not answered,
   *  and one that fails is answered with ``failed``. */
  function inOrder(handle, isQuery, post, failed) {
    const queue = [];
    let busy = false;
    async function next() {
      if (busy) return;
      busy = true;
      while (queue.length) {
        const message = queue.shift();
        if (isQuery(message) && queue.some(isQuery)) continue;
        try {
          post(await handle(message));
        } catch {
          post(failed(message));
        }
      }
      busy = false;
    }
    return (event) => {
      queue.push(event.data);
      next();
    };
  }

  return { fold, isWords, nameKey, classOf, takeReplies, inOrder };
})();
