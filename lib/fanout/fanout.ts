// Fan-out: each waiting event becomes one delivery per active subscription of an active webhook in its namespace
// whose label filters its labels contain. Events wait as rows of `fanout_queue` (migration 8 says why); taking
// them off the queue and inserting their deliveries happen in one statement: never half a fan-out.
//
// Deliveries can be born claimed: when this process's delivery worker has free slots, fan-out inserts up to that
// many as `sending` under the worker's lease and hands them over directly, saving a claim round trip and a wake-up
// (push→receiver latency). They are ordinary leased rows: if the worker dies, the lease runs out and any worker
// claims them again.
import type { Db } from "../db/pool.ts";
import { LEASE_MARGIN_SECONDS, type Claimed } from "../deliveries/queue.ts";
import type { EventData } from "../deliveries/targets.ts";
import { notifySql } from "../queue/signals.ts";
import { COUNTER_SHARDS } from "../stats/counters.ts";

/** SQL that queues for fan-out the events whose `id` the CTE `inserted` returns (events inserted with `fanned_out_at`). */
export const enqueueFanOutSql = (inserted: string) => `insert into fanout_queue (event_id) select id from ${inserted}`;

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
  /** The traceparents of the events fanned out (those pushed while tracing), for the fan-out span's links. */
  traceparents: string[];
}

export interface PreClaim {
  leaseToken: string;
  /** Most deliveries taken in all. */
  max: number;
  /** Most of one webhook's deliveries taken, unless `room` says otherwise. */
  perWebhook: number;
  /** Webhooks with less room than `perWebhook` in the taking process (0 = none now). */
  room: Record<string, number>;
}

