// The fan-out worker: turns waiting events into deliveries, batch by batch, as soon as a push signals them.
import type { AppContext } from "../lib/app/context.ts";
import { isConnectionError } from "../lib/db/pool.ts";
import type { Claimed } from "../lib/deliveries/queue.ts";
import type { EventData } from "../lib/deliveries/targets.ts";
import { fanOutBatch } from "../lib/fanout/fanout.ts";

export interface FanOutWorker {
  poke(): void;
  /** Resolves when no fan-out is running (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export interface HandOff {
  leaseToken: string;
  freeSlots(): number;
  adopt(claims: Claimed[], events: Map<string, EventData>): void;
}

export function startFanOutWorker(app: AppContext, options: { batch?: number; pollMs?: number; handOff?: HandOff } = {}): FanOutWorker {
  const batch = options.batch ?? 200;
  const log = app.log.child({ worker: "fanout" });
  let running: Promise<void> | undefined;
  let again = false;
  let stopping = false;
  let failures = 0;

  const loop = async () => {
    do {
      again = false;
      for (;;) {
        if (stopping) return;
        const handOff = options.handOff;
        const free = handOff?.freeSlots() ?? 0;
        const { events, deliveries, claimed, claimedEvents } = await fanOutBatch(app.queueDb, batch, handOff && free > 0 ? { leaseToken: handOff.leaseToken, max: free } : undefined);
        if (claimed.length) handOff!.adopt(claimed, claimedEvents);
        if (deliveries > claimed.length) app.signals.local("deliveries");
        failures = 0;
        if (events < batch) break;
      }
    } while (again && !stopping);
  };

  const wake = () => {
    if (stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = loop()
      .catch(async (err) => {
        failures++;
        if (isConnectionError(err)) log.warn("fan-out paused: database unavailable", { error: (err as Error).message });
        else log.error("fan-out failed", { error: err });
        await new Promise((r) => setTimeout(r, Math.min(5_000, 100 * 2 ** failures)));
        again = true;
      })
      .finally(() => {
        running = undefined;
        if (again) wake();
      });
  };

  app.signals.on("events", wake);
  const poll = setInterval(wake, options.pollMs ?? 1_000);
  poll.unref();
  wake();

  return {
    poke: wake,
    idle: async () => {
      while (running) await running;
    },
    async stop() {
      stopping = true;
      clearInterval(poll);
      app.signals.off("events", wake);
      await running;
    },
  };
}
