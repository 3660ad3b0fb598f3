// The delivery worker: a pipeline of stages with one job each — the claim stage (lib/deliveries/claim-stage.ts) takes
// due deliveries lane by lane, the prepare stage loads what they need and settles what cannot be sent, the endpoint
// scheduler starts each request only when its webhook, origin and lane have a slot, the attempt stage sends and
// judges, and the outcome buffer hands results to the writer in batches. The shared work loop wakes it on signals.
// Each stage is built after the ones it calls; where an earlier stage tells a later one something (a written batch
// opens circuits and frees the loop, a freed slot wakes it), it rings a doorbell the later one answers.
import { randomUUID } from "node:crypto";
import type { Dispatcher } from "undici";
import type { AppContext } from "../lib/app/context.ts";
import { Attempter, notSent, released, releasedStatus } from "../lib/deliveries/attempt.ts";
import { ClaimStage } from "../lib/deliveries/claim-stage.ts";
import { EndpointScheduler, type SchedulerLimits } from "../lib/deliveries/endpoint-scheduler.ts";
import { OutcomeBuffer } from "../lib/deliveries/outcome-buffer.ts";
import { OutcomeWriter } from "../lib/deliveries/outcome-writer.ts";
import { PrepareStage } from "../lib/deliveries/prepare-stage.ts";
import type { AttemptResult, Claimed, EventData, PreClaim } from "../lib/deliveries/stages.ts";
import { TargetCache } from "../lib/deliveries/targets.ts";
import { createListenTransport } from "../lib/listen/transport.ts";
import { logFailedAttempt } from "../lib/telemetry/attempt-log.ts";
import { Doorbell } from "../lib/workers/doorbell.ts";
import { startWorkLoop } from "../lib/workers/loop.ts";
import { Shutdown } from "../lib/workers/shutdown.ts";

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
/**
 * Longest an outcome waits for the rest of its batch. A batch is one transaction of five round trips: at 1,000
 * deliveries/s the server's CPU per event went from 437–447 to 357–371 µs with this delay and the buffer's own-delay
 * rule together (bench/latency, bench/README.md). Nothing waits on the write but the row's status: the next attempt
 * starts when the slot frees, and the push→receiver path never passes through here.
 */
const OUTCOME_FLUSH_MS = 25;
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
  const drainMs = options.drainMs ?? 10_000;
  // One lease token per process run: a result is written only while this worker still holds the row.
  const leaseToken = randomUUID();
  const log = app.log.child({ worker: "deliver" });
  const shutdown = new Shutdown();
  // Rung by the stages below: `wake` is answered by the work loop, `holdBack` (webhooks whose circuit opened or that
  // were paused) by the scheduler, each built after the stage that rings.
  const wake = new Doorbell();
  const holdBack = new Doorbell<string[]>();

  // The stages, each a unit with its own state: claim → prepare → per-endpoint scheduling → attempt → outcome
  // buffer (→ writer). What one stage hands the next is a typed value of lib/deliveries/stages.ts.
  const claiming = new ClaimStage(app.queueDb, {
    leaseToken,
    claimBatch,
    minClaim: Math.max(1, Math.floor(Math.min(claimBatch, maxInFlight) / 4)),
    perWebhook: limits.perWebhook,
    quietMs: Math.min(100, (options.pollMs ?? 1_000) / 2),
  });
  const onWork = () => claiming.workSignalled();
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
    flushDelayMs: options.flushDelayMs ?? OUTCOME_FLUSH_MS,
    written(changes) {
      holdBack.ring([...changes.open, ...changes.paused.map((p) => p.webhookId)]);
      for (const p of changes.paused)
        log.info("webhook paused automatically", { webhook_id: p.webhookId, namespace: p.consumer, reason: p.reason });
      wake.ring();
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
      claiming.workReturned();
      outcomes.add(released(job.claim, new Date(Date.now() + (why === "waited too long" ? RELEASE_DELAY_MS : 0))));
    },
    freed(_job, idle) {
      if (claiming.slotFreed(scheduler, idle)) wake.ring();
    },
  });
  holdBack.answer((webhookIds) => scheduler.holdBack(webhookIds));
  const preparing = new PrepareStage({
    db: app.queueDb,
    targets: new TargetCache(app.queueDb, app.keyring),
    scheduler,
    outcomes,
    returned: () => claiming.workReturned(),
    attempter: new Attempter({
      version: app.version,
      stopSignal: shutdown.signal,
      dispatcherFor: options.dispatcherFor,
      tracing: app.tracing.enabled ? app.tracing : undefined,
      async checkRedirect(url) {
        const verdict = await app.ssrf.checkUrl(url);
        if (!verdict.ok) throw new Error(verdict.reason);
      },
      sendToListenSession: createListenTransport(app),
    }),
  });

  app.metrics.gauge("svc_deliveries_in_flight", "Delivery requests on the wire in this process", (r) =>
    r.observe(scheduler.inFlight),
  );
  app.metrics.gauge(
    "svc_deliveries_waiting_for_slot",
    "Claimed deliveries waiting for their webhook's or origin's slot in this process",
    (r) => r.observe(scheduler.queued),
  );

  const accepting = () => !shutdown.stopping && !outcomes.blocked && outcomes.size < MAX_BUFFERED;
  // The one wake/poll/stop loop: signals and the doorbell (freed slots, written batches) wake it; it polls as a
  // safety net.
  const loop = startWorkLoop(app, {
    name: "deliver",
    topic: "deliveries",
    doorbell: wake,
    pollMs: options.pollMs,
    canStep: accepting,
    step: () => claiming.claim(scheduler, (claims, lane) => preparing.take(claims, lane)),
  });

  const worker: DeliveryWorker = {
    poke: loop.wake,
    preClaim() {
      const max = scheduler.room("fresh");
      if (!accepting() || max <= 0) return undefined;
      return { leaseToken, max, perWebhook: limits.perWebhook, room: scheduler.webhookRoom() };
    },
    adopt(claims, events) {
      if (!claims.length) return;
      void preparing
        .take(claims, "fresh", events)
        .catch((err) =>
          log.error("dispatching handed-over deliveries failed; their lease will return them", { error: err }),
        );
    },
    load: () => ({ inFlight: scheduler.inFlight, waiting: scheduler.queued }),
    async idle() {
      while (loop.running() || preparing.busy || !scheduler.empty || !outcomes.idle) {
        await new Promise((r) => setTimeout(r, 10));
        await outcomes.flush();
      }
    },
    async stop() {
      // Statements that took a pre-claim hand over what they made first; later ones create nothing claimed.
      await app.handOff.close();
      // Nothing new goes on the wire from here: claims still waiting for a slot go back at once.
      const stopStarted = Date.now();
      shutdown.begin();
      app.signals.off("deliveries", onWork);
      scheduler.stop();
      await loop.stop();
      while (preparing.busy) await new Promise((r) => setTimeout(r, 10));
      // Requests already sent may finish within the grace period; what is left is given back unrecorded.
      const deadline = Date.now() + Math.max(0, drainMs - (Date.now() - stopStarted));
      while (scheduler.inFlight && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      scheduler.abandonRunning();
      shutdown.cutOff(new Error("the worker is stopping"));
      await outcomes.drain(Date.now() + DRAIN_WRITES_MS);
    },
  };
  // Pushes and fan-outs of this process create deliveries claimed for this worker from now on.
  app.handOff.open(worker);
  return worker;
}
