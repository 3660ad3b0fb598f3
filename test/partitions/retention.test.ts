import assert from "node:assert/strict";
import { test } from "node:test";
import { requeueDeliveries, requeueIn } from "../../lib/deliveries/requeue.ts";
import { countAhead, dropOldPartitions } from "../../lib/events/retention.ts";
import { listPartitions, partitionName } from "../../lib/history/partitions.ts";
import { purgeDeletedWebhooks } from "../../lib/webhooks/tombstones.ts";
import { partitionHistoryFrom } from "../helpers/history.ts";
import { startTestService } from "../helpers/service.ts";

/** Events `daysAgo` back, `perEvent` deliveries each with one attempt, in one consumer; returns the event ids. */
async function history(db: any, ns: string, daysAgo: number, events: number, status = "success"): Promise<string[]> {
  const { rows } = await db.query(
    `with e as (
       insert into events (id, namespace, event_name, payload, created_at, fanned_out_at)
       select gen_random_uuid(), $1, 'ret', '{}', now() - make_interval(days => $2), now() from generate_series(1, $3) returning id, created_at
     ), d as (
       insert into deliveries (id, namespace, event_id, webhook_id, status, created_at)
       select gen_random_uuid(), $1, e.id, gen_random_uuid(), $4, e.created_at from e, generate_series(1, 2) returning id, webhook_id, created_at
     ), a as (
       insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, error_category, created_at)
       select gen_random_uuid(), d.id, d.webhook_id, 1, true, 'success', d.created_at from d
     ), c as (
       insert into namespace_counters (namespace, shard, total, successful) values ($1, 0, 2 * $3, case when $4 = 'success' then 2 * $3 else 0 end)
       on conflict (namespace, shard) do update set total = namespace_counters.total + excluded.total,
         successful = namespace_counters.successful + excluded.successful
     ) select id from e`,
    [ns, daysAgo, events, status],
  );
  return rows.map((r: { id: string }) => r.id);
}

const count = async (db: any, ns: string) =>
  (
    await db.query(
      `select (select count(*)::int from events where namespace = $1) as events, (select count(*)::int from deliveries where namespace = $1) as deliveries,
              (select count(*)::int from delivery_attempts a join deliveries d on d.id = a.delivery_id where d.namespace = $1) as attempts`,
      [ns],
    )
  ).rows[0];

test("retention drops whole partitions past the window, keeps the one straddling it, and never drops undelivered work", async (t) => {
  const svc = await startTestService(t);
  const db = svc.app.db;
  await partitionHistoryFrom(db, 40);
  const ns = "default";
  await history(db, ns, 36, 300);
  const waiting = await history(db, ns, 34, 100, "retrying");
  await history(db, ns, 30, 50); // the partition straddling the cut-off (30 days back, on the same day)
  await history(db, ns, 2, 70);
  const partitionsBefore = (await listPartitions(db, "deliveries")).length;

  const result = await dropOldPartitions(db, 30, { intervalDays: 1 });
  assert.deepEqual(result.busy, []);
  assert.equal(result.deliveries, 600, "the deliveries 36 days back, and none of the retrying ones");
  assert.equal(result.events, 300);
  assert.ok(result.dropped.every((name) => /_p\d{8}$/.test(name)));
  const reasons = result.waiting.map((w) => w.reason).sort();
  // The retrying deliveries keep their attempts: their day's partition and the later ones past the window (34–31).
  assert.deepEqual(reasons, [
    ...Array(4).fill("attempts of kept deliveries"),
    "events with undelivered deliveries",
    "undelivered deliveries",
  ]);
  // Every partition wholly past the window but the waiting ones is gone; nothing newer is touched.
  assert.equal((await listPartitions(db, "deliveries")).length, partitionsBefore - 9);
  assert.deepEqual(await count(db, ns), {
    events: 100 + 50 + 70,
    deliveries: 2 * (100 + 50 + 70),
    attempts: 2 * 220,
  });
  const orphans = await db.query(
    "select count(*)::int as n from deliveries d where not exists (select 1 from events e where e.id = d.event_id)",
  );
  assert.equal(orphans.rows[0].n, 0, "no delivery outlives its event");
  const counters = await db.query(
    "select sum(total)::int as t, sum(successful)::int as s from namespace_counters where namespace = $1",
    [ns],
  );
  assert.deepEqual(counters.rows[0], { t: 2 * 220, s: 2 * 120 }, "stats no longer count dropped deliveries");

  // Once delivered, the waiting partitions go too.
  await db.query("update deliveries set status = 'success' where event_id = any($1::uuid[])", [waiting]);
  const later = await dropOldPartitions(db, 30, { intervalDays: 1 });
  assert.deepEqual(later.waiting, []);
  assert.equal(later.deliveries, 200);
  assert.equal(later.events, 100);
  assert.deepEqual(await count(db, ns), { events: 120, deliveries: 240, attempts: 240 });
  assert.deepEqual((await dropOldPartitions(db, 0, { intervalDays: 1 })).dropped, [], "0 keeps everything");
});

