// The site's service worker, before workbox-build's injectManifest fills in the list of
// files to precache (where the manifest placeholder is). WORKBOX_DIR is the folder
// copyWorkboxLibraries wrote next to it.
/* global workbox, WORKBOX_DIR */
importScripts(`${WORKBOX_DIR}/workbox-sw.js`);
// Production builds everywhere: on localhost Workbox would pick its chatty debug builds.
workbox.setConfig({ modulePathPrefix: `${WORKBOX_DIR}/`, debug: false });

// Every page and asset, so the site, its search and its walkthrough widgets work offline.
workbox.precaching.precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: "index.html" });
workbox.precaching.cleanupOutdatedCaches();

// The Python runtime and the engine wheel, kept from the reader's last start: online the
// network (and the HTTP cache) answers, so a new release is seen; offline, the kept copy.
workbox.routing.registerRoute(
  ({ url }) => /\/assets\/(pyodide\/|walkthrough\/wheels\/)/.test(url.pathname),
  new workbox.strategies.NetworkFirst({ cacheName: "ti-runtime" }),
);

self.skipWaiting();
workbox.core.clientsClaim();
