// The UI's size budgets (issue: admin JS ≤ 200 KB gzipped, portal JS ≤ 120 KB): what the build produced.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { gzipSync } from "node:zlib";

test("the dashboard's and the portal's scripts stay within their gzipped budgets", () => {
  const manifest = JSON.parse(readFileSync("dist/ui/manifest.json", "utf8")) as Record<string, { scripts: string[] }>;
  const gz = (files: string[]) => files.reduce((n, f) => n + gzipSync(readFileSync(`dist/ui/_app/${f}`), { level: 9 }).length, 0);
  assert.ok(manifest.admin!.scripts.length >= 1 && manifest.portal!.scripts.length >= 1);
  const admin = gz(manifest.admin!.scripts);
  const portal = gz(manifest.portal!.scripts);
  assert.ok(admin <= 200 * 1024, `admin JS is ${(admin / 1024).toFixed(1)} KB gzipped`);
  assert.ok(portal <= 120 * 1024, `portal JS is ${(portal / 1024).toFixed(1)} KB gzipped`);
});
