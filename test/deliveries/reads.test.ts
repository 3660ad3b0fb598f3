import assert from "node:assert/strict";
import { test } from "node:test";
import { startReceiver } from "../helpers/receiver.ts";
import { type RpcError, sharedService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

async function world(
  t: Parameters<typeof startReceiver>[0],
  answers: Parameters<ReturnType<Awaited<ReturnType<typeof startReceiver>>["path"]>["answers"]> = [{ status: 200 }],
) {
  const ns = unique("ns");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  const event = unique("evt");
  await svc().rpc("EventService", "RegisterEvent", { name: event, schema: { type: "object", required: ["v"] } });
  const hook = (await startReceiver(t)).path("/x").answers(...answers);
  const reg = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: hook.url,
    events: [event],
    httpConfig: { maxRetries: 0 },
  });
  return { ns, event, hook, webhookId: reg.webhook_id };
}

const settle = (ns: string, eventId: string) =>
  eventually(
    () => svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, eventId }),
    (r) => r.deliveries.length > 0 && r.deliveries.every((d: any) => ["SUCCESS", "FAILED"].includes(d.status)),
  ).then((r) => r.deliveries[0]);

test("GetDeliveryStatus reads a delivery in its namespace and NOT_FOUND elsewhere", async (t) => {
  const { ns, event } = await world(t);
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { v: 1 } });
  const d = await settle(ns, pushed.event_id);
  const got = await svc().rpc("DeliveryService", "GetDeliveryStatus", { namespace: ns, deliveryId: d.delivery_id });
  assert.equal(got.delivery.delivery_id, d.delivery_id);
  assert.equal(got.delivery.status, "SUCCESS");
  await assert.rejects(
    svc().rpc("DeliveryService", "GetDeliveryStatus", { namespace: "default", deliveryId: d.delivery_id }),
    (e: RpcError) => e.code === "not_found",
  );
  await assert.rejects(
    svc().rpc("DeliveryService", "GetDeliveryStatus", { namespace: ns, deliveryId: "not-a-uuid" }),
    (e: RpcError) => e.code === "invalid_argument",
  );
});

test("ListDeliveries filters by status, category, webhook and time, newest first", async (t) => {
  const { ns, event, webhookId } = await world(t, [{ status: 200 }, { status: 404 }, { status: 200 }]);
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    ids.push((await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { v: i } })).event_id);
    await settle(ns, ids[i]!);
  }
  const all = await svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns });
  assert.deepEqual(
    all.deliveries.map((d: any) => d.event_id),
    [...ids].reverse(),
  );
  assert.equal(all.pagination.total_count, 3);
  const failed = await svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, status: "FAILED" });
  assert.deepEqual(
    failed.deliveries.map((d: any) => d.event_id),
    [ids[1]],
  );
  assert.equal(
    (await svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, status: "delivery_status_success" }))
      .deliveries.length,
    2,
  );
  assert.equal(
    (await svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, errorCategory: "client_error" })).deliveries
      .length,
    1,
  );
  assert.equal(
    (await svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, webhookId })).deliveries.length,
    3,
  );
  assert.equal(
    (
      await svc().rpc("DeliveryService", "ListDeliveries", {
        namespace: ns,
        createdAfter: new Date(Date.now() + 60_000).toISOString(),
      })
    ).deliveries.length,
    0,
  );
  const page = await svc().rpc("DeliveryService", "ListDeliveries", {
    namespace: ns,
    pagination: { limit: 1, offset: 1 },
  });
  assert.deepEqual(
    page.deliveries.map((d: any) => d.event_id),
    [ids[1]],
  );
  await assert.rejects(
    svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, status: "BOGUS" }),
    (e: RpcError) => e.code === "invalid_argument",
  );
});

