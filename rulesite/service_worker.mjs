// Writes SITE_DIR/sw.js with workbox-build: Workbox's libraries copied beside it, and
// every page and asset but the Python runtime listed for precaching. Started by
// rulesite/offline.py when a build begins (SITE_DIR TEMPLATE NODE_MODULES), it loads
// workbox-build meanwhile and writes once the precache list comes on its standard
// input; prints {count, workbox_dir} as JSON.
import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// The project's node_modules by path: installed as a package, this script is not beside it.
const [siteDir, template, nodeModules] = process.argv.slice(2);
const workboxBuild = pathToFileURL(join(nodeModules, "workbox-build", "build", "index.js"));
const { copyWorkboxLibraries, injectManifest } = (await import(workboxBuild.href)).default;
// The precache list, as one line of JSON on the input once the site is complete: the
// build fingerprints each file as it compresses it. The input's end without one means
// the build stopped: there is no site to write into.
const manifest = await new Promise((resolve) => {
  let input = "";
  process.stdin.setEncoding("utf-8");
  process.stdin
    .on("data", (chunk) => {
      input += chunk;
      const end = input.indexOf("\n");
      if (end >= 0) resolve(JSON.parse(input.slice(0, end)));
    })
    .once("end", () => resolve(null));
});
process.stdin.destroy();
if (manifest === null) process.exit(0);
const workboxDir = await copyWorkboxLibraries(siteDir);
// Only the production builds are loaded (debug: false in the template).
for (const name of await readdir(join(siteDir, workboxDir))) {
  if (name.endsWith(".map") || name.includes(".dev.")) await rm(join(siteDir, workboxDir, name));
}
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
