// Outcomes of attempts are written in batches: one transaction writes the deliveries (where this worker's lease
// still holds), their attempts, and the health and circuits of the webhooks involved. A failed write keeps the
// outcomes and tries again with backoff; until it succeeds the worker claims nothing new.
import type { Db, Tx } from "../db/pool.ts";
import { isConnectionError, withTransaction } from "../db/pool.ts";
import { recordHealth, type HealthPolicy } from "../health/record.ts";
import { emitSystemEvents, type SystemEvent } from "../system-events/emit.ts";
import { deliveryFailed, healthChanged, webhookPaused, webhookResumed } from "../system-events/events.ts";
import { SYSTEM_CONSUMER } from "../system-events/catalog.ts";
import { autoDisabledReason, pauseAutomatically, type Paused } from "../webhooks/auto-pause.ts";
import type { Logger } from "../log.ts";
import type { Metrics } from "../telemetry/metrics.ts";
import { recordMinuteStats } from "./minute-stats.ts";
import { writeOutcomes } from "./queue.ts";
import type { AttemptResult, Outcome } from "./stages.ts";

export interface OutcomeBufferOptions {
  db: Db;
  leaseToken: string;
  policy: HealthPolicy;
  log: Logger;
  /** Longest an outcome waits before it is written. */
  flushDelayMs: number;
  /** Outcomes that trigger a write at once. */
  flushAt?: number;
  /** After every successful write. */
  written(changes: WriteChanges): void;
  metrics: Metrics;
}

/** What a write changed beyond the deliveries: circuits open after it, webhooks paused. */
export interface WriteChanges {
  open: string[];
  paused: Paused[];
}

const MAX_BACKOFF_MS = 5_000;

