// The delivery worker: claims due deliveries in batches, sends them concurrently over warm keep-alive pools and
// writes their outcomes in batches. Woken by signals, polling only as a fallback.
import { randomUUID } from "node:crypto";
import { setMaxListeners } from "node:events";
import type { Dispatcher } from "undici";
import type { AppContext } from "../lib/app/context.ts";
import { isConnectionError, withTransaction } from "../lib/db/pool.ts";
import { attemptDelivery, notSent, type AttemptDeps, type AttemptResult } from "../lib/deliveries/attempt.ts";
import { claimDue, insertAttempts, writeOutcomes, type Claimed } from "../lib/deliveries/queue.ts";
import { takeTokens } from "../lib/deliveries/rate-limit.ts";
import { loadEvents, TargetCache, type EventData, type Target } from "../lib/deliveries/targets.ts";
import { recordHealth } from "../lib/health/record.ts";

export interface DeliveryWorkerOptions {
  /** Most requests in flight at once in this process. */
  maxInFlight?: number;
  /** Most deliveries claimed by one statement. */
  claimBatch?: number;
  /** Longest an outcome waits before it is written (outcomes are written in batches). */
  flushDelayMs?: number;
  /** Fallback poll when no signal arrives. */
  pollMs?: number;
  /** How long stop() lets in-flight requests finish before releasing them back to the queue. */
  drainMs?: number;
  dispatcherFor(verifySsl: boolean): Dispatcher;
}

export interface DeliveryWorker {
  /** Claims and sends everything due now (tests call it to avoid waiting for a poll). */
  poke(): void;
  /** The lease this worker writes outcomes under; fan-out creates deliveries already claimed with it. */
  leaseToken: string;
  /** How many more deliveries this worker would take now (0 while stopping or backed up). */
  freeSlots(): number;
  /** Takes over deliveries created already claimed under `leaseToken`, with their events when known. */
  adopt(claims: Claimed[], events?: Map<string, EventData>): void;
  /** Resolves once every claimed delivery has its outcome written. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

const FLUSH_AT = 200;
const MAX_BUFFERED = 5_000;

export function startDeliveryWorker(app: AppContext, options: DeliveryWorkerOptions): DeliveryWorker {
  const maxInFlight = options.maxInFlight ?? 256;
  const claimBatch = options.claimBatch ?? 100;
  const flushDelayMs = options.flushDelayMs ?? 5;
  const pollMs = options.pollMs ?? 1_000;
  const drainMs = options.drainMs ?? 10_000;
  const minClaim = Math.max(1, Math.floor(Math.min(claimBatch, maxInFlight) / 4));
  // One lease token per process run: a result is written only while this worker still holds the row.
  const leaseToken = randomUUID();
  const targets = new TargetCache(app.queueDb, app.keyring);
  const stopController = new AbortController();
  // Every in-flight request listens to this one signal.
  setMaxListeners(0, stopController.signal);
  const deps: AttemptDeps = {
    version: app.version,
    stopSignal: stopController.signal,
    dispatcherFor: options.dispatcherFor,
    async checkRedirect(url) {
      const verdict = await app.ssrf.checkUrl(url);
      if (!verdict.ok) throw new Error(verdict.reason);
    },
  };

  const inFlight = new Map<string, Claimed>();
  let buffer: AttemptResult[] = [];
  let stopping = false;
  let claiming = false;
  let again = false;
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let backoffMs = 0;
  let idleWaiters: (() => void)[] = [];

  const log = app.log.child({ worker: "deliver" });

  const settleIdle = () => {
    if (inFlight.size === 0 && buffer.length === 0 && !flushing && !claiming) {
      for (const w of idleWaiters.splice(0)) w();
    }
  };

  const flush = async (): Promise<void> => {
    if (flushing) return flushing;
    clearTimeout(flushTimer);
    flushTimer = undefined;
    if (!buffer.length) return;
    const batch = buffer;
    buffer = [];
    flushing = (async () => {
      try {
        await withTransaction(app.queueDb, async (tx) => {
          const written = await writeOutcomes(tx, leaseToken, batch.map((r) => r.outcome));
          await insertAttempts(tx, batch.flatMap((r) => (r.attempt ? [r.attempt] : [])));
          // Health counts only outcomes this worker still owned; another worker's retry counts its own.
          await recordHealth(tx, batch.flatMap((r) => (r.health && written.has(r.outcome.id) ? [r.health] : [])));
        });
        backoffMs = 0;
      } catch (err) {
        // Keep the outcomes and try again: the database may be restarting. Until then nothing new is claimed.
        buffer = batch.concat(buffer);
        backoffMs = Math.min(Math.max(backoffMs * 2, 100), 5_000);
        if (isConnectionError(err)) log.warn("cannot write delivery outcomes yet; retrying", { error: (err as Error).message, retry_in_ms: backoffMs });
        else log.error("writing delivery outcomes failed; retrying", { error: err, retry_in_ms: backoffMs });
        await new Promise((r) => setTimeout(r, backoffMs));
      }
    })();
    await flushing;
    flushing = undefined;
    if (buffer.length) scheduleFlush(true);
    settleIdle();
    wake();
  };

  const scheduleFlush = (now = false) => {
    if (now || buffer.length >= FLUSH_AT) void flush();
    else if (!flushTimer) flushTimer = setTimeout(() => void flush(), flushDelayMs);
  };

  const finish = (claim: Claimed, result: AttemptResult) => {
    if (!inFlight.delete(claim.id)) return; // already released by stop()
    buffer.push(result);
    scheduleFlush();
    wake();
  };

  const run = (claim: Claimed, work: () => Promise<AttemptResult>) => {
    inFlight.set(claim.id, claim);
    work().then(
      (result) => finish(claim, result),
      (err) => {
        log.error("delivery attempt crashed", { delivery_id: claim.id, error: err });
        finish(claim, notSent(claim, claim.previousStatus === "sending" ? "pending" : claim.previousStatus, { category: "unknown", message: "internal error before sending", nextAttemptAt: new Date(Date.now() + 30_000) }));
      },
    );
  };

  /** Deliveries beyond their webhook's rate go back to the queue, spaced at the rate, without using an attempt. */
  const applyRateLimits = async (claims: Claimed[], hooks: Map<string, Target>): Promise<Set<string>> => {
    const limited = new Map<string, Claimed[]>();
    for (const c of claims) {
      const rps = hooks.get(c.webhookId)?.config.rate_limit_rps;
      if (rps) limited.set(c.webhookId, [...(limited.get(c.webhookId) ?? []), c]);
    }
    const deferred = new Set<string>();
    if (!limited.size) return deferred;
    const granted = await takeTokens(app.queueDb, [...limited].map(([webhookId, list]) => ({ webhookId, rps: hooks.get(webhookId)!.config.rate_limit_rps!, wanted: list.length })));
    for (const [webhookId, list] of limited) {
      const rps = hooks.get(webhookId)!.config.rate_limit_rps!;
      const allowed = granted.get(webhookId) ?? 0;
      list.slice(allowed).forEach((c, i) => {
        deferred.add(c.id);
        const later = new Date(Date.now() + Math.ceil(((i + 1) * 1000) / rps));
        run(c, async () => notSent(c, c.previousStatus === "sending" ? "pending" : c.previousStatus, { nextAttemptAt: later }));
      });
    }
    return deferred;
  };

