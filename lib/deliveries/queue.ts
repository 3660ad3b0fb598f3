// The delivery table is the queue: claimed in batches (claim.ts), outcomes and attempts written in batches here
// (see docs/architecture.md).
import type { Tx } from "../db/pool.ts";
import type { AttemptResult, Claimed, DeliveryStatus, Lane } from "./stages.ts";
import { run } from "./sql/statement.ts";
import { writeOutcomes as writeOutcomesStatement } from "./sql/write-outcomes.ts";

export const TERMINAL: readonly DeliveryStatus[] = ["success", "failed", "expired"];

/** Lease margin beyond the attempt's own deadline, so a lease never ends while its attempt can still be running. */
export const LEASE_MARGIN_SECONDS = 10;

/**
 * Each claim lane's partial index's condition (migration 18): pending deliveries, and retrying or claimed ones. A
 * delivery born claimed is in neither while it is sent; one done is in neither.
 */
export const LANE_CONDITION: Readonly<Record<Lane, string>> = { fresh: "lane = 1", retry: "lane = 2" };

/** A claimed row as the claim statement (or a fan-out that created it claimed) returns it. */
export interface ClaimedRow {
  id: string;
  /** As text: a Date would drop the microseconds the row's key holds. */
  created_at: string;
  namespace: string;
  event_id: string;
  webhook_id: string;
  subscription_id: string | null;
  attempt_count: number;
  previous_status: DeliveryStatus;
  expires_at: Date | null;
  rate_limited_since: Date | null;
  webhook_version: number | string | null;
  subscription_version: number | string | null;
  timeout_seconds: number;
  probe?: boolean | null;
}

export function toClaimed(r: ClaimedRow): Claimed {
  return {
    id: r.id,
    createdAt: r.created_at,
    consumer: r.namespace,
    eventId: r.event_id,
    webhookId: r.webhook_id,
    subscriptionId: r.subscription_id,
    attempt: r.attempt_count,
    previousStatus: r.previous_status,
    expiresAt: r.expires_at,
    rateLimitedSince: r.rate_limited_since,
    webhookVersion: r.webhook_version === null ? null : Number(r.webhook_version),
    subscriptionVersion: r.subscription_version === null ? null : Number(r.subscription_version),
    timeoutSeconds: r.timeout_seconds,
    probe: r.probe === true,
  };
}

/** Writes a batch of outcomes (lib/deliveries/sql/write-outcomes.ts), counted in `shard`; returns the ids written. */
export async function writeOutcomes(
  tx: Tx,
  leaseToken: string,
  results: Pick<AttemptResult, "outcome" | "attempt">[],
  shard: number,
): Promise<Set<string>> {
  if (!results.length) return new Set();
  const written = await run(tx, writeOutcomesStatement, { leaseToken, results, shard });
  return new Set(written.map((r) => r.id));
}
