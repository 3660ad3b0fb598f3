// The once-per-period gate for scheduled jobs: a row per job in scheduled_jobs decides, across every instance,
// who runs a due job. A run holds the gate until it finishes or its timeout passes (a crashed run frees it).
import type { Db } from "../db/pool.ts";

export interface JobRun {
  name: string;
  last_started_at: string | null;
  last_finished_at: string | null;
  running: boolean;
  last_summary: Record<string, unknown> | null;
}

/** True when this caller won the right to run `name` now. */
export async function claimJobRun(
  db: Db,
  name: string,
  periodSeconds: number,
  timeoutSeconds: number,
): Promise<boolean> {
  await db.query({
    name: "jobs.ensure",
    text: "insert into scheduled_jobs (name) values ($1) on conflict do nothing",
    values: [name],
  });
  const { rowCount } = await db.query({
    name: "jobs.claim",
    text: `update scheduled_jobs set last_started_at = now(), running_until = now() + make_interval(secs => $3)
            where name = $1
              and (last_started_at is null or last_started_at <= now() - make_interval(secs => $2))
              and (running_until is null or running_until < now())`,
    values: [name, periodSeconds, timeoutSeconds],
  });
  return rowCount === 1;
}

export async function finishJobRun(db: Db, name: string, summary: Record<string, unknown>): Promise<void> {
  await db.query({
    name: "jobs.finish",
    text: "update scheduled_jobs set last_finished_at = now(), running_until = null, last_summary = $2 where name = $1",
    values: [name, JSON.stringify(summary)],
  });
}

export async function jobRuns(db: Db): Promise<JobRun[]> {
  const { rows } = await db.query(
    "select name, last_started_at, last_finished_at, running_until, last_summary from scheduled_jobs order by name",
  );
  return rows.map((r) => ({
    name: r.name,
    last_started_at: r.last_started_at?.toISOString() ?? null,
    last_finished_at: r.last_finished_at?.toISOString() ?? null,
    running: r.running_until !== null && r.running_until > new Date(),
    last_summary: r.last_summary,
  }));
}
