// The site's own small JSON files, each fetched once per tab.

import { hostOf, startFiles, totalBytes } from "./transfer.js";

export const BASE = new URL("./", import.meta.url); // .../assets/walkthrough/
export const ROOT = new URL("../../", BASE); // the site root

let configPromise = null;
let indexPromise = null;

export function fetchJson(url) {
  return fetch(url).then((r) => {
    if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
    return r.json();
  });
}

// Where Pyodide and the wheel are, what each runtime file weighs, and what this host does
// (`host`: transfer.js's hostOf, read from this very response).
export function siteConfig() {
  const url = new URL("assets/walkthrough/config.json", ROOT);
  configPromise ??= fetch(url)
    .then(async (response) => {
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      return { ...(await response.json()), host: hostOf(response) };
    })
    .catch((err) => {
      configPromise = null; // a later Start may try again
      throw err;
    });
  return configPromise;
}

// Anchor id → page URL; a missing index only means citations are shown unlinked.
export function rulesIndex() {
  indexPromise ??= fetchJson(new URL("assets/rules-index.json", ROOT)).catch(() => ({}));
  return indexPromise;
}

function megabytes(bytes) {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

// Whether every file a start fetches is kept on this device (the service worker's caches,
// filled by a start with a connection or by "Keep the whole reference offline").
async function runtimeKept(files) {
  if (!files.length || !("caches" in self)) return false;
  try {
    // A first visit has kept nothing: said at once, not after a look-up per file.
    const kept = await Promise.all(["ti-runtime", "ti-offline"].map((name) => caches.has(name)));
    if (!kept.some(Boolean)) return false;
    const found = await Promise.all(files.map((file) => caches.match(new URL(file.url, ROOT).href)));
    return found.every(Boolean);
  } catch {
    return false; // storage refused (a private window): say the download
  }
}

// A Start button's label with what pressing it downloads: "Start walkthrough (downloads
// 4.8 MB)", the bytes this host sends (the build measured each file and its siblings,
// transfer.js plans what this host sends), or "(engine already on this device)" once it is
// kept; the plain action without a config.
export async function startLabel(action) {
  try {
    const config = await siteConfig();
    const files = startFiles(config, config.host);
    if (await runtimeKept(files)) return `${action} (engine already on this device)`;
    const bytes = totalBytes(files);
    if (bytes) return `${action} (downloads ${megabytes(bytes)})`;
    const most = config.download_bytes;
    return most ? `${action} (downloads up to ${megabytes(most)})` : action;
  } catch {
    return action; // a failed start says what went wrong
  }
}
