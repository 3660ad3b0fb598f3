// Fan-out: each event becomes one delivery per active subscription of an active webhook of its consumer whose
// label filters its labels contain. Events wait as rows of `fanout_queue` (migration 8 says why); taking them off
// the queue and inserting their deliveries happen in one statement: never half a fan-out. Pushes to an instance
// that delivers are fanned out by the push's own statement instead, with the same CTEs (fanOutCtes), unless an
// event matches more subscriptions than a push should wait for (lib/events/inserter.ts).
//
// Deliveries can be born claimed: when this process's delivery worker has free slots, fan-out inserts up to that
// many as `sending` under the worker's lease and hands them over directly, saving a claim round trip and a wake-up
// (push→receiver latency). They are ordinary leased rows: if the worker dies, the lease runs out and any worker
// claims them again.
import type { Db } from "../db/pool.ts";
import { LEASE_MARGIN_SECONDS } from "../deliveries/queue.ts";
import type { Claimed, EventData, PreClaim } from "../deliveries/stages.ts";
import { notifySql } from "../signals/signals.ts";
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

/** The placeholders (such as `$3`) of the statement parameters the fan-out CTEs read: a counter shard and a PreClaim. */
export interface FanOutParams {
  shard: string;
  max: string;
  leaseToken: string;
  room: string;
  perWebhook: string;
}

/** The values of FanOutParams after the shard, in that order, for a statement's parameter list. */
export const preClaimValues = (preClaim: PreClaim | undefined) => [
  preClaim?.max ?? 0,
  preClaim?.leaseToken ?? null,
  JSON.stringify(preClaim?.room ?? {}),
  preClaim?.perWebhook ?? 0,
];

/**
 * CTEs that fan out the events of the CTE `events` (id, namespace, event_name, labels, expires_at): `pairs` (each
 * event with each subscription it matches, and how many it matches), `candidates` (the pairs `keep` lets through,
 * and which of them are born claimed), `matched` (the deliveries inserted), `counted` and `wake` (NOTIFY for
 * deliveries nobody took).
 */
export function fanOutCtes(events: string, p: FanOutParams, keep = "true"): string {
  return `pairs as (
             select c.id as event_id, c.namespace, c.expires_at, s.webhook_id, s.id as subscription_id, h.circuit_opened_at is null as circuit_closed,
                    coalesce(nullif(s.timeout_seconds, 0), w.request_timeout_seconds, 30) as timeout_seconds,
                    extract(epoch from w.updated_at) * 1000 as webhook_version,
                    extract(epoch from s.updated_at) * 1000 as subscription_version,
                    count(*) over (partition by c.id) as event_matches
               from ${events} c
               join subscriptions s on s.namespace = c.namespace and s.event_name = c.event_name
               join webhooks w on w.id = s.webhook_id and w.active
               left join webhook_health h on h.webhook_id = s.webhook_id
              where s.label_filters <@ c.labels
           ), matches as (
             select gen_random_uuid() as id, m.*,
                    (m.expires_at is null or m.expires_at > now()) and m.circuit_closed
                      and row_number() over (partition by m.webhook_id) <= coalesce((${p.room}::jsonb ->> m.webhook_id::text)::int, ${p.perWebhook}) as takeable
               from pairs m where ${keep}
           ), candidates as (
             -- Born claimed only within the worker's room: its share per webhook, nothing for an open circuit.
             select *, takeable and row_number() over (partition by takeable) <= ${p.max} as taken from matches
           ), matched as (
             insert into deliveries (id, namespace, event_id, webhook_id, subscription_id, expires_at, status, lease_token, attempt_count, next_attempt_at)
             select id, namespace, event_id, webhook_id, subscription_id, expires_at,
                    case when taken then 'sending' else 'pending' end,
                    case when taken then ${p.leaseToken}::uuid end,
                    case when taken then 1 else 0 end,
                    case when taken then now() + make_interval(secs => timeout_seconds + ${LEASE_MARGIN_SECONDS}) else now() end
               from candidates
             returning id, namespace
           ), counted as (
             insert into namespace_counters as n (namespace, shard, total, pending)
             -- In namespace order, as every writer of the counters: two statements never wait for each other's rows in turn.
             select namespace, ${p.shard}, count(*), count(*) from matched group by namespace order by namespace
             on conflict (namespace, shard) do update set total = n.total + excluded.total, pending = n.pending + excluded.pending
           ), wake as (
             ${notifySql("deliveries")} where exists (select 1 from candidates where not taken)
           )`;
}

/**
 * After fanOutCtes: the JSON fields of the statement's summary row that say what the fan-out did (deliveries, the
 * NOTIFY, the born-claimed deliveries), and the rows of the events (CTE `events`, with event_name, payload and
 * traceparent) some delivery was born claimed for. The claimed deliveries travel grouped by subscription (what
 * they share is sent once) rather than as an object of a dozen keys each, and each payload as a plain text column
 * rather than escaped into JSON and parsed back: the two measured ≈ 15–20 µs per event, PostgreSQL's and ours.
 */
export const fanOutSummarySql = `'deliveries', (select count(*) from matched),
                    'woke', (select count(*) from wake),
                    'claimed', (select coalesce(json_agg(g), '[]'::json) from (
                       select webhook_id, subscription_id, namespace, expires_at, webhook_version, subscription_version, timeout_seconds,
                              json_agg(json_build_array(id, event_id)) as deliveries
                         from candidates where taken group by 1, 2, 3, 4, 5, 6, 7) g)`;
export const claimedEventRowsSql = (events: string) => `select null, c.id, c.event_name, c.payload::text, c.traceparent
             from ${events} c where exists (select 1 from candidates k where k.event_id = c.id and k.taken)`;
/** The columns of the summary row (its JSON first); the event rows have null there and the event in the others. */
export const summaryColumnsSql = (summary: string) =>
  `json_build_object(${summary}) as summary, null::uuid as id, null::text as event_name, null::text as payload, null::text as traceparent`;

export interface FanOutSummary {
  deliveries: number;
  woke: number;
  claimed: ClaimedGroup[];
}

/** The summary row and the born-claimed deliveries' events of a fan-out statement's rows. */
export function readFanOut<S extends { claimed?: ClaimedGroup[] }>(
  rows: { summary: S | null; id: string; event_name: string; payload: string; traceparent: string | null }[],
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
  return { summary: summary!, claimed: bornClaimed(summary!.claimed ?? []), claimedEvents };
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
           ), ${fanOutCtes("claimed", { shard: "$2", max: "$3", leaseToken: "$4", room: "$5", perWebhook: "$6" })}
           -- One summary row, then one row per event some delivery was born claimed for.
           select ${summaryColumnsSql(`'events', (select count(*) from claimed),
                    'taken', (select count(*) from queued) + (select count(*) from legacy),
                    'traceparents', (select coalesce(json_agg(c.traceparent), '[]'::json) from claimed c where c.traceparent is not null),
                    ${fanOutSummarySql}`)}
           union all
           ${claimedEventRowsSql("claimed")}`,
    values: [limit, Math.floor(Math.random() * COUNTER_SHARDS), ...preClaimValues(preClaim)],
  });
  const { summary, claimed, claimedEvents } = readFanOut<
    FanOutSummary & { events: number; taken: number; traceparents: string[] }
  >(rows);
  return {
    events: summary.events,
    taken: summary.taken,
    deliveries: summary.deliveries,
    claimed,
    claimedEvents,
    traceparents: summary.traceparents,
  };
}

/** Deliveries born claimed for one subscription (and expiry): [delivery id, event id] pairs. */
export interface ClaimedGroup {
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
        id,
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
