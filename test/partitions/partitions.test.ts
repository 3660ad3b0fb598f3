import assert from "node:assert/strict";
import { test } from "node:test";
import { dropOldPartitions } from "../../lib/events/retention.ts";
import { ensurePartitionsAhead, HISTORY_TABLES, listPartitions } from "../../lib/history/partitions.ts";
import { partitionHistoryFrom, partitionOf } from "../helpers/history.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";

const DAY_MS = 86_400_000;

test("partitions are made three intervals ahead; after a clock jump the rows the default partition took move to theirs", async (t) => {
  const svc = await startTestService(t);
  const db = svc.app.db;
  const { now } = (await db.query("select now()")).rows[0];
  // As migration 12 leaves a database: one partition, up to tomorrow (the test runner's template has more).
  for (const table of HISTORY_TABLES)
    for (const p of await listPartitions(db, table)) if (p.lower) await db.query(`drop table ${p.name}`);
  const first = await ensurePartitionsAhead(db, { intervalDays: 1 });
  assert.equal(first.created.length, 9, `created ${first.created}`);
  for (const table of HISTORY_TABLES) {
    const last = (await listPartitions(db, table)).at(-1)!;
    assert.ok(last.upper.getTime() >= now.getTime() + 3 * DAY_MS, `${table} reaches three days ahead`);
  }
  assert.deepEqual((await ensurePartitionsAhead(db, { intervalDays: 1 })).created, [], "nothing more to do");

  // The clock jumps ten days ahead: rows written then find no partition and land in the default ones.
  const jumped = new Date(now.getTime() + 10 * DAY_MS);
  const ids = (
    await db.query(
      `with e as (insert into events (id, namespace, event_name, payload, created_at) values (gen_random_uuid(), 'default', 'jump', '{}', $1) returning id),
            d as (insert into deliveries (id, namespace, event_id, webhook_id, status, created_at)
                  select gen_random_uuid(), 'default', e.id, gen_random_uuid(), 'success', $1 from e returning id, webhook_id)
       insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, error_category, created_at)
       select gen_random_uuid(), d.id, d.webhook_id, 1, true, 'success', $1 from d
       returning (select id from e) as event_id, delivery_id`,
      [jumped],
    )
  ).rows[0];
  assert.equal(await partitionOf(db, "events", ids.event_id), "events_default");
  assert.equal(await partitionOf(db, "deliveries", ids.delivery_id), "deliveries_default");
  const caughtUp = await ensurePartitionsAhead(db, { intervalDays: 1, now: jumped });
  assert.equal(caughtUp.moved, 3, "the event, its delivery and its attempt");
  assert.notEqual(await partitionOf(db, "events", ids.event_id), "events_default");
  assert.notEqual(await partitionOf(db, "deliveries", ids.delivery_id), "deliveries_default");
  // One partition spans the gap, so the count stays bounded and the ranges contiguous.
  for (const table of HISTORY_TABLES) {
    const parts = await listPartitions(db, table);
    for (let i = 1; i < parts.length; i++) assert.equal(parts[i]!.lower!.getTime(), parts[i - 1]!.upper.getTime());
    assert.ok(parts.at(-1)!.upper.getTime() >= jumped.getTime() + 3 * DAY_MS);
    assert.ok(parts.length <= 9, `${table}: ${parts.length} partitions`);
  }
  const left = await db.query(
    "select (select count(*) from events_default) + (select count(*) from deliveries_default) as n",
  );
  assert.equal(Number(left.rows[0].n), 0);
});

test("a push succeeds when no partition covers the present (the default partition takes it)", async (t) => {
  const svc = await startTestService(t);
  const db = svc.app.db;
  for (const table of HISTORY_TABLES)
    for (const p of await listPartitions(db, table)) await db.query(`alter table ${table} detach partition ${p.name}`);
  await svc.rpc("EventService", "RegisterEvent", { name: "nowhere.pushed" });
  const res = await svc.rest("POST", "/v1/consumers/default/events?event=nowhere.pushed", { payload: { n: 1 } });
  assert.equal(res.status, 202, JSON.stringify(res.body));
  assert.equal(await partitionOf(db, "events", res.body.event_id), "events_default");
});

