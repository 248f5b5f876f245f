// Writes SITE_DIR/sw.js with workbox-build: Workbox's libraries copied beside it, and
// every page and asset but the Python runtime listed for precaching. Started by
// rulesite/offline.py when a build begins (SITE_DIR TEMPLATE NODE_MODULES), it loads
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
const [siteDir, template, nodeModules] = process.argv.slice(2);
const workboxBuild = pathToFileURL(join(nodeModules, "workbox-build", "build", "index.js"));
const { copyWorkboxLibraries, injectManifest } = (await import(workboxBuild.href)).default;

const scratch = await mkdtemp(join(tmpdir(), "sw-warm-"));
try {
  await writeFile(join(scratch, "src.js"), "self.__WB_MANIFEST;\n");
  await injectManifest({
    swSrc: join(scratch, "src.js"),
    swDest: join(scratch, "sw.js"),
    globDirectory: scratch,
    globPatterns: [],
  });
} finally {
  await rm(scratch, { recursive: true, force: true });
}

const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const next = async () => {
  const { value, done } = await lines.next();
  return done ? null : value;
};
if ((await next()) !== "copy") process.exit(0);
const workboxDir = await copyWorkboxLibraries(siteDir);
// Only the production builds are loaded (debug: false in the template).
for (const name of await readdir(join(siteDir, workboxDir))) {
  if (name.endsWith(".map") || name.includes(".dev.")) await rm(join(siteDir, workboxDir, name));
}
// The precache list, as one line of JSON: the build fingerprints each file as it
// compresses it.
const line = await next();
if (line === null) process.exit(0);
const manifest = JSON.parse(line);
process.stdin.destroy();
const source = join(tmpdir(), `sw-src-${process.pid}.js`);
const text = await readFile(template, "utf-8");
await writeFile(source, `const WORKBOX_DIR = ${JSON.stringify(workboxDir)};\n${text}`);
let result;
try {
  result = await injectManifest({
    swSrc: source,
    swDest: join(siteDir, "sw.js"),
    globDirectory: siteDir,
    // Listed by the build (rulesite/offline.py, is_precached), not globbed and hashed again.
    globPatterns: [],
    additionalManifestEntries: manifest,
  });
} finally {
  await rm(source, { force: true });
}
const { count, warnings } = result;
for (const warning of warnings) console.error(warning);
console.log(JSON.stringify({ count, workbox_dir: workboxDir }));