export async function fanOutBatch(db: Db, limit: number, preClaim?: PreClaim): Promise<FanOutResult> {
  const { rows } = await db.query({
    name: "fanout.batch",
    text: `with queued as (
             select seq, event_id from fanout_queue order by seq limit $1 for update skip locked
           ), dequeued as (
             -- = any(array(…)): always index lookups; a join to the CTE may be planned as a scan of the whole table.
             delete from fanout_queue where seq = any(array(select seq from queued))
           ), fresh as (
             -- Not locked: retention never takes an event that still has a queue row (lib/events/retention.ts), and
             -- this statement's own delete of that row is not visible to it until the deliveries are committed.
             select id, namespace, event_name, labels, expires_at, payload, traceparent from events
              where id = any(array(select event_id from queued))
           ), legacy as (
             -- Events pushed by the version before the queue, during a rolling upgrade: claimed and marked on the
             -- row, as that version does, so the two never fan out the same event.
             select id, namespace, event_name, labels, expires_at, payload, traceparent from events
              where fanned_out_at is null
              order by created_at
              limit $1
                for update skip locked
           ), marked as (
             update events e set fanned_out_at = now() from legacy c where e.id = c.id
           ), claimed as (
             select * from fresh union all select * from legacy
           ), matches as (
             select gen_random_uuid() as id, c.namespace, c.id as event_id, s.webhook_id, s.id as subscription_id, c.expires_at,
                    coalesce(nullif(s.timeout_seconds, 0), w.request_timeout_seconds, 30) as timeout_seconds,
                    extract(epoch from w.updated_at) * 1000 as webhook_version,
                    extract(epoch from s.updated_at) * 1000 as subscription_version,
                    (c.expires_at is null or c.expires_at > now()) and h.circuit_opened_at is null
                      and row_number() over (partition by s.webhook_id) <= coalesce(($5::jsonb ->> s.webhook_id::text)::int, $6) as takeable
               from claimed c
               join subscriptions s on s.namespace = c.namespace and s.event_name = c.event_name
               join webhooks w on w.id = s.webhook_id and w.active
               left join webhook_health h on h.webhook_id = s.webhook_id
              where s.label_filters <@ c.labels
           ), candidates as (
             -- Born claimed only within the worker's room: its share per webhook, nothing for an open circuit.
             select *, takeable and row_number() over (partition by takeable) <= $3 as taken from matches
           ), matched as (
             insert into deliveries (id, namespace, event_id, webhook_id, subscription_id, expires_at, status, lease_token, attempt_count, next_attempt_at)
             select id, namespace, event_id, webhook_id, subscription_id, expires_at,
                    case when taken then 'sending' else 'pending' end,
                    case when taken then $4::uuid end,
                    case when taken then 1 else 0 end,
                    case when taken then now() + make_interval(secs => timeout_seconds + ${LEASE_MARGIN_SECONDS}) else now() end
               from candidates
             returning id, namespace
           ), counted as (
             insert into namespace_counters as n (namespace, shard, total, pending)
             select namespace, $2, count(*), count(*) from matched group by namespace
             on conflict (namespace, shard) do update set total = n.total + excluded.total, pending = n.pending + excluded.pending
           ), wake as (
             ${notifySql("deliveries")} where exists (select 1 from candidates where not taken)
           )
           -- One summary row, then one row per event some delivery was born claimed for, its payload as a plain text
           -- column: aggregated into JSON, every payload was escaped by PostgreSQL and unescaped again by JSON.parse.
           -- The claimed deliveries travel grouped by subscription (what they share is sent once), not as one object
           -- of a dozen keys each: the two measured ≈ 15–20 µs per event of the statement, the database's and ours.
           select json_build_object(
                    'events', (select count(*) from claimed),
                    'taken', (select count(*) from queued) + (select count(*) from legacy),
                    'deliveries', (select count(*) from matched),
                    'woke', (select count(*) from wake),
                    'claimed', (select coalesce(json_agg(g), '[]'::json) from (
                       select webhook_id, subscription_id, namespace, expires_at, webhook_version, subscription_version, timeout_seconds,
                              json_agg(json_build_array(id, event_id)) as deliveries
                         from candidates where taken group by 1, 2, 3, 4, 5, 6, 7) g),
                    'traceparents', (select coalesce(json_agg(c.traceparent), '[]'::json) from claimed c where c.traceparent is not null)
                  ) as summary, null::uuid as id, null::text as event_name, null::text as payload, null::text as traceparent
           union all
           select null, c.id, c.event_name, c.payload::text, c.traceparent
             from claimed c where exists (select 1 from candidates k where k.event_id = c.id and k.taken)`,
    values: [limit, Math.floor(Math.random() * COUNTER_SHARDS), preClaim?.max ?? 0, preClaim?.leaseToken ?? null, JSON.stringify(preClaim?.room ?? {}), preClaim?.perWebhook ?? 0],
  });
  const summary = rows.find((r) => r.summary !== null)!.summary as FanOutSummary;
  const claimedEvents = new Map<string, EventData>();
  for (const r of rows) if (r.summary === null) claimedEvents.set(r.id, { id: r.id, eventName: r.event_name, payloadJson: r.payload, traceparent: r.traceparent });
  return { events: summary.events, taken: summary.taken, deliveries: summary.deliveries, claimed: bornClaimed(summary.claimed), claimedEvents, traceparents: summary.traceparents };
}

interface FanOutSummary {
  events: number;
  taken: number;
  deliveries: number;
  claimed: ClaimedGroup[];
  traceparents: string[];
}

/** Deliveries born claimed for one subscription (and expiry): [delivery id, event id] pairs. */
interface ClaimedGroup {
  webhook_id: string;
  subscription_id: string;
  namespace: string;
  expires_at: string | null;
  webhook_version: number;
  subscription_version: number;
  timeout_seconds: number;
  deliveries: [string, string][];
}

/** Claims as the claim statement would return them: a first attempt, taken from pending, never rate limited. */
function bornClaimed(groups: ClaimedGroup[]): Claimed[] {
  const claims: Claimed[] = [];
  for (const g of groups) {
    const expiresAt = g.expires_at ? new Date(g.expires_at) : null;
    for (const [id, eventId] of g.deliveries) {
      claims.push({
        id, namespace: g.namespace, eventId, webhookId: g.webhook_id, subscriptionId: g.subscription_id, attempt: 1, previousStatus: "pending", expiresAt,
        rateLimitedSince: null, webhookVersion: g.webhook_version, subscriptionVersion: g.subscription_version, timeoutSeconds: g.timeout_seconds, probe: false,
      });
    }
  }
  return claims;
}
