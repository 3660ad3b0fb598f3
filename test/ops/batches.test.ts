import assert from "node:assert/strict";
import { test } from "node:test";
import { startReceiver } from "../helpers/receiver.ts";
import { type RpcError, sharedService, startTestService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

async function failedDeliveries(t: Parameters<typeof startReceiver>[0], count: number) {
  const ns = unique("ns");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  const event = unique("evt");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const hook = (await startReceiver(t)).path("/b").answers({ status: 400 });
  await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: hook.url,
    events: [event],
    httpConfig: { maxRetries: 0 },
  });
  for (let i = 0; i < count; i++)
    await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: { i } });
  await eventually(
    () => svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, status: "FAILED" }),
    (r) => r.pagination.total_count === count,
  );
  return { ns, event, hook };
}

test("a retry batch: snapshot, pending status, start, every delivery re-sent, completed", async (t) => {
  const { ns, hook } = await failedDeliveries(t, 4);
  hook.answers({ status: 200 });
  const listed = await svc().rpc("DeliveryService", "ListDeliveries", {
    namespace: ns,
    status: "FAILED",
    pagination: { limit: 1 },
    prepareRetry: true,
  });
  assert.equal(listed.deliveries.length, 1, "the page is unchanged");
  const retryId = listed.retry_id;
  assert.match(retryId, /^[0-9a-f-]{36}$/);
  const pending = await svc().rpc("DeliveryService", "GetRetryStatus", { retryId });
  assert.deepEqual(
    [pending.batch.status, pending.batch.total, pending.batch.processed, pending.batch.failed],
    ["pending", 4, 0, 0],
  );
  assert.equal(Date.parse(pending.batch.expires_at) - Date.parse(pending.batch.created_at), 15 * 60_000);
  const started = await svc().rpc("DeliveryService", "RetryDeliveries", { retryId });
  assert.deepEqual(started, { retry_id: retryId, total: 4, status: "processing" });
  await assert.rejects(
    svc().rpc("DeliveryService", "RetryDeliveries", { retryId }),
    (e: RpcError) => e.code === "failed_precondition",
  );
  const done = await eventually(
    () => svc().rpc("DeliveryService", "GetRetryStatus", { retryId }),
    (r) => r.batch.status === "completed",
  );
  assert.deepEqual([done.batch.processed, done.batch.failed], [4, 0]);
  await hook.waitForRequests(8);
  await eventually(
    () => svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, status: "SUCCESS" }),
    (r) => r.pagination.total_count === 4,
  );
  await assert.rejects(
    svc().rpc("DeliveryService", "CancelRetry", { retryId }),
    (e: RpcError) => e.code === "failed_precondition",
  );
});

test("a re-push batch pushes each event again with a new id, validated against the current schema", async (t) => {
  const { ns, event, hook } = await failedDeliveries(t, 3);
  await svc().rpc("EventService", "UpdateEvent", { name: event, schema: { type: "object", required: ["j"] } });
  const listed = await svc().rpc("EventService", "ListEventReports", { namespace: ns, prepareRepush: true });
  const repushId = listed.repush_id;
  assert.equal((await svc().rpc("EventService", "GetRepushStatus", { repushId })).batch.total, 3);
  assert.deepEqual(await svc().rpc("EventService", "RePushEvents", { repushId }), {
    repush_id: repushId,
    total: 3,
    status: "processing",
  });
  const done = await eventually(
    () => svc().rpc("EventService", "GetRepushStatus", { repushId }),
    (r) => r.batch.status === "completed",
  );
  assert.equal(done.batch.processed, 3);
  const reports = await svc().rpc("EventService", "ListEventReports", { namespace: ns });
  assert.equal(reports.events.length, 6);
  assert.equal(
    reports.events.filter((e: any) => !e.schema_valid).length,
    3,
    "the re-pushed copies fail the new schema softly",
  );
  await hook.waitForRequests(6);
});

test("cancelling stops a batch mid-run and keeps what was done; a cancelled batch cannot be cancelled again", async (_t) => {
  const ns = unique("ns");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  const event = unique("evt");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  // Plenty of events without subscribers: re-pushing them is slow enough to be caught mid-run.
  await svc().app.db.query(
    `insert into events (id, namespace, event_name, payload, fanned_out_at) select gen_random_uuid(), $1, $2, '{"x":1}', now() from generate_series(1, 3000)`,
    [ns, event],
  );
  const { repush_id: repushId } = await svc().rpc("EventService", "ListEventReports", {
    namespace: ns,
    prepareRepush: true,
  });
  assert.equal((await svc().rpc("EventService", "GetRepushStatus", { repushId })).batch.total, 3000);
  await svc().rpc("EventService", "RePushEvents", { repushId });
  await eventually(
    () => svc().rpc("EventService", "GetRepushStatus", { repushId }),
    (r) => r.batch.processed > 0,
    20_000,
    10,
  );
  assert.deepEqual(await svc().rpc("EventService", "CancelRepush", { repushId }), { status: "cancelled" });
  await new Promise((r) => setTimeout(r, 500));
  const after = await svc().rpc("EventService", "GetRepushStatus", { repushId });
  assert.equal(after.batch.status, "cancelled");
  assert.ok(after.batch.processed < 3000, `stopped at ${after.batch.processed}`);
  const copies = (
    await svc().app.db.query(
      "select count(*)::int as n from events where namespace = $1 and idempotency_key like 'repush:%'",
      [ns],
    )
  ).rows[0].n;
  assert.ok(copies >= after.batch.processed, "what was done stays");
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(
    (await svc().rpc("EventService", "GetRepushStatus", { repushId })).batch.processed,
    after.batch.processed,
    "nothing more happens",
  );
  await assert.rejects(
    svc().rpc("EventService", "CancelRepush", { repushId }),
    (e: RpcError) => e.code === "failed_precondition",
  );
  await assert.rejects(
    svc().rpc("EventService", "RePushEvents", { repushId }),
    (e: RpcError) => e.code === "failed_precondition",
  );
});

