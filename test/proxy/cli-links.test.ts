// The CLI's printed links start with SVC_PUBLIC_URL, unless --ui-url says otherwise.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { createTestDatabase } from "../helpers/cluster.ts";
import { testEnv } from "../helpers/service.ts";

function svc(env: Record<string, string | undefined>, ...args: string[]) {
  const r = spawnSync(process.execPath, ["dist/cli.js", ...args], {
    env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

test("svc invite and svc tokens create --consumer print links under SVC_PUBLIC_URL; --ui-url wins", async (t) => {
  const env = testEnv(await createTestDatabase(t), { SVC_PUBLIC_URL: "https://example.com/svc/" });
  const invite = svc(env, "invite", "alice");
  assert.equal(invite.code, 0, invite.stderr);
  assert.match(invite.stdout.trim(), /^https:\/\/example\.com\/svc\/#invite=svc_inv_[\w-]+$/);
  const other = svc(env, "invite", "bob", "--consumer", "acme", "--ui-url", "https://other.example");
  assert.match(other.stdout.trim(), /^https:\/\/other\.example\/portal#invite=svc_inv_/);

  const token = svc(env, "tokens", "create", "--name", "portal", "--consumer", "acme");
  assert.equal(token.code, 0, token.stderr);
  assert.match(token.stderr, /\nPortal: https:\/\/example\.com\/svc\/portal#token=svc_tk_[\w-]+\n/);
  const json = JSON.parse(svc(env, "tokens", "create", "--name", "p2", "--consumer", "acme", "--json").stdout);
  assert.equal(json.portal_url, `https://example.com/svc/portal#token=${json.secret}`);
  const overridden = svc(
    env,
    "tokens",
    "create",
    "--name",
    "p3",
    "--consumer",
    "acme",
    "--ui-url",
    "https://x.example",
  );
  assert.match(overridden.stderr, /\nPortal: https:\/\/x\.example\/portal#token=svc_tk_/);

  const plain = svc(testEnv(env.DATABASE_URL!), "tokens", "create", "--name", "p4", "--consumer", "acme");
  assert.match(plain.stderr, /\nPortal: \/portal#token=svc_tk_/, "without SVC_PUBLIC_URL the path, as before");
  assert.equal(svc(env, "invite", "carol", "--ui-url", "ftp://x").code, 2);
  assert.equal(svc({ ...env, SVC_PUBLIC_URL: "example.com" }, "invite", "dave").code, 78);
});
