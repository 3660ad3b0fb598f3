// UI bundle sizes against their budgets (issue: admin JS ≤ 200 KB gzipped, portal JS ≤ 120 KB gzipped).
// Run after `npm run build`: node bench/ui/size.mjs
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const BUDGET_KB = { admin: 200, portal: 120 };
const manifest = JSON.parse(readFileSync("dist/ui/manifest.json", "utf8"));
const gz = (file) => gzipSync(readFileSync(`dist/ui/_app/${file}`), { level: 9 }).length;
let over = false;
for (const [name, { scripts, styles }] of Object.entries(manifest)) {
  const js = scripts.reduce((n, f) => n + gz(f), 0);
  const css = styles.reduce((n, f) => n + gz(f), 0);
  const ok = js <= BUDGET_KB[name] * 1024;
  over ||= !ok;
  console.log(`${name.padEnd(7)} JS ${(js / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_KB[name]} KB, ${ok ? "within" : "OVER"}), CSS ${(css / 1024).toFixed(1)} KB gzipped — ${scripts.length} script(s)`);
}
process.exitCode = over ? 1 : 0;
