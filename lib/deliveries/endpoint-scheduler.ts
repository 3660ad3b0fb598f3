// Per-endpoint scheduling inside one process. Claimed deliveries wait here until their webhook, their origin, their
// lane and the process all have a free slot; only then is the request started, so the attempt's clock starts when
// the request is handed a connection (the HTTP pools hold as many connections per origin as an origin may have
// in flight, so nothing queues below us). A delivery that waits too long, or whose endpoint's circuit opens while
// it waits, goes back to the queue without using an attempt.
import type { Lane } from "./stages.ts";
import type { Claimed } from "./stages.ts";

export interface SchedulerLimits {
  /** Requests in flight in this process. */
  total: number;
  /** Requests in flight to one webhook. */
  perWebhook: number;
  /** Requests in flight to one origin (scheme, host and port), whichever webhooks share it. */
  perOrigin: number;
  /** Most requests retries may hold; the rest of `total` is kept for first attempts. */
  retries: number;
  /** Longest a claimed delivery waits for a slot before it is handed back. */
  maxWaitMs: number;
}

export interface Job<R> {
  claim: Claimed;
  origin: string;
  lane: Lane;
  /** Sends the request; called once a slot is free. */
  start(): Promise<R>;
}

export interface SchedulerEvents<R> {
  done(job: Job<R>, result: R): void;
  failed(job: Job<R>, err: unknown): void;
  /** The job never started (or was abandoned at shutdown): hand its claim back. */
  released(job: Job<R>, why: "waited too long" | "held back" | "stopping"): void;
  /** A slot became free; `idle` when the job's webhook has nothing running or waiting any more. */
  freed(job: Job<R> | undefined, idle: boolean): void;
}

interface Queued<R> {
  job: Job<R>;
  since: number;
}

const counter = () => {
  const m = new Map<string, number>();
  return {
    get: (k: string) => m.get(k) ?? 0,
    add(k: string, n: number) {
      const v = (m.get(k) ?? 0) + n;
      if (v > 0) m.set(k, v);
      else m.delete(k);
    },
    entries: () => m.entries(),
  };
};

/** Where a webhook sends, remembered for its room; bounded, since any number of webhooks may pass through. */
const MAX_KNOWN_ORIGINS = 10_000;
/** Each webhook's completions per second are counted over windows this long. */
const RATE_WINDOW_MS = 1_000;

export class EndpointScheduler<R> {
  private waiting: Queued<R>[] = [];
  private running = new Map<string, Job<R>>();
  private webhookRunning = counter();
  private webhookWaiting = counter();
  private originRunning = counter();
  private retryCount = 0;
  // Claims taken for this process and still being prepared (targets and events loading): not submitted yet, but
  // already this process's, so they count against every room until their preparation ends.
  private webhookReserved = counter();
  private reserved = 0;
  private reservedRetries = 0;
  private originOf = new Map<string, string>();
  // How fast each webhook completes requests (per second, over the last window) and how long a claim takes until its
  // deliveries are submitted: together they size what a webhook may have claimed ahead (aheadOf).
  private completed = counter();
  private rates = new Map<string, number>();
  private rateWindowStart = performance.now();
  private leadMs = 0;
  private stopping = false;
  private readonly sweep: NodeJS.Timeout;

  constructor(
    readonly limits: SchedulerLimits,
    private readonly on: SchedulerEvents<R>,
  ) {
    this.sweep = setInterval(() => this.releaseStale(), Math.max(50, Math.min(500, limits.maxWaitMs / 4)));
    this.sweep.unref();
  }

