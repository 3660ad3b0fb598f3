// The fan-out worker: turns waiting events into deliveries, batch by batch, as soon as a push signals them.
import type { AppContext } from "../lib/app/context.ts";
import type { Claimed } from "../lib/deliveries/queue.ts";
import type { EventData } from "../lib/deliveries/targets.ts";
import { fanOutBatch, type PreClaim } from "../lib/fanout/fanout.ts";
import { startWorkLoop } from "../lib/jobs/loop.ts";

export interface FanOutWorker {
  poke(): void;
  /** Resolves when no fan-out is running (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** The delivery worker's side of a hand-over: new deliveries born claimed, within its free capacity. */
export interface HandOff {
  /** What this worker can take right now (undefined when it takes nothing). */
  preClaim(): PreClaim | undefined;
  adopt(claims: Claimed[], events: Map<string, EventData>): void;
}

export function startFanOutWorker(app: AppContext, options: { batch?: number; pollMs?: number; handOff?: HandOff } = {}): FanOutWorker {
  const batch = options.batch ?? 200;
  const loop = startWorkLoop(app, {
    name: "fanout",
    topic: "events",
    pollMs: options.pollMs,
    async step() {
      const handOff = options.handOff;
      const { events, deliveries, claimed, claimedEvents } = await fanOutBatch(app.queueDb, batch, handOff?.preClaim());
      if (claimed.length) handOff!.adopt(claimed, claimedEvents);
      if (deliveries > claimed.length) app.signals.local("deliveries");
      return events === batch;
    },
  });
  return { poke: loop.wake, idle: loop.idle, stop: loop.stop };
}
