// The UI's typed client is generated from the served OpenAPI document; these fail when the two drift apart, or when
// a page switches the generated types off with a cast instead of typing what it sends.
import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { test } from "node:test";
import { API_TYPES_FILE, generateApiTypes } from "../../ui/tools/openapi-types/index.ts";
import { startTestService } from "../helpers/service.ts";

test("ui/lib/api-types.ts is what openapi-typescript makes of /openapi.json (run `npm run ui:types` after API changes)", async (t) => {
  const svc = await startTestService(t);
  const served = await (await fetch(`${svc.url}/openapi.json`)).json();
  const expected = await generateApiTypes(served);
  const committed = await readFile(API_TYPES_FILE, "utf8");
  assert.ok(committed === expected, `${API_TYPES_FILE} is stale: run \`npm run ui:types\` and commit the result`);
});

/** The UI's own sources: the apps and the kit (not the generated types, not the tools and their packages). */
function uiSources(dir = "ui"): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (path === "ui/tools" || name === "node_modules") return [];
    if (statSync(path).isDirectory()) return uiSources(path);
    return /\.(ts|svelte)$/.test(name) && path !== API_TYPES_FILE ? [path] : [];
  });
}

// `x as never` fits any parameter and `any` fits anything: both let a wrong query or body reach the server unchecked.
const TYPE_ESCAPES = /\bas\s+(never|any)\b|:\s*any\s*([;,)=\]>|&]|$)|<any>|\bany\[\]/;

test("no UI source switches the generated client's types off with `as never` or `any`", () => {
  const files = uiSources();
  assert.ok(files.length > 50, `found the UI's sources (${files.length})`);
  const found = files.flatMap((file) =>
    readFileSync(file, "utf8")
      .split("\n")
      .flatMap((line, i) => (TYPE_ESCAPES.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
  assert.deepEqual(found, [], "type what is sent (ui/lib/types.ts: Query, Body) instead of casting");
});
