// Rule permalinks: a copy button beside each rule number, and landing on a rule
// from a search result. `document$` fires on every page, instant navigation included.
// Also: the offline service worker, and a notice when the site is opened from disk.

// From disk (file://) browsers block search, module scripts and folder links: say how to
// serve the site rather than fail silently. Elsewhere, keep it readable offline.
if (location.protocol === "file:") {
  const note = document.createElement("p");
  note.className = "file-notice";
  note.setAttribute("role", "alert");
  note.textContent =
    "Opened from disk, this site's search, walkthroughs and folder links do not work. " +
    "Serve it instead: `python3 -m http.server -d site`, then open http://localhost:8000/";
  document.body.prepend(note);
} else if ("serviceWorker" in navigator) {
  keepOffline(new URL("../../", document.currentScript.src));
}

// This script is published at assets/javascripts/rules.js: the site root is two folders up.
const SITE_ROOT = new URL("../../", document.currentScript.src);
// A rule number ("89.2.3"), whose short link is r/89.2.3/.
const RULE_NUMBER = /^\d+(?:\.\d+)+$/;

// The offline copy: a service worker that downloads every page and asset (some hundred files)
// as it installs. On a first visit that download competed with a walkthrough's runtime (5 MB,
// booted on two cores: bench/walkthrough_start.py measured the start 1.5x slower beside it), so on a
// page with a walkthrough, a try-it cell or the odds calculator it waits: until the page has
// loaded and its reader had a moment to press Start (the calculator starts by itself), then
// for every runtime starting (engine_client.js announces each with a "rules:runtime" event
// carrying its start) and for the page to be idle.
function keepOffline(root) {
  const graceMs = document.querySelector(".wt, .wt-tryit, .odds-calc") ? 3000 : 0;
  const starting = [];
  window.addEventListener("rules:runtime", (event) => starting.push(event.detail));
  const idle = () =>
    new Promise((resolve) => ("requestIdleCallback" in window ? requestIdleCallback : setTimeout)(resolve));
  const register = async () => {
    const runtime = [];
    // A start announced while the earlier ones finished is waited for too.
    for (let waited = 0; waited < starting.length; waited = starting.length) {
      for (const urls of await Promise.all(starting.slice(waited))) runtime.push(...urls);
      await idle();
    }
    navigator.serviceWorker.register(new URL("sw.js", root)).catch(() => {});
    // The page that installed the worker, and a runtime started before it, were fetched
    // without it: they are asked for again through it, so that it keeps them (Workbox's
    // router answers CACHE_URLS messages; the HTTP cache answers the fetches). The page
    // matters on a site too large to precache, which keeps pages as they are read.
    const registration = await navigator.serviceWorker.ready;
    const urlsToCache = [location.href.split("#")[0], ...runtime];
    registration.active?.postMessage({ type: "CACHE_URLS", payload: { urlsToCache } });
  };
  const later = () => setTimeout(register, graceMs);
  if (document.readyState === "complete") later();
  else window.addEventListener("load", later, { once: true });
}

// "Keep the whole reference offline" (the Coverage page) and the offline page: keep.js, loaded
// on those pages only.
function keepWholeReference() {
  if (!document.querySelector(".keep-offline, .offline-page")) return;
  import(new URL("assets/javascripts/keep.js", SITE_ROOT)).then((keep) => keep.mount());
}

document$.subscribe(() => {
  keepWholeReference();
  landOnSearchedRule();
  landOnLinkedAnchor();
  addCopyButtons();
});

// A link to another page's anchor ("tactical-action/#89.2", as the walkthroughs' citations
// are) must land on the anchor. Material's instant navigation scrolls to it only while the
// new history entry has no state, but its viewport tracker writes the offset into the
// current entry 100 ms after the last scroll: a click within 100 ms of a scroll (a refusal
// focused and scrolled into view, then its rule clicked) has the old page's offset written
// into the new entry before the page arrives, and Material restores that offset instead.
// Remember the anchor of a link Material took over and show it once its page is in.
let linkedAnchor = null;
window.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  // Material's handler on <body> has run by now: a prevented click is an instant navigation.
  linkedAnchor = event.defaultPrevented && link?.hash ? link.href : null;
});
// Back and Forward restore the position the reader left, not the anchor.
window.addEventListener("popstate", () => {
  linkedAnchor = null;
});

