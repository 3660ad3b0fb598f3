// Dependencies point inward: lib/ never imports handlers/ or jobs/, domain modules never import lib/http, and no
// module imports itself through others (no import circles).
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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

/** Strongly connected components of the import graph with more than one file (or a file importing itself). */
function importCircles(roots: string[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const f of roots.flatMap(files)) graph.set(f, importsOf(f));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  // Tarjan's algorithm; the graph has a few hundred files, so recursion depth is no concern.
  const visit = (f: string) => {
    index.set(f, next);
    low.set(f, next++);
    stack.push(f);
    onStack.add(f);
    for (const to of graph.get(f) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(f, Math.min(low.get(f)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(f, Math.min(low.get(f)!, index.get(to)!));
    }
    if (low.get(f) !== index.get(f)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== f);
    if (component.length > 1 || graph.get(f)!.includes(f)) circles.push(component.sort());
  };
  for (const f of graph.keys()) if (!index.has(f)) visit(f);
  return circles;
}

test("no import circles in lib/, handlers/ and jobs/ (type-only imports included)", () => {
  assert.deepEqual(importCircles(["lib", "handlers", "jobs"]), []);
});

test("the circle finder finds a circle, type-only imports included", () => {
  // A graph of its own, so the finder is checked even while the tree has no circle.
  const dir = mkdtempSync(join(tmpdir(), "svc-layering-"));
  try {
    writeFileSync(join(dir, "a.ts"), 'import type { B } from "./b.ts";\nexport type A = B;\n');
    writeFileSync(join(dir, "b.ts"), 'import { c } from "./c.ts";\nexport type B = string;\nexport const b = c;\n');
    writeFileSync(join(dir, "c.ts"), 'export { a } from "./d.ts";\nexport const c = 1;\n');
    writeFileSync(join(dir, "d.ts"), 'export const a = () => import("./a.ts");\n');
    writeFileSync(join(dir, "e.ts"), 'import { c } from "./c.ts";\nexport const e = c;\n');
    const rel = relative(".", dir);
    assert.deepEqual(importCircles([rel]), [["a.ts", "b.ts", "c.ts", "d.ts"].map((n) => join(rel, n))]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
