// Writes SITE_DIR/sw.js with workbox-build: Workbox's libraries copied beside it, and
// every page and asset but the Python runtime listed for precaching. Started by
// rulesite/offline.py when a build begins (SITE_DIR TEMPLATE NODE_MODULES), it loads
// workbox-build meanwhile and starts writing on a line on its standard input, sent once
// the site is written; prints {count, size, workbox_dir} as JSON.
import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// The project's node_modules by path: installed as a package, this script is not beside it.
const [siteDir, template, nodeModules] = process.argv.slice(2);
const workboxBuild = pathToFileURL(join(nodeModules, "workbox-build", "build", "index.js"));
const { copyWorkboxLibraries, injectManifest } = (await import(workboxBuild.href)).default;
// The signal that the site is complete: a line on the input. Its end without one means
// the build stopped: there is no site to write into.
const complete = await new Promise((resolve) => {
  process.stdin.once("data", () => resolve(true)).once("end", () => resolve(false));
});
process.stdin.destroy();
if (!complete) process.exit(0);
const workboxDir = await copyWorkboxLibraries(siteDir);
// Only the production builds are loaded (debug: false in the template).
for (const name of await readdir(join(siteDir, workboxDir))) {
  if (name.endsWith(".map") || name.includes(".dev.")) await rm(join(siteDir, workboxDir, name));
}
const source = join(tmpdir(), `sw-src-${process.pid}.js`);
const text = await readFile(template, "utf-8");
await writeFile(source, `const WORKBOX_DIR = ${JSON.stringify(workboxDir)};\n${text}`);
const { count, size, warnings } = await injectManifest({
  swSrc: source,
  swDest: join(siteDir, "sw.js"),
  globDirectory: siteDir,
  globPatterns: ["**/*.{html,css,js,json,xml,svg,png,ico,woff,woff2}"],
  // The runtime (13 MB) waits for a reader to start a walkthrough; Workbox's own files
  // come with the worker; compressed siblings are the server's business.
  globIgnores: [
    "assets/pyodide/**",
    "assets/walkthrough/wheels/**",
    `${workboxDir}/**`,
    "sw.js",
    "**/*.br",
    "**/*.gz",
  ],
  // The search index of a large corpus is several MB.
  maximumFileSizeToCacheInBytes: 50 * 1024 * 1024,
});
for (const warning of warnings) console.error(warning);
console.log(JSON.stringify({ count, size, workbox_dir: workboxDir }));
