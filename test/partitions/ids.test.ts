import assert from "node:assert/strict";
import { test } from "node:test";
import type { Db } from "../../lib/db/pool.ts";
import { deliveryAttempts } from "../../lib/deliveries/sql/reads/delivery-attempts.ts";
import { getDelivery } from "../../lib/deliveries/sql/reads/get-delivery.ts";
import { requeue } from "../../lib/deliveries/sql/requeue.ts";
import { ID_TIME_MARGIN_MS, idSql, idTime, idTimeRange, newId } from "../../lib/ids.ts";
import { partitionHistoryFrom } from "../helpers/history.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";

test("newId makes a UUIDv7 carrying the time given; random ids of earlier versions carry none", () => {
  const at = new Date("2026-11-27T05:30:00.123Z");
  const id = newId(at);
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(idTime(id), at.getTime());
  assert.ok(Math.abs(idTime(newId())! - Date.now()) < 1000);
  assert.deepEqual(idTimeRange(id), {
    from: new Date(at.getTime() - ID_TIME_MARGIN_MS).toISOString(),
    until: new Date(at.getTime() + ID_TIME_MARGIN_MS).toISOString(),
  });
  assert.equal(idTime(crypto.randomUUID()), null);
  assert.deepEqual(idTimeRange(crypto.randomUUID()), { from: "-infinity", until: "infinity" });
  assert.equal(idTime("not-a-uuid"), null);
});

