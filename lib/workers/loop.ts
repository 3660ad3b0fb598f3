// The wake/poll/stop driver every worker shares: a signal or a poll wakes it, wake-ups during a run are folded into
// one more run, a failing step backs off (a database restart must not become a hot loop), and stop() waits for
// the step in progress.
import { context, ROOT_CONTEXT } from "@opentelemetry/api";
import type { AppContext } from "../app/context.ts";
import { isConnectionError } from "../db/pool.ts";
import type { Topic } from "../signals/signals.ts";
import type { Doorbell } from "./doorbell.ts";

export interface WorkLoopOptions {
  /** Names the worker in logs. */
  name: string;
  /** The signal topic that wakes it (NOTIFY from any instance, or this process). */
  topic?: Topic;
  /** Rung by the worker's own stages, built before the loop (a freed slot, a written batch): it answers it. */
  doorbell?: Doorbell;
  pollMs?: number;
  /** One unit of work; resolves true when more work is waiting right now. */
  step(): Promise<boolean>;
  /** Checked before every step: false holds the loop (e.g. no capacity) until the next wake. */
  canStep?(): boolean;
}

export interface WorkLoop {
  wake(): void;
  /** Resolves when no step is running. */
  idle(): Promise<void>;
  running(): boolean;
  stop(): Promise<void>;
}

const MAX_BACKOFF_MS = 5_000;

export function startWorkLoop(app: AppContext, options: WorkLoopOptions): WorkLoop {
  const log = app.log.child({ worker: options.name });
  let current: Promise<void> | undefined;
  let again = false;
  let stopping = false;
  let failures = 0;

  const run = async () => {
    do {
      again = false;
      while (!stopping && (options.canStep?.() ?? true)) {
        const more = await options.step();
        failures = 0;
        if (!more) break;
      }
    } while (again && !stopping);
  };

  const wake = () => {
    if (stopping) return;
    if (current) {
      again = true;
      return;
    }
    // A wake-up may come from inside a request (a push signals its event): the run belongs to no request's trace.
    current = context
      .with(ROOT_CONTEXT, run)
      .catch(async (err) => {
        failures++;
        if (isConnectionError(err))
          log.warn(`${options.name} paused: database unavailable`, { error: (err as Error).message });
        else log.error(`${options.name} step failed`, { error: err });
        await new Promise((r) => setTimeout(r, Math.min(MAX_BACKOFF_MS, 100 * 2 ** failures)));
        again = true;
      })
      .finally(() => {
        current = undefined;
        if (again) wake();
      });
  };

  if (options.topic) app.signals.on(options.topic, wake);
  options.doorbell?.answer(wake);
  const poll = setInterval(wake, options.pollMs ?? 1_000);
  poll.unref();
  wake();

  return {
    wake,
    running: () => current !== undefined,
    idle: async () => {
      while (current) await current;
    },
    async stop() {
      stopping = true;
      clearInterval(poll);
      if (options.topic) app.signals.off(options.topic, wake);
      options.doorbell?.hangUp();
      await current;
    },
  };
}
