import assert from "node:assert/strict";
import { test } from "node:test";
import { healthState, healthStateSql } from "../../lib/health/state.ts";
import { categoryOfError } from "../../lib/deliveries/classify.ts";
import { HttpSender } from "../../lib/deliveries/http-send.ts";

const sender = new HttpSender();
import { createEgressPolicy, createGuardedDispatcher } from "../../lib/egress/index.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { sharedService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });

test("each outcome updates the webhook's counters, consecutive failures and the 24-hour buckets", async (t) => {
  const hook = (await startReceiver(t))
    .path("/mixed")
    .answers(
      { status: 200 },
      { status: 500 },
      { status: 404 },
      { status: 200 },
      { status: 503 },
      { status: 503 },
      { status: 200, delayMs: 20 },
    );
  const event = `health.${Math.random().toString(36).slice(2, 8)}`;
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const reg = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: [event],
    httpConfig: { maxRetries: 0 },
  });
  for (let i = 0; i < 6; i++) {
    await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { i } });
    await hook.waitForRequests(i + 1);
    await svc().workers!.delivery.idle();
  }
  const db = svc().app.db;
  const row = await eventually(
    async () => (await db.query("select * from webhook_health where webhook_id = $1", [reg.webhook_id])).rows[0],
    (r) => r?.total_deliveries === 6,
  );
  assert.deepEqual(
    [row.total_deliveries, row.successful_deliveries, row.failed_deliveries, row.consecutive_failures],
    [6, 2, 4, 2],
  );
  assert.ok(row.last_success_at && row.last_failure_at && row.last_failure_at > row.last_success_at);

  const buckets = (
    await db.query(
      "select sum(client_errors)::int c, sum(server_errors)::int s from webhook_health_hourly where webhook_id = $1",
      [reg.webhook_id],
    )
  ).rows[0];
  assert.deepEqual([buckets.c, buckets.s], [1, 3]);

  await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { i: 7 } });
  await hook.waitForRequests(7);
  const after = await eventually(
    async () => (await db.query("select * from webhook_health where webhook_id = $1", [reg.webhook_id])).rows[0],
    (r) => r.total_deliveries === 7,
  );
  assert.equal(after.consecutive_failures, 0, "a success resets consecutive failures");
  assert.ok(Number(after.response_time_total_ms) >= 20);
  const listed = (
    await svc().rpc("WebhookService", "ListWebhooks", { namespace: "default", webhookId: reg.webhook_id })
  ).webhooks[0];
  assert.equal(listed.health, "HEALTH_UNHEALTHY", "3/7 is still below 0.5");
});

test("the stored health state follows the same thresholds as the code, on both sides of every boundary", async () => {
  const cases: [number, number, number][] = [];
  for (const total of [1, 2, 9, 10, 11, 20, 100])
    for (let ok = 0; ok <= total; ok++)
      for (const consecutive of [0, 2, 3, 9, 10, 11]) cases.push([total, ok, consecutive]);
  const { rows } = await svc().app.db.query(
    `select t, s, c, ${healthStateSql("t", "s", "c")} as state from unnest($1::int[], $2::int[], $3::int[]) as u(t, s, c)`,
    [cases.map((c) => c[0]), cases.map((c) => c[1]), cases.map((c) => c[2])],
  );
  for (const r of rows)
    assert.equal(
      r.state,
      healthState({ total_deliveries: r.t, successful_deliveries: r.s, consecutive_failures: r.c }),
      JSON.stringify(r),
    );
  assert.equal(healthState({ total_deliveries: 10, successful_deliveries: 10, consecutive_failures: 2 }), "healthy");
  assert.equal(healthState({ total_deliveries: 10, successful_deliveries: 10, consecutive_failures: 3 }), "degraded");
  assert.equal(
    healthState({ total_deliveries: 10, successful_deliveries: 9, consecutive_failures: 0 }),
    "degraded",
    "0.9 is not above 0.9",
  );
  assert.equal(healthState({ total_deliveries: 100, successful_deliveries: 91, consecutive_failures: 0 }), "healthy");
  assert.equal(
    healthState({ total_deliveries: 10, successful_deliveries: 5, consecutive_failures: 0 }),
    "degraded",
    "0.5 is not below 0.5",
  );
  assert.equal(healthState({ total_deliveries: 100, successful_deliveries: 49, consecutive_failures: 0 }), "unhealthy");
  assert.equal(
    healthState({ total_deliveries: 100, successful_deliveries: 99, consecutive_failures: 10 }),
    "unhealthy",
  );
  assert.equal(healthState({ total_deliveries: 100, successful_deliveries: 99, consecutive_failures: 9 }), "degraded");
  assert.equal(healthState({ total_deliveries: 0, successful_deliveries: 0, consecutive_failures: 0 }), "unspecified");
});

test("a host that does not resolve is a dns_error", async (t) => {
  const dispatcher = createGuardedDispatcher(createEgressPolicy({ allowedNetworks: [], allowPrivateNetworks: false }), {
    verifySsl: true,
  });
  t.after(() => dispatcher.close());
  const result = await sender.send({
    url: "http://no-such-host.invalid/hook",
    method: "POST",
    headers: {},
    body: "{}",
    timeoutMs: 5_000,
    followRedirects: true,
    maxResponseBytes: 1024,
    dispatcher,
    checkRedirect: async () => {},
  });
  assert.equal(result.status, 0);
  assert.equal(categoryOfError(result.error), "dns_error");
});