test("an idempotency key holds across partitions for as long as its event is kept", async (t) => {
  const svc = await startTestService(t);
  const db = svc.app.db;
  await partitionHistoryFrom(db, 40);
  await svc.rpc("EventService", "RegisterEvent", { name: "keyed.event" });
  const push = () =>
    svc.rest("POST", "/v1/consumers/default/events?event=keyed.event", { payload: {}, idempotency_key: "k-1" });
  const first = await push();
  // The event (and its key) now belong to a partition 35 days back; the next push is in today's.
  await db.query("update events set created_at = now() - interval '35 days' where id = $1", [first.body.event_id]);
  await db.query("update event_keys set created_at = now() - interval '35 days' where event_id = $1", [
    first.body.event_id,
  ]);
  const old = await partitionOf(db, "events", first.body.event_id);
  assert.match(old!, /^events_p\d{8}$/);
  const again = await push();
  assert.deepEqual([again.body.event_id, again.body.duplicate], [first.body.event_id, true]);

  // Fanned out (nothing subscribes; this instance runs no workers): nothing waits for the event any more.
  await db.query("delete from fanout_queue");
  const retention = await dropOldPartitions(db, 30, { intervalDays: 1 });
  assert.ok(retention.dropped.includes(old!), `dropped ${retention.dropped}`);
  const after = await push();
  assert.equal(after.body.duplicate, false, "the key is free once its event is gone");
  assert.notEqual(after.body.event_id, first.body.event_id);
  assert.equal(await partitionOf(db, "events", first.body.event_id), undefined);
});

test("GET by id, attempts and retry work on a delivery in an old partition", async (t) => {
  // No scheduled jobs: the partitions job would race the reshaping below (both create today's partition).
  const svc = await startTestService(t, { workers: { schedulerTickMs: 3_600_000 } });
  const db = svc.app.db;
  await partitionHistoryFrom(db, 20);
  const hook = (await startReceiver(t)).path("/old-partition");
  await svc.rpc("EventService", "RegisterEvent", { name: "old.partition" });
  await svc.rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: ["old.partition"],
  });
  const { event_id } = await svc.rpc("EventService", "PushEvent", {
    namespace: "default",
    event: "old.partition",
    payload: { n: 1 },
  });
  await hook.waitForRequests(1);
  const deliveryId = (await db.query("select id from deliveries where event_id = $1", [event_id])).rows[0].id;
  for (let i = 0; i < 50; i++) {
    const { rows } = await db.query("select status from deliveries where id = $1", [deliveryId]);
    if (rows[0].status === "success") break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // Fifteen days back: the event, the delivery and its attempts each move to that day's partition (the successful
  // attempt is kept in the delivery's row, migration 17).
  await db.query("update events set created_at = created_at - interval '15 days' where id = $1", [event_id]);
  await db.query("update deliveries set created_at = created_at - interval '15 days' where id = $1", [deliveryId]);
  await db.query("update delivery_attempts set created_at = created_at - interval '15 days' where delivery_id = $1", [
    deliveryId,
  ]);
  const partition = await partitionOf(db, "deliveries", deliveryId);
  const { now } = (await db.query("select now()")).rows[0];
  const day = new Date(now.getTime() - 15 * DAY_MS).toISOString().slice(0, 10).replace(/-/g, "");
  assert.equal(partition, `deliveries_p${day}`);

  const got = await svc.rest("GET", `/v1/consumers/default/deliveries/${deliveryId}`);
  assert.deepEqual([got.status, got.body.status, got.body.event_id], [200, "success", event_id]);
  const attempts = await svc.rest("GET", `/v1/consumers/default/deliveries/${deliveryId}/attempts`);
  assert.equal(attempts.body.attempts.length, 1);
  const retried = await svc.rpc("DeliveryService", "RetryDelivery", { namespace: "default", deliveryId, force: true });
  assert.ok(retried);
  await hook.waitForRequests(2);
  assert.equal(await partitionOf(db, "deliveries", deliveryId), partition, "the retry stays in its partition");
});