function landOnLinkedAnchor() {
  const href = linkedAnchor;
  linkedAnchor = null;
  if (!href || href !== window.location.href) return;
  const target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
  // After Material has set the page's scroll position.
  if (target) requestAnimationFrame(() => target.scrollIntoView());
}

// Material's search dialog has no accessible name; screen readers announce it by this one.
document.querySelector(".md-search")?.setAttribute("aria-label", "Search the rules");

// A search result for a rule number links to "page/?rule=89.2.3" (Material lists a
// "page/#89.2.3" result under its page, never first); show the rule's own anchor instead.
function landOnSearchedRule() {
  const params = new URLSearchParams(window.location.search);
  const number = params.get("rule");
  const target = number && document.getElementById(number);
  if (!target) return;
  params.delete("rule");
  const query = params.toString();
  const url = window.location.pathname + (query ? `?${query}` : "") + `#${number}`;
  history.replaceState(history.state, "", url);
  target.classList.add("is-target");
  // After Material has restored its own scroll position for the new page.
  requestAnimationFrame(() => target.scrollIntoView());
  // Below 960 px the search is a full-screen layer whose closing, after the page is in, puts
  // back the scroll position the page had when it opened: land again once it has.
  setTimeout(() => {
    const { top } = target.getBoundingClientRect();
    if (top < 0 || top > window.innerHeight / 2) target.scrollIntoView();
  }, 300);
}

// Material's own clipboard button: its handler copies `data-clipboard-text` (the
// absolute link, known only here) and shows its "Copied to clipboard" notice.
function addCopyButtons() {
  for (const link of document.querySelectorAll("a.rule-number, a.note-number")) {
    if (link.nextElementSibling?.classList.contains("copy-link")) continue;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "md-clipboard md-icon copy-link";
    // A rule's number copies its short link (r/89.2.3/, a page with a preview of the rule),
    // and so does a note's (r/89-note-1/, r/<card's ruling>/).
    const number = decodeURIComponent(new URL(link.href).hash.slice(1));
    const short =
      link.classList.contains("note-number") ||
      (link.classList.contains("rule-number") && RULE_NUMBER.test(number));
    button.dataset.clipboardText = short ? new URL(`r/${number}/`, SITE_ROOT).href : link.href;
    button.title = `Copy ${short ? "short link" : "link"} to ${link.textContent}`;
    button.setAttribute("aria-label", button.title);
    link.after(button);
  }
}

// Rule-number fast path: "89.2.3" typed in search is answered from a small per-topic file
// (search/numbers/89.json) at once, above Material's results, which on a large corpus need
// seconds to load and index megabytes of text first. Other queries are left to Material.
// The printed LRR's letter form ("78.7b") is answered too: its files hold the alias.
const NUMBER_QUERY = /^\s*(\d+)(?:\.\d+)*[a-z]?\.?\s*$/i;
const MAX_ANSWERS = 8;
const numberFiles = new Map();

let topicNumbers = null;

async function numbersOfTopic(topic) {
  topicNumbers ??= fetch(new URL("search/numbers.json", SITE_ROOT))
    .then((response) => (response.ok ? response.json() : []))
    .catch(() => []);
  if (!(await topicNumbers).includes(Number(topic))) return {};
  if (!numberFiles.has(topic)) {
    const url = new URL(`search/numbers/${topic}.json`, SITE_ROOT);
    numberFiles.set(
      topic,
      fetch(url).then((response) => (response.ok ? response.json() : {})).catch(() => ({})),
    );
  }
  return numberFiles.get(topic);
}