test("GetDeliveryAttempts needs a delivery id and lists attempts in order", async (t) => {
  await assert.rejects(
    svc().rpc("DeliveryService", "GetDeliveryAttempts", {}),
    (e: RpcError) => e.code === "invalid_argument",
  );
  await assert.rejects(
    svc().rpc("DeliveryService", "GetDeliveryAttempts", { deliveryId: "" }),
    (e: RpcError) => e.code === "invalid_argument",
  );
  const { ns, event } = await world(t, [{ status: 500 }, { status: 200 }]);
  await svc().app.db.query(
    "update webhooks set max_retries = 3, retry_backoff_seconds = 1, updated_at = now() where namespace = $1",
    [ns],
  );
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { v: 1 } });
  const d = await settle(ns, pushed.event_id);
  const { attempts } = await svc().rpc("DeliveryService", "GetDeliveryAttempts", { deliveryId: d.delivery_id });
  assert.deepEqual(
    attempts.map((a: any) => [a.attempt, a.success]),
    [
      [1, false],
      [2, true],
    ],
  );
  assert.ok(Date.parse(attempts[0].timestamp) <= Date.parse(attempts[1].timestamp));
});

test("RetryDelivery re-sends a failed delivery; a success only with force", async (t) => {
  const { ns, event, hook } = await world(t, [{ status: 400 }, { status: 200 }]);
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { v: 1 } });
  const d = await settle(ns, pushed.event_id);
  assert.equal(d.status, "FAILED");
  const retried = await svc().rpc("DeliveryService", "RetryDelivery", { namespace: ns, deliveryId: d.delivery_id });
  assert.deepEqual(retried, { retried_count: 1, delivery_ids: [d.delivery_id] });
  await hook.waitForRequests(2);
  assert.equal((await settle(ns, pushed.event_id)).status, "SUCCESS");
  const noForce = await svc().rpc("DeliveryService", "RetryDelivery", { namespace: ns, deliveryId: d.delivery_id });
  assert.equal(noForce.retried_count, 0);
  const forced = await svc().rpc("DeliveryService", "RetryDelivery", {
    namespace: ns,
    deliveryId: d.delivery_id,
    force: true,
  });
  assert.equal(forced.retried_count, 1);
  await hook.waitForRequests(3);
  await assert.rejects(
    svc().rpc("DeliveryService", "RetryDelivery", { namespace: ns, deliveryId: crypto.randomUUID() }),
    (e: RpcError) => e.code === "not_found",
  );
  await assert.rejects(
    svc().rpc("DeliveryService", "RetryDelivery", { namespace: ns }),
    (e: RpcError) => e.code === "invalid_argument",
  );
});

test("RetryDelivery with a webhook id re-sends all its failed deliveries", async (t) => {
  const { ns, event, hook, webhookId } = await world(t, [{ status: 404 }, { status: 404 }, { status: 200 }]);
  const a = await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { v: 1 } });
  await settle(ns, a.event_id);
  const b = await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { v: 2 } });
  await settle(ns, b.event_id);
  const res = await svc().rpc("DeliveryService", "RetryDelivery", { namespace: ns, webhookId });
  assert.equal(res.retried_count, 2);
  await hook.waitForRequests(4);
  const stats = await eventually(
    () => svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, status: "SUCCESS" }),
    (r) => r.deliveries.length === 2,
  );
  assert.equal(stats.deliveries.length, 2);
});

test("ListEventReports filters by name, validity, labels and time, newest first, with delivery counts", async (t) => {
  const { ns, event } = await world(t);
  const first = await svc().rpc("EventService", "PushEvent", {
    namespace: ns,
    event,
    payload: { v: 1 },
    labels: { region: "eu", tier: "gold" },
  });
  const second = await svc().rpc("EventService", "PushEvent", {
    namespace: ns,
    event,
    payload: { nope: 1 },
    labels: { region: "us" },
  });
  await settle(ns, first.event_id);
  await settle(ns, second.event_id);
  const all = await svc().rpc("EventService", "ListEventReports", { namespace: ns });
  assert.deepEqual(
    all.events.map((e: any) => e.event_id),
    [second.event_id, first.event_id],
  );
  assert.deepEqual(
    [
      all.events[1].webhook_count,
      all.events[1].successful_count,
      all.events[1].failed_count,
      all.events[1].pending_count,
    ],
    [1, 1, 0, 0],
  );
  const eu = await svc().rpc("EventService", "ListEventReports", { namespace: ns, labels: { region: "eu" } });
  assert.deepEqual(
    eu.events.map((e: any) => e.event_id),
    [first.event_id],
  );
  const invalid = await svc().rpc("EventService", "ListEventReports", { namespace: ns, schemaValid: false });
  assert.deepEqual(
    invalid.events.map((e: any) => e.event_id),
    [second.event_id],
  );
  assert.equal(
    (await svc().rpc("EventService", "ListEventReports", { namespace: ns, eventName: "other" })).events.length,
    0,
  );
  assert.equal(
    (
      await svc().rpc("EventService", "ListEventReports", {
        namespace: ns,
        createdBefore: new Date(Date.now() - 3_600_000).toISOString(),
      })
    ).events.length,
    0,
  );
  const capped = await svc().rpc("EventService", "ListEventReports", { namespace: ns, pagination: { limit: 5000 } });
  assert.equal(capped.pagination.limit, 1000);
  const rest = await svc().rest("GET", `/v1/consumers/${ns}/events?label=region:us&schema_valid=false`);
  assert.deepEqual(
    rest.body.events.map((e: any) => e.event_id),
    [second.event_id],
  );
});

