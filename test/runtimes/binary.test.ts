// dist/svc, the single executable: built once for this file, copied alone into an empty directory and run with
// `env -i` plus the database and keyring variables. It must migrate, serve (API, dashboard, docs) and deliver, from
// memory: nothing written beside it or into a temporary directory, no file mapped or held open but itself and the
// system's libraries.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile, readlink, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import * as ed from "@noble/ed25519";
import { Webhook } from "standardwebhooks";
import { buildBinary } from "../../build/binary.mjs";
import { createEmptyDatabase } from "../helpers/cluster.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { freePort } from "../helpers/runtimes.ts";
import { TEST_API_KEY, TEST_KEYS } from "../helpers/service.ts";

const MAX_BYTES = 130 * 1024 * 1024;

let home: string; // the empty directory the binary runs from, alone
let scratch: string; // TMPDIR for the binary: must stay empty
let binary: string;
before(async () => {
  home = await mkdtemp(join(tmpdir(), "svc-binary-"));
  scratch = await mkdtemp(join(tmpdir(), "svc-binary-tmp-"));
  const work = await mkdtemp(join(tmpdir(), "svc-binary-build-"));
  binary = join(home, "svc");
  const started = Date.now();
  await buildBinary({ out: binary, work });
  console.log(`built the binary in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
after(async () => {
  for (const dir of [home, scratch]) await rm(dir, { recursive: true, force: true });
});

/** `env -i`: only what is given here reaches the binary. */
const isolated = (vars: Record<string, string>) =>
  ["env", ["-i", ...Object.entries(vars).map(([k, v]) => `${k}=${v}`), binary]] as const;

function run(vars: Record<string, string>, args: string[]) {
  const [cmd, prefix] = isolated(vars);
  return spawnSync(cmd, [...prefix, ...args], { cwd: home, encoding: "utf8", timeout: 120_000 });
}

const keyring = { SVC_ENCRYPTION_KEYS: TEST_KEYS, SVC_ENCRYPTION_PRIMARY_KEY_ID: "k1" };

test("the binary is one file of at most 130 MB", async () => {
  const { size } = await stat(binary);
  console.log(`dist/svc: ${(size / 1e6).toFixed(1)} MB`);
  assert.ok(size <= MAX_BYTES, `${size} bytes`);
  assert.deepEqual(await readdir(home), ["svc"]);
});

test("alone in an empty directory it prints its version, migrates, serves, delivers, and writes nothing", async (t) => {
  const pkg = JSON.parse(await readFile("package.json", "utf8"));
  const vars = { ...keyring, TMPDIR: scratch, DATABASE_URL: await createEmptyDatabase(t) };

  const version = run(vars, ["--version"]);
  assert.equal(version.status, 0, version.stderr);
  assert.match(version.stdout, new RegExp(`\\b${pkg.version.replace(/\./g, "\\.")}\\b`));

  const migrated = run(vars, ["migrate"]);
  assert.equal(migrated.status, 0, migrated.stderr);
  assert.match(migrated.stdout, /applying 00001_core_schema\.sql \(1 of \d+\)/);
  assert.match(migrated.stdout, /applied \d+ migration\(s\)/);
  assert.equal(run(vars, ["migrate"]).stdout.trim(), "database is up to date");

  const receiver = await startReceiver(t);
  const hook = receiver.path("/binary");
  const port = await freePort();
  const [cmd, prefix] = isolated({
    ...vars,
    PORT: String(port),
    HOST: "127.0.0.1",
    SVC_API_KEY: TEST_API_KEY,
    SVC_SERVE_UI: "true",
    SVC_ALLOWED_NETWORKS: "127.0.0.1/32",
    SVC_LOG_LEVEL: "warn",
  });
  const started = Date.now();
  const child = spawn(cmd, [...prefix, "serve"], { cwd: home, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  t.after(() => child.exitCode === null && child.kill("SIGKILL"));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const ready = await fetch(`${url}/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    assert.equal(child.exitCode, null, `the binary exited: ${output}`);
    assert.ok(Date.now() - started < 60_000, `not ready within 60 s: ${output}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  console.log(`/ready answered 200 ${Date.now() - started} ms after start (a migrated database)`);

  const call = async (path: string, json?: unknown) => {
    const res = await fetch(url + path, {
      method: json === undefined ? "GET" : "POST",
      headers: { "x-api-key": TEST_API_KEY, "content-type": "application/json" },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  assert.equal((await call("/v1/event-types", { name: "binary.ping" })).status, 201);
  const created = await call("/v1/consumers/default/webhooks", { url: hook.url, events: ["binary.ping"] });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const pushed = await call("/v1/consumers/default/events?event=binary.ping", { payload: { from: "binary" } });
  assert.equal(pushed.status, 202);
  const [delivery] = await hook.waitForRequests(1, 30_000);
  const body = delivery!.body;
  assert.equal(JSON.parse(body).payload.from, "binary");
  const headers = delivery!.headers as Record<string, string>;
  new Webhook(created.body.http_config.webhook_secret).verify(body, headers);
  // Ed25519 inside the binary is node:crypto's (no native addon loads from memory): the stock math agrees.
  const v1a = headers["webhook-signature"]!.split(" ").find((s) => s.startsWith("v1a,"))!;
  const signed = Buffer.from(`${headers["webhook-id"]}.${headers["webhook-timestamp"]}.${body}`);
  const publicKey = Buffer.from(created.body.signing_public_key, "base64");
  assert.ok(await ed.verifyAsync(Buffer.from(v1a.slice(4), "base64"), signed, publicKey));

  const shell = await fetch(`${url}/`);
  const html = await shell.text();
  assert.equal(shell.status, 200);
  assert.match(html, /<div id="app">/);
  const script = /src="(\/_app\/[^"]+\.js)"/.exec(html)![1]!;
  const asset = await fetch(url + script);
  assert.equal(asset.status, 200);
  assert.ok((await asset.arrayBuffer()).byteLength > 1000);
  const docs = await fetch(`${url}/docs/assets/swagger-ui-bundle.js`);
  assert.equal(docs.status, 200);
  assert.ok((await docs.arrayBuffer()).byteLength > 100_000);

  // While serving: the only files mapped are the binary and the system's shared libraries; no descriptor is a file.
  // `env` execs the binary, so the child is svc itself.
  const svcPid = child.pid!;
  assert.equal(await readlink(`/proc/${svcPid}/exe`), binary);
  const mapped = new Set(
    (await readFile(`/proc/${svcPid}/maps`, "utf8"))
      .split("\n")
      .map((line) => line.split(/\s+/).slice(5).join(" "))
      .filter((path) => path.startsWith("/")),
  );
  const libraries = [...mapped].filter((p) => p !== binary);
  assert.ok(mapped.has(binary));
  for (const path of libraries) assert.match(path, /^\/(usr\/)?lib(64|32)?\/.+\.so(\.[\d.]+)?$/, path);
  const fds = await readdir(`/proc/${svcPid}/fd`);
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/${svcPid}/fd/${fd}`).catch(() => "gone")));
  const files = targets.filter((target) => target.startsWith("/") && target !== "/dev/null");
  assert.deepEqual(files, [], `open files: ${targets.join(", ")}`);

  child.kill("SIGTERM");
  assert.equal(await exited, 0, output);
  assert.deepEqual(await readdir(home), ["svc"], "nothing written beside the binary");
  assert.deepEqual(await readdir(scratch), [], "nothing unpacked into TMPDIR");
});
