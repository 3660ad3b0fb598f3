import assert from "node:assert/strict";
import { test } from "node:test";
import { createTestDatabase } from "../helpers/cluster.ts";
import { startServerProcess as startProcess } from "../helpers/process.ts";
import { TEST_API_KEY, testEnv } from "../helpers/service.ts";

test("SIGTERM drains and exits 0; a second instance on the same database starts alongside", async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const env = testEnv(databaseUrl, { SVC_LOG_LEVEL: "info" });
  const a = startProcess(env);
  const b = startProcess(env);
  t.after(() => {
    a.child.kill("SIGKILL");
    b.child.kill("SIGKILL");
  });
  const listening = await a.waitFor((l) => l.msg === "svc listening");
  await b.waitFor((l) => l.msg === "svc listening");
  const ready = await fetch(`${listening.url}/ready`);
  assert.equal(ready.status, 200);

  const started = Date.now();
  a.child.kill("SIGTERM");
  assert.equal(await a.exited, 0);
  assert.ok(Date.now() - started < 30_000);
  assert.ok(a.lines.some((l) => l.msg === "stopped"));
  b.child.kill("SIGTERM");
  assert.equal(await b.exited, 0);
});

test("a database that is not reachable at start-up is retried instead of failing at once", async () => {
  const p = startProcess(testEnv("postgres://postgres@127.0.0.1:1/none", { SVC_LOG_LEVEL: "info" }));
  await p.waitFor((l) => l.msg === "database not reachable yet; retrying");
  p.child.kill("SIGKILL");
  await p.exited;
});

test("a log pipe that closes loses log lines, not the process", async (t) => {
  // stdout is a pipe to a log collector that may go away (EPIPE): the deliveries must not stop with it.
  const p = startProcess(testEnv(await createTestDatabase(t), { SVC_LOG_LEVEL: "debug" }), "built");
  t.after(() => p.child.kill("SIGKILL"));
  const url = await p.url();
  p.child.stdout!.destroy();
  // Requests that log (a rejected push logs its reason at debug) after the reader is gone.
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${url}/v1/consumers/nobody/events`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY },
      body: "{}",
    });
    assert.ok(res.status >= 400 && res.status < 500);
  }
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(p.child.exitCode, null, "still running");
  assert.equal((await fetch(`${url}/health`)).status, 200);
});
