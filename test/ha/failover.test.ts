// Failover on real PostgreSQL 15: a primary with a synchronous standby, svc (its own process) on a multi-host
// DATABASE_URL with target_session_attrs=read-write under a steady push load, kill -9 of the whole primary, then
// pg_ctl promote of the standby. Every push answered 2xx is delivered; none answers 500; while no primary answers
// pushes, /health and /ready answer 503 (pushes with Retry-After); within 10 s of the promotion all are 200 again.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startServerProcess } from "../helpers/process.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { TEST_API_KEY, testEnv } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";
import { startSynchronousPair } from "./pg15.ts";

interface Call {
  at: number;
  ms: number;
  status: number;
  retryAfter: string | null;
  eventId?: string;
}

async function call(url: string, path: string, body?: unknown): Promise<Call> {
  const at = Date.now();
  const res = await fetch(url + path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", "x-api-key": TEST_API_KEY },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await res.json().catch(() => ({}))) as { event_id?: string };
  return {
    at,
    ms: Date.now() - at,
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    eventId: json.event_id,
  };
}

test("kill -9 of the primary, promotion of the synchronous standby: no 2xx push lost, no 500, back within 10 s", async (t) => {
  const { primary, standby } = await startSynchronousPair(t);
  await primary.query("create database svc");
  const receiver = await startReceiver(t);
  const hook = receiver.path("/failover");
  const databaseUrl = `postgres://postgres@127.0.0.1:${primary.port},127.0.0.1:${standby.port}/svc?target_session_attrs=read-write`;
  const svc = startServerProcess(testEnv(databaseUrl, { SVC_LOG_LEVEL: "info" }));
  t.after(() => svc.child.kill("SIGKILL"));
  const url = await svc.url();
  assert.equal((await call(url, "/webhook.EventService/RegisterEvent", { name: "order.created" })).status, 200);
  const registered = await call(url, "/webhook.WebhookService/RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: ["order.created"],
  });
  assert.equal(registered.status, 200);

  // Two pushers and a prober of /health and /ready, until told to stop.
  const pushes: Call[] = [];
  const health: Call[] = [];
  const ready: Call[] = [];
  let running = true;
  let n = 0;
  const pusher = async () => {
    while (running) {
      pushes.push(
        await call(url, "/webhook.EventService/PushEvent", {
          namespace: "default",
          event: "order.created",
          payload: { n: n++ },
        }),
      );
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const prober = async () => {
    while (running) {
      health.push(await call(url, "/health"));
      ready.push(await call(url, "/ready"));
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const load = Promise.all([pusher(), pusher(), prober()]);

  await new Promise((r) => setTimeout(r, 2_000));
  const killedAt = Date.now();
  await primary.kill();
  // No primary for 2 s: every call in that window must answer 503 fast, never 500, never hang.
  await new Promise((r) => setTimeout(r, 2_000));
  const promotedAt = Date.now();
  await standby.promote();
  await eventually(
    async () => pushes.filter((p) => p.at > promotedAt && p.status === 200).length,
    (count) => count >= 20,
    15_000,
  );
  await new Promise((r) => setTimeout(r, 500));
  running = false;
  await load;

  const statuses = new Set(pushes.map((p) => p.status));
  assert.deepEqual([...statuses].sort(), [200, 503], `push statuses seen: ${[...statuses]}`);
  const unavailable = pushes.filter((p) => p.status === 503);
  assert.ok(
    unavailable.every((p) => p.retryAfter !== null),
    "every 503 names a Retry-After",
  );
  assert.ok(Math.max(...pushes.map((p) => p.ms)) < 6_000, `slowest push ${Math.max(...pushes.map((p) => p.ms))} ms`);
  const outage = (calls: Call[]) => calls.filter((c) => c.at > killedAt + 500 && c.at < promotedAt);
  assert.ok(
    outage(pushes).every((p) => p.status === 503),
    "pushes while no primary answers are 503",
  );
  assert.ok(
    outage(health).length > 0 && outage(health).every((h) => h.status === 503),
    "/health is 503 without a primary",
  );
  assert.ok(
    outage(ready).length > 0 && outage(ready).every((h) => h.status === 503),
    "/ready is 503 without a primary",
  );

  // Back within 10 s of the promotion: the first 200 of each after it.
  const firstOk = (calls: Call[]) => calls.find((c) => c.at >= promotedAt && c.status === 200)?.at ?? Infinity;
  for (const [what, calls] of [
    ["push", pushes],
    ["/health", health],
    ["/ready", ready],
  ] as const) {
    const seconds = (firstOk(calls) - promotedAt) / 1000;
    t.diagnostic(`${what}: 200 again ${seconds.toFixed(2)} s after the promotion`);
    assert.ok(seconds <= 10, `${what} answered 200 again ${seconds} s after the promotion`);
    assert.ok(
      calls.filter((c) => c.at > firstOk(calls) + 2_000).every((c) => c.status === 200),
      `${what} stays 200`,
    );
  }

  // Every accepted push is delivered (a delivery in flight at the kill may arrive twice: at least once).
  const accepted = new Set(pushes.filter((p) => p.status === 200).map((p) => p.eventId));
  const delivered = new Set<string>();
  await eventually(
    async () => {
      for (const r of hook.requests) delivered.add(JSON.parse(r.body).event_id);
      return [...accepted].filter((id) => !delivered.has(id!)).length;
    },
    (missing) => missing === 0,
    30_000,
    200,
  );
  t.diagnostic(
    `${pushes.length} pushes: ${accepted.size} accepted and all delivered, ${unavailable.length} answered 503`,
  );
  assert.equal(svc.child.exitCode, null, "svc never exited");
  const picked = svc.lines.filter((l) => l.msg === "database server picked").map((l) => l.host);
  assert.deepEqual(picked.slice(-1), [`127.0.0.1:${standby.port}`]);
});