function numberAnswer([location, text]) {
  const item = document.createElement("li");
  item.className = "md-search-result__item";
  const link = document.createElement("a");
  link.className = "md-search-result__link";
  link.href = new URL(location, SITE_ROOT).href;
  const article = document.createElement("article");
  article.className = "md-search-result__article md-typeset";
  // One compact entry: the number in bold, then the rule's own words.
  const entry = document.createElement("p");
  entry.className = "rule-number-answer";
  const [, number, words] = /^(\S+)\s*(.*)$/s.exec(text) ?? [null, text, ""];
  const strong = document.createElement("strong");
  strong.textContent = number;
  entry.append(strong, ` ${words}`);
  article.append(entry);
  link.append(article);
  item.append(link);
  return item;
}

function numberBox() {
  let box = document.querySelector(".rule-number-answers");
  const results = document.querySelector(".md-search-result");
  if (!box && results) {
    box = document.createElement("ol");
    box.className = "md-search-result__list rule-number-answers";
    box.setAttribute("aria-label", "Rules by number");
    // Before Material's own result block, never inside it: Material renders into its children.
    results.before(box);
  }
  return box;
}

async function answerNumber(query) {
  const box = numberBox();
  if (!box) return;
  const match = NUMBER_QUERY.exec(query);
  const entries = match ? await numbersOfTopic(match[1]) : {};
  const number = query.trim().toLowerCase().replace(/\.$/, "");
  // The input may have changed while the file loaded: answer only the current query.
  if (document.querySelector("input.md-search__input")?.value !== query) return;
  // A topic the build lacks: its file's one entry ("*") names it, for any of its numbers.
  const wanted = "*" in entries
    ? ["*"]
    : Object.keys(entries)
      // A letter alias ("78.7b") answers only itself, never a wider query's list twice.
      .filter((id) => id === number || (id.startsWith(`${number}.`) && !/[a-z]$/.test(id)))
      .slice(0, MAX_ANSWERS);
  box.replaceChildren(...wanted.map((id) => numberAnswer(entries[id])));
  hideRepeats();
}

// A short link of a topic this reference lacks ("r/58.2/" on a site without Movement) has no
// page, so the host answers with the 404 page: say what the number is, as the search does
// (its topic's number file names it), and lead to Coverage instead of "mistyped".
async function explainLackingTopic() {
  const why = document.querySelector(".not-found-why");
  const path = /\/r\/(\d+)((?:\.\d+)*[a-z]?)\/?(?:index\.html)?$/i.exec(location.pathname);
  if (!why || !path) return;
  const gap = (await numbersOfTopic(path[1]))["*"];
  if (!gap) return;
  const [where, said] = gap;
  const number = `${path[1]}${path[2]}`;
  document.querySelector(".not-found-title").textContent = `${number}: not in this reference yet`;
  const coverage = document.createElement("a");
  coverage.href = new URL(where, SITE_ROOT).href;
  coverage.textContent = "Coverage";
  why.replaceChildren(
    `Rule ${number} belongs to topic ${said}. `,
    coverage,
    " lists what this reference holds and where to read the rest.",
  );
}

// Called here, below the number files' state it uses: a 404 page is always a full load.
explainLackingTopic();

// The rule a result leads to: "page/#89.2.3" above, "page/?rule=89.2.3&h=…" in Material's.
function ruleOf(link) {
  const url = new URL(link.href);
  return url.searchParams.get("rule") ?? decodeURIComponent(url.hash.slice(1));
}

// A rule answered above is not listed again in Material's results.
function hideRepeats() {
  const answered = new Set([...document.querySelectorAll(".rule-number-answers a")].map(ruleOf));
  for (const link of document.querySelectorAll(".md-search-result__list:not(.rule-number-answers) > li > a")) {
    const rule = ruleOf(link);
    link.parentElement.hidden = Boolean(rule) && answered.has(rule);
  }
}

// Material renders its results after ours, and again as the reader types. (Folding,
// forgiving typos and ranking are the search worker's: rulesite/adapters/search_worker/.)
new MutationObserver((records) => {
  if (records.some((record) => record.target.closest?.(".md-search-result"))) hideRepeats();
}).observe(document.body, { childList: true, subtree: true, characterData: true });

// Delegated: instant navigation may replace the header the search field lives in.
document.addEventListener("input", (event) => {
  if (event.target.matches?.("input.md-search__input")) answerNumber(event.target.value);
});
