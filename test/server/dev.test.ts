import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { chmod, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test } from "node:test";

const cli = resolve("dist/cli.js");

function startDev(cwd: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [cli, "dev"], {
    cwd,
    env: { PATH: process.env.PATH, PORT: "0", HOST: "127.0.0.1", ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const m = pattern.exec(out);
      if (m) return m;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${pattern}; output:\n${out}`);
  };
  return { child, exited, waitFor, output: () => out };
}

test("svc dev serves on embedded PostgreSQL, and recovers after being killed", async (t) => {
  const cwd = await mkdtemp(join(tmpdir(), "svc-dev-"));
  await chmod(cwd, 0o755);
  const first = startDev(cwd);
  t.after(async () => {
    first.child.kill("SIGKILL");
    spawnSync("pkill", ["-f", `${cwd}/.svc/postgres/data`]);
    await rm(cwd, { recursive: true, force: true });
  });
  const url = (await first.waitFor(/svc is running: (http:\/\/\S+)/))[1]!;
  for (const path of ["/health", "/ready", "/docs", "/openapi.json"])
    assert.equal((await fetch(url + path)).status, 200, path);
  const keyring = await stat(join(cwd, ".svc/dev-keyring"));
  assert.equal(keyring.mode & 0o777, 0o600);
  assert.ok((await stat(join(cwd, ".svc/postgres/data/PG_VERSION"))).isFile());

  // A SIGKILL leaves the detached PostgreSQL behind; the next start must notice and recover.
  first.child.kill("SIGKILL");
  await first.exited;
  const second = startDev(cwd);
  t.after(() => second.child.kill("SIGKILL"));
  await second.waitFor(/left running by an earlier run/);
  const url2 = (await second.waitFor(/svc is running: (http:\/\/\S+)/))[1]!;
  const health = await (await fetch(url2 + "/health")).json();
  assert.equal(health.checks.database, "ok");

  second.child.kill("SIGTERM");
  assert.equal(await second.exited, 0);
  const processes = spawnSync("ps", ["-eo", "args"], { encoding: "utf8" }).stdout.split("\n");
  assert.deepEqual(
    processes.filter((p) => p.includes("bin/postgres") && p.includes(`${cwd}/.svc/postgres/data`)),
    [],
    "PostgreSQL was stopped with the server",
  );
});

test("in the directory of a running svc dev, the operator commands work with no set-up", async (t) => {
  const cwd = await mkdtemp(join(tmpdir(), "svc-dev-"));
  await chmod(cwd, 0o755);
  const dev = startDev(cwd);
  t.after(async () => {
    dev.child.kill("SIGKILL");
    spawnSync("pkill", ["-f", `${cwd}/.svc/postgres/data`]);
    await rm(cwd, { recursive: true, force: true });
  });
  const url = (await dev.waitFor(/svc is running: (http:\/\/\S+)/))[1]!;
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [cli, ...args], {
      cwd,
      env: { PATH: process.env.PATH },
      encoding: "utf8",
      timeout: 30_000,
    });

  const created = run("tokens", "create", "--name", "laptop");
  assert.equal(created.status, 0, created.stderr);
  const secret = created.stdout.trim();
  assert.match(secret, /^svc_tk_/);
  const who = await fetch(`${url}/v1/whoami`, { headers: { authorization: `Bearer ${secret}` } });
  assert.equal(who.status, 200, "the token was minted in the running instance's database");
  assert.match(run("tokens", "list").stdout, /laptop/);
  assert.equal(run("invite", "alice").status, 0);
  assert.equal((await stat(join(cwd, ".svc/dev-instance"))).mode & 0o777, 0o600);

  // The developer commands find it too; elsewhere, the line it printed points them at it.
  await fetch(`${url}/v1/event-types`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "dev.here" }),
  });
  const pushed = run("push", "dev.here", "-d", '{"n":1}');
  assert.equal(pushed.status, 0, pushed.stderr);
  assert.match(pushed.stdout.trim(), /^[0-9a-f-]{36}$/);
  const line = (await dev.waitFor(/CLI elsewhere: +export (\S+)/))[1]!;
  assert.equal(line, `SVC_URL=${url}`);
  const elsewhere = spawnSync(process.execPath, [cli, "push", "dev.here", "-d", "{}"], {
    cwd: tmpdir(),
    env: { PATH: process.env.PATH, [line.split("=")[0]!]: line.slice(line.indexOf("=") + 1) },
    encoding: "utf8",
    timeout: 30_000,
  });
  assert.equal(elsewhere.status, 0, elsewhere.stderr);

  dev.child.kill("SIGTERM");
  assert.equal(await dev.exited, 0);
  await assert.rejects(stat(join(cwd, ".svc/dev-instance")), "the instance file goes with the instance");
});

test("an unknown command, option or missing argument is a usage error: exit 2", () => {
  for (const args of [["frobnicate"], ["tokens", "list", "--bogus"], ["invite"]]) {
    const r = spawnSync(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH }, encoding: "utf8" });
    assert.equal(r.status, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.match(r.stderr, /ERROR|unknown option/);
  }
});

test("svc dev refuses to run with ENVIRONMENT=production", async () => {
  const result = spawnSync(process.execPath, [cli, "dev"], {
    env: { PATH: process.env.PATH, ENVIRONMENT: "production" },
    encoding: "utf8",
    cwd: tmpdir(),
  });
  assert.equal(result.status, 78);
  assert.match(result.stderr, /refuses to run with ENVIRONMENT=production/);
});
