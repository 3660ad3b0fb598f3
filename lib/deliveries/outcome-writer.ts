// The outcome writer: one transaction per batch of outcomes writes the deliveries (where this worker's lease still
// holds), their attempts, the minute statistics, and the health and circuits of the webhooks involved; pauses what
// must be paused and emits the system events. It owns the health recorder (and its memory of existing rows).
import type { Attributes } from "@opentelemetry/api";
import type { Db, Tx } from "../db/pool.ts";
import { withTransaction } from "../db/pool.ts";
import { HealthRecorder, type HealthPolicy } from "../health/record.ts";
import { emitSystemEvents, type SystemEvent } from "../system-events/emit.ts";
import { deliveryFailed, healthChanged, webhookPaused, webhookResumed } from "../system-events/events.ts";
import { SYSTEM_CONSUMER } from "../system-events/catalog.ts";
import { autoDisabledReason, pauseAutomatically } from "../webhooks/auto-pause.ts";
import { withCounterShard } from "../stats/counters.ts";
import type { Metrics } from "../telemetry/metrics.ts";
import { recordMinuteStats } from "./minute-stats.ts";
import type { WriteChanges } from "./outcome-buffer.ts";
import { writeOutcomes } from "./queue.ts";
import { run } from "./sql/statement.ts";
import { webhookUrls } from "./sql/webhook-urls.ts";
import type { AttemptResult, Outcome } from "./stages.ts";

export class OutcomeWriter {
  private readonly health = new HealthRecorder();

  constructor(
    private readonly db: Db,
    private readonly leaseToken: string,
    private readonly policy: HealthPolicy,
    private readonly metrics: Metrics,
  ) {}

  /**
   * Writes a batch, all or nothing; then counts it in the metrics. Its statements find their rows by key, so each is
   * planned once, without its values: as deliveries grew between batches, PostgreSQL planned the outcome statement
   * anew at most calls in some runs (10.5 plans in 12.1 calls per 1,000 events, 15.7 ms of planning: bench/e2e).
   * By key means by index probes, joined by nested loops: a plan made on a small table would read the growing
   * partition at every batch, by a sequential scan or, without one, a whole index under a hash join.
   */
  async write(batch: AttemptResult[]): Promise<WriteChanges> {
    // The shard is held to the commit: the counter row stays locked that long.
    const changes = await withCounterShard((shard) =>
      withTransaction(this.db, (tx) => this.writeIn(tx, batch, shard), { genericPlans: true, rowsBy: "index-joins" }),
    );
    this.count(batch, changes);
    return changes;
  }

  private async writeIn(tx: Tx, batch: AttemptResult[], shard: number): Promise<WriteChanges> {
    const written = await writeOutcomes(tx, this.leaseToken, batch, shard);
    await recordMinuteStats(tx, batch, written);
    // Health counts only outcomes this worker still owned; another worker's retry counts its own.
    const health = await this.health.record(
      tx,
      batch.flatMap((r) => (r.health && written.has(r.outcome.id) ? [r.health] : [])),
      this.policy,
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
  }

  /** Metrics from what was just written. (Outcomes whose lease had moved on are counted by their new owner.) */
  private count(batch: AttemptResult[], changes: WriteChanges): void {
    const m = this.metrics;
    // One add per series and batch: each add hashes its attributes (sorted keys as JSON), and a batch's outcomes
    // fall into a handful of series.
    const delivered = new Map<string, { attributes: Attributes; n: number }>();
    for (const { outcome, attempt } of batch) {
      const category = outcome.errorCategory ?? "none";
      const series = `${outcome.consumer}\0${outcome.status}\0${category}`;
      const seen = delivered.get(series);
      if (seen) seen.n++;
      else
        delivered.set(series, {
          attributes: m.ofConsumer(outcome.consumer, { status: outcome.status, error_category: category }),
          n: 1,
        });
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
    for (const { attributes, n } of delivered.values()) m.deliveries.add(n, attributes);
    for (const p of changes.paused) m.pausedAutomatically.add(1, { reason: p.by });
  }
}

/** svc.delivery.failed for deliveries that failed for good in this batch (never about `_svc`'s own). */
async function failedDeliveryEvents(tx: Tx, failed: Outcome[]): Promise<SystemEvent[]> {
  const about = failed.filter((o) => o.consumer !== SYSTEM_CONSUMER);
  if (!about.length) return [];
  const rows = await run(tx, webhookUrls, [...new Set(about.map((o) => o.webhookId))]);
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
