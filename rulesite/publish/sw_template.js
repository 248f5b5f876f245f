// The site's service worker, before workbox-build's injectManifest fills in the list of
// files to precache (where the manifest placeholder is). WORKBOX_DIR is the folder
// copyWorkboxLibraries wrote next to it.
/* global workbox, WORKBOX_DIR */
importScripts(`${WORKBOX_DIR}/workbox-sw.js`);
// Production builds everywhere: on localhost Workbox would pick its chatty debug builds.
workbox.setConfig({ modulePathPrefix: `${WORKBOX_DIR}/`, debug: false });

// The shell (styles, scripts, the home page), or every page and asset where the site gives
// a budget for that (rulesite/publish/offline.py, precache_manifest).
workbox.precaching.precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "index.html" });
workbox.precaching.cleanupOutdatedCaches();

// The Python runtime and the engine wheel, kept from the reader's last start: online the
// network (and the HTTP cache) answers, so a new release is seen; offline, the kept copy.
workbox.routing.registerRoute(
  ({ url }) => /\/assets\/(pyodide\/|walkthrough\/wheels\/)/.test(url.pathname),
  new workbox.strategies.NetworkFirst({ cacheName: "ti-runtime" }),
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
      // Offline, what "Keep the whole reference offline" fetched (rules.js) answers too.
      { handlerDidError: async ({ request }) => caches.match(request, { cacheName: "ti-offline" }) },
    ],
  }),
);

self.skipWaiting();
workbox.core.clientsClaim();
