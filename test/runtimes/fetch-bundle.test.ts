// dist/fetch.js loads on any fetch runtime: it imports none of Node's server and networking modules and no file
// system module, and carries every file it serves. Read from the build's own metafile (build.mjs writes it).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<
    string,
    { imports: { path: string; kind: string; external?: boolean }[]; inputs: Record<string, { bytesInOutput: number }> }
  >;
}

const meta: Metafile = JSON.parse(readFileSync("dist/fetch.meta.json", "utf8"));
const output = meta.outputs["dist/fetch.js"]!;
const imported = [...new Set(output.imports.map((i) => i.path))].sort();

test("dist/fetch.js imports none of node:http, node:http2, node:net, node:dns, node:child_process or a file system module", () => {
  const forbidden =
    /^(node:)?(http|https|http2|net|tls|dns|dns\/promises|child_process|fs|fs\/promises|module|worker_threads)$/;
  assert.deepEqual(
    imported.filter((path) => forbidden.test(path)),
    [],
  );
});

test("what dist/fetch.js imports is exactly the short list every fetch runtime with Node compatibility provides", () => {
  assert.deepEqual(imported, [
    "cloudflare:sockets", // only under workerd, when a database connection opens (pg-cloudflare)
    "node:async_hooks",
    "node:crypto",
    "node:events",
    "node:timers",
    "node:util",
    "node:util/types",
  ]);
  assert.deepEqual(
    output.imports.filter((i) => i.path === "cloudflare:sockets").map((i) => i.kind),
    ["dynamic-import"],
  );
});

test("dist/fetch.js carries its files: the embedded module is generated, and no Node-only HTTP stack is inside", () => {
  const inside = (fragment: string) =>
    Object.entries(output.inputs).some(([file, i]) => file.startsWith(fragment) && i.bytesInOutput > 0);
  assert.ok(inside("lib/embedded.ts"));
  const text = readFileSync("dist/fetch.js", "utf8");
  assert.ok(text.includes('"portal.html":'), "the UI's files are inside");
  assert.ok(text.includes('"swagger-ui-bundle.js":'), "the docs assets are inside");
  assert.ok(text.includes("00001_core_schema.sql"), "the migrations are inside");
  for (const pkg of [
    "node_modules/undici/",
    "node_modules/@grpc/",
    "node_modules/@whatwg-node/node-fetch/",
    "lib/http/h2c.ts",
    "jobs/",
  ])
    assert.ok(!inside(pkg), `${pkg} is not in the bundle`);
});
