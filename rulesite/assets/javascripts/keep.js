// The offline copy the reader asks for: "Keep the whole reference offline" (the Coverage
// page) and the page the service worker sends a navigation it cannot answer to (offline/).
// Loaded by rules.js on those two pages only.

import { siteConfig } from "../walkthrough/site_data.js";
import { keptFiles } from "../walkthrough/transfer.js";

const ROOT = new URL("../../", import.meta.url);
// The cache "Keep" fills; the service worker answers from it offline (sw_template.js).
const OFFLINE_CACHE = "ti-offline";
const AT_ONCE = 6; // files fetched side by side

function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

// Every file the build listed (offline-files.json: each page, short link, search file and
// data file the shell does not hold, with its bytes as is and as each sibling) and the
// engine's, each with the bytes this host sends for it: the sibling it negotiates, read from
// the listing's own response, and for the engine the files transfer.js plans.
async function wholeReference() {
  const response = await fetch(new URL("offline-files.json", ROOT), { cache: "no-cache" });
  if (!response.ok) throw new Error(`offline-files.json: HTTP ${response.status}`);
  const encoding = response.headers.get("Content-Encoding") || "";
  const listing = await response.json();
  const column = encoding === "gzip" ? 2 : encoding ? 1 : 0;
  const files = listing.files.map((url, i) => {
    const sizes = listing.sizes[i];
    return { url, bytes: sizes[column] || sizes[0] };
  });
  try {
    const config = await siteConfig();
    files.push(...keptFiles(config, config.host).map((file) => ({ ...file, bytes: file.bytes ?? 0 })));
  } catch {
    // A site without walkthroughs has no engine to keep.
  }
  return files;
}

// One file into the cache, unless it is there already (a second press after an interrupted
// download finishes it); the header tells the service worker not to keep a second copy.
async function keep(cache, url) {
  if (await cache.match(url, { ignoreVary: true })) return;
  const response = await fetch(url, { headers: { "x-rules-keep": "1" } });
  if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
  await cache.put(url, response);
}

function wireKeepButton(box) {
  if (box.dataset.wired || !("serviceWorker" in navigator) || !("caches" in window)) return;
  box.dataset.wired = "";
  box.hidden = false;
  const button = box.querySelector("button");
  const bar = box.querySelector("progress");
  const status = box.querySelector("[role=status]");
  // What a press downloads, said on the button before it is pressed.
  let listed = wholeReference();
  listed
    .then((files) => {
      const total = files.reduce((sum, file) => sum + file.bytes, 0);
      button.textContent = `${button.textContent} (${megabytes(total)})`;
    })
    .catch(() => {
      listed = null; // the press asks again, and says what failed
    });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      const files = await (listed ?? wholeReference());
      const total = files.reduce((sum, file) => sum + file.bytes, 0);
      const cache = await caches.open(OFFLINE_CACHE);
      // The bar counts bytes, as the host sends them: the engine's few large files weigh
      // as much as the thousands of small pages.
      Object.assign(bar, { max: total || 1, value: 0, hidden: false });
      let done = 0;
      const one = async (file) => {
        await keep(cache, new URL(file.url, ROOT).href);
        done += file.bytes;
        bar.value = done;
        status.textContent = `Downloading: ${megabytes(done)} of ${megabytes(total)}…`;
      };
      status.textContent = `Downloading: 0 of ${megabytes(total)}…`;
      for (let i = 0; i < files.length; i += AT_ONCE) await Promise.all(files.slice(i, i + AT_ONCE).map(one));
      status.textContent =
        `The whole reference is on this device: ${files.length} files, ${megabytes(total)} ` +
        "downloaded, the rules engine included.";
      box.dataset.kept = "";
    } catch (err) {
      status.textContent = `The download stopped (${err.message}): press again to finish it.`;
    } finally {
      button.disabled = false;
    }
  });
}

// The pages this device holds, by their titles: the home page and every page a cache of the
// service worker keeps (read once, or kept with the whole reference); at most this many.
const MAX_LISTED = 500;

async function keptPages() {
  const found = new Map(); // a page's address → where it is kept
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const url = new URL(request.url);
      url.search = ""; // Workbox's revision of a precached page
      url.pathname = url.pathname.replace(/index\.html$/, "");
      const page = url.origin === ROOT.origin && url.href.startsWith(ROOT.href) && url.pathname.endsWith("/");
      if (page && !found.has(url.href)) found.set(url.href, { cache, request });
    }
  }
  const pages = [];
  for (const href of [...found.keys()].sort().slice(0, MAX_LISTED)) {
    // A short link sends the reader on: the page it names is listed instead.
    if (new URL(href).pathname.startsWith(`${ROOT.pathname}r/`)) continue;
    const { cache, request } = found.get(href);
    const response = await cache.match(request);
    const title = response && /<title>([^<]*)<\/title>/i.exec(await response.text())?.[1];
    if (title) pages.push({ href, title });
  }
  return pages;
}

// A title's text: the entities an HTML writer escapes, back (no parser: Trusted Types).
const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };
function decoded(text) {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name) => ENTITIES[name]);
}

async function fillOfflinePage(box) {
  if (box.dataset.wired) return;
  box.dataset.wired = "";
  const asked = new URLSearchParams(location.hash.slice(1)).get("from");
  if (asked && asked.startsWith("/")) {
    box.querySelector(".offline-asked").textContent = ` (${asked})`;
    const retry = box.querySelector(".offline-retry");
    retry.querySelector("a").href = new URL(asked, location.origin).href;
    retry.hidden = false;
  }
  const list = document.querySelector(".offline-kept");
  if (!list || !("caches" in window)) return;
  const pages = (await keptPages()).filter(({ href }) => !href.endsWith("/offline/"));
  if (!pages.length) return;
  list.replaceChildren(
    ...pages.map(({ href, title }) => {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = href;
      link.textContent = decoded(title);
      item.append(link);
      return item;
    }),
  );
  list.dataset.filled = "";
}

export function mount() {
  const keepBox = document.querySelector(".keep-offline");
  if (keepBox) wireKeepButton(keepBox);
  const offline = document.querySelector(".offline-page");
  if (offline) fillOfflinePage(offline);
}