export class OutcomeBuffer {
  private buffer: AttemptResult[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private backoffMs = 0;
  private closed = false;

  constructor(private readonly o: OutcomeBufferOptions) {}

  get size(): number {
    return this.buffer.length;
  }

  /** A write is failing (the database may be restarting). */
  get blocked(): boolean {
    return this.backoffMs > 0;
  }

  get idle(): boolean {
    return !this.buffer.length && !this.flushing;
  }

  add(result: AttemptResult): void {
    this.buffer.push(result);
    if (this.buffer.length >= (this.o.flushAt ?? 200)) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.o.flushDelayMs);
  }

  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.buffer.length) return;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = this.write(batch);
    await this.flushing;
    this.flushing = undefined;
    if (this.buffer.length && !this.closed) void this.flush();
  }

  /**
   * Shutdown: writes until nothing is left or `deadline` (epoch ms) passes with the database still away; then it
   * stops retrying. Outcomes left unwritten are safe: their rows are still leased and come back when it ends.
   */
  async drain(deadline: number): Promise<void> {
    while (!this.idle && Date.now() < deadline) {
      await this.flushing;
      await this.flush();
    }
    this.closed = true;
    if (this.buffer.length)
      this.o.log.warn("shutdown: delivery outcomes not written; their deliveries will be attempted again", {
        outcomes: this.buffer.length,
      });
  }

  /** Metrics from what was just written. (Outcomes whose lease had moved on are counted by their new owner.) */
  private count(batch: AttemptResult[], changes: WriteChanges): void {
    const m = this.o.metrics;
    for (const { outcome, attempt } of batch) {
      m.deliveries.add(
        1,
        m.ofConsumer(outcome.consumer, { status: outcome.status, error_category: outcome.errorCategory ?? "none" }),
      );
      if (attempt)
        m.attemptDuration.record(
          attempt.responseTimeMs / 1000,
          m.ofConsumer(outcome.consumer, { error_category: attempt.errorCategory }),
        );
      if (attempt?.attempt === 1 && firstTry(outcome.rateLimitedSince, attempt.at)) {
        const pushedAt = pushedAtMs(outcome.eventId);
        if (pushedAt !== undefined)
          m.fanoutLag.record(Math.max(0, attempt.at.getTime() - pushedAt) / 1000, m.ofConsumer(outcome.consumer, {}));
      }
      if (outcome.templateError)
        m.templateErrors.add(
          1,
          m.ofConsumer(outcome.consumer, {
            on_error: outcome.errorCategory === "template_error" ? "fail" : "fallback",
          }),
        );
    }
    for (const p of changes.paused) m.pausedAutomatically.add(1, { reason: p.by });
  }

  private async write(batch: AttemptResult[]): Promise<void> {
    try {
      const changes = await withTransaction(this.o.db, async (tx) => {
        const written = await writeOutcomes(
          tx,
          this.o.leaseToken,
          batch.map((r) => r.outcome),
          batch.flatMap((r) => (r.attempt ? [r.attempt] : [])),
        );
        await recordMinuteStats(tx, batch, written);
        // Health counts only outcomes this worker still owned; another worker's retry counts its own.
        const health = await recordHealth(
          tx,
          batch.flatMap((r) => (r.health && written.has(r.outcome.id) ? [r.health] : [])),
          this.o.policy,
        );
        const paused = await pauseAutomatically(tx, [
          ...batch.flatMap((r) => (r.pause && written.has(r.outcome.id) ? [r.pause] : [])),
          ...health.disable.map((d) => ({
            webhookId: d.webhookId,
            by: "auto_disabled" as const,
            reason: autoDisabledReason(d.failingSince, d.afterSeconds),
          })),
        ]);
        const failed = batch.map((r) => r.outcome).filter((o) => o.status === "failed" && written.has(o.id));
        await emitSystemEvents(tx, [
          ...paused.map((p) => webhookPaused(p, p.by, p.reason)),
          ...health.opened.map((w) => webhookPaused(w, "circuit", `endpoint circuit open: ${w.reason}`)),
          ...health.closed.map((w) => webhookResumed(w, "circuit")),
          ...health.stateChanged.map((w) => healthChanged(w, w.from, w.to)),
          ...(await failedDeliveryEvents(tx, failed)),
        ]);
        return { open: health.open, paused };
      });
      this.backoffMs = 0;
      this.count(batch, changes);
      this.o.written(changes);
    } catch (err) {
      this.buffer = batch.concat(this.buffer);
      this.backoffMs = Math.min(Math.max(this.backoffMs * 2, 100), MAX_BACKOFF_MS);
      if (isConnectionError(err))
        this.o.log.warn("cannot write delivery outcomes yet; retrying", {
          error: (err as Error).message,
          retry_in_ms: this.backoffMs,
        });
      else this.o.log.error("writing delivery outcomes failed; retrying", { error: err, retry_in_ms: this.backoffMs });
      if (!this.closed) await new Promise((r) => setTimeout(r, this.backoffMs));
    }
  }
}

/** svc.delivery.failed for deliveries that failed for good in this batch (never about `_svc`'s own). */
async function failedDeliveryEvents(tx: Tx, failed: Outcome[]): Promise<SystemEvent[]> {
  const about = failed.filter((o) => o.consumer !== SYSTEM_CONSUMER);
  if (!about.length) return [];
  const { rows } = await tx.query<{ id: string; url: string }>(
    "select id, url from webhooks where id = any($1::uuid[])",
    [[...new Set(about.map((o) => o.webhookId))]],
  );
  const urls = new Map(rows.map((r) => [r.id, r.url]));
  return about.map((o) =>
    deliveryFailed(
      { webhookId: o.webhookId, consumer: o.consumer, url: urls.get(o.webhookId) ?? "" },
      {
        deliveryId: o.id,
        eventId: o.eventId,
        errorCategory: o.errorCategory,
        errorMessage: o.errorMessage,
        responseCode: o.responseCode,
        attempts: o.attemptUsed ? o.attempt : o.attempt - 1,
      },
    ),
  );
}

/** A first attempt is first once: a 429 answer keeps attempt 1 for the next try, which is not lag any more. */
const firstTry = (rateLimitedSince: Date | null, at: Date) =>
  rateLimitedSince === null || rateLimitedSince.getTime() === at.getTime();

/** When an event was pushed: its id is a UUIDv7, whose first 48 bits are the push's Unix time in milliseconds. */
export function pushedAtMs(eventId: string): number | undefined {
  if (eventId[14] !== "7") return undefined;
  return parseInt(eventId.slice(0, 8) + eventId.slice(9, 13), 16);
}
