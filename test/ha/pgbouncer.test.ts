// svc behind Debian's PgBouncer in transaction pooling mode (SVC_DATABASE_POOLER=transaction): migrations, pushes,
// deliveries and a retry batch all go through the pooler, whose few server connections every client shares.
import assert from "node:assert/strict";
import { test } from "node:test";
import pg from "pg";
import { adminUrl, createEmptyDatabase } from "../helpers/cluster.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";
import { startPgBouncer } from "./pgbouncer.ts";

async function serviceBehindPgBouncer(
  t: Parameters<typeof startTestService>[0] & { after: any },
): Promise<TestService> {
  const direct = await createEmptyDatabase(t as never);
  const bouncer = await startPgBouncer(t, adminUrl(), { poolSize: 4 });
  // Migrations run through the pooler too: the database starts empty.
  return startTestService(t, {
    databaseUrl: bouncer.url(direct),
    env: { SVC_DATABASE_POOLER: "transaction" },
    workers: true,
  });
}

test("behind PgBouncer in transaction mode: migrations apply, 300 concurrent pushes all answer 200 and are all delivered", async (t) => {
  const svc = await serviceBehindPgBouncer(t);
  const { rows } = await withClient(svc.databaseUrl, (c) => c.query("select count(*)::int as n from migrations"));
  assert.ok(rows[0].n > 0, "the migrations were applied through the pooler");
  const hook = (await startReceiver(t)).path("/pooled");
  await svc.rpc("EventService", "RegisterEvent", { name: "order.created" });
  await svc.rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: ["order.created"],
  });
  const statuses: number[] = [];
  const push = async (i: number) => {
    const res = await svc.rpcRaw("EventService", "PushEvent", {
      namespace: "default",
      event: "order.created",
      payload: { i },
    });
    statuses.push(res.status);
  };
  // 20 callers at a time over a pool of 4 server connections: without unnamed statements some of these fail with
  // `prepared statement "…" already exists` / `does not exist`.
  for (let i = 0; i < 300; i += 20) await Promise.all(Array.from({ length: 20 }, (_, k) => push(i + k)));
  assert.deepEqual([...new Set(statuses)], [200]);
  const received = await hook.waitForRequests(300, 30_000);
  assert.equal(new Set(received.map((r) => JSON.parse(r.body).payload.i)).size, 300);
  const done = await eventually(
    () =>
      svc.rpc("DeliveryService", "ListDeliveries", {
        namespace: "default",
        status: "SUCCESS",
        pagination: { limit: 1 },
      }),
    (r) => r.pagination.total_count === 300,
  );
  assert.equal(done.pagination.total_count, 300);
});

test("behind PgBouncer in transaction mode: failed deliveries are re-sent by a retry batch", async (t) => {
  const svc = await serviceBehindPgBouncer(t);
  const hook = (await startReceiver(t)).path("/batch").answers({ status: 400 });
  await svc.rpc("EventService", "RegisterEvent", { name: "order.paid" });
  await svc.rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: ["order.paid"],
    httpConfig: { maxRetries: 0 },
  });
  for (let i = 0; i < 5; i++)
    await svc.rpc("EventService", "PushEvent", { namespace: "default", event: "order.paid", payload: { i } });
  await eventually(
    () => svc.rpc("DeliveryService", "ListDeliveries", { namespace: "default", status: "FAILED" }),
    (r) => r.pagination.total_count === 5,
  );
  hook.answers({ status: 200 });
  const listed = await svc.rpc("DeliveryService", "ListDeliveries", {
    namespace: "default",
    status: "FAILED",
    prepareRetry: true,
  });
  await svc.rpc("DeliveryService", "RetryDeliveries", { retryId: listed.retry_id });
  const done = await eventually(
    () => svc.rpc("DeliveryService", "GetRetryStatus", { retryId: listed.retry_id }),
    (r) => r.batch.status === "completed",
  );
  assert.deepEqual([done.batch.processed, done.batch.failed], [5, 0]);
  await hook.waitForRequests(10);
  await eventually(
    () => svc.rpc("DeliveryService", "ListDeliveries", { namespace: "default", status: "SUCCESS" }),
    (r) => r.pagination.total_count === 5,
  );
});

test("the pooler really is in the way: a named statement reused across transactions fails through it", async (t) => {
  // The control for the tests above: the failure they guard against happens here, with plain node-postgres.
  const bouncer = await startPgBouncer(t, adminUrl(), { poolSize: 2 });
  const pool = new pg.Pool({ connectionString: bouncer.url(adminUrl()), max: 6 });
  t.after(() => pool.end());
  const named = () => pool.query({ name: "probe", text: "select $1::int as n", values: [1] });
  const results = await Promise.allSettled(Array.from({ length: 60 }, named));
  const failures = results
    .filter((r) => r.status === "rejected")
    .map((r) => String((r as PromiseRejectedResult).reason));
  assert.ok(failures.length > 0, "some named statements must fail through a transaction-mode pooler");
  assert.match(failures[0]!, /prepared statement "probe" (already exists|does not exist)/);
});

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}
