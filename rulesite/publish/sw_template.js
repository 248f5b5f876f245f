// The site's service worker, before workbox-build's injectManifest fills in the list of
// files to precache (where the manifest placeholder is). WORKBOX_DIR is the folder
// copyWorkboxLibraries wrote next to it; OFFLINE_PAGE, the page for a navigation no cache
// answers (rulesite/publish/offline.py).
/* global workbox, WORKBOX_DIR, OFFLINE_PAGE */
importScripts(`${WORKBOX_DIR}/workbox-sw.js`);
// Production builds everywhere: on localhost Workbox would pick its chatty debug builds.
workbox.setConfig({ modulePathPrefix: `${WORKBOX_DIR}/`, debug: false });

// The shell (styles, scripts, the home and offline pages), or every page and asset where the
// site gives a budget for that (rulesite/publish/offline.py, precache_manifest).
workbox.precaching.precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "index.html" });
workbox.precaching.cleanupOutdatedCaches();

// "Keep the whole reference offline" (keep.js) stores what it fetches in a cache of its own:
// its requests pass straight to the network, not kept a second time below.
workbox.routing.registerRoute(
  ({ request }) => request.headers.has("x-rules-keep"),
  new workbox.strategies.NetworkOnly(),
);

// Offline, what no route's cache holds may still be kept: by "Keep the whole reference
// offline" (any query string aside for a page), or in another cache. A page that is not gets
// the site's offline page, which says so and links what is kept (keep.js).
const keptOrOfflinePage = {
  handlerDidError: async ({ request }) => {
    const navigate = request.mode === "navigate";
    const kept = await caches.match(request, { ignoreSearch: navigate, ignoreVary: true });
    if (kept || !navigate) return kept;
    // What was asked for, in the fragment: the precached page answers whatever it holds.
    const page = new URL(OFFLINE_PAGE.replace(/index\.html$/, ""), self.registration.scope);
    page.hash = new URLSearchParams({ from: new URL(request.url).pathname }).toString();
    return Response.redirect(page.href, 302);
  },
};

// The Python runtime and the engine wheel, kept from the reader's last start: online the
// network (and the HTTP cache) answers, so a new release is seen; offline, the kept copy.
workbox.routing.registerRoute(
  ({ url }) => /\/assets\/(pyodide\/|walkthrough\/wheels\/)/.test(url.pathname),
  new workbox.strategies.NetworkFirst({ cacheName: "ti-runtime", plugins: [keptOrOfflinePage] }),
);

// What is not precached (pages and search files of a large site), kept once a reader opens
// it, so what was read stays readable offline; online the network answers first, so a
// rebuilt page is seen. Bounded, as a reader of a large site may open thousands.
workbox.routing.registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === "GET" &&
    // `mkdocs serve`'s reload requests wait for a change: nothing to keep.
    !url.pathname.startsWith("/livereload/"),
  new workbox.strategies.NetworkFirst({
    cacheName: "ti-pages",
    plugins: [
      new workbox.cacheableResponse.CacheableResponsePlugin({ statuses: [200] }),
      new workbox.expiration.ExpirationPlugin({ maxEntries: 400, purgeOnQuotaError: true }),
      keptOrOfflinePage,
    ],
  }),
);

self.skipWaiting();
workbox.core.clientsClaim();