test("retention never drops an event waiting for fan-out, even while a fan-out is taking it", async (t) => {
  const svc = await startTestService(t);
  const db = svc.app.db;
  await partitionHistoryFrom(db, 40);
  const [id] = await history(db, "default", 36, 1);
  await db.query("delete from deliveries where event_id = $1", [id]);
  await db.query("insert into fanout_queue (event_id) values ($1)", [id]);
  const kept = await dropOldPartitions(db, 30, { intervalDays: 1 });
  assert.deepEqual(
    kept.waiting.map((w) => w.reason),
    ["events waiting for fan-out"],
  );
  // A fan-out half done: it took the queue row and made a delivery, and has not committed yet.
  const fanout = await svc.app.queueDb.connect();
  try {
    await fanout.query("begin");
    await fanout.query("delete from fanout_queue where event_id = $1", [id]);
    await fanout.query(
      "insert into deliveries (id, namespace, event_id, webhook_id, status) values (gen_random_uuid(), 'default', $1, gen_random_uuid(), 'pending')",
      [id],
    );
    const during = await dropOldPartitions(db, 30, { intervalDays: 1, attempts: 2 });
    assert.equal(during.events, 0, "kept while its fan-out is in flight");
    await fanout.query("commit");
  } finally {
    fanout.release();
  }
  const after = await dropOldPartitions(db, 30, { intervalDays: 1 });
  assert.equal(after.events, 0, "kept while its new delivery is undelivered");
  assert.deepEqual(
    after.waiting.map((w) => w.reason),
    ["events with undelivered deliveries"],
  );
  await db.query("update deliveries set status = 'success' where event_id = $1", [id]);
  assert.equal((await dropOldPartitions(db, 30, { intervalDays: 1 })).events, 1);
});

test("a partition left detached by an interrupted run is dropped by the next one", async (t) => {
  const svc = await startTestService(t);
  const db = svc.app.db;
  await partitionHistoryFrom(db, 40);
  await history(db, "default", 36, 10);
  const [p] = (await listPartitions(db, "deliveries"))
    .filter((x) => x.upper.getTime() < Date.now() - 35 * 86_400_000)
    .slice(-1);
  await db.query(`alter table deliveries detach partition ${p!.name}`);
  const result = await dropOldPartitions(db, 30, { intervalDays: 1 });
  assert.ok(result.dropped.includes(p!.name));
  assert.equal((await db.query("select to_regclass($1) as r", [p!.name])).rows[0].r, null);
});

/** The consumer's counters beside what its stored deliveries say, by status. */
async function countersAndRows(db: any, ns: string) {
  const { rows } = await db.query(
    `select (select jsonb_build_object('total', coalesce(sum(total), 0), 'successful', coalesce(sum(successful), 0),
                                       'failed', coalesce(sum(failed), 0))
               from namespace_counters where namespace = $1) as counters,
            (select jsonb_build_object('total', count(*), 'successful', count(*) filter (where status = 'success'),
                                       'failed', count(*) filter (where status = 'failed'))
               from deliveries where namespace = $1) as rows`,
    [ns],
  );
  return rows[0];
}

const dayAgo = (now: Date, days: number) => new Date(Math.floor(now.getTime() / 86_400_000 - days) * 86_400_000);

