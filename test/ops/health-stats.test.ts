import assert from "node:assert/strict";
import { test } from "node:test";
import { startReceiver } from "../helpers/receiver.ts";
import { type RpcError, sharedService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

async function namespaceWithHook(t: Parameters<typeof startReceiver>[0], ...answers: { status: number }[]) {
  const ns = unique("ns");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  const event = unique("evt");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const hook = (await startReceiver(t)).path("/h").answers(...answers);
  const reg = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: hook.url,
    events: [event],
    httpConfig: { maxRetries: 0 },
  });
  return { ns, event, hook, webhookId: reg.webhook_id };
}

async function pushAndSettle(ns: string, event: string, count: number) {
  for (let i = 0; i < count; i++)
    await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { i } });
  await eventually(
    () => svc().rpc("WebhookService", "GetNamespaceStats", { namespace: ns }),
    (r) => r.stats.pending_deliveries === 0 && r.stats.total_deliveries === count,
  );
}

test("a webhook without history is HEALTH_UNSPECIFIED with no metrics", async (t) => {
  const { ns, webhookId } = await namespaceWithHook(t, { status: 200 });
  const res = await svc().rpc("HealthService", "GetWebhookHealth", { namespace: ns, webhookId });
  assert.deepEqual(res, {
    webhook_id: webhookId,
    health: "HEALTH_UNSPECIFIED",
    circuit: { open: false, opened_at: null, next_probe_at: null, reason: null, consecutive_no_answer: 0 },
    paused_reason: null,
  });
  await assert.rejects(
    svc().rpc("HealthService", "GetWebhookHealth", { namespace: "default", webhookId }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("GetWebhookHealth reports every metric with the 24-hour counters, and ListWebhooks agrees", async (t) => {
  const { ns, event, webhookId } = await namespaceWithHook(
    t,
    { status: 200 },
    { status: 500 },
    { status: 404 },
    { status: 200 },
    { status: 200 },
  );
  await pushAndSettle(ns, event, 5);
  const res = await svc().rpc("HealthService", "GetWebhookHealth", { namespace: ns, webhookId });
  const m = res.metrics;
  assert.equal(res.health, "HEALTH_DEGRADED", "3/5 = 0.6");
  assert.deepEqual(
    [m.total_deliveries, m.successful_deliveries, m.failed_deliveries, m.consecutive_failures, m.success_rate],
    [5, 3, 2, 0, 0.6],
  );
  assert.deepEqual(
    [m.client_errors, m.server_errors, m.timeout_errors, m.network_errors, m.unexpected_status_errors],
    [1, 1, 0, 0, 0],
  );
  assert.ok(m.last_success_at && m.last_failure_at && m.created_at && m.updated_at);
  assert.equal(typeof m.avg_response_time, "number");
  const listed = await svc().rpc("WebhookService", "ListWebhooks", { namespace: ns });
  assert.equal(listed.webhooks[0].health, res.health);
  const rest = await svc().rest("GET", `/v1/consumers/${ns}/webhooks/${webhookId}/health`);
  assert.deepEqual([rest.status, rest.body.health, rest.body.metrics.total_deliveries], [200, "degraded", 5]);
});

test("the 24-hour counters leave out older buckets", async (t) => {
  const { ns, event, webhookId } = await namespaceWithHook(t, { status: 500 });
  await pushAndSettle(ns, event, 2);
  await svc().app.db.query("update webhook_health_hourly set hour = hour - interval '30 hours' where webhook_id = $1", [
    webhookId,
  ]);
  const res = await svc().rpc("HealthService", "GetWebhookHealth", { namespace: ns, webhookId });
  assert.deepEqual([res.metrics.server_errors, res.metrics.total_deliveries], [0, 2]);
});

test("health states at each threshold, on both sides, as the API reports them", async (t) => {
  const { ns, webhookId } = await namespaceWithHook(t, { status: 200 });
  const cases: [number, number, number, string][] = [
    [100, 91, 2, "HEALTH_HEALTHY"],
    [100, 90, 0, "HEALTH_DEGRADED"],
    [100, 91, 3, "HEALTH_DEGRADED"],
    [100, 50, 0, "HEALTH_DEGRADED"],
    [100, 49, 0, "HEALTH_UNHEALTHY"],
    [100, 95, 9, "HEALTH_DEGRADED"],
    [100, 95, 10, "HEALTH_UNHEALTHY"],
  ];
  for (const [total, ok, consecutive, want] of cases) {
    await svc().app.db.query(
      `insert into webhook_health (webhook_id, namespace, total_deliveries, successful_deliveries, failed_deliveries, consecutive_failures)
       values ($1, $2, $3::int, $4::int, $3::int - $4::int, $5::int)
       on conflict (webhook_id) do update set total_deliveries = $3::int, successful_deliveries = $4::int,
                                              failed_deliveries = $3::int - $4::int, consecutive_failures = $5::int`,
      [webhookId, ns, total, ok, consecutive],
    );
    const res = await svc().rpc("HealthService", "GetWebhookHealth", { namespace: ns, webhookId });
    assert.equal(res.health, want, `${ok}/${total}, ${consecutive} consecutive`);
    const listed = await svc().rpc("HealthService", "ListWebhooksByHealth", {
      health: want,
      pagination: { limit: 1000 },
    });
    assert.ok(
      listed.webhooks.some((w: any) => w.webhook_id === webhookId),
      `listed as ${want}`,
    );
  }
});

test("ListWebhooksByHealth pages webhooks of one state across namespaces; the summary adds up", async (t) => {
  const a = await namespaceWithHook(t, { status: 500 });
  const b = await namespaceWithHook(t, { status: 200 });
  await pushAndSettle(a.ns, a.event, 1);
  await pushAndSettle(b.ns, b.event, 1);
  const unhealthy = await svc().rpc("HealthService", "ListWebhooksByHealth", {
    health: "HEALTH_UNHEALTHY",
    pagination: { limit: 1000 },
  });
  assert.ok(unhealthy.webhooks.some((w: any) => w.webhook_id === a.webhookId));
  assert.ok(!unhealthy.webhooks.some((w: any) => w.webhook_id === b.webhookId));
  assert.ok(unhealthy.webhooks.every((w: any) => w.health === "HEALTH_UNHEALTHY"));
  const healthy = await svc().rpc("HealthService", "ListWebhooksByHealth", {
    health: "healthy",
    pagination: { limit: 1 },
  });
  assert.equal(healthy.webhooks.length, 1);
  assert.ok(healthy.pagination.total_count >= 1);
  await assert.rejects(
    svc().rpc("HealthService", "ListWebhooksByHealth", { health: "SICK" }),
    (e: RpcError) => e.code === "invalid_argument",
  );
  const { summary } = await svc().rpc("HealthService", "GetHealthSummary", {});
  assert.equal(
    summary.healthy_count + summary.degraded_count + summary.unhealthy_count + summary.unknown_count,
    summary.total_count,
  );
  const all = await svc().rpc("WebhookService", "ListWebhooks", { namespace: a.ns });
  assert.ok(summary.total_count >= all.pagination.total_count);
  const rest = await svc().rest("GET", "/v1/health-summary");
  assert.deepEqual(rest.body, summary);
  const byRest = await svc().rest("GET", "/v1/webhooks?health=unhealthy&limit=1000");
  assert.ok(byRest.body.webhooks.some((w: any) => w.webhook_id === a.webhookId));
});

test("namespace stats count webhooks and deliveries from kept counters", async (t) => {
  const { ns, event, webhookId } = await namespaceWithHook(t, { status: 200 }, { status: 400 }, { status: 200 });
  await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: "https://93.184.216.34/paused",
    events: ["other"],
    active: false,
  });
  const empty = await svc().rpc("WebhookService", "GetNamespaceStats", { namespace: ns });
  assert.deepEqual(empty.stats, {
    total_webhooks: 2,
    active_webhooks: 1,
    total_deliveries: 0,
    successful_deliveries: 0,
    failed_deliveries: 0,
    pending_deliveries: 0,
    success_rate: 0,
  });
  await pushAndSettle(ns, event, 3);
  const after = await svc().rpc("WebhookService", "GetNamespaceStats", { namespace: ns });
  assert.equal(after.namespace, ns);
  assert.deepEqual(
    [
      after.stats.total_deliveries,
      after.stats.successful_deliveries,
      after.stats.failed_deliveries,
      after.stats.pending_deliveries,
    ],
    [3, 2, 1, 0],
  );
  assert.ok(Math.abs(after.stats.success_rate - 2 / 3) < 1e-9);
  // A retry moves a failed delivery back to pending, and its new outcome counts once.
  await svc().rpc("DeliveryService", "RetryDelivery", { namespace: ns, webhookId });
  await eventually(
    () => svc().rpc("WebhookService", "GetNamespaceStats", { namespace: ns }),
    (r) => r.stats.successful_deliveries === 3,
  );
  const retried = await svc().rpc("WebhookService", "GetNamespaceStats", { namespace: ns });
  assert.deepEqual(
    [retried.stats.total_deliveries, retried.stats.failed_deliveries, retried.stats.pending_deliveries],
    [3, 0, 0],
  );
  // Unregistering removes its deliveries and their counts.
  await svc().rpc("WebhookService", "UnregisterWebhook", { namespace: ns, webhookId });
  await svc().workers!.scheduler.tick();
  const { purgeDeletedWebhooks } = await import("../../lib/webhooks/tombstones.ts");
  await purgeDeletedWebhooks(svc().app.db);
  const gone = await svc().rpc("WebhookService", "GetNamespaceStats", { namespace: ns });
  assert.deepEqual(
    [gone.stats.total_webhooks, gone.stats.total_deliveries, gone.stats.successful_deliveries],
    [1, 0, 0],
  );
  const rest = await svc().rest("GET", `/v1/consumers/${ns}/stats`);
  assert.deepEqual([rest.status, rest.body.consumer, rest.body.total_webhooks], [200, ns, 1]);
  const global = await svc().rest("GET", "/v1/stats");
  assert.ok(global.body.total_webhooks >= 1);
  const unknown = await svc().rest("GET", `/v1/consumers/${ns}-nobody/stats`);
  assert.deepEqual([unknown.status, unknown.body.status], [404, 404]);
});

test("stats count pending, sending and retrying deliveries as pending", async (t) => {
  const { ns, event, hook } = await namespaceWithHook(t, { status: 500 });
  await svc().app.db.query(
    "update webhooks set max_retries = 5, retry_backoff_seconds = 3600, updated_at = now() where namespace = $1",
    [ns],
  );
  await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: {} });
  await hook.waitForRequests(1);
  const stats = await eventually(
    () => svc().rpc("WebhookService", "GetNamespaceStats", { namespace: ns }),
    (r) => r.stats.total_deliveries === 1,
  );
  const [d] = (await svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns })).deliveries;
  assert.ok(["RETRYING", "SENDING"].includes(d.status));
  assert.equal(stats.stats.pending_deliveries, 1);
});
