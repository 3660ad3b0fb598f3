import assert from "node:assert/strict";
import { test } from "node:test";
import { purgeOldEvents } from "../../lib/events/retention.ts";
import { claimJobRun } from "../../lib/scheduled-jobs/gate.ts";
import { startScheduler, type ScheduledJob } from "../../jobs/scheduler.ts";
import { sharedService, startTestService } from "../helpers/service.ts";

const svc = sharedService();

test("a scheduled job runs once per period across instances, never overlapping itself", async (t) => {
  const other = await startTestService(t, { databaseUrl: svc().databaseUrl });
  let runs = 0;
  let concurrent = 0;
  let maxConcurrent = 0;
  const job: ScheduledJob = {
    name: `gate-test-${Math.random().toString(36).slice(2, 8)}`,
    periodSeconds: 3600,
    timeoutSeconds: 60,
    async run() {
      runs++;
      maxConcurrent = Math.max(maxConcurrent, ++concurrent);
      await new Promise((r) => setTimeout(r, 200));
      concurrent--;
      return { ran: true };
    },
  };
  const a = startScheduler(svc().app, [job], 60_000);
  const b = startScheduler(other.app, [job], 60_000);
  t.after(() => Promise.all([a.stop(), b.stop()]));
  const ticks = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
  await Promise.all([a.tick(), b.tick()]);
  assert.equal(runs, 1);
  assert.equal(maxConcurrent, 1);
  assert.deepEqual([...new Set(ticks.flat())], [job.name], "only one instance ran it");
  const { rows } = await svc().app.db.query(
    "select last_summary, last_finished_at from scheduled_jobs where name = $1",
    [job.name],
  );
  assert.equal(rows[0].last_summary.ran, true);
  assert.ok(rows[0].last_finished_at);
});

test("a job whose run crashed frees the gate after its timeout; a due job runs again after its period", async () => {
  const db = svc().app.db;
  const name = `gate-crash-${Math.random().toString(36).slice(2, 8)}`;
  assert.equal(await claimJobRun(db, name, 1, 60), true);
  assert.equal(await claimJobRun(db, name, 0, 60), false, "still held by the crashed run");
  await db.query("update scheduled_jobs set running_until = now() - interval '1 second' where name = $1", [name]);
  assert.equal(await claimJobRun(db, name, 0, 60), true, "taken over after the timeout");
  await db.query(
    "update scheduled_jobs set running_until = null, last_started_at = now() - interval '2 seconds' where name = $1",
    [name],
  );
  assert.equal(await claimJobRun(db, name, 1, 60), true, "due again after the period");
  assert.equal(await claimJobRun(db, name, 3600, 60), false);
});

test("/health reports when each job last ran", async (t) => {
  const withJobs = await startTestService(t, { workers: true });
  await withJobs.workers!.scheduler.tick();
  const res = await withJobs.request("/health", { apiKey: null });
  for (const name of [
    "expire-deliveries",
    "purge-deleted-webhooks",
    "purge-credentials",
    "health-window",
    "expired-batches",
    "purge-events",
  ]) {
    assert.ok(res.body.jobs[name]?.last_finished_at, name);
  }
  assert.match(JSON.stringify(res.body.jobs["purge-events"].last_summary), /keep forever/);
});

test("retention removes old events with their deliveries and attempts, in small batches, and nothing newer", async () => {
  const db = svc().app.db;
  const ns = `ret-${Math.random().toString(36).slice(2, 8)}`;
  await db.query(
    `insert into events (id, namespace, event_name, payload, created_at, fanned_out_at)
                  select gen_random_uuid(), $1, 'ret', '{}', now() - interval '40 days' + g * interval '1 second', now() from generate_series(1, 2500) g`,
    [ns],
  );
  await db.query(
    `insert into events (id, namespace, event_name, payload, created_at, fanned_out_at)
                  select gen_random_uuid(), $1, 'ret', '{}', now() - interval '29 days', now() from generate_series(1, 300)`,
    [ns],
  );
  await db.query(
    `insert into deliveries (id, namespace, event_id, webhook_id, status, created_at)
                  select gen_random_uuid(), e.namespace, e.id, gen_random_uuid(), 'success', e.created_at
                    from events e, generate_series(1, 2) where e.namespace = $1`,
    [ns],
  );
  await db.query(
    `insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, error_category, created_at)
                  select gen_random_uuid(), d.id, d.webhook_id, 1, true, 'success', d.created_at from deliveries d where d.namespace = $1`,
    [ns],
  );
  await db.query(`insert into namespace_counters (namespace, shard, total, successful) values ($1, 0, 5600, 5600)`, [
    ns,
  ]);
  const result = await purgeOldEvents(db, 30, { deliveryBatch: 1000, eventBatch: 500 });
  assert.equal(result.events, 2500);
  assert.equal(result.deliveries, 5000);
  assert.ok(result.batches >= 10, "in batches");
  const left = (
    await db.query(
      `select (select count(*)::int from events where namespace = $1) as e, (select count(*)::int from deliveries where namespace = $1) as d,
     (select count(*)::int from delivery_attempts a join deliveries d on d.id = a.delivery_id where d.namespace = $1) as a,
     (select min(created_at) > now() - interval '30 days' from events where namespace = $1) as newest_only`,
      [ns],
    )
  ).rows[0];
  assert.deepEqual(left, { e: 300, d: 600, a: 600, newest_only: true });
  const orphans = (
    await db.query(
      "select count(*)::int as n from delivery_attempts a where not exists (select 1 from deliveries d where d.id = a.delivery_id)",
    )
  ).rows[0].n;
  assert.equal(orphans, 0);
  const counters = (
    await db.query(
      "select sum(total)::int as t, sum(successful)::int as s from namespace_counters where namespace = $1",
      [ns],
    )
  ).rows[0];
  assert.deepEqual(counters, { t: 600, s: 600 }, "stats no longer count purged deliveries");
  assert.deepEqual(await purgeOldEvents(db, 0), { events: 0, deliveries: 0, batches: 0, longest_statement_ms: 0 });
});
