// A walkthrough's position in the URL: "#wt=<id>&seed=<n>&c=<choices>", where the
// choices are JSON in unpadded base64url. The same link is kept in the address bar as a
// reader plays (Back, Forward and reload find it) and handed out by Copy link.

// Bounds on what a link may ask the page to replay.
const MAX_LINK_CHARS = 100_000;
const MAX_CHOICES = 500;
// As deep as the engine accepts a value (engine/limits.py): a 20,000-deep choice overflowed
// the stack when it was replayed, so depth is counted on the text, before parsing.
const MAX_DEPTH = 32;

export class LinkError extends Error {}

export function encodeChoices(choices) {
  const bytes = new TextEncoder().encode(JSON.stringify(choices));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

// How deep the arrays and objects of a JSON text nest, counted without recursion.
function nestingDepth(json) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "[" || c === "{") deepest = Math.max(deepest, ++depth);
    else if (c === "]" || c === "}") depth--;
  }
  return deepest;
}

function decodeChoices(text) {
  let json;
  let depth;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    depth = nestingDepth(decoded);
    if (depth <= MAX_DEPTH) json = JSON.parse(decoded);
  } catch {
    throw new LinkError("its list of choices (c=) is damaged: not base64url-encoded JSON");
  }
  if (depth > MAX_DEPTH) {
    throw new LinkError(`its choices (c=) nest ${depth} levels deep; a link may nest at most ${MAX_DEPTH}`);
  }
  if (!Array.isArray(json)) {
    throw new LinkError(`its choices (c=) must be a list, not ${json === null ? "null" : typeof json}`);
  }
  if (json.length > MAX_CHOICES) {
    throw new LinkError(`it holds ${json.length} choices; a link may hold at most ${MAX_CHOICES}`);
  }
  json.forEach((choice, i) => {
    const isObject = choice && typeof choice === "object" && !Array.isArray(choice);
    if (!isObject || typeof choice.kind !== "string") {
      throw new LinkError(`choice ${i + 1} of the link is not a choice (an object with a kind)`);
    }
  });
  return json;
}

function decodeSeed(text) {
  // Digits only, and small enough for a JavaScript number to hold exactly.
  const seed = /^\d{1,16}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(seed)) {
    throw new LinkError(`its dice seed ${JSON.stringify(text.slice(0, 40))} is not a whole number from 0 to 2^53 − 1`);
  }
  return seed;
}

// The position a URL hash names for the walkthrough `id`: null when it names none,
// {seed, choices} when readable, {error} saying what is wrong otherwise.
export function readPosition(hash, id) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  if (params.get("wt") !== id) return null;
  try {
    if (hash.length > MAX_LINK_CHARS) {
      throw new LinkError(`it is ${hash.length} characters long; at most ${MAX_LINK_CHARS} are read`);
    }
    if (!params.has("seed")) throw new LinkError("it names no dice seed (seed=)");
    return {
      seed: decodeSeed(params.get("seed")),
      choices: params.get("c") ? decodeChoices(params.get("c")) : [],
    };
  } catch (err) {
    if (err instanceof LinkError) return { error: err.message };
    throw err;
  }
}

export function positionHash(id, seed, choices) {
  const params = new URLSearchParams({ wt: id, seed: String(seed) });
  if (choices.length) params.set("c", encodeChoices(choices));
  return `#${params}`;
}

// Keep the position in the address bar without adding a history entry per step.
export function rememberPosition(hash) {
  if (location.hash === hash) return;
  history.replaceState(history.state, "", `${location.pathname}${location.search}${hash}`);
}
