// The portal's weight as a browser downloads it: every script reachable from the portal entry (static imports and
// the lazily loaded verifier chunk), gzipped, against the 120 KB ceiling; CSS and fonts are reported beside it.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const PORTAL_JS_CEILING_BYTES = 120 * 1024;

export interface BundleSize {
  files: { name: string; bytes: number; gzipBytes: number }[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

/** Sizes of the portal's scripts and styles in a built dist/ui, following its imports from the entry. */
export async function portalBundleSize(uiDir = "dist/ui"): Promise<BundleSize> {
  const manifest = JSON.parse(await readFile(join(uiDir, "manifest.json"), "utf8")) as Record<string, string>;
  const html = await readFile(join(uiDir, "portal.html"), "utf8");
  const seen = new Set<string>();
  const queue = [manifest.portal!.split("/").at(-1)!];
  const files: BundleSize["files"] = [];
  while (queue.length) {
    const name = queue.shift()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const text = await readFile(join(uiDir, "_app", name));
    files.push({ name, bytes: text.length, gzipBytes: gzipSync(text, { level: 9 }).length });
    for (const m of text.toString("utf8").matchAll(/\/_app\/([\w-]+\.js)/g)) queue.push(m[1]!);
  }
  let cssGzipBytes = 0;
  for (const m of html.matchAll(/href="\/_app\/([\w-]+\.css)"/g)) cssGzipBytes += gzipSync(await readFile(join(uiDir, "_app", m[1]!)), { level: 9 }).length;
  return { files, jsGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), cssGzipBytes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const size = await portalBundleSize(process.argv[2]);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const f of size.files) console.log(`  ${f.name.padEnd(28)} ${kb(f.bytes).padStart(9)}  gzip ${kb(f.gzipBytes).padStart(8)}`);
  console.log(`portal JS (gzip): ${kb(size.jsGzipBytes)}  ceiling ${kb(PORTAL_JS_CEILING_BYTES)}  (${((size.jsGzipBytes / PORTAL_JS_CEILING_BYTES) * 100).toFixed(0)}%)`);
  console.log(`portal CSS (gzip): ${kb(size.cssGzipBytes)}`);
  if (size.jsGzipBytes > PORTAL_JS_CEILING_BYTES) process.exitCode = 1;
}
