// The delivery worker, composed of parts with one job each: the fair claimers (lib/deliveries/claim.ts) take due
// deliveries lane by lane, the endpoint scheduler starts each request only when its webhook, origin and lane have
// a slot, attempts run, and the outcome buffer writes results in batches. A shared work loop wakes it on signals.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { Dispatcher } from "undici";
import type { AppContext } from "../lib/app/context.ts";
import { Attempter, notSent, released, releasedStatus } from "../lib/deliveries/attempt.ts";
import { FairClaimer } from "../lib/deliveries/claim.ts";
import { EndpointScheduler, type Job, type SchedulerLimits } from "../lib/deliveries/endpoint-scheduler.ts";
import { OutcomeBuffer } from "../lib/deliveries/outcome-buffer.ts";
import { OutcomeWriter } from "../lib/deliveries/outcome-writer.ts";
import { takeTokens } from "../lib/deliveries/rate-limit.ts";
import { loadEvents, TargetCache, type Target } from "../lib/deliveries/targets.ts";
import { logFailedAttempt } from "../lib/telemetry/attempt-log.ts";
import { startWorkLoop } from "../lib/workers/loop.ts";
import { createListenTransport } from "../lib/listen/transport.ts";
import type { AttemptResult, Claimed, EventData, Lane, PreClaim } from "../lib/deliveries/stages.ts";

export interface DeliveryWorkerOptions {
  /** Most requests in flight at once in this process. */
  maxInFlight?: number;
  /** Most requests in flight to one webhook. */
  maxInFlightPerWebhook?: number;
  /** Most requests in flight to one origin. */
  maxInFlightPerOrigin?: number;
  /** Consecutive attempts without an answer that open an endpoint's circuit (0 = never). */
  circuitFailures?: number;
  /** Seconds of only failures after which a webhook is paused (0 = never; a webhook may set its own). */
  autoDisableAfterSeconds?: number;
  /** Most deliveries claimed by one statement. */
  claimBatch?: number;
  /** Longest an outcome waits before it is written (outcomes are written in batches). */
  flushDelayMs?: number;
  /** Fallback poll when no signal arrives. */
  pollMs?: number;
  /** How long stop() lets requests already sent finish before giving them back to the queue. */
  drainMs?: number;
  /** Longest a claimed delivery waits for a free slot before it goes back to the queue. */
  maxWaitMs?: number;
  dispatcherFor(verifySsl: boolean): Dispatcher;
}

