// Retry and re-push batches: a snapshot of up to 10,000 ids (from ListDeliveries prepare_retry / ListEventReports
// prepare_repush), started explicitly, processed in the background with progress, cancellable, and resumable
// after a restart (a worker holds a lease; another takes over when it runs out).
import { randomUUID } from "node:crypto";
import type { Db } from "../db/pool.ts";
import { failedPrecondition, notFound } from "../errors.ts";
import { notifySql } from "../signals/signals.ts";

export type BatchKind = "retry" | "repush";
export type BatchStatus = "pending" | "processing" | "completed" | "cancelled";

export const BATCH_MAX_ITEMS = 10_000;
/** Snapshots expire this long after creation; a batch still processing stays visible until it ends. */
export const BATCH_TTL_SECONDS = 15 * 60;

export interface Batch {
  id: string;
  kind: BatchKind;
  namespace: string;
  status: BatchStatus;
  total: number;
  processed: number;
  failed: number;
  created_at: string;
  expires_at: string;
}

const COLUMNS = "id, kind, namespace, status, total, processed, failed, created_at, expires_at";
type BatchRow = Omit<Batch, "created_at" | "expires_at"> & { created_at: Date; expires_at: Date };
const toBatch = (r: BatchRow): Batch => ({
  id: r.id,
  kind: r.kind,
  namespace: r.namespace,
  status: r.status,
  total: r.total,
  processed: r.processed,
  failed: r.failed,
  created_at: r.created_at.toISOString(),
  expires_at: r.expires_at.toISOString(),
});
const label = (kind: BatchKind) => (kind === "retry" ? "retry batch" : "re-push batch");
const VISIBLE = `(expires_at > now() or status = 'processing')`;

export async function createBatch(db: Db, kind: BatchKind, consumer: string, ids: string[]): Promise<Batch> {
  const { rows } = await db.query(
    `insert into batches (id, kind, namespace, item_ids, total, expires_at) values ($1, $2, $3, $4, ` +
      `$5, now() + make_interval(secs => $6)) returning ${COLUMNS}`,
    [
      randomUUID(),
      kind,
      consumer,
      ids.slice(0, BATCH_MAX_ITEMS),
      Math.min(ids.length, BATCH_MAX_ITEMS),
      BATCH_TTL_SECONDS,
    ],
  );
  return toBatch(rows[0]);
}

/** `consumer` scopes the lookup on REST; the RPC ids are global. Unknown or expired: NOT_FOUND. */
export async function getBatch(db: Db, kind: BatchKind, id: string, consumer?: string): Promise<Batch> {
  const { rows } = await db.query(
    `select ${COLUMNS} from batches where id = $1 and kind = $2 and ($3::text is null or namespace = $3) and ${VISIBLE}`,
    [id, kind, consumer ?? null],
  );
  if (!rows[0]) throw notFound(`${label(kind)} ${id} not found or expired`);
  return toBatch(rows[0]);
}

export async function startBatch(db: Db, kind: BatchKind, id: string, consumer?: string): Promise<Batch> {
  const { rows } = await db.query(
    `with started as (
       update batches set status = 'processing', updated_at = now(), lease_until = null
        where id = $1 and kind = $2 and ($3::text is null or namespace = $3) and status = 'pending' and expires_at > now()
        returning ${COLUMNS}
     ), wake as (${notifySql("batches")} where exists (select 1 from started))
     select * from started, (select count(*) from wake) w`,
    [id, kind, consumer ?? null],
  );
  if (rows[0]) return toBatch(rows[0]);
  const current = await getBatch(db, kind, id, consumer);
  throw failedPrecondition(`${label(kind)} ${id} is ${current.status}, not pending`);
}

export async function cancelBatch(db: Db, kind: BatchKind, id: string, consumer?: string): Promise<Batch> {
  const { rows } = await db.query(
    `update batches set status = 'cancelled', updated_at = now()
      where id = $1 and kind = $2 and ($3::text is null or namespace = $3) and status in ('pending', 'processing') and ${VISIBLE}
      returning ${COLUMNS}`,
    [id, kind, consumer ?? null],
  );
  if (rows[0]) return toBatch(rows[0]);
  const current = await getBatch(db, kind, id, consumer);
  throw failedPrecondition(`${label(kind)} ${id} is already ${current.status}`);
}

export interface ClaimedBatch {
  id: string;
  kind: BatchKind;
  namespace: string;
  itemIds: string[];
  /** Items before this index are done (processed or failed). */
  cursor: number;
}

const LEASE_SECONDS = 60;

/** One processing batch nobody holds (or whose holder died), leased to the caller. */
export async function claimBatch(db: Db): Promise<ClaimedBatch | undefined> {
  const { rows } = await db.query({
    name: "batches.claim",
    text: `update batches set lease_until = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
            where id = (select id from batches where status = 'processing' and (lease_until is null or lease_until < now())
                         order by updated_at limit 1 for update skip locked)
        returning id, kind, namespace, item_ids, processed, failed`,
  });
  const r = rows[0];
  return r && { id: r.id, kind: r.kind, namespace: r.namespace, itemIds: r.item_ids, cursor: r.processed + r.failed };
}

/** Moves the cursor; returns false when the batch was cancelled meanwhile (work stops, nothing is rolled back). */
export async function recordProgress(
  db: Pick<Db, "query">,
  id: string,
  processed: number,
  failed: number,
  done: boolean,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `update batches set processed = processed + $2, failed = failed + $3, updated_at = now(),
            lease_until = now() + make_interval(secs => ${LEASE_SECONDS}),
            status = case when $4 then 'completed' else status end
      where id = $1 and status = 'processing'`,
    [id, processed, failed, done],
  );
  return rowCount === 1;
}

/** Whether the batch is still processing (checked before each chunk). */
export async function stillProcessing(db: Pick<Db, "query">, id: string, lock = false): Promise<boolean> {
  const { rows } = await db.query(`select status from batches where id = $1 ${lock ? "for update" : ""}`, [id]);
  return rows[0]?.status === "processing";
}

export async function purgeExpiredBatches(db: Db): Promise<number> {
  const { rowCount } = await db.query(
    "delete from batches where expires_at < now() - interval '1 hour' and status <> 'processing'",
  );
  return rowCount ?? 0;
}

/** A worker stopping mid-batch hands it back at once instead of letting its lease run out. */
export async function releaseBatch(db: Db, id: string): Promise<void> {
  await db.query("update batches set lease_until = null where id = $1 and status = 'processing'", [id]);
}