test("GetEventRecord is INVALID_ARGUMENT for a non-UUID and NOT_FOUND for an unknown id", async () => {
  await assert.rejects(
    svc().rpc("EventService", "GetEventRecord", { eventId: "abc" }),
    (e: RpcError) => e.code === "invalid_argument",
  );
  await assert.rejects(
    svc().rpc("EventService", "GetEventRecord", { eventId: crypto.randomUUID() }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("RePushEvent creates a new event, validated against the current schema, leaving the original alone", async (t) => {
  const { ns, event, hook } = await world(t);
  const original = await svc().rpc("EventService", "PushEvent", {
    namespace: ns,
    event,
    payload: { v: 1 },
    labels: { a: "b" },
  });
  await hook.waitForRequests(1);
  await svc().rpc("EventService", "UpdateEvent", { name: event, schema: { type: "object", required: ["w"] } });
  const again = await svc().rpc("EventService", "RePushEvent", { eventId: original.event_id });
  assert.notEqual(again.event_id, original.event_id);
  assert.deepEqual(again.warnings, ["/ must have required property 'w'"]);
  await hook.waitForRequests(2);
  const rec = await svc().rpc("EventService", "GetEventRecord", { eventId: again.event_id });
  assert.deepEqual([rec.event.payload, rec.event.labels, rec.event.schema_valid], [{ v: 1 }, { a: "b" }, false]);
  assert.equal(
    (await svc().rpc("EventService", "GetEventRecord", { eventId: original.event_id })).event.schema_valid,
    true,
  );
  await assert.rejects(
    svc().rpc("EventService", "RePushEvent", { eventId: "x" }),
    (e: RpcError) => e.code === "invalid_argument",
  );
});

test("REST delivery routes read, list, show attempts and retry within the consumer", async (t) => {
  const { ns, event, hook, webhookId } = await world(t, [{ status: 500 }, { status: 200 }]);
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { v: 1 } });
  const d = await settle(ns, pushed.event_id);
  const got = await svc().rest("GET", `/v1/consumers/${ns}/deliveries/${d.delivery_id}`);
  assert.deepEqual([got.status, got.body.status], [200, "failed"]);
  assert.equal((await svc().rest("GET", `/v1/consumers/default/deliveries/${d.delivery_id}`)).status, 404);
  const list = await svc().rest("GET", `/v1/consumers/${ns}/deliveries?status=failed&status=success`);
  assert.equal(list.body.deliveries.length, 1);
  const attempts = await svc().rest("GET", `/v1/consumers/${ns}/deliveries/${d.delivery_id}/attempts`);
  assert.equal(attempts.body.attempts.length, 1);
  const retry = await svc().rest("POST", `/v1/consumers/${ns}/webhooks/${webhookId}/retry`);
  assert.equal(retry.body.retried_count, 1);
  await hook.waitForRequests(2);
  const global = await svc().rest("GET", `/v1/deliveries?consumer=${ns}`);
  assert.equal(global.body.deliveries.length, 1);
  assert.equal((await svc().rest("GET", `/v1/consumers/${ns}/deliveries?status=bogus`)).status, 400);
});
