// The portal's download budget (bench/ui/size.ts prints the figures): every script it can load, gzipped, ≤ 120 KB.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PORTAL_JS_CEILING_BYTES, portalBundleSize } from "../../bench/ui/size.ts";

test("the portal's scripts, the lazily loaded verifier included, stay within 120 KB gzipped", async () => {
  const size = await portalBundleSize("dist/ui");
  assert.ok(size.files.length >= 2, "the entry and its chunks were followed");
  assert.ok(size.jsGzipBytes <= PORTAL_JS_CEILING_BYTES, `portal JS is ${size.jsGzipBytes} bytes gzipped (ceiling ${PORTAL_JS_CEILING_BYTES})`);
});
