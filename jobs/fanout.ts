// The fan-out worker: turns waiting events into deliveries, batch by batch, as soon as a push signals them.
import { trace, type Link } from "@opentelemetry/api";
import type { AppContext } from "../lib/app/context.ts";
import type { Claimed } from "../lib/deliveries/queue.ts";
import type { EventData } from "../lib/deliveries/targets.ts";
import { fanOutBatch, type PreClaim } from "../lib/fanout/fanout.ts";
import { startWorkLoop } from "../lib/jobs/loop.ts";

/** The SDK's default span link limit (OTEL_SPAN_LINK_COUNT_LIMIT). */
const MAX_LINKS = 128;

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
      const started = app.tracing.enabled ? Date.now() : 0;
      const { events, taken, deliveries, claimed, claimedEvents, traceparents } = await fanOutBatch(app.queueDb, batch, handOff?.preClaim());
      if (app.tracing.enabled && events > 0) fanOutSpan(app, started, { events, deliveries, handedOver: claimed.length }, traceparents);
      if (claimed.length) handOff!.adopt(claimed, claimedEvents);
      if (deliveries > claimed.length) app.signals.local("deliveries");
      return taken >= batch;
    },
  });
  return { poke: loop.wake, idle: loop.idle, stop: loop.stop };
}

/**
 * One span per fan-out batch, its own trace: a batch serves up to `batch` events of as many traces, so it links to
 * each push (the span's link limit, 128, keeps the first ones) rather than pretend to belong to one of them.
 */
function fanOutSpan(app: AppContext, startedMs: number, counts: { events: number; deliveries: number; handedOver: number }, traceparents: string[]): void {
  // The SDK keeps the first 128 links of a span; parsing the traceparents it would drop is wasted work.
  const links: Link[] = traceparents.slice(0, MAX_LINKS).flatMap((tp) => {
    const context = trace.getSpanContext(app.tracing.extract(tp));
    return context ? [{ context }] : [];
  });
  const attributes = { "svc.fanout.events": counts.events, "svc.fanout.deliveries": counts.deliveries, "svc.fanout.handed_over": counts.handedOver };
  app.tracing.tracer.startSpan("svc.fanout", { root: true, startTime: startedMs, links, attributes }).end();
}
