// The fan-out worker: turns queued events into deliveries, batch by batch, as soon as a push signals them. (Pushes
// to an instance that delivers are fanned out by their own statement; the queue holds the rest: lib/fanout.)
import type { AppContext } from "../lib/app/context.ts";
import { fanOutBatch } from "../lib/fanout/fanout.ts";
import { fanOutSpan } from "../lib/fanout/span.ts";
import { startWorkLoop } from "../lib/workers/loop.ts";

export interface FanOutWorker {
  poke(): void;
  /** Resolves when no fan-out is running (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startFanOutWorker(app: AppContext, options: { batch?: number; pollMs?: number } = {}): FanOutWorker {
  const batch = options.batch ?? 200;
  const loop = startWorkLoop(app, {
    name: "fanout",
    topic: "events",
    pollMs: options.pollMs,
    async step() {
      const started = app.tracing.enabled ? Date.now() : 0;
      // Deliveries born claimed go to this process's delivery worker, when it runs.
      const { events, taken, deliveries, claimed, traceparents, woke } = await app.handOff.run((taking) =>
        fanOutBatch(app.queueDb, batch, taking?.preClaim),
      );
      if (app.tracing.enabled && events > 0)
        fanOutSpan(app.tracing, started, { events, deliveries, handedOver: claimed.length }, traceparents);
      if (woke) app.signals.local("deliveries");
      return taken >= batch;
    },
  });
  return { poke: loop.wake, idle: loop.idle, stop: loop.stop };
}