test("counted ahead, the drop reads no rows and the counters stay exact; a retry or a purge after the count: counted at the drop", async (t) => {
  const svc = await startTestService(t);
  const db = svc.app.db;
  await partitionHistoryFrom(db, 40);
  const { now } = (await db.query("select now()")).rows[0];
  const name = (table: "events" | "deliveries", days: number) => partitionName(table, dayAgo(now, days));
  for (const ns of ["default", "other"]) {
    await history(db, ns, 36, 30);
    await history(db, ns, 35, 20, "failed");
    await history(db, ns, 34, 10);
    await history(db, ns, 2, 5);
  }
  // The deliveries of 34 days back are still retrying: that partition is not counted (nor dropped) yet.
  await db.query(
    "update deliveries set status = 'retrying' where created_at < now() - interval '34 days' + interval '1 hour' and created_at > now() - interval '35 days'",
  );
  // The counters as the writers would have kept them.
  await db.query(
    `delete from namespace_counters;
     insert into namespace_counters (namespace, shard, total, successful, failed, pending)
     select namespace, 0, count(*), count(*) filter (where status = 'success'), count(*) filter (where status = 'failed'),
            count(*) filter (where status = 'retrying')
       from deliveries group by namespace`,
  );

  const ahead = await countAhead(db, 30, { intervalDays: 1 });
  assert.ok(ahead.counted.includes(name("deliveries", 36)) && ahead.counted.includes(name("deliveries", 35)));
  assert.ok(ahead.counted.includes(name("events", 36)) && ahead.counted.includes(name("events", 35)));
  assert.ok(!ahead.counted.includes(name("deliveries", 2)), "nothing inside the window");
  assert.deepEqual(
    ahead.skipped.filter((s) => s.partition === name("deliveries", 34)),
    [{ partition: name("deliveries", 34), reason: "undelivered deliveries" }],
  );
  assert.deepEqual((await countAhead(db, 30, { intervalDays: 1 })).counted, [], "a count that holds is not made again");

  // After the count: a retried delivery of 36 days back is delivered again (failed this time), and a deleted
  // webhook's deliveries of 35 days back are purged.
  const [retried] = (
    await db.query(
      "select id from deliveries where namespace = 'default' and created_at < now() - interval '36 days' limit 1",
    )
  ).rows;
  await requeueDeliveries(db, "default", { deliveryIds: [retried.id], force: true });
  await db.query("update deliveries set status = 'failed' where id = $1", [retried.id]);
  await db.query(`insert into namespace_counters (namespace, shard, pending, failed) values ('default', 100, -1, 1)`);
  const [gone] = (
    await db.query(
      `select webhook_id from deliveries
        where namespace = 'other' and created_at < now() - interval '35 days' and created_at > now() - interval '36 days' limit 1`,
    )
  ).rows;
  await db.query("insert into webhook_tombstones (webhook_id, namespace) values ($1, 'other')", [gone.webhook_id]);
  assert.equal((await purgeDeletedWebhooks(db)).deliveries, 1);
  for (const ns of ["default", "other"]) {
    const { counters, rows } = await countersAndRows(db, ns);
    assert.deepEqual(counters, rows, `${ns}: counters right before the drop`);
  }

  const dropped = await dropOldPartitions(db, 30, { intervalDays: 1 });
  assert.ok(dropped.dropped.includes(name("deliveries", 36)) && dropped.dropped.includes(name("deliveries", 35)));
  assert.deepEqual(
    dropped.counted_at_drop.sort(),
    [name("deliveries", 35), name("deliveries", 36)].sort(),
    "both changed after their count: counted at the drop",
  );
  assert.equal(dropped.deliveries, 2 * 2 * 50 - 1);
  assert.equal(dropped.events, 2 * (30 + 20), "the events of 36 and 35 days back (counted ahead)");
  for (const ns of ["default", "other"]) {
    const { counters, rows } = await countersAndRows(db, ns);
    assert.deepEqual(counters, rows, `${ns}: counters after the drop`);
  }

  // Once the retrying deliveries are done, the next hour's run counts them ahead and the drop after uses the count.
  await db.query("update deliveries set status = 'success' where status = 'retrying'");
  await db.query(
    `insert into namespace_counters (namespace, shard, successful, pending)
     select namespace, 101, sum(pending), -sum(pending) from namespace_counters group by namespace`,
  );
  const next = await countAhead(db, 30, { intervalDays: 1 });
  assert.ok(next.counted.includes(name("deliveries", 34)), JSON.stringify(next));
  const later = await dropOldPartitions(db, 30, { intervalDays: 1 });
  assert.ok(later.dropped.includes(name("deliveries", 34)));
  assert.deepEqual(
    later.counted_at_drop.filter((p) => p.startsWith("deliveries")),
    [],
    "counted ahead, nothing changed since: no rows read at the drop",
  );
  assert.equal(later.deliveries, 2 * 2 * 10);
  for (const ns of ["default", "other"]) {
    const { counters, rows } = await countersAndRows(db, ns);
    assert.deepEqual(counters, rows, `${ns}: counters after the second drop`);
  }
  assert.equal(
    (await db.query("select count(*)::int as n from partition_counts where partition = any($1)", [dropped.dropped]))
      .rows[0].n,
    0,
    "a dropped partition's figures go with it",
  );
});

test("a retry committed while a partition is being counted fails the count; the next run does not count undelivered work", async (t) => {
  const svc = await startTestService(t);
  const db = svc.app.db;
  await partitionHistoryFrom(db, 40);
  const { now } = (await db.query("select now()")).rows[0];
  await history(db, "default", 36, 50);
  const deliveries = partitionName("deliveries", dayAgo(now, 36));
  const [retried] = (await db.query(`select id from ${deliveries} limit 1`)).rows;
  // The retry's transaction marked the partition and has not committed when the count reads it.
  const tx = await db.connect();
  try {
    await tx.query("begin");
    await requeueIn(tx, "default", { deliveryIds: [retried.id], force: true });
    const counting = countAhead(db, 30, { intervalDays: 1 });
    // Once the count has read the partition and waits to store its figures behind the retry's mark, the retry commits.
    for (let i = 0; i < 200; i++) {
      const { rows } = await db.query(
        `select exists (select 1 from pg_stat_activity
                         where wait_event_type = 'Lock' and query like '%insert into partition_counts%counted_generation%') as waiting`,
      );
      if (rows[0].waiting) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await tx.query("commit");
    const result = await counting;
    assert.deepEqual(
      result.skipped.filter((s) => s.partition === deliveries),
      [{ partition: deliveries, reason: "changed while being counted" }],
    );
  } finally {
    tx.release();
  }
  const again = await countAhead(db, 30, { intervalDays: 1 });
  assert.deepEqual(
    again.skipped.filter((s) => s.partition === deliveries),
    [{ partition: deliveries, reason: "undelivered deliveries" }],
  );
});
