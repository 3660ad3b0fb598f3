// Fan-out: each event becomes one delivery per active subscription of an active webhook of its consumer whose
// label filters its labels contain. Events wait as rows of `fanout_queue` (migration 8 says why); taking them off
// the queue and inserting their deliveries happen in one statement (lib/fanout/sql/fan-out.ts): never half a
// fan-out. Pushes to an instance that delivers are fanned out by the push's own statement instead, unless an event
// matches more subscriptions than a push should wait for (lib/events/inserter.ts). Deliveries may be born claimed
// for this process's worker; this module reads them out of the statements' rows.
import type { Db } from "../db/pool.ts";
import { run } from "../deliveries/sql/statement.ts";
import type { Claimed, EventData, PreClaim } from "../deliveries/stages.ts";
import { withCounterShard } from "../stats/counters.ts";
import { fanOutQueued, type ClaimedGroup, type FanOutRow } from "./sql/fan-out.ts";

export interface FanOutResult {
  /** Events fanned out. */
  events: number;
  /** Queue rows and legacy events taken: a full batch means more may be waiting. */
  taken: number;
  deliveries: number;
  /** Deliveries created already claimed for the caller's lease. */
  claimed: Claimed[];
  /** The events of the claimed deliveries, so the worker need not read them again. */
  claimedEvents: Map<string, EventData>;
  /** Whether some delivery waits for a claim that could take it now (the statement NOTIFYed the workers). */
  woke: boolean;
  /** The traceparents of the events fanned out (those pushed while tracing), for the fan-out span's links. */
  traceparents: string[];
}

/** The summary row and the born-claimed deliveries' events of a fan-out statement's rows. */
export function readFanOut<S extends { claimed?: ClaimedGroup[]; created_at?: string }>(
  rows: FanOutRow<S>[],
): { summary: S; claimed: Claimed[]; claimedEvents: Map<string, EventData> } {
  let summary: S | undefined;
  const claimedEvents = new Map<string, EventData>();
  for (const r of rows) {
    if (r.summary !== null) summary = r.summary;
    else
      claimedEvents.set(r.id, {
        id: r.id,
        eventName: r.event_name,
        payloadJson: r.payload,
        traceparent: r.traceparent,
      });
  }
  return { summary: summary!, claimed: bornClaimed(summary!.claimed ?? [], summary!.created_at ?? ""), claimedEvents };
}

export async function fanOutBatch(db: Db, limit: number, preClaim?: PreClaim): Promise<FanOutResult> {
  const rows = await withCounterShard((shard) => run(db, fanOutQueued, { limit, shard, preClaim }));
  const { summary, claimed, claimedEvents } = readFanOut(rows);
  return {
    events: summary.events,
    taken: summary.taken,
    deliveries: summary.deliveries,
    claimed,
    claimedEvents,
    traceparents: summary.traceparents,
    woke: summary.woke > 0,
  };
}

/** Claims as the claim statement would return them: a first attempt, taken from pending, never rate limited. */
function bornClaimed(groups: ClaimedGroup[], createdAt: string): Claimed[] {
  const claims: Claimed[] = [];
  for (const g of groups) {
    const expiresAt = g.expires_at ? new Date(g.expires_at) : null;
    for (const [id, eventId] of g.deliveries) {
      claims.push({
        id,
        createdAt,
        consumer: g.namespace,
        eventId,
        webhookId: g.webhook_id,
        subscriptionId: g.subscription_id,
        attempt: 1,
        previousStatus: "pending",
        expiresAt,
        rateLimitedSince: null,
        webhookVersion: g.webhook_version,
        subscriptionVersion: g.subscription_version,
        timeoutSeconds: g.timeout_seconds,
        probe: false,
      });
    }
  }
  return claims;
}
