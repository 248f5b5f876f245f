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

// A Start button's label with what pressing it downloads: "Start walkthrough (downloads up
// to 13.6 MB)", the runtime's size measured at build time; the plain action without it.
export async function startLabel(action) {
  try {
    const { download_bytes: bytes } = await siteConfig();
    return bytes ? `${action} (downloads up to ${megabytes(bytes)})` : action;
  } catch {
    return action; // a failed start says what went wrong
  }
}
