import assert from "node:assert/strict";
import { test } from "node:test";
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