  const dispatch = async (claims: Claimed[], known?: Map<string, EventData>) => {
    const missing = [...new Set(claims.map((c) => c.eventId))].filter((id) => !known?.has(id));
    const [hooks, subs, loaded] = await Promise.all([
      targets.webhooks(new Map(claims.map((c) => [c.webhookId, c.webhookVersion]))),
      targets.subscriptions(new Map(claims.flatMap((c) => (c.subscriptionId ? [[c.subscriptionId, c.subscriptionVersion] as const] : [])))),
      missing.length ? loadEvents(app.queueDb, missing) : new Map<string, EventData>(),
    ]);
    const events = known ? new Map([...known, ...loaded]) : loaded;
    const live: Claimed[] = [];
    for (const c of claims) {
      const hook = hooks.get(c.webhookId);
      const event = events.get(c.eventId);
      if (c.expiresAt && c.expiresAt.getTime() <= Date.now()) run(c, async () => notSent(c, "expired"));
      else if (!hook) run(c, async () => notSent(c, "failed", { category: "unknown", message: "the webhook was unregistered" }));
      else if (!event) run(c, async () => notSent(c, "failed", { category: "unknown", message: "the event no longer exists" }));
      else live.push(c);
    }
    const deferred = await applyRateLimits(live, hooks);
    for (const c of live) {
      if (deferred.has(c.id)) continue;
      const subscription = c.subscriptionId ? subs.get(c.subscriptionId) : undefined;
      run(c, () => attemptDelivery(deps, c, events.get(c.eventId)!, hooks.get(c.webhookId)!, subscription));
    }
  };

  const claimLoop = async () => {
    if (claiming) {
      again = true;
      return;
    }
    claiming = true;
    try {
      do {
        again = false;
        while (!stopping && buffer.length < MAX_BUFFERED && backoffMs === 0) {
          const room = Math.min(claimBatch, maxInFlight - inFlight.size);
          // Claim in batches: a claim for one or two free slots would cost a round trip per delivery.
          if (room <= 0 || (room < minClaim && inFlight.size > 0)) break;
          const claims = await claimDue(app.queueDb, room, leaseToken);
          if (!claims.length) break;
          await dispatch(claims);
          if (claims.length < room) break;
        }
      } while (again && !stopping);
    } catch (err) {
      if (isConnectionError(err)) log.warn("cannot claim deliveries: database unavailable", { error: (err as Error).message });
      else log.error("claiming deliveries failed", { error: err });
    } finally {
      claiming = false;
      settleIdle();
    }
  };

  const wake = () => {
    if (!stopping) void claimLoop();
  };

  app.signals.on("deliveries", wake);
  const poll = setInterval(wake, pollMs);
  poll.unref();
  wake();

  return {
    poke: wake,
    leaseToken,
    freeSlots: () => (stopping || backoffMs > 0 || buffer.length >= MAX_BUFFERED ? 0 : Math.max(0, maxInFlight - inFlight.size)),
    adopt(claims, events) {
      if (!claims.length) return;
      claiming = true;
      dispatch(claims, events)
        .catch((err) => log.error("dispatching handed-over deliveries failed; their lease will return them", { error: err }))
        .finally(() => {
          claiming = false;
          settleIdle();
        });
    },
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      }),
    async stop() {
      stopping = true;
      clearInterval(poll);
      app.signals.off("deliveries", wake);
      const deadline = Date.now() + drainMs;
      while (inFlight.size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      // What is still in flight goes back to the queue untouched: the attempt is given back.
      for (const claim of [...inFlight.values()]) {
        inFlight.delete(claim.id);
        buffer.push(notSent(claim, claim.previousStatus === "sending" ? "pending" : claim.previousStatus, { nextAttemptAt: new Date() }));
      }
      stopController.abort(new Error("the worker is stopping"));
      for (let i = 0; i < 5 && (buffer.length || flushing); i++) {
        await flushing;
        await flush();
      }
      idleWaiters.splice(0).forEach((w) => w());
      idleWaiters = [];
    },
  };
}
