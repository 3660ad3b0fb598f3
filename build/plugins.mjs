// esbuild plugins for svc's builds: the files every build carries (lib/embedded.ts), the build without native addons,
// and the module substitutions that let dist/fetch.js load on any fetch runtime.
import { readdir, readFile } from "node:fs/promises";
import { builtinModules, createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";

const require = createRequire(import.meta.url);
const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const DOCS_FILES = ["swagger-ui.css", "swagger-ui-bundle.js", "favicon-32x32.png"];

async function filesUnder(dir) {
  const out = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(path)));
    else out.push(path);
  }
  return out;
}

/**
 * What lib/embedded.ts holds in a build: the built UI (from `uiDir`, without its size manifest), Swagger UI's
 * assets and the migrations, each with the path it was read from (the binary's assets are added from there).
 */
export async function collectEmbedded(uiDir) {
  const ui = (await filesUnder(uiDir))
    .map((path) => ({ name: relative(uiDir, path).split(sep).join("/"), path }))
    .filter(({ name }) => name !== "manifest.json");
  const swagger = dirname(require.resolve("swagger-ui-dist/package.json"));
  const docs = DOCS_FILES.map((name) => ({ name, path: join(swagger, name) }));
  const migrationsDir = join(root, "migrations");
  const migrations = (await readdir(migrationsDir))
    .filter((file) => /^\d{5}_.*\.sql$/.test(file))
    .sort()
    .map((file) => ({ file, path: join(migrationsDir, file) }));
  for (const group of [ui, docs, migrations]) for (const f of group) f.bytes = await readFile(f.path);
  return { ui, docs, migrations };
}

/** The module replacing lib/embedded.ts when the files are inside the bundle (base64, decoded on first use). */
function inlineModule({ ui, docs, migrations }) {
  const table = (files) => JSON.stringify(Object.fromEntries(files.map((f) => [f.name, f.bytes.toString("base64")])));
  const sql = JSON.stringify(migrations.map((m) => ({ file: m.file, sql: m.bytes.toString("utf8") })));
  return `const files = { ui: ${table(ui)}, docs: ${table(docs)} };
const decoded = new Map();
export function embeddedFile(group, name) {
  const key = group + "/" + name;
  let bytes = decoded.get(key);
  if (bytes === undefined) {
    if (!Object.hasOwn(files[group], name)) return undefined;
    bytes = new Uint8Array(Buffer.from(files[group][name], "base64"));
    decoded.set(key, bytes);
  }
  return bytes;
}
const migrations = ${sql};
export function embeddedMigrations() {
  return migrations.map((m) => ({ ...m }));
}
`;
}

/** The module replacing lib/embedded.ts in the binary: the files are the executable's own assets (node:sea). */
function seaModule({ ui, docs, migrations }) {
  const names = (files) => JSON.stringify(files.map((f) => f.name));
  return `import { getAsset } from "node:sea";
const names = { ui: new Set(${names(ui)}), docs: new Set(${names(docs)}) };
const loaded = new Map();
export function embeddedFile(group, name) {
  if (!names[group].has(name)) return undefined;
  const key = group + "/" + name;
  let bytes = loaded.get(key);
  if (bytes === undefined) loaded.set(key, (bytes = new Uint8Array(getAsset(key))));
  return bytes;
}
const migrations = ${JSON.stringify(migrations.map((m) => m.file))};
export function embeddedMigrations() {
  return migrations.map((file) => ({ file, sql: getAsset("migrations/" + file, "utf8") }));
}
`;
}

/** The binary's asset table (sea-config.json `assets`): key → file. */
export function seaAssets({ ui, docs, migrations }) {
  return Object.fromEntries([
    ...ui.map((f) => [`ui/${f.name}`, f.path]),
    ...docs.map((f) => [`docs/${f.name}`, f.path]),
    ...migrations.map((f) => [`migrations/${f.file}`, f.path]),
  ]);
}

/** Replaces whole source files of svc by generated contents: { "lib/x.ts": "export …" }. */
export function replaceFiles(name, replacements) {
  const byPath = new Map(Object.entries(replacements).map(([file, contents]) => [join(root, file), contents]));
  return {
    name,
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, (args) =>
        byPath.has(args.path) ? { contents: byPath.get(args.path), loader: "js", resolveDir: root } : undefined,
      );
    },
  };
}

