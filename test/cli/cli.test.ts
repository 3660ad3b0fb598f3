// The built `svc` program against a real database.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { createTestDatabase } from "../helpers/cluster.ts";
import { startTestService, testEnv } from "../helpers/service.ts";

function svc(env: Record<string, string | undefined>, ...args: string[]) {
  const r = spawnSync(process.execPath, ["dist/cli.js", ...args], {
    env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test("svc tokens create prints the secret once and the token works against the server", async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const env = testEnv(databaseUrl);
  const created = svc(env, "tokens", "create", "--name", "ops bot", "--ttl", "12h");
  assert.equal(created.code, 0, created.stderr);
  const secret = created.stdout.trim();
  assert.match(secret, /^svc_tk_[A-Za-z0-9_-]{43}$/);
  assert.match(created.stderr, /shown once/);
  const server = await startTestService(t, { databaseUrl });
  const who = await server.request("/v1/whoami", { headers: { authorization: `Bearer ${secret}` }, apiKey: null });
  assert.deepEqual([who.status, who.body.name], [200, "ops bot"]);
});

test("svc tokens list shows a readable table and JSON; revoke ends a token", async (t) => {
  const env = testEnv(await createTestDatabase(t));
  const json = JSON.parse(
    svc(env, "tokens", "create", "--name", "portal user", "--consumer", "shop-7", "--json").stdout,
  );
  assert.equal(json.consumer, "shop-7");
  assert.match(json.portal_path, /^\/portal#token=svc_tk_/);
  svc(env, "tokens", "create", "--name", "forever", "--ttl", "never");
  const table = svc(env, "tokens", "list");
  assert.equal(table.code, 0);
  const lines = table.stdout.trim().split("\n");
  assert.match(lines[0]!, /^ID\s+NAME\s+CONSUMER\s+STATUS\s+EXPIRES\s+LAST USED$/);
  assert.ok(lines.some((l) => l.includes("portal user") && l.includes("shop-7") && l.includes("active")));
  assert.ok(lines.some((l) => l.includes("forever") && l.includes("never")));
  const list = JSON.parse(svc(env, "tokens", "list", "--json").stdout);
  assert.equal(list.length, 2);
  const revoked = svc(env, "tokens", "revoke", json.id);
  assert.equal(revoked.code, 0);
  assert.equal(JSON.parse(svc(env, "tokens", "list", "--json").stdout).length, 1);
  assert.equal(
    JSON.parse(svc(env, "tokens", "list", "--json", "--all").stdout).find((x: any) => x.id === json.id).status,
    "revoked",
  );
  // A consumer's list never shows tenant-wide tokens, whatever the order of the flags.
  for (const args of [
    ["--all", "--consumer", "shop-7"],
    ["--consumer", "shop-7", "--all"],
    ["--consumer=shop-7", "--all"],
  ]) {
    const only = JSON.parse(svc(env, "tokens", "list", "--json", ...args).stdout);
    assert.deepEqual(
      only.map((x: any) => x.consumer),
      ["shop-7"],
      args.join(" "),
    );
  }
});

test("svc invite prints the full link, which redeems once", async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const env = testEnv(databaseUrl);
  const full = svc(env, "invite", "alice", "--ui-url", "https://svc.example.com/");
  assert.equal(full.code, 0, full.stderr);
  assert.match(full.stdout.trim(), /^https:\/\/svc\.example\.com\/#invite=svc_inv_[A-Za-z0-9_-]+$/);
  const portal = svc(
    env,
    "invite",
    "bob",
    "--consumer",
    "shop-1",
    "--ttl",
    "2h",
    "--ui-url",
    "https://svc.example.com",
  );
  assert.match(portal.stdout.trim(), /^https:\/\/svc\.example\.com\/portal#invite=svc_inv_/);
  const server = await startTestService(t, { databaseUrl });
  const secret = full.stdout.trim().split("#invite=")[1];
  const redeemed = await server.request("/invite/redeem", { method: "POST", json: { invite: secret }, apiKey: null });
  assert.deepEqual([redeemed.status, redeemed.body.name], [200, "alice"]);
});

test("exit codes: 2 for bad usage, 3 for an unknown id, 78 for configuration, 0 for --help", async (t) => {
  const env = testEnv(await createTestDatabase(t));
  assert.equal(svc(env, "tokens", "create").code, 2, "--name missing");
  assert.equal(svc(env, "tokens", "create", "--name", "x", "--ttl", "soon").code, 2);
  assert.equal(
    svc(env, "tokens", "create", "--name", "x", "--consumer", "c", "--ttl", "never").code,
    2,
    "consumer tokens always expire",
  );
  assert.equal(svc(env, "invite", "x", "--ttl", "8d").code, 2);
  assert.equal(svc(env, "tokens", "revoke", "not-an-id").code, 2);
  assert.equal(svc(env, "tokens", "revoke", crypto.randomUUID()).code, 3);
  assert.equal(svc({ PATH: process.env.PATH }, "tokens", "list").code, 78);
  const help = svc(env, "tokens", "create", "--help");
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--consumer/);
  assert.equal(svc(env, "--help").code, 0);
  assert.equal(svc(env, "migrate").code, 0);
});