export interface DeliveryWorker {
  /** Claims and sends everything due now (tests call it to avoid waiting for a poll). */
  poke(): void;
  /** What fan-out may create already claimed for this worker now; undefined when nothing. */
  preClaim(): PreClaim | undefined;
  /** Takes over deliveries created already claimed under this worker's lease, with their events when known. */
  adopt(claims: Claimed[], events?: Map<string, EventData>): void;
  /** Requests in flight and claims waiting for a slot (observability, tests). */
  load(): { inFlight: number; waiting: number };
  /** Resolves once every claimed delivery has its outcome written. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** Outcomes buffered beyond this stop new claims until they are written. */
const MAX_BUFFERED = 5_000;
/** How long shutdown keeps trying to write the last outcomes; unwritten ones come back when their lease ends. */
const DRAIN_WRITES_MS = 3_000;
/** A claimed delivery that found no slot returns to the queue due this much later. */
const RELEASE_DELAY_MS = 1_000;

export function startDeliveryWorker(app: AppContext, options: DeliveryWorkerOptions): DeliveryWorker {
  const defaults = app.config.delivery;
  const maxInFlight = options.maxInFlight ?? defaults.maxInFlight;
  const limits: SchedulerLimits = {
    total: maxInFlight,
    perWebhook: Math.min(maxInFlight, options.maxInFlightPerWebhook ?? defaults.perWebhook),
    perOrigin: Math.min(maxInFlight, options.maxInFlightPerOrigin ?? defaults.perOrigin),
    // Retries may hold three quarters of the process: first attempts always find room.
    retries: Math.max(1, Math.floor((maxInFlight * 3) / 4)),
    maxWaitMs: options.maxWaitMs ?? 2_000,
  };
  const claimBatch = options.claimBatch ?? 100;
  const minClaim = Math.max(1, Math.floor(Math.min(claimBatch, maxInFlight) / 4));
  const drainMs = options.drainMs ?? 10_000;
  // One lease token per process run: a result is written only while this worker still holds the row.
  const leaseToken = randomUUID();
  const log = app.log.child({ worker: "deliver" });
  const targets = new TargetCache(app.queueDb, app.keyring);
  const stopController = new AbortController();
  // Every in-flight request listens to this one signal.
  setMaxListeners(0, stopController.signal);
  const attempter = new Attempter({
    version: app.version,
    stopSignal: stopController.signal,
    dispatcherFor: options.dispatcherFor,
    tracing: app.tracing.enabled ? app.tracing : undefined,
    async checkRedirect(url) {
      const verdict = await app.ssrf.checkUrl(url);
      if (!verdict.ok) throw new Error(verdict.reason);
    },
    sendToListenSession: createListenTransport(app),
  });
  let stopping = false;
  let preparing = 0;
  let freedSinceClaim = 0;
  // A lane whose last claim found nothing although every webhook had room is not asked again for a short while on
  // wake-ups from freed slots: with fan-out handing deliveries over born claimed, most of those claims were empty
  // round trips. New fresh work signals (fan-out, requeues, other instances) and handed-back claims end the pause
  // at once; the pause is shorter than the poll interval, so no due delivery waits longer than it did.
  const quietMs = Math.min(100, (options.pollMs ?? 1_000) / 2);
  const quietUntil: Record<Lane, number> = { fresh: 0, retry: 0 };
  // Counts work signals and hand-backs, so a claim that raced one (and read before its rows were committed) does
  // not start a pause the signal was meant to end.
  let workSeen = 0;
  const endQuiet = () => {
    workSeen++;
    quietUntil.fresh = quietUntil.retry = 0;
  };
  const onWork = () => {
    workSeen++;
    quietUntil.fresh = 0;
  };
  app.signals.on("deliveries", onWork);

  const writer = new OutcomeWriter(
    app.queueDb,
    leaseToken,
    {
      circuitFailures: options.circuitFailures ?? defaults.circuitFailures,
      autoDisableAfterSeconds: options.autoDisableAfterSeconds ?? defaults.autoDisableAfterSeconds,
    },
    app.metrics,
  );
  const outcomes = new OutcomeBuffer({
    write: (batch) => writer.write(batch),
    log,
    flushDelayMs: options.flushDelayMs ?? 5,
    written(changes) {
      scheduler.holdBack([...changes.open, ...changes.paused.map((p) => p.webhookId)]);
      for (const p of changes.paused)
        log.info("webhook paused automatically", { webhook_id: p.webhookId, namespace: p.consumer, reason: p.reason });
      loop.wake();
    },
  });

  const scheduler = new EndpointScheduler<AttemptResult>(limits, {
    done(_job, result) {
      logFailedAttempt(log, result);
      outcomes.add(result);
    },
    failed(job, err) {
      log.error("delivery attempt crashed", { delivery_id: job.claim.id, error: err });
      outcomes.add(
        notSent(job.claim, releasedStatus(job.claim), {
          category: "unknown",
          message: "internal error before sending",
          nextAttemptAt: new Date(Date.now() + 30_000),
        }),
      );
    },
    released(job, why) {
      endQuiet();
      outcomes.add(released(job.claim, new Date(Date.now() + (why === "waited too long" ? RELEASE_DELAY_MS : 0))));
    },
    // A claim per completion would cost a round trip per delivery: wake the claimer once a chunk has completed,
    // or at once when a webhook (or the whole worker) has gone idle.
    freed(_job, idle) {
      if (++freedSinceClaim >= scheduler.claimChunk || idle || scheduler.empty) loop.wake();
    },
  });

  /** Deliveries beyond their webhook's rate go back to the queue, spaced at the rate, without using an attempt. */
  const applyRateLimits = async (claims: Claimed[], hooks: Map<string, Target>): Promise<Set<string>> => {
    const limited = new Map<string, Claimed[]>();
    for (const c of claims) {
      if (hooks.get(c.webhookId)?.config.rate_limit_rps)
        limited.set(c.webhookId, [...(limited.get(c.webhookId) ?? []), c]);
    }
    const deferred = new Set<string>();
    if (!limited.size) return deferred;
    endQuiet();
    const granted = await takeTokens(
      app.queueDb,
      [...limited].map(([webhookId, list]) => ({
        webhookId,
        rps: hooks.get(webhookId)!.config.rate_limit_rps!,
        wanted: list.length,
      })),
    );
    for (const [webhookId, list] of limited) {
      const rps = hooks.get(webhookId)!.config.rate_limit_rps!;
      list.slice(granted.get(webhookId) ?? 0).forEach((c, i) => {
        deferred.add(c.id);
        outcomes.add(
          notSent(c, releasedStatus(c), { nextAttemptAt: new Date(Date.now() + Math.ceil(((i + 1) * 1000) / rps)) }),
        );
      });
    }
    return deferred;
  };

  /** Loads what the claims need, settles those that cannot be sent, and queues the rest for a slot. */
  const prepare = async (claims: Claimed[], lane: Lane, known?: Map<string, EventData>) => {
    const missing = [...new Set(claims.map((c) => c.eventId))].filter((id) => !known?.has(id));
    const [hooks, subs, loaded] = await Promise.all([
      targets.webhooks(new Map(claims.map((c) => [c.webhookId, c.webhookVersion]))),
      targets.subscriptions(
        new Map(claims.flatMap((c) => (c.subscriptionId ? [[c.subscriptionId, c.subscriptionVersion] as const] : []))),
      ),
      missing.length ? loadEvents(app.queueDb, missing) : new Map<string, EventData>(),
    ]);
    const events = known ? new Map([...known, ...loaded]) : loaded;
    const live: Claimed[] = [];
    for (const c of claims) {
      if (c.expiresAt && c.expiresAt.getTime() <= Date.now()) outcomes.add(notSent(c, "expired"));
      else if (!hooks.get(c.webhookId))
        outcomes.add(notSent(c, "failed", { category: "unknown", message: "the webhook was unregistered" }));
      else if (!events.get(c.eventId))
        outcomes.add(notSent(c, "failed", { category: "unknown", message: "the event no longer exists" }));
      else live.push(c);
    }
    const deferred = await applyRateLimits(live, hooks);
    for (const c of live) {
      if (deferred.has(c.id)) continue;
      const hook = hooks.get(c.webhookId)!;
      const subscription = c.subscriptionId ? subs.get(c.subscriptionId) : undefined;
      const job: Job<AttemptResult> = {
        claim: c,
        lane,
        origin: originOf(hook.url),
        start: () => attempter.attempt(c, events.get(c.eventId)!, hook, subscription),
      };
      scheduler.submit(job);
    }
  };

  const tracked = async (work: Promise<void>) => {
    preparing++;
    try {
      await work;
    } finally {
      preparing--;
    }
  };

  app.metrics.gauge("svc_deliveries_in_flight", "Delivery requests on the wire in this process", (r) =>
    r.observe(scheduler.inFlight),
  );
  app.metrics.gauge(
    "svc_deliveries_waiting_for_slot",
    "Claimed deliveries waiting for their webhook's or origin's slot in this process",
    (r) => r.observe(scheduler.queued),
  );

  const claimers = [new FairClaimer(app.queueDb, "fresh"), new FairClaimer(app.queueDb, "retry")];
  const loop = startWorkLoop(app, {
    name: "deliver",
    topic: "deliveries",
    pollMs: options.pollMs,
    canStep: () => !stopping && !outcomes.blocked && outcomes.size < MAX_BUFFERED,
    async step() {
      freedSinceClaim = 0;
      let more = false;
      for (const claimer of claimers) {
        const limit = Math.min(claimBatch, scheduler.room(claimer.lane));
        // Claim in batches: a claim for one or two free slots would cost a round trip per delivery.
        if (limit <= 0 || (limit < minClaim && !scheduler.empty)) continue;
        if (performance.now() < quietUntil[claimer.lane]) continue;
        const room = scheduler.webhookRoom();
        const seenBefore = workSeen;
        const claims = await claimer.claim({ limit, perWebhook: limits.perWebhook, room, leaseToken });
        // Empty with room for every webhook: nothing is due in this lane. (With a webhook at zero room, its due
        // deliveries may be waiting for a slot to free: the next slot wake-up must claim them.)
        quietUntil[claimer.lane] =
          !claims.length && workSeen === seenBefore && Object.values(room).every((n) => n > 0)
            ? performance.now() + quietMs
            : 0;
        if (claims.length) await tracked(prepare(claims, claimer.lane));
        if (claims.length === limit) more = true;
      }
      return more;
    },
  });

  const worker: DeliveryWorker = {
    poke: loop.wake,
    preClaim() {
      const max = scheduler.room("fresh");
      if (stopping || outcomes.blocked || outcomes.size >= MAX_BUFFERED || max <= 0) return undefined;
      return { leaseToken, max, perWebhook: limits.perWebhook, room: scheduler.webhookRoom() };
    },
    adopt(claims, events) {
      if (!claims.length) return;
      void tracked(prepare(claims, "fresh", events)).catch((err) =>
        log.error("dispatching handed-over deliveries failed; their lease will return them", { error: err }),
      );
    },
    load: () => ({ inFlight: scheduler.inFlight, waiting: scheduler.queued }),
    async idle() {
      while (loop.running() || preparing > 0 || !scheduler.empty || !outcomes.idle) {
        await new Promise((r) => setTimeout(r, 10));
        await outcomes.flush();
      }
    },
    async stop() {
      // Statements that took a pre-claim hand over what they made first; later ones create nothing claimed.
      await app.handOff.close();
      // Nothing new goes on the wire from here: claims still waiting for a slot go back at once.
      const stopStarted = Date.now();
      stopping = true;
      app.signals.off("deliveries", onWork);
      scheduler.stop();
      await loop.stop();
      while (preparing > 0) await new Promise((r) => setTimeout(r, 10));
      // Requests already sent may finish within the grace period; what is left is given back unrecorded.
      const deadline = Date.now() + Math.max(0, drainMs - (Date.now() - stopStarted));
      while (scheduler.inFlight && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      scheduler.abandonRunning();
      stopController.abort(new Error("the worker is stopping"));
      await outcomes.drain(Date.now() + DRAIN_WRITES_MS);
    },
  };
  // Pushes and fan-outs of this process create deliveries claimed for this worker from now on.
  app.handOff.open(worker);
  return worker;
}

/** The connection pool key: scheme, host and port. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}