test("a pending batch can be cancelled; unknown and expired batches are NOT_FOUND", async (t) => {
  const { ns } = await failedDeliveries(t, 1);
  const { retry_id: retryId } = await svc().rpc("DeliveryService", "ListDeliveries", {
    namespace: ns,
    prepareRetry: true,
  });
  assert.deepEqual(await svc().rpc("DeliveryService", "CancelRetry", { retryId }), { status: "cancelled" });
  for (const method of ["GetRetryStatus", "RetryDeliveries", "CancelRetry"]) {
    await assert.rejects(
      svc().rpc("DeliveryService", method, { retryId: crypto.randomUUID() }),
      (e: RpcError) => e.code === "not_found",
      method,
    );
  }
  const { retry_id: old } = await svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, prepareRetry: true });
  await svc().app.db.query(
    "update batches set created_at = now() - interval '16 minutes', expires_at = now() - interval '1 minute' where id = $1",
    [old],
  );
  await assert.rejects(
    svc().rpc("DeliveryService", "GetRetryStatus", { retryId: old }),
    (e: RpcError) => e.code === "not_found",
  );
  await assert.rejects(
    svc().rpc("DeliveryService", "RetryDeliveries", { retryId: old }),
    (e: RpcError) => e.code === "not_found",
  );
  await assert.rejects(
    svc().rpc("EventService", "GetRepushStatus", { repushId: crypto.randomUUID() }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("a snapshot holds at most 10,000 ids", async () => {
  const ns = unique("ns");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  await svc().app.db.query(
    `insert into deliveries (id, namespace, event_id, webhook_id, status) select gen_random_uuid(), ` +
      `$1, gen_random_uuid(), gen_random_uuid(), 'failed' from generate_series(1, 10050)`,
    [ns],
  );
  const { retry_id } = await svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, prepareRetry: true });
  assert.equal((await svc().rpc("DeliveryService", "GetRetryStatus", { retryId: retry_id })).batch.total, 10_000);
});

test("a batch interrupted by a restart resumes where it stopped", async (t) => {
  const ns = unique("ns");
  const first = await startTestService(t, { workers: true });
  await first.rpc("NamespaceService", "CreateNamespace", { name: ns });
  await first.rpc("EventService", "RegisterEvent", { name: "resume.test" });
  await first.app.db.query(
    `insert into events (id, namespace, event_name, payload, fanned_out_at) select gen_random_uuid(), ` +
      `$1, 'resume.test', '{}', now() from generate_series(1, 2000)`,
    [ns],
  );
  const { repush_id: repushId } = await first.rpc("EventService", "ListEventReports", {
    namespace: ns,
    prepareRepush: true,
  });
  await first.rpc("EventService", "RePushEvents", { repushId });
  await eventually(
    () => first.rpc("EventService", "GetRepushStatus", { repushId }),
    (r) => r.batch.processed > 0,
    20_000,
    10,
  );
  await first.stop();
  const second = await startTestService(t, { databaseUrl: first.databaseUrl, workers: true });
  const done = await eventually(
    () => second.rpc("EventService", "GetRepushStatus", { repushId }),
    (r) => r.batch.status === "completed",
    60_000,
    100,
  );
  assert.equal(done.batch.processed + done.batch.failed, 2000);
  const copies = (
    await second.app.db.query(
      "select count(*)::int as n from events where namespace = $1 and idempotency_key like $2",
      [ns, `repush:${repushId}:%`],
    )
  ).rows[0].n;
  assert.equal(copies, 2000, "each event was re-pushed exactly once across the restart");
});

test("REST: a consumer's retry batch is prepared from the list, started, read and cancelled under its path", async (t) => {
  const { ns, hook } = await failedDeliveries(t, 2);
  hook.answers({ status: 200 });
  const list = await svc().rest("GET", `/v1/consumers/${ns}/deliveries?status=failed&prepare_retry=true`);
  const id = list.body.retry_id;
  assert.equal((await svc().rest("GET", `/v1/consumers/${ns}/retries/${id}`)).body.status, "pending");
  assert.equal((await svc().rest("GET", `/v1/consumers/default/retries/${id}`)).status, 404);
  assert.equal((await svc().rest("POST", `/v1/consumers/${ns}/retries/${id}/start`)).body.status, "processing");
  assert.equal((await svc().rest("POST", `/v1/consumers/${ns}/retries/${id}/start`)).status, 409);
  await eventually(
    () => svc().rest("GET", `/v1/consumers/${ns}/retries/${id}`),
    (r) => r.body.status === "completed",
  );
  assert.equal((await svc().rest("POST", `/v1/consumers/${ns}/retries/${id}/cancel`)).status, 409);
  const events = await svc().rest("GET", `/v1/consumers/${ns}/events?prepare_repush=true`);
  assert.equal((await svc().rest("GET", `/v1/consumers/${ns}/repushes/${events.body.repush_id}`)).body.total, 2);
});
