// The UI's download budgets (issues: admin JS ≤ 200 KB gzipped, portal JS ≤ 120 KB), lazily loaded chunks included;
// bench/ui/size.ts prints the figures.
import assert from "node:assert/strict";
import { test } from "node:test";
import { bundleSizes, JS_BUDGET_BYTES } from "../../bench/ui/size.ts";

test("the dashboard's and the portal's scripts, lazily loaded chunks included, stay within their gzipped budgets", async () => {
  const sizes = await bundleSizes("dist/ui");
  assert.deepEqual(sizes.map((s) => s.entry).sort(), ["admin", "portal"]);
  for (const size of sizes) {
    assert.ok(size.files.length >= 2, `${size.entry}: the entry and its shared chunk were followed`);
    assert.ok(
      size.jsGzipBytes <= JS_BUDGET_BYTES[size.entry]!,
      `${size.entry} JS is ${size.jsGzipBytes} bytes gzipped`,
    );
  }
  const portal = sizes.find((s) => s.entry === "portal")!;
  assert.ok(portal.files.length >= 3, "the portal's lazily loaded verifier chunk is counted too");
});
