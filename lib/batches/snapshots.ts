// Snapshots behind PrepareRetry / PrepareRepush (and the deprecated list aliases prepare_retry / prepare_repush): the
// ids matching a list's filters (up to 10,000), newest first, as a pending batch.
import type { Db } from "../db/pool.ts";
import { matchingDeliveryIds, type DeliveryFilter } from "../deliveries/reads.ts";
import { matchingEventIds, type EventFilter } from "../events/reports.ts";
import { BATCH_MAX_ITEMS, createBatch, type Batch } from "./batches.ts";

export async function snapshotDeliveries(db: Db, consumer: string, filter: DeliveryFilter): Promise<Batch> {
  return createBatch(db, "retry", consumer, await matchingDeliveryIds(db, consumer, filter, BATCH_MAX_ITEMS));
}

export async function snapshotEvents(db: Db, consumer: string, filter: EventFilter): Promise<Batch> {
  return createBatch(db, "repush", consumer, await matchingEventIds(db, consumer, filter, BATCH_MAX_ITEMS));
}
