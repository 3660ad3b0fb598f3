// A successful attempt is kept in its delivery's row (migration 17) instead of a row of delivery_attempts. The
// attempts a delivery lists stay what they were: every request made, in order, each with its own id and time.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { run } from "../../lib/deliveries/sql/statement.ts";
import { writeOutcomes } from "../../lib/deliveries/sql/write-outcomes.ts";
import { idTime } from "../../lib/ids.ts";
import { successResult } from "../helpers/outcomes.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { sharedService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

async function world(t: Parameters<typeof startReceiver>[0], ...answers: { status: number; body?: string }[]) {
  const ns = unique("ns");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  const event = unique("evt");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const hook = (await startReceiver(t)).path("/inline").answers(...answers);
  await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: hook.url,
    events: [event],
    httpConfig: { maxRetries: 0 },
  });
  return { ns, event, hook };
}

const settled = (ns: string, eventId: string, status: string) =>
  eventually(
    () => svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, eventId }),
    (r) => r.deliveries.length === 1 && r.deliveries[0].status === status,
  ).then((r) => r.deliveries[0]);

const attemptsOf = async (deliveryId: string) =>
  (await svc().rpc("DeliveryService", "GetDeliveryAttempts", { deliveryId })).attempts as Record<string, any>[];

const storedAttempts = async (deliveryId: string) =>
  (
    await svc().app.db.query(
      "select id, success, attempt from delivery_attempts where delivery_id = $1 order by created_at, attempt",
      [deliveryId],
    )
  ).rows;

test("a success at the first attempt writes no attempt row, and its delivery lists the attempt with its own id and time", async (t) => {
  const { ns, event, hook } = await world(t, { status: 200, body: "thanks" });
  const before = Date.now();
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { n: 1 } });
  const d = await settled(ns, pushed.event_id, "SUCCESS");
  assert.deepEqual(await storedAttempts(d.delivery_id), [], "the successful attempt is not a row of delivery_attempts");

  const attempts = await attemptsOf(d.delivery_id);
  assert.equal(attempts.length, 1);
  const [a] = attempts;
  assert.deepEqual(
    [a!.delivery_id, a!.attempt, a!.success, a!.response_code, a!.response_body, a!.error_category, a!.error_message],
    [d.delivery_id, 1, true, 200, "thanks", "success", ""],
  );
  assert.equal(a!.webhook_id, d.webhook_id);
  assert.ok(typeof a!.response_time === "number" && a!.response_time >= 0, `response_time ${a!.response_time}`);
  const at = Date.parse(a!.timestamp);
  assert.ok(at >= before - 1_000 && at <= Date.now(), `attempt time ${a!.timestamp}`);
  // The id is the worker's UUIDv7 of the attempt's time, as for every other attempt.
  assert.equal(idTime(a!.attempt_id), at);
  assert.equal(hook.requests.length, 1);

  // The REST surface reads the same.
  const rest = await svc().rest("GET", `/v1/consumers/${ns}/deliveries/${d.delivery_id}/attempts`);
  assert.equal(rest.status, 200);
  assert.deepEqual(rest.body.attempts, attempts);
});

test("a retried success keeps its attempt: it becomes a row, first in the list, before the next outcome is written", async (t) => {
  const { ns, event, hook } = await world(
    t,
    { status: 200, body: "first" },
    { status: 500 },
    { status: 200, body: "third" },
  );
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { n: 2 } });
  const d = await settled(ns, pushed.event_id, "SUCCESS");
  const [first] = await attemptsOf(d.delivery_id);

  // The retry (its statement names none of migration 17's columns, like the previous build's) moves the delivery
  // out of success; the attempt it held is written as a row on the way.
  const forced = await svc().rpc("DeliveryService", "RetryDelivery", {
    namespace: ns,
    deliveryId: d.delivery_id,
    force: true,
  });
  assert.equal(forced.retried_count, 1);
  await hook.waitForRequests(2);
  await settled(ns, pushed.event_id, "FAILED");
  const afterFailure = await attemptsOf(d.delivery_id);
  assert.deepEqual(
    afterFailure.map((a) => [a.attempt, a.success, a.response_code, a.response_body]),
    [
      [1, true, 200, "first"],
      [1, false, 500, "ok"],
    ],
  );
  assert.deepEqual(afterFailure[0], first, "the moved attempt reads exactly as it did from the delivery's row");
  assert.deepEqual(
    (await storedAttempts(d.delivery_id)).map((r) => [r.id, r.success]),
    [
      [first!.attempt_id, true],
      [afterFailure[1]!.attempt_id, false],
    ],
  );

  const again = await svc().rpc("DeliveryService", "RetryDelivery", { namespace: ns, deliveryId: d.delivery_id });
  assert.equal(again.retried_count, 1);
  await hook.waitForRequests(3);
  await settled(ns, pushed.event_id, "SUCCESS");
  const all = await attemptsOf(d.delivery_id);
  assert.deepEqual(
    all.map((a) => [a.attempt_id, a.success, a.response_body]),
    [
      [first!.attempt_id, true, "first"],
      [afterFailure[1]!.attempt_id, false, "ok"],
      [all[2]!.attempt_id, true, "third"],
    ],
  );
  assert.equal(new Set(all.map((a) => a.attempt_id)).size, 3);
  assert.equal((await storedAttempts(d.delivery_id)).length, 2, "the last success is in the delivery's row again");
});

test("a successful attempt whose outcome is not written (the lease moved on) is kept as a row", async (t) => {
  const { ns, event } = await world(t, { status: 200, body: "kept" });
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { n: 3 } });
  const d = await settled(ns, pushed.event_id, "SUCCESS");
  const db = svc().app.db;
  const row = (
    await db.query("select created_at::text, webhook_id, success_attempt_id from deliveries where id = $1", [
      d.delivery_id,
    ])
  ).rows[0];
  // Made as the worker makes it (an id of the attempt's time): the attempt would be kept in the row if the outcome
  // were written.
  const late = successResult({
    id: d.delivery_id,
    createdAt: row.created_at,
    consumer: ns,
    webhookId: row.webhook_id,
    eventId: pushed.event_id,
    attempt: 2,
    responseBody: "late",
    responseTimeMs: 7,
    at: new Date(),
  });
  const written = await run(db, writeOutcomes, {
    leaseToken: randomUUID(),
    results: [late],
    shard: 0,
  });
  assert.deepEqual(written, [], "a lease that does not hold writes no outcome");
  const after = (await db.query("select success_attempt_id from deliveries where id = $1", [d.delivery_id])).rows[0];
  assert.equal(after.success_attempt_id, row.success_attempt_id, "the delivery's own attempt is untouched");
  const attempts = await attemptsOf(d.delivery_id);
  assert.deepEqual(
    attempts.map((a) => [a.attempt_id, a.attempt, a.success, a.response_time, a.response_body]),
    [
      [row.success_attempt_id, 1, true, attempts[0]!.response_time, "kept"],
      [late.attempt!.id, 2, true, 7, "late"],
    ],
  );
});