test("ids made by PostgreSQL are UUIDv7 of the statement's now(), to the millisecond", async (t) => {
  const svc = await startTestService(t);
  const { rows } = await svc.app.db.query(
    `select ${idSql()}::text as id, floor(extract(epoch from now()) * 1000)::float8 as ms, ${idSql("timestamptz '1999-12-31 23:59:59.999+00'")}::text as old
       from generate_series(1, 100)`,
  );
  assert.equal(new Set(rows.map((r) => r.id)).size, 100);
  for (const r of rows) {
    assert.match(r.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(idTime(r.id), r.ms);
    assert.equal(idTime(r.old), Date.parse("1999-12-31T23:59:59.999Z"));
  }
});

test("events, deliveries and attempts get UUIDv7 ids whose time is their created_at", async (t) => {
  const svc = await startTestService(t, { workers: true });
  const db = svc.app.db;
  const hook = (await startReceiver(t)).path("/v7");
  await svc.rpc("EventService", "RegisterEvent", { name: "v7.ids" });
  await svc.rpc("WebhookService", "RegisterWebhook", { namespace: "default", url: hook.url, events: ["v7.ids"] });
  for (let n = 0; n < 3; n++)
    await svc.rpc("EventService", "PushEvent", { namespace: "default", event: "v7.ids", payload: { n } });
  await hook.waitForRequests(3);
  // created_at to the millisecond as PostgreSQL truncates it (a Date may round the microseconds either way).
  const ms = "floor(extract(epoch from created_at) * 1000)::float8 as ms";
  // Every attempt succeeds, so each is kept in its delivery's row (migration 17), its time read from its id.
  let deliveries: { id: string; ms: number; attempt: string | null; completed: number }[] = [];
  for (let i = 0; i < 100 && deliveries.filter((d) => d.attempt).length < 3; i++) {
    deliveries = (
      await db.query(`select id, ${ms}, success_attempt_id as attempt,
                             floor(extract(epoch from completed_at) * 1000)::float8 as completed from deliveries`)
    ).rows;
    if (deliveries.filter((d) => d.attempt).length < 3) await new Promise((r) => setTimeout(r, 50));
  }
  const events = (await db.query(`select id, ${ms} from events where namespace = 'default'`)).rows;
  const attempts = deliveries.filter((d) => d.attempt);
  assert.deepEqual([events.length, deliveries.length, attempts.length], [3, 3, 3]);
  // Deliveries: made in the fan-out's statement from its now(), which is their created_at.
  for (const d of deliveries) assert.equal(idTime(d.id), d.ms, `delivery ${d.id}`);
  // Attempts: made by the worker at the attempt's time, after the delivery was made and before its outcome was
  // written; the API gives that time.
  for (const d of attempts) {
    const at = idTime(d.attempt!)!;
    assert.ok(at >= d.ms && at <= d.completed, `attempt ${d.attempt} at ${at}, delivery ${d.ms}…${d.completed}`);
    const [listed] = (await svc.rpc("DeliveryService", "GetDeliveryAttempts", { deliveryId: d.id })).attempts;
    assert.deepEqual([listed.attempt_id, Date.parse(listed.timestamp)], [d.attempt, at]);
  }
  // Events: made by the server before the batched insert; the database's now() comes a little later.
  for (const e of events) {
    const gap = e.ms - idTime(e.id)!;
    assert.ok(gap > -1000 && gap < 5000, `event ${e.id}: created_at ${gap} ms after its id's time`);
  }
});

test("a lookup by id visits the one partition its UUIDv7 names, finds rows whose created_at is off by seconds, and still finds any row", async (t) => {
  const svc = await startTestService(t);
  const db = svc.app.db;
  await partitionHistoryFrom(db, 10);
  // A delivery delivered with the standard envelope five days back, its event and two attempts; the attempt's
  // clock is 20 s behind the database's, the event's id 30 s ahead of its row. At noon (UTC), so that the hour an
  // id allows either side of its time stays within the day's partition whatever the time the test runs.
  const { rows } = await db.query(
    `with t as (select date_trunc('day', now() - interval '5 days', 'UTC') + interval '12 hours' as at),
     e as (insert into events (id, namespace, event_name, payload, created_at, fanned_out_at)
           select ${idSql("t.at + interval '30 seconds'")}, 'default', 'ids.bounded', '{"n":1}', t.at, now() from t returning id, created_at),
     d as (insert into deliveries (id, namespace, event_id, webhook_id, status, created_at, attempt_count, envelope_attempt, envelope_at)
           select ${idSql("e.created_at")}, 'default', e.id, gen_random_uuid(), 'success', e.created_at, 2, 2, e.created_at from e
           returning id, webhook_id, created_at),
     a as (insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, error_category, created_at)
           select ${idSql("d.created_at + make_interval(secs => n * 10 - 30)")}, d.id, d.webhook_id, n, n = 2, 'success',
                  d.created_at + make_interval(secs => n * 10 - 30)
             from d, generate_series(1, 2) n)
     select d.id as delivery_id, e.id as event_id from d, e`,
  );
  const { delivery_id, event_id } = rows[0];
  const got = await svc.rest("GET", `/v1/consumers/default/deliveries/${delivery_id}`);
  assert.equal(got.status, 200, JSON.stringify(got.body));
  assert.equal(JSON.parse(got.body.request_body).event_id, event_id, "the envelope is rebuilt from its event");
  const attempts = await svc.rest("GET", `/v1/consumers/default/deliveries/${delivery_id}/attempts`);
  assert.deepEqual(
    attempts.body.attempts.map((a: { attempt: number }) => a.attempt),
    [1, 2],
  );
  const event = await svc.rest("GET", `/v1/consumers/default/events/${event_id}`);
  assert.equal(event.status, 200, JSON.stringify(event.body));
  assert.equal(event.body.webhook_count, 1);

  // The plans: one partition of deliveries, one of events, and attempts from the delivery's partition on.
  const range = idTimeRange(delivery_id);
  const partitions = async (sql: string, values: unknown[]) => {
    const plan = (await db.query(`explain (analyze, costs off, format json) ${sql}`, values)).rows[0]["QUERY PLAN"];
    const scanned = new Set<string>();
    const walk = (n: any) => {
      if (n["Relation Name"] && n["Actual Loops"] > 0) scanned.add(n["Relation Name"]);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(plan[0].Plan);
    return [...scanned].sort();
  };
  const day = (await db.query("select to_char(now() at time zone 'UTC' - interval '5 days', 'YYYYMMDD') as d")).rows[0]
    .d;
  assert.deepEqual(
    await partitions(getDelivery.text, getDelivery.values({ id: delivery_id, consumer: "default", ...range })),
    [`deliveries_p${day}`, `events_p${day}`],
  );
  // (the default partition too, as with any range open at its end: it is empty; the delivery's own partition for
  // the attempt its row may hold, migration 17)
  assert.deepEqual(
    await partitions(deliveryAttempts.text, deliveryAttempts.values({ deliveryId: delivery_id, ...range })),
    [
      `deliveries_p${day}`,
      `delivery_attempts_p${day}`,
      ...(await laterPartitions(db, "delivery_attempts", day)),
      "delivery_attempts_default",
    ].sort(),
  );

  // A row whose created_at lies far from its id's time (moved by hand, or a clock hours off) is still found.
  await db.query("update deliveries set created_at = created_at - interval '3 days' where id = $1", [delivery_id]);
  await db.query("update delivery_attempts set created_at = created_at - interval '3 days' where delivery_id = $1", [
    delivery_id,
  ]);
  const moved = await svc.rest("GET", `/v1/consumers/default/deliveries/${delivery_id}`);
  assert.equal(moved.status, 200);
  const movedAttempts = await svc.rest("GET", `/v1/consumers/default/deliveries/${delivery_id}/attempts`);
  assert.equal(movedAttempts.body.attempts.length, 2);
  // Random ids of earlier versions probe every partition, as before.
  const old = (
    await db.query(
      `insert into deliveries (id, namespace, event_id, webhook_id, status, created_at)
       values (gen_random_uuid(), 'default', gen_random_uuid(), gen_random_uuid(), 'failed', now() - interval '7 days') returning id`,
    )
  ).rows[0].id;
  assert.equal((await svc.rest("GET", `/v1/consumers/default/deliveries/${old}`)).status, 200);
  assert.equal((await svc.rest("GET", `/v1/consumers/default/deliveries/${newId()}`)).status, 404);
});

/** The partitions of `table` after the day `day` (YYYYMMDD), up to the last one made ahead. */
async function laterPartitions(db: Db, table: string, day: string): Promise<string[]> {
  const { rows } = await db.query(
    `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = $1::regclass and c.relname > $2 and c.relname not like '%default' order by 1`,
    [table, `${table}_p${day}`],
  );
  return rows.map((r) => r.relname);
}

test("a delivery list's total: the consumer's counters say 'more than 10,000' without counting rows; a filter counts", async (t) => {
  const svc = await startTestService(t);
  const db = svc.app.db;
  await db.query(
    `insert into deliveries (id, namespace, event_id, webhook_id, status)
     select ${idSql()}, 'default', gen_random_uuid(), gen_random_uuid(), case when g = 1 then 'failed' else 'success' end
       from generate_series(1, 3) g`,
  );
  const total = async (query = "") =>
    (await svc.rest("GET", `/v1/consumers/default/deliveries?limit=2${query}`)).body.pagination.total_count;
  // Rows written around the counters (as here) are counted.
  assert.equal(await total(), 3);
  await db.query(
    `insert into namespace_counters (namespace, shard, total, successful) values ('default', 0, 20000, 20000)
     on conflict (namespace, shard) do update set total = excluded.total`,
  );
  assert.equal(await total(), 10_001, "more than 10,000, as the counters say");
  assert.equal(await total("&status=failed"), 1, "a filter counts the rows");
});

test("RetryDelivery of one delivery visits its own partition, found by its id's time or in every partition for an id without one", async (t) => {
  const svc = await startTestService(t);
  const db = svc.app.db;
  await partitionHistoryFrom(db, 10);
  // Five days back at noon (UTC): the hour either side of the id's time stays within that day's partition.
  const noon = "date_trunc('day', now() - interval '5 days', 'UTC') + interval '12 hours'";
  const { rows } = await db.query(
    `insert into deliveries (id, namespace, event_id, webhook_id, status, created_at)
     select case when v7 then ${idSql(noon)} else gen_random_uuid() end, 'default', gen_random_uuid(),
            gen_random_uuid(), 'failed', ${noon}
       from (values (true), (false)) v(v7) returning id, created_at`,
  );
  const day = (await db.query("select to_char(now() at time zone 'UTC' - interval '5 days', 'YYYYMMDD') as d")).rows[0]
    .d;
  // The statement's plan for one delivery's range: its partition is the only one read or updated (every one without).
  const scanned = async (from: string, until: string) => {
    const values = requeue.values({
      consumer: "default",
      deliveryIds: [rows[0].id],
      webhookId: null,
      statuses: ["failed"],
      shard: 0,
      from,
      until,
    });
    const plan = (await db.query(`explain (costs off, format json) ${requeue.text}`, values)).rows[0]["QUERY PLAN"];
    const names = new Set<string>();
    const walk = (n: any) => {
      if (n["Relation Name"]?.startsWith("deliveries_")) names.add(n["Relation Name"]);
      for (const c of n.Plans ?? []) walk(c);
    };
    walk(plan[0].Plan);
    return [...names];
  };
  const at = rows[0].created_at as Date;
  assert.deepEqual(await scanned(new Date(at.getTime() - 1).toISOString(), new Date(at.getTime() + 1).toISOString()), [
    `deliveries_p${day}`,
  ]);
  assert.ok((await scanned("-infinity", "infinity")).length > 10, "unbounded: every partition");
  // Both ids, by the API: retried (pending again) in their old partition.
  for (const { id } of rows) {
    const retried = await svc.rpc("DeliveryService", "RetryDelivery", { namespace: "default", deliveryId: id });
    assert.deepEqual(retried.delivery_ids, [id]);
    assert.equal((await db.query("select status from deliveries where id = $1", [id])).rows[0].status, "pending");
    assert.equal(
      (await db.query("select tableoid::regclass::text as p from deliveries where id = $1", [id])).rows[0].p,
      `deliveries_p${day}`,
    );
  }
});
