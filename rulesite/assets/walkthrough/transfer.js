// How the runtime's files travel from this host, the same bytes whatever the host does.
// A host that negotiates an encoding (the project's server, nginx's brotli_static, a CDN)
// sends each file compressed and the browser decodes it. A plain static host (python3 -m
// http.server, which the site's file:// notice recommends) sends files as they are on disk:
// 18 MB for a start instead of 5. There the large files are fetched as their Brotli
// siblings (`X.br`, written by the build) and decoded in the worker by brotli-dec-wasm, whose
// own WebAssembly comes as its gzip sibling through the browser's DecompressionStream (no
// browser decodes Brotli there). The page (the Start label, "Keep offline") and the worker
// plan the same fetches from the same facts (startFiles, keptFiles), so the label states what
// the worker will fetch.

// What this host does, read from the response of a file the build gave siblings to (the
// walkthrough config): the encoding it negotiated, and whether its policy lets the worker
// import a script it decoded (a blob: URL; a host that sends the site's policy as a header
// does not, and sends the Emscripten module as it is).
export function hostOf(response) {
  const policy = response.headers.get("Content-Security-Policy");
  return {
    encoding: response.headers.get("Content-Encoding") || "",
    blobScripts: !policy || /\bblob:/.test(policy),
  };
}

const SIZE = { raw: 0, br: 1, gzip: 2 };

// Whether `url` (relative to the site root) is fetched as its Brotli sibling on this host.
function decoded(config, host, url) {
  if (host.encoding || !config.decoded?.includes(url) || !config.sizes?.[url]?.[SIZE.br]) return false;
  return host.blobScripts || !url.endsWith(".mjs");
}

// [{url, bytes}] for the site's files `urls`: what this host sends for each (the sibling it
// negotiates, or a decoded file's sibling), the decoder's files too when one is decoded.
function planned(config, host, urls) {
  const sizes = config.sizes ?? {};
  const sent = (url) => {
    const [raw, br, gz] = sizes[url] ?? [0, 0, 0];
    if (host.encoding) return (host.encoding === "gzip" ? gz : br) || raw;
    return raw;
  };
  const files = urls.map((url) =>
    decoded(config, host, url) ? { url: `${url}.br`, bytes: sizes[url][SIZE.br] } : { url, bytes: sent(url) },
  );
  if (!urls.some((url) => decoded(config, host, url))) return files;
  const [script, wasm] = config.decoder;
  const gz = sizes[wasm]?.[SIZE.gzip];
  return [
    ...files,
    { url: script, bytes: sent(script) },
    gz ? { url: `${wasm}.gz`, bytes: gz } : { url: wasm, bytes: sent(wasm) },
  ];
}

// What a walkthrough's start fetches of the runtime on this host; `bytes` are null when the
// build could not measure them (a CDN's Pyodide).
export function startFiles(config, host) {
  return planned(config, host, [...config.runtime_files, config.wheel]);
}

// What "Keep the whole reference offline" fetches of the runtime: a start's files and those a
// try-it cell may fetch later (the whole standard library).
export function keptFiles(config, host) {
  return planned(config, host, [...config.runtime_files, config.wheel, ...(config.on_demand ?? [])]);
}

export function totalBytes(files) {
  return files.every((file) => file.bytes) ? files.reduce((sum, file) => sum + file.bytes, 0) : null;
}

// The worker's side: `fetch` for the runtime, answering a planned file with its sibling decoded.
// `root` is the site root's URL; a file's decoded bytes are shared by every fetch of it until
// `forget()`. `fetchSync(url)` answers the synchronous request of a try-it cell's import of
// the full standard library (stdlib_fallback.py) the same way, once the decoder has loaded.
export function decodingFetch(config, host, root, fetchImpl) {
  const siblings = new Map();
  for (const url of [...config.runtime_files, config.wheel, ...(config.on_demand ?? [])]) {
    if (decoded(config, host, url)) siblings.set(new URL(url, root).href, new URL(`${url}.br`, root).href);
  }
  let decoder = null;
  let loaded = null; // the decoder once it has loaded, for a synchronous request
  const loadDecoder = () => {
    decoder ??= (async () => {
      const [script, wasm] = config.decoder.map((url) => new URL(url, root).href);
      const module = await import(script);
      await module.default({ module_or_path: await gunzipped(fetchImpl, wasm) });
      loaded = module;
      return module;
    })();
    return decoder;
  };
  const bodies = new Map();
  const bytesOf = (url) => {
    if (!bodies.has(url)) {
      bodies.set(url, (async () => {
        const response = await fetchImpl(siblings.get(url));
        // A copy of the site without its siblings: the file as it is.
        if (response.status === 404) return plainBytes(fetchImpl, url);
        if (!response.ok) throw new Error(`${siblings.get(url)}: HTTP ${response.status}`);
        const body = new Uint8Array(await response.arrayBuffer());
        // A host that sends a `.br` file with its encoding has had the browser decode it.
        if (response.headers.get("Content-Encoding")) return body;
        return (await loadDecoder()).decompress(body);
      })());
    }
    return bodies.get(url);
  };
  const routed = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), self.location.href).href;
    if (!siblings.has(url)) return fetchImpl(input, init);
    return new Response(await bytesOf(url), { headers: { "Content-Type": typeOf(url) } });
  };
  return {
    fetch: routed,
    bytesOf: (url) => bytesOf(new URL(url, root).href),
    has: (url) => siblings.has(new URL(url, root).href),
    ready: () => (siblings.size ? loadDecoder() : Promise.resolve(null)),
    // Starts downloading and decoding these files (relative to the root) at once, side by side.
    prefetch(urls) {
      for (const url of urls) {
        const absolute = new URL(url, root).href;
        if (siblings.has(absolute)) bytesOf(absolute).catch(() => {}); // a fetch reports it
      }
    },
    forget: () => bodies.clear(),
    fetchSync(url) {
      const absolute = new URL(url, self.location.href).href;
      const sibling = siblings.get(absolute);
      const get = (address) => {
        const request = new XMLHttpRequest();
        request.open("GET", address, false);
        request.responseType = "arraybuffer";
        request.send(null);
        return request;
      };
      let request = get(sibling ?? absolute);
      let encoded = Boolean(sibling);
      if (sibling && request.status === 404) {
        request = get(absolute); // a copy of the site without its siblings
        encoded = false;
      }
      if (request.status !== 200) throw new Error(`${url}: HTTP ${request.status}`);
      const body = new Uint8Array(request.response);
      if (!encoded || request.getResponseHeader("Content-Encoding")) return body;
      if (!loaded) throw new Error(`${url}: the decoder has not loaded`);
      return loaded.decompress(body);
    },
  };
}

async function plainBytes(fetchImpl, url) {
  const response = await fetchImpl(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

const TYPES = { ".wasm": "application/wasm", ".mjs": "text/javascript", ".json": "application/json" };

function typeOf(url) {
  const path = new URL(url).pathname;
  const suffix = Object.keys(TYPES).find((end) => path.endsWith(end));
  return suffix ? TYPES[suffix] : "application/octet-stream";
}

// `url`'s gzip sibling decoded by the browser (DecompressionStream), as a Response
// WebAssembly can compile; the file itself where it has no sibling or the host encodes it.
async function gunzipped(fetchImpl, url) {
  const response = await fetchImpl(`${url}.gz`);
  if (!response.ok) return fetchImpl(url);
  const headers = { "Content-Type": typeOf(url) };
  if (response.headers.get("Content-Encoding")) return new Response(response.body, { headers });
  return new Response(response.body.pipeThrough(new DecompressionStream("gzip")), { headers });
}
