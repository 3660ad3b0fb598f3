// Snapshots behind prepare_retry / prepare_repush: the ids matching a list's filters (up to 10,000), as a pending batch.
import type { Db } from "../db/pool.ts";
import { listDeliveries, matchingDeliveryIds, type DeliveryFilter } from "../deliveries/reads.ts";
import { listEventReports, matchingEventIds, type EventFilter } from "../events/reports.ts";
import type { Page } from "../page.ts";
import { BATCH_MAX_ITEMS, createBatch, type Batch } from "./batches.ts";

export async function snapshotDeliveries(db: Db, consumer: string, filter: DeliveryFilter): Promise<Batch> {
  return createBatch(db, "retry", consumer, await matchingDeliveryIds(db, consumer, filter, BATCH_MAX_ITEMS));
}

export async function snapshotEvents(db: Db, consumer: string, filter: EventFilter): Promise<Batch> {
  return createBatch(db, "repush", consumer, await matchingEventIds(db, consumer, filter, BATCH_MAX_ITEMS));
}

/** A page of a consumer's deliveries; with `prepareRetry`, the whole match also captured as a retry batch. */
export async function listDeliveriesForRetry(
  db: Db,
  consumer: string,
  filter: DeliveryFilter,
  page: Page,
  prepareRetry: boolean,
) {
  const { deliveries, total } = await listDeliveries(db, consumer, filter, page);
  const batch = prepareRetry ? await snapshotDeliveries(db, consumer, filter) : undefined;
  return { deliveries, total, batchId: batch?.id };
}

/** A page of a consumer's events; with `prepareRepush`, the whole match also captured as a re-push batch. */
export async function listEventsForRepush(
  db: Db,
  consumer: string,
  filter: EventFilter,
  page: Page,
  prepareRepush: boolean,
) {
  const { events, total } = await listEventReports(db, consumer, filter, page);
  const batch = prepareRepush ? await snapshotEvents(db, consumer, filter) : undefined;
  return { events, total, batchId: batch?.id };
}
