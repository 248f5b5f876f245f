// Writes SITE_DIR/sw.js with workbox-build: Workbox's libraries copied beside it, and
// every page and asset but the Python runtime listed for precaching. Started by
// rulesite/publish/offline.py when a build begins (SITE_DIR TEMPLATE NODE_MODULES
// OFFLINE_PAGE), it loads
// workbox-build meanwhile and runs it once on a scratch worker (its first run loads
// more of it: some 50 ms). Two lines come on its standard input: "copy" once the
// pages are written, when it copies Workbox's libraries while the build finishes the
// rest, then the precache list once the site is complete, when it writes sw.js and
// prints {count, workbox_dir} as JSON. The input's end before a line means the build
// stopped: there is no site to write into.
import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

// The project's node_modules by path: installed as a package, this script is not beside it.
const [siteDir, template, nodeModules, offlinePage] = process.argv.slice(2);
const workboxBuild = pathToFileURL(join(nodeModules, "workbox-build", "build", "index.js"));
const { copyWorkboxLibraries, injectManifest } = (await import(workboxBuild.href)).default;

// The sources injectManifest reads (the scratch run's, then the real one's), in one
// folder removed at the end whatever happens.
const scratch = await mkdtemp(join(tmpdir(), "sw-"));
let report;
try {
  report = await writeServiceWorker(scratch);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
if (report) console.log(JSON.stringify(report));

// {count, workbox_dir} once sw.js is written; null if the build stopped first.
async function writeServiceWorker(folder) {
  await writeFile(join(folder, "warm.js"), "self.__WB_MANIFEST;\n");
  await injectManifest({
    swSrc: join(folder, "warm.js"),
    swDest: join(folder, "warm-sw.js"),
    globDirectory: folder,
    globPatterns: [],
  });
  const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  const next = async () => {
    const { value, done } = await lines.next();
    return done ? null : value;
  };
  if ((await next()) !== "copy") return null;
  const workboxDir = await copyWorkboxLibraries(siteDir);
  // Only the production builds are loaded (debug: false in the template).
  for (const name of await readdir(join(siteDir, workboxDir))) {
    if (name.endsWith(".map") || name.includes(".dev.")) await rm(join(siteDir, workboxDir, name));
  }
  // The precache list, as one line of JSON: the build fingerprints each file as it
  // compresses it.
  const line = await next();
  if (line === null) return null;
  process.stdin.destroy();
  const source = join(folder, "sw.js");
  const text = await readFile(template, "utf-8");
  const constants = `const WORKBOX_DIR = ${JSON.stringify(workboxDir)};\nconst OFFLINE_PAGE = ${JSON.stringify(offlinePage)};\n`;
  await writeFile(source, `${constants}${text}`);
  const { count, warnings } = await injectManifest({
    swSrc: source,
    swDest: join(siteDir, "sw.js"),
    globDirectory: siteDir,
    // Listed by the build (rulesite/publish/offline.py, is_precached), not globbed and hashed again.
    globPatterns: [],
    additionalManifestEntries: JSON.parse(line),
  });
  for (const warning of warnings) console.error(warning);
  return { count, workbox_dir: workboxDir };
}
