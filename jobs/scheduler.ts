// Runs scheduled jobs: each instance ticks, and the database gate lets exactly one instance run a due job.
import type { AppContext } from "../lib/app/context.ts";
import { isConnectionError } from "../lib/db/pool.ts";
import { claimJobRun, finishJobRun } from "../lib/scheduled-jobs/gate.ts";

export interface ScheduledJob {
  name: string;
  periodSeconds: number;
  /** How long a run may hold the gate before another instance may assume it crashed. */
  timeoutSeconds: number;
  run(app: AppContext): Promise<Record<string, unknown>>;
}

export interface Scheduler {
  /** Runs every due job once (what the timer does each tick); returns the names that ran here. */
  tick(): Promise<string[]>;
  stop(): Promise<void>;
}

export function startScheduler(app: AppContext, jobs: ScheduledJob[], tickMs = 5_000): Scheduler {
  let running: Promise<string[]> | undefined;
  let stopped = false;

  const tick = async (): Promise<string[]> => {
    const ran: string[] = [];
    for (const job of jobs) {
      if (stopped) break;
      try {
        if (!(await claimJobRun(app.db, job.name, job.periodSeconds, job.timeoutSeconds))) continue;
        const started = Date.now();
        let summary: Record<string, unknown>;
        try {
          summary = { ...(await job.run(app)), duration_ms: Date.now() - started };
          // Routine: a line per job per period would drown the log (debug shows them).
          app.log.debug("scheduled job ran", { job: job.name, ...summary });
        } catch (err) {
          summary = { error: (err as Error).message, duration_ms: Date.now() - started };
          app.log.error("scheduled job failed", { job: job.name, error: err });
        }
        await finishJobRun(app.db, job.name, summary);
        ran.push(job.name);
      } catch (err) {
        // The database is away: try again next tick.
        if (!isConnectionError(err)) app.log.error("scheduler error", { job: job.name, error: err });
      }
    }
    return ran;
  };

  const timer = setInterval(() => {
    if (!running) running = tick().finally(() => (running = undefined));
  }, tickMs);
  timer.unref();

  return {
    tick: () => (running ??= tick().finally(() => (running = undefined))),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
