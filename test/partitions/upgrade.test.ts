import assert from "node:assert/strict";
import { test } from "node:test";
import { migrate, type MigrationProgress } from "../../lib/db/migrate.ts";
import { embeddedMigrations } from "../../lib/embedded.ts";
import { dropOldPartitions } from "../../lib/events/retention.ts";
import { HISTORY_TABLES, listPartitions } from "../../lib/history/partitions.ts";
import { createEmptyDatabase, withDatabase } from "../helpers/cluster.ts";
import { startTestService } from "../helpers/service.ts";

const PREVIOUS = embeddedMigrations().findIndex((m) => m.file.startsWith("00012_")); // migrations before 12

test("migration 12 turns a filled database of the previous schema into partitioned tables, keeping every row, key and lookup", async (t) => {
  const url = await createEmptyDatabase(t);
  await migrate(url, { migrations: embeddedMigrations().slice(0, PREVIOUS) });
  const filled = await withDatabase(url, async (c) => {
    await c.query(`insert into events (id, namespace, event_name, payload, idempotency_key, created_at, fanned_out_at)
                   select gen_random_uuid(), 'default', 'old.kind', '{"n":1}', case when g % 10 = 0 then 'key-' || g end,
                          now() - make_interval(days => g % 45), now()
                     from generate_series(1, 2000) g`);
    await c.query(`insert into deliveries (id, namespace, event_id, webhook_id, status, created_at, response_code)
                   select gen_random_uuid(), e.namespace, e.id, gen_random_uuid(), case when k = 1 then 'success' else 'failed' end, e.created_at, 200
                     from events e, generate_series(1, 2) k`);
    // One old delivery still being retried.
    await c.query(
      `update deliveries set status = 'retrying' where id = (select id from deliveries order by created_at limit 1)`,
    );
    await c.query(`insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, error_category, created_at)
                   select gen_random_uuid(), d.id, d.webhook_id, 1, d.status = 'success', 'success', d.created_at from deliveries d`);
    return (
      await c.query(`select (select count(*)::int from events) as events, (select count(*)::int from deliveries) as deliveries,
                            (select count(*)::int from delivery_attempts) as attempts,
                            (select id from events where idempotency_key = 'key-10') as keyed,
                            (select id from deliveries order by created_at desc limit 1) as recent_delivery`)
    ).rows[0];
  });

  const progress: MigrationProgress[] = [];
  const { applied } = await migrate(url, { onProgress: (p) => progress.push(p), stillRunningEveryMs: 10 });
  assert.deepEqual(
    applied,
    embeddedMigrations()
      .slice(PREVIOUS)
      .map((m) => m.file),
  );
  assert.deepEqual(
    progress.filter((p) => p.phase !== "running" && p.migration === applied[0]).map((p) => p.phase),
    ["start", "done"],
  );

  const svc = await startTestService(t, { databaseUrl: url });
  const db = svc.app.db;
  const after = (
    await db.query(`select (select count(*)::int from events) as events, (select count(*)::int from deliveries) as deliveries,
                           (select count(*)::int from delivery_attempts) as attempts`)
  ).rows[0];
  assert.deepEqual(after, { events: filled.events, deliveries: filled.deliveries, attempts: filled.attempts });
  for (const table of HISTORY_TABLES) {
    const parts = await listPartitions(db, table);
    assert.equal(parts.length, 1);
    assert.equal(parts[0]!.lower, null, `${table}: the old table is the partition of everything before tomorrow`);
    assert.match(parts[0]!.name, new RegExp(`^${table}_until_\\d{8}$`));
  }
  assert.equal((await db.query("select count(*)::int as n from event_keys")).rows[0].n, 200, "every key carried over");

  await svc.rpc("EventService", "RegisterEvent", { name: "old.kind" });
  const again = await svc.rest("POST", "/v1/consumers/default/events?event=old.kind", {
    payload: {},
    idempotency_key: "key-10",
  });
  assert.deepEqual([again.body.event_id, again.body.duplicate], [filled.keyed, true]);
  const got = await svc.rest("GET", `/v1/consumers/default/deliveries/${filled.recent_delivery}`);
  assert.deepEqual([got.status, got.body.id ?? got.body.delivery_id], [200, filled.recent_delivery]);

  // Forty days on, the old table as a whole lies past a 30-day window: it goes once its retrying delivery is done.
  const later = new Date(Date.now() + 40 * 86_400_000);
  await db.query("delete from fanout_queue");
  const first = await dropOldPartitions(db, 30, { intervalDays: 1, now: later });
  assert.deepEqual([...new Set(first.waiting.map((w) => w.reason))].sort(), [
    "attempts of kept deliveries",
    "events with undelivered deliveries",
    "undelivered deliveries",
  ]);
  await db.query("update deliveries set status = 'failed' where status = 'retrying'");
  const second = await dropOldPartitions(db, 30, { intervalDays: 1, now: later });
  assert.equal(second.deliveries, filled.deliveries);
  assert.equal(second.events, filled.events);
  assert.equal((await db.query("select count(*)::int as n from event_keys")).rows[0].n, 0);
});
