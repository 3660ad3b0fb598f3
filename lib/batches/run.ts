// Processing one batch chunk by chunk. A retry chunk and its progress commit together; a re-push uses an
// idempotency key per (batch, event), so a chunk redone after a crash creates nothing twice.
import type { AppContext } from "../app/context.ts";
import { withTransaction, type Tx } from "../db/pool.ts";
import { emitSystemEvents } from "../system-events/emit.ts";
import { batchCompleted } from "../system-events/events.ts";
import { requeueIn } from "../deliveries/requeue.ts";
import { rePushEvent } from "../events/repush.ts";
import { recordProgress, stillProcessing, type ClaimedBatch } from "./batches.ts";

const CHUNK = 500;

export async function runBatch(
  app: Pick<AppContext, "db" | "config" | "events" | "signals" | "log" | "metrics" | "tracing">,
  batch: ClaimedBatch,
  shouldStop: () => boolean = () => false,
): Promise<"completed" | "cancelled" | "paused"> {
  for (let at = batch.cursor; at < batch.itemIds.length; at += CHUNK) {
    if (shouldStop()) return "paused";
    const chunk = batch.itemIds.slice(at, at + CHUNK);
    const done = at + chunk.length >= batch.itemIds.length;
    let going: boolean;
    if (batch.kind === "retry") {
      going = await withTransaction(app.db, async (tx) => {
        if (!(await stillProcessing(tx, batch.id, true))) return false;
        // Every delivery in the batch is reset and re-enqueued, whatever its state (one being sent right now excepted).
        const reset = await requeueIn(tx, batch.namespace, { deliveryIds: chunk, force: true });
        const going = await recordProgress(tx, batch.id, reset.length, chunk.length - reset.length, done);
        if (going && done) await announceCompleted(tx, batch);
        return going;
      });
      app.signals.local("deliveries");
    } else {
      if (!(await stillProcessing(app.db, batch.id))) return "cancelled";
      let ok = 0;
      for (const eventId of chunk) {
        try {
          await rePushEvent(app, eventId, batch.namespace, `repush:${batch.id}:${eventId}`);
          ok++;
        } catch (err) {
          app.log.debug("re-push of one event failed", {
            batch_id: batch.id,
            event_id: eventId,
            error: (err as Error).message,
          });
        }
      }
      going = await withTransaction(app.db, async (tx) => {
        const going = await recordProgress(tx, batch.id, ok, chunk.length - ok, done);
        if (going && done) await announceCompleted(tx, batch);
        return going;
      });
    }
    if (!going) return "cancelled";
  }
  return "completed";
}

/** svc.batch.completed, with the batch's final counts, in the transaction that completes it. */
async function announceCompleted(tx: Tx, batch: ClaimedBatch): Promise<void> {
  const { rows } = await tx.query<{ status: string; total: number; processed: number }>(
    "select status, total, processed from batches where id = $1",
    [batch.id],
  );
  if (rows[0])
    await emitSystemEvents(tx, [
      batchCompleted({ id: batch.id, kind: batch.kind, namespace: batch.namespace, ...rows[0] }),
    ]);
}
