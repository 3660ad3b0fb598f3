// What the dashboard and the portal weigh as a browser downloads them: for each entry of dist/ui/manifest.json,
// every script it can load (its own, the shared chunk, and lazily imported chunks such as the portal's signature
// verifier, followed through their `./…js` imports), gzipped at level 9, against the issues' budgets; CSS beside it.
// Run after `npm run build`: node --import tsx bench/ui/size.ts [dist/ui]   (exits 1 over a budget)
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const JS_BUDGET_BYTES: Record<string, number> = { admin: 200 * 1024, portal: 120 * 1024 };

export interface BundleSize {
  entry: string;
  files: { name: string; bytes: number; gzipBytes: number }[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

type Manifest = Record<string, { scripts: string[]; styles: string[] }>;

/** Sizes of every entry's scripts and styles in a built dist/ui. */
export async function bundleSizes(uiDir = "dist/ui"): Promise<BundleSize[]> {
  const manifest = JSON.parse(await readFile(join(uiDir, "manifest.json"), "utf8")) as Manifest;
  const gz = async (name: string) => {
    const bytes = await readFile(join(uiDir, "_app", name));
    return { bytes, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  };
  const out: BundleSize[] = [];
  for (const [entry, { scripts, styles }] of Object.entries(manifest)) {
    const seen = new Set<string>();
    const queue = [...scripts];
    const files: BundleSize["files"] = [];
    while (queue.length) {
      const name = queue.shift()!;
      if (seen.has(name)) continue;
      seen.add(name);
      const { bytes, gzipBytes } = await gz(name);
      files.push({ name, bytes: bytes.length, gzipBytes });
      for (const m of bytes.toString("utf8").matchAll(/["(](?:\/_app\/|\.\/)([\w-]+\.js)"/g)) queue.push(m[1]!);
    }
    let cssGzipBytes = 0;
    for (const name of styles) cssGzipBytes += (await gz(name)).gzipBytes;
    out.push({ entry, files, jsGzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), cssGzipBytes });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  for (const size of await bundleSizes(process.argv[2])) {
    const budget = JS_BUDGET_BYTES[size.entry];
    console.log(
      `${size.entry}: JS ${kb(size.jsGzipBytes)} gzipped` +
        `${budget ? ` of ${kb(budget)} (${((size.jsGzipBytes / budget) * 100).toFixed(0)}%)` : ""}` +
        `, CSS ${kb(size.cssGzipBytes)}`,
    );
    for (const f of size.files)
      console.log(`  ${f.name.padEnd(28)} ${kb(f.bytes).padStart(9)}  gzip ${kb(f.gzipBytes).padStart(8)}`);
    if (budget && size.jsGzipBytes > budget) process.exitCode = 1;
  }
}
