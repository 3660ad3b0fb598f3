// Dependencies point inward: lib/ never imports handlers/ or jobs/, and domain modules never import lib/http.
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";
import { test } from "node:test";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) =>
    statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : n.endsWith(".ts") ? [join(dir, n)] : [],
  );
}

/** Every relative import of a file, as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  return [...text.matchAll(/(?:from\s+|import\(\s*)["'](\.[^"']+)["']/g)].map((m) =>
    relative(".", resolve(dirname(file), m[1]!)),
  );
}

test("lib/ imports neither handlers/ nor the top-level jobs/", () => {
  const wrong = files("lib").flatMap((f) =>
    importsOf(f)
      .filter((i) => i.startsWith("handlers/") || i.startsWith("jobs/"))
      .map((i) => `${f} → ${i}`),
  );
  assert.deepEqual(wrong, []);
});

test("domain modules do not depend on the HTTP layer", () => {
  const outside = ["lib/http/", "lib/server/", "lib/system/", "lib/cli/", "lib/app/"];
  const wrong = files("lib")
    .filter((f) => !outside.some((o) => f.startsWith(o)))
    .flatMap((f) =>
      importsOf(f)
        .filter((i) => i.startsWith("lib/http/"))
        .map((i) => `${f} → ${i}`),
    );
  assert.deepEqual(wrong, []);
});
