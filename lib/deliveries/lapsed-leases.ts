// Recovery of deliveries born claimed by a worker that died before writing their outcomes (migration 18).
import { withTransaction, type Db } from "../db/pool.ts";
import { recoverLapsedLeases } from "./sql/recover-leases.ts";
import { run } from "./sql/statement.ts";

export interface LeaseRecovery {
  /** Lease rows whose time was up, taken and deleted. */
  leases: number;
  /** Deliveries they stood for that were still being sent, now in the retry lane. */
  deliveries: number;
}

/**
 * Takes lapsed leases in batches of `batchSize` until none is left or `maxLeases` were taken. Each lease's deliveries
 * are probed by their key range; left to itself the planner cannot size such a range and hashes every partition of
 * deliveries (a whole-table scan every few seconds, however few leases lapsed).
 */
export async function recoverLapsed(db: Db, batchSize = 500, maxLeases = 50_000): Promise<LeaseRecovery> {
  const total: LeaseRecovery = { leases: 0, deliveries: 0 };
  for (;;) {
    const [row] = await withTransaction(db, (tx) => run(tx, recoverLapsedLeases, { batchSize }), {
      rowsBy: "index-joins",
    });
    total.leases += row!.leases;
    total.deliveries += row!.deliveries;
    if (row!.leases < batchSize || total.leases >= maxLeases) return total;
  }
}
