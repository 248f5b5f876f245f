// The site's own small JSON files, each fetched once per tab.

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

// Where Pyodide and the wheel are, and how many bytes a start downloads.
export function siteConfig() {
  configPromise ??= fetchJson(new URL("assets/walkthrough/config.json", ROOT)).catch((err) => {
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

// Whether every runtime file is kept on this device (the service worker's "ti-runtime"
// cache, filled by a start with a connection).
async function runtimeKept(files) {
  if (!files?.length || !("caches" in self)) return false;
  try {
    if (!(await caches.has("ti-runtime"))) return false;
    const cache = await caches.open("ti-runtime");
    const found = await Promise.all(files.map((file) => cache.match(new URL(file, ROOT).href)));
    return found.every(Boolean);
  } catch {
    return false; // storage refused (a private window): say the download
  }
}

// A Start button's label with what pressing it downloads: "Start walkthrough (downloads
// 4.7 MB)", the bytes the server sends (the build measured the compressed runtime), or
// "(engine already on this device)" once it is kept; the plain action without a config.
export async function startLabel(action) {
  try {
    const { download_bytes: bytes, compressed, runtime_files: files } = await siteConfig();
    if (await runtimeKept(files)) return `${action} (engine already on this device)`;
    if (!bytes) return action;
    return `${action} (downloads ${compressed ? "" : "up to "}${megabytes(bytes)})`;
  } catch {
    return action; // a failed start says what went wrong
  }
}
