// Liveness and readiness as the CONTRACT defines them.
import type { AppContext } from "../app/context.ts";
import { jobRuns, type JobRun } from "../scheduled-jobs/gate.ts";

const DATABASE_TIMEOUT_MS = 2_000;

async function databaseAnswers(app: AppContext): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS)));
  try {
    const ok = app.db.query("select 1").then(
      () => true,
      () => false,
    );
    return await Promise.race([ok, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export interface HealthReport {
  status: "ok" | "unavailable";
  version: string;
  uptime_seconds: number;
  checks: { database: "ok" | "unavailable" };
  /** When each scheduled job last ran (across all instances) and what it did. */
  jobs: Record<string, Omit<JobRun, "name">>;
}

export async function health(app: AppContext): Promise<HealthReport> {
  const db = await databaseAnswers(app);
  const runs = db ? await jobRuns(app.db).catch(() => []) : [];
  return {
    status: db ? "ok" : "unavailable",
    version: app.version,
    uptime_seconds: Math.floor((Date.now() - app.lifecycle.startedAt) / 1000),
    checks: { database: db ? "ok" : "unavailable" },
    jobs: Object.fromEntries(runs.map(({ name, ...run }) => [name, run])),
  };
}

/**
 * Ready = started, not draining, and the database answers: while no primary answers (a failover) the instance can
 * take no work, and a load balancer should send it none until the database is back.
 */
export async function readiness(
  app: AppContext,
): Promise<{ status: "ready" | "starting" | "draining" | "unavailable" }> {
  if (app.lifecycle.draining) return { status: "draining" };
  if (!app.lifecycle.ready) return { status: "starting" };
  return { status: (await databaseAnswers(app)) ? "ready" : "unavailable" };
}