/** lib/embedded.ts with the files inside: in the JavaScript (`inline`) or as the binary's assets (`sea`). */
export const embedFiles = (files, mode) =>
  replaceFiles("embed-files", { "lib/embedded.ts": mode === "sea" ? seaModule(files) : inlineModule(files) });

/** No native addon: libsodium is not loaded (node:crypto signs, byte-identical). */
export const noNativeAddons = replaceFiles("no-native-addons", {
  "lib/crypto/sodium.ts": "export function loadSodium() { return null; }",
});

const NO_FILES = `const refuse = (name) => () => { throw new Error("svc reads no files on this runtime (" + name + ")"); };
export const readFileSync = refuse("readFileSync");
export const readFile = refuse("readFile");
export const existsSync = () => false;
export const statSync = refuse("statSync");
export const stat = refuse("stat");
export default { readFileSync, readFile, existsSync, statSync, stat };
`;

/**
 * dist/fetch.js imports no networking module and reads no files, so that it loads on any fetch runtime:
 * - node:net → lib/runtime/net.ts (address helpers in plain code); node:dns → lib/runtime/dns.ts (the runtime's
 *   resolver); node-postgres's socket module → lib/runtime/pg-stream.ts (workerd's sockets, or the runtime's);
 * - the Prometheus exporter (whose module requires node:http for a server svc never starts) → its reader and
 *   serializer alone (lib/runtime/prometheus.ts);
 * - node:fs (node-postgres reads certificate files named in the URL) and pgpass (~/.pgpass) → refusals;
 * - the Node built-ins CommonJS packages require (events, util, crypto …) → ES imports of `node:<name>`, which every
 *   such runtime provides (workerd with nodejs_compat): an ES module cannot call require().
 */
export function fetchRuntime() {
  const lib = (file) => join(root, "lib", "runtime", file);
  const swaps = new Map([
    ["net", lib("net.ts")],
    ["dns", lib("dns.ts")],
    ["dns/promises", lib("dns.ts")],
  ]);
  const builtins = new Set(builtinModules);
  return {
    name: "fetch-runtime",
    setup(b) {
      b.onResolve({ filter: /^(node:)?[a-z0-9_/]+$/ }, (args) => {
        const name = args.path.replace(/^node:/, "");
        if (swaps.has(name)) return { path: swaps.get(name) };
        if (name === "fs" || name === "fs/promises") return { path: name, namespace: "no-files" };
        if (!builtins.has(name)) return undefined;
        if (args.kind === "require-call") return { path: name, namespace: "builtin-as-import" };
        return { path: `node:${name}`, external: true };
      });
      b.onResolve({ filter: /^\.\/stream$/ }, (args) =>
        args.importer.endsWith(join("pg", "lib", "connection.js")) ? { path: lib("pg-stream.ts") } : undefined,
      );
      b.onResolve({ filter: /^@opentelemetry\/exporter-prometheus$/ }, () => ({ path: lib("prometheus.ts") }));
      b.onResolve({ filter: /^(pgpass|pg-native)$/ }, (args) => ({ path: args.path, namespace: "unavailable" }));
      b.onLoad({ filter: /.*/, namespace: "builtin-as-import" }, (args) => ({
        contents: `export * from "node:${args.path}"; export { default } from "node:${args.path}";`,
        loader: "js",
      }));
      b.onLoad({ filter: /.*/, namespace: "no-files" }, () => ({ contents: NO_FILES, loader: "js" }));
      b.onLoad({ filter: /^pgpass$/, namespace: "unavailable" }, () => ({
        // node-postgres asks it for a password the URL lacks; there is no ~/.pgpass to read here.
        contents: "module.exports = function pgpass(_connection, callback) { callback(undefined); };",
        loader: "js",
      }));
      b.onLoad({ filter: /^pg-native$/, namespace: "unavailable" }, () => ({
        contents: 'throw new Error("pg-native is not available in dist/fetch.js");',
        loader: "js",
      }));
    },
  };
}