  get inFlight(): number {
    return this.running.size;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** No request running and none waiting. */
  get empty(): boolean {
    return this.running.size === 0 && this.waiting.length === 0;
  }

  /** How many more deliveries of a lane this process should claim now. */
  room(lane: Lane): number {
    if (this.stopping) return 0;
    const free = this.limits.total - this.running.size - this.waiting.length - this.reserved;
    return Math.max(
      0,
      lane === "fresh" ? free : Math.min(free, this.limits.retries - this.retryCount - this.reservedRetries),
    );
  }

  /**
   * Claims taken for this process that are being prepared before they are submitted: until the returned release is
   * called they count against the process's, the lane's and their webhooks' room, so the next claim can start
   * while they load without taking their room a second time.
   */
  reserve(claims: readonly Claimed[], lane: Lane, claimStartedAt?: number): () => void {
    for (const c of claims) this.webhookReserved.add(c.webhookId, 1);
    this.reserved += claims.length;
    if (lane === "retry") this.reservedRetries += claims.length;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const c of claims) this.webhookReserved.add(c.webhookId, -1);
      this.reserved -= claims.length;
      if (lane === "retry") this.reservedRetries -= claims.length;
      if (claimStartedAt !== undefined) this.noteLead(performance.now() - claimStartedAt);
    };
  }

  /** How long a claim took from its start until its deliveries were submitted (a moving average is kept). */
  noteLead(ms: number): void {
    this.leadMs = this.leadMs ? this.leadMs * 0.8 + ms * 0.2 : ms;
  }

  /**
   * What a webhook may have claimed beyond its in-flight share: what it completes in two claim leads (a claim's
   * round trip and preparation, and the wait for the next round), at least a chunk and at most four shares or a
   * quarter of the process. A webhook whose requests end in a few milliseconds is then no longer held to a share
   * per claim round, while a slow or dead one keeps one chunk ahead: what waits here starts within about a lead.
   */
  private aheadOf(webhookId: string): number {
    const chunk = this.claimChunk;
    const most = Math.max(chunk, Math.min(this.limits.perWebhook * 4, Math.floor(this.limits.total / 4)));
    const wanted = Math.ceil(((this.rates.get(webhookId) ?? 0) * 2 * this.leadMs) / 1000);
    return Math.min(most, Math.max(chunk, wanted));
  }

  private updateRates(): void {
    const now = performance.now();
    const elapsed = now - this.rateWindowStart;
    if (elapsed < RATE_WINDOW_MS) return;
    this.rates.clear();
    for (const [webhookId, n] of this.completed.entries()) this.rates.set(webhookId, (n * 1000) / elapsed);
    this.completed = counter();
    this.rateWindowStart = now;
  }

  /** The fewest deliveries worth claiming for a busy webhook: claims come in chunks, not one per free slot. */
  get claimChunk(): number {
    return Math.max(1, Math.floor(this.limits.perWebhook / 4));
  }

  /**
   * Webhooks whose room differs from a share (busy, behind a busy origin, or fast enough to have more claimed
   * ahead): their room now. A busy webhook with less than a chunk of room gets nothing until a chunk is free, so a
   * hot endpoint costs one claim per chunk of deliveries rather than one per delivery.
   */
  webhookRoom(): Record<string, number> {
    this.updateRates();
    const room: Record<string, number> = {};
    const chunk = this.claimChunk;
    const roomOf = (webhookId: string, origin: string | undefined) => {
      // A busy webhook may have deliveries claimed ahead, waiting here: a slot that frees starts the next one at
      // once instead of waiting for a claim round trip. (Waiting claims use no attempt and go back at shutdown.)
      const ahead = this.aheadOf(webhookId);
      const used =
        this.webhookRunning.get(webhookId) + this.webhookWaiting.get(webhookId) + this.webhookReserved.get(webhookId);
      let left =
        origin !== undefined && this.originRunning.get(origin) >= this.limits.perOrigin
          ? 0
          : Math.max(0, Math.min(this.limits.perWebhook + ahead - chunk, this.limits.perWebhook + ahead - used));
      if (used > 0 && left < chunk) left = 0;
      if (left !== this.limits.perWebhook) room[webhookId] = left;
    };
    for (const [webhookId, origin] of this.originOf) roomOf(webhookId, origin);
    for (const [webhookId] of this.webhookReserved.entries())
      if (!this.originOf.has(webhookId)) roomOf(webhookId, undefined);
    return room;
  }

  submit(job: Job<R>): void {
    if (this.stopping) return this.on.released(job, "stopping");
    if (!this.originOf.has(job.claim.webhookId) && this.originOf.size >= MAX_KNOWN_ORIGINS) this.forgetIdle();
    this.originOf.set(job.claim.webhookId, job.origin);
    this.waiting.push({ job, since: performance.now() });
    this.webhookWaiting.add(job.claim.webhookId, 1);
    if (job.lane === "retry") this.retryCount++;
    this.pump();
  }

  /**
   * Webhooks whose circuit opened or that were paused: what waits for them goes back at once. Nothing is kept
   * here about them: claims consult the database, which every instance shares.
   */
  holdBack(webhookIds: string[]): void {
    if (!webhookIds.length) return;
    const ids = new Set(webhookIds);
    this.releaseWhere((q) => ids.has(q.job.claim.webhookId) && !q.job.claim.probe, "held back");
  }

  /** Shutdown: nothing more starts and everything waiting goes back at once. */
  stop(): void {
    this.stopping = true;
    clearInterval(this.sweep);
    this.releaseWhere(() => true, "stopping");
  }

  /** Shutdown after the grace period: requests still running are given back (their results are ignored). */
  abandonRunning(): void {
    for (const job of [...this.running.values()]) {
      this.finish(job);
      this.on.released(job, "stopping");
    }
  }

  private canStart(job: Job<R>): boolean {
    return (
      this.running.size < this.limits.total &&
      this.webhookRunning.get(job.claim.webhookId) < this.limits.perWebhook &&
      this.originRunning.get(job.origin) < this.limits.perOrigin
    );
  }

  private pump(): void {
    if (this.stopping || !this.waiting.length) return;
    const still: Queued<R>[] = [];
    for (const q of this.waiting) {
      if (this.running.size >= this.limits.total || !this.canStart(q.job)) still.push(q);
      else this.begin(q.job);
    }
    this.waiting = still;
  }

  private begin(job: Job<R>): void {
    const { claim } = job;
    this.webhookWaiting.add(claim.webhookId, -1);
    this.webhookRunning.add(claim.webhookId, 1);
    this.originRunning.add(job.origin, 1);
    this.running.set(claim.id, job);
    job.start().then(
      (result) => {
        if (this.finish(job)) this.on.done(job, result);
      },
      (err) => {
        if (this.finish(job)) this.on.failed(job, err);
      },
    );
  }

  /** Frees the job's slot; false when it was already given back. */
  private finish(job: Job<R>): boolean {
    if (this.running.get(job.claim.id) !== job) return false;
    this.running.delete(job.claim.id);
    this.webhookRunning.add(job.claim.webhookId, -1);
    this.completed.add(job.claim.webhookId, 1);
    this.originRunning.add(job.origin, -1);
    if (job.lane === "retry") this.retryCount--;
    this.pump();
    this.on.freed(
      job,
      this.webhookRunning.get(job.claim.webhookId) + this.webhookWaiting.get(job.claim.webhookId) === 0,
    );
    return true;
  }

  private releaseWhere(test: (q: Queued<R>) => boolean, why: "waited too long" | "held back" | "stopping"): void {
    const released: Queued<R>[] = [];
    this.waiting = this.waiting.filter((q) => {
      if (!test(q)) return true;
      released.push(q);
      return false;
    });
    for (const { job } of released) {
      this.webhookWaiting.add(job.claim.webhookId, -1);
      if (job.lane === "retry") this.retryCount--;
      this.on.released(job, why);
    }
    if (released.length) this.on.freed(undefined, false);
  }

  private releaseStale(): void {
    const cutoff = performance.now() - this.limits.maxWaitMs;
    if (this.waiting.length && this.waiting[0]!.since <= cutoff)
      this.releaseWhere((q) => q.since <= cutoff, "waited too long");
  }

  private forgetIdle(): void {
    for (const webhookId of this.originOf.keys()) {
      if (!this.webhookRunning.get(webhookId) && !this.webhookWaiting.get(webhookId)) this.originOf.delete(webhookId);
    }
  }
}
