// Builds the dashboard and the portal with the same esbuild (Svelte 5 through esbuild-svelte) into <out>:
// admin.html and portal.html (the app shells), _app/* (hashed, immutable assets) and favicon.png.
import { build } from "esbuild";
import sveltePlugin from "esbuild-svelte";
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";

const ENTRIES = { admin: "ui/admin/main.ts", portal: "ui/portal/main.ts" };
const TITLES = { admin: "svc", portal: "Webhooks" };

/** The shell: no inline script or data, so the CSP could drop 'unsafe-inline' without changing a page. */
function shell(title, script, styles) {
  const links = styles.map((href) => `<link rel="stylesheet" href="${href}">`).join("");
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="light dark">' +
    `<title>${title}</title><link rel="icon" type="image/png" href="/favicon.png">${links}` +
    `<script type="module" src="${script}"></script></head><body><div id="app"></div></body></html>\n`
  );
}

export async function buildUi(out) {
  await mkdir(`${out}/_app`, { recursive: true });
  const result = await build({
    entryPoints: ENTRIES,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: ["chrome110", "firefox115", "safari16"],
    // No publicPath: chunks import each other relatively (./chunk-….js), so the UI works under any path prefix.
    outdir: `${out}/_app`,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    assetNames: "[name]-[hash]",
    loader: { ".woff2": "file", ".woff": "file", ".svg": "file" },
    minify: true,
    sourcemap: false,
    legalComments: "none",
    metafile: true,
    conditions: ["svelte", "browser"],
    mainFields: ["svelte", "browser", "module", "main"],
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [sveltePlugin({ compilerOptions: { css: "external", dev: false } })],
    logLevel: "warning",
  });
  const outputs = result.metafile.outputs;
  /** Every script an entry loads up front (itself and its static chunk imports), for the size budget. */
  const scriptsOf = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const i of outputs[file].imports)
      if (i.kind === "import-statement" && i.path.endsWith(".js"))
        scriptsOf(join(`${out}/_app`, basename(i.path)), seen);
    return seen;
  };
  const manifest = {};
  for (const [name, entry] of Object.entries(ENTRIES)) {
    const [file, meta] = Object.entries(outputs).find(([, o]) => o.entryPoint === entry);
    const styles = meta.cssBundle ? [`/_app/${basename(meta.cssBundle)}`] : [];
    await writeFile(`${out}/${name}.html`, shell(TITLES[name], `/_app/${basename(file)}`, styles));
    manifest[name] = { scripts: [...scriptsOf(file)].map((f) => basename(f)), styles: styles.map((s) => basename(s)) };
  }
  await cp("ui/static/favicon.png", `${out}/favicon.png`);
  await writeFile(`${out}/manifest.json`, JSON.stringify(manifest, null, 2));
}

// `node ui/build-ui.mjs` rebuilds only the UI (quick iteration).
if (process.argv[1] && import.meta.url.endsWith(basename(process.argv[1]))) {
  await buildUi("dist/ui");
  console.log(JSON.parse(await readFile("dist/ui/manifest.json", "utf8")));
}
