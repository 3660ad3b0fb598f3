// The statements that turn events into deliveries: the fan-out worker's (events taken off fanout_queue), the push's
// on an instance that delivers (the events it inserts, fanned out in the same statement unless an event matches
// more than INLINE_FAN_OUT_MAX subscriptions), and the push's on an instance that does not (inserted and queued).
// They share their bodies — the insert of pushed events, and the fan-out with its born-claimed hand-over — so the
// three live in this one module, which exports nothing but complete statements with their parameter and row types.
//
// Deliveries can be born claimed: when this process's delivery worker has free slots, fan-out inserts up to that
// many as `sending` under the worker's lease and hands them over directly, saving a claim round trip and a wake-up
// (push→receiver latency). They are in no claim lane while they are sent, so that a successful outcome is a HOT
// update (migration 18); the statement's row of `delivery_leases` stands for them: if the worker dies, the recovery
// job puts them in the retry lane once the lease has run out, and any worker claims them again.
import { LEASE_MARGIN_SECONDS } from "../../deliveries/queue.ts";
import { statement } from "../../deliveries/sql/statement.ts";
import type { PreClaim } from "../../deliveries/stages.ts";
import type { NewEvent } from "../../events/new-event.ts";
import { idSql } from "../../ids.ts";
import { notifySql } from "../../signals/signals.ts";

/**
 * Most matching subscriptions an event may have to be fanned out by its push's own statement; an event with more
 * is queued for the fan-out worker, so a push never waits for a wide fan-out.
 */
export const INLINE_FAN_OUT_MAX = 16;

/** The placeholders of the parameters every fan-out reads: the counter shard, then the PreClaim's four. */
interface PreClaimPlaces {
  shard: string;
  max: string;
  leaseToken: string;
  room: string;
  perWebhook: string;
}
const PLACES: PreClaimPlaces = { shard: "$2", max: "$3", leaseToken: "$4", room: "$5", perWebhook: "$6" };

/** The values of PLACES after the shard, in that order. */
const preClaimValues = (preClaim: PreClaim | undefined) => [
  preClaim?.max ?? 0,
  preClaim?.leaseToken ?? null,
  JSON.stringify(preClaim?.room ?? {}),
  preClaim?.perWebhook ?? 0,
];

/**
 * CTEs that fan out the events of the CTE `events` (id, namespace, event_name, labels, expires_at): `pairs` (each
 * event with each subscription it matches, and how many it matches), `candidates` (the pairs `keep` lets through,
 * and which of them are born claimed), `matched` (the deliveries inserted), `leased` (the row that stands for those
 * born claimed), `counted` and `wake` (NOTIFY for deliveries nobody took that a claim could take now).
 */
function fanOutCtes(events: string, p: PreClaimPlaces, keep = "true"): string {
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
             select ${idSql()} as id, m.*,
                    (m.expires_at is null or m.expires_at > now()) and m.circuit_closed
                      and row_number() over (partition by m.webhook_id) <= coalesce((${p.room}::jsonb ->> m.webhook_id::text)::int, ${p.perWebhook}) as takeable
               from pairs m where ${keep}
           ), candidates as (
             -- Born claimed only within the worker's room: its share per webhook, nothing for an open circuit.
             select *, takeable and row_number() over (partition by takeable) <= ${p.max} as taken from matches
           ), matched as (
             insert into deliveries (id, namespace, event_id, webhook_id, subscription_id, expires_at, status, lease_token,
                                     attempt_count, next_attempt_at, lane)
             select id, namespace, event_id, webhook_id, subscription_id, expires_at,
                    case when taken then 'sending' else 'pending' end,
                    case when taken then ${p.leaseToken}::uuid end,
                    case when taken then 1 else 0 end,
                    case when taken then now() + make_interval(secs => timeout_seconds + ${LEASE_MARGIN_SECONDS}) else now() end,
                    case when taken then 0 else 1 end
               from candidates
             returning id, namespace
           ), leased as (
             -- Born claimed, a delivery is in no lane (migration 18): this row finds it again if its lease lapses.
             insert into delivery_leases (lease_token, created_at, first_id, last_id, expires_at)
             select ${p.leaseToken}::uuid, now(), (select id from candidates where taken order by id limit 1),
                    (select id from candidates where taken order by id desc limit 1),
                    now() + make_interval(secs => max(timeout_seconds) + ${LEASE_MARGIN_SECONDS})
               from candidates where taken having count(*) > 0
           ), counted as (
             insert into namespace_counters as n (namespace, shard, total, pending)
             -- In namespace order, as every writer of the counters: two statements never wait for each other's rows in turn.
             select namespace, ${p.shard}, count(*), count(*) from matched group by namespace order by namespace
             on conflict (namespace, shard) do update set total = n.total + excluded.total, pending = n.pending + excluded.pending
           ), wake as (
             -- Deliveries held by an open circuit are nobody's work until its probe is due (a poll finds the probe):
             -- waking every worker for them made each push to a failing endpoint an empty claim round per instance.
             ${notifySql("deliveries")} where exists (select 1 from candidates where not taken and circuit_closed)
           )`;
}

/**
 * After fanOutCtes: the JSON fields of the statement's summary row that say what the fan-out did (deliveries, the
 * NOTIFY, the born-claimed deliveries), and the rows of the events (CTE `events`, with event_name, payload and
 * traceparent) some delivery was born claimed for. The claimed deliveries travel grouped by subscription (what
 * they share is sent once) rather than as an object of a dozen keys each, and each payload as a plain text column
 * rather than escaped into JSON and parsed back: the two measured ≈ 15–20 µs per event, PostgreSQL's and ours.
 */
const fanOutSummarySql = `'deliveries', (select count(*) from matched), 'created_at', now(),
                    'woke', (select count(*) from wake),
                    'claimed', (select coalesce(json_agg(g), '[]'::json) from (
                       select webhook_id, subscription_id, namespace, expires_at, webhook_version, subscription_version, timeout_seconds,
                              json_agg(json_build_array(id, event_id)) as deliveries
                         from candidates where taken group by 1, 2, 3, 4, 5, 6, 7) g)`;
const claimedEventRowsSql = (events: string) => `select null, c.id, c.event_name, c.payload::text, c.traceparent
             from ${events} c where exists (select 1 from candidates k where k.event_id = c.id and k.taken)`;
/** The columns of the summary row (its JSON first); the event rows have null there and the event in the others. */
const summaryColumnsSql = (summary: string) =>
  `json_build_object(${summary}) as summary, null::uuid as id, null::text as event_name, null::text as payload, null::text as traceparent`;

/**
 * The insert of the events of `input`, for a condition to be added. Events without an idempotency key are inserted
 * apart from those with one: ON CONFLICT makes every row a speculative insertion, confirmed by a WAL record of its
 * own (48 bytes an event), and a key-less event cannot conflict.
 */
const INSERT_EVENTS = `insert into events (id, namespace, event_name, event_version, payload, metadata, labels,
                                   idempotency_key, schema_valid, warnings, expires_at, traceparent, fanned_out_at)
             select id, namespace, event_name, event_version, payload::jsonb, metadata, labels, idempotency_key, schema_valid, warnings,
                    case when ttl_seconds > 0 then now() + make_interval(secs => ttl_seconds) end, traceparent, now()
               from input
              -- The namespace is checked by the write itself: one deleted a moment ago, by any instance, takes nothing.
              where exists (select 1 from namespaces n where n.name = input.namespace)`;

const INPUT = `input as (
             select * from json_to_recordset($1::json)
               as i(id uuid, namespace text, event_name text, event_version int, payload text, metadata jsonb, labels jsonb,
                    idempotency_key text, schema_valid bool, warnings jsonb, ttl_seconds int, traceparent text)
           ), fresh as (
             ${INSERT_EVENTS} and idempotency_key is null
             returning id, namespace, event_name, labels, expires_at, payload, traceparent
           )`;

/**
 * The events inserted by the batch (CTE `inserted`: id, namespace, event_name, labels, expires_at, payload,
 * traceparent). With `keyed`, for a batch where some event has an idempotency key; without, for one where none
 * has: two inserts fewer for PostgreSQL to set up at every call (50–80 µs of a 1.0–1.4 ms statement, measured).
 */
const inserted = (keyed: boolean) =>
  keyed
    ? `${INPUT}, keys as (
             -- The key's uniqueness lives in event_keys (events is partitioned by time: migration 12); the event
             -- whose key row is written is inserted, a duplicate's is not.
             insert into event_keys (namespace, idempotency_key, event_id)
             select namespace, idempotency_key, id from input
              where idempotency_key is not null and exists (select 1 from namespaces n where n.name = input.namespace)
             on conflict (namespace, idempotency_key) do nothing
             returning event_id
           ), keyed as (
             ${INSERT_EVENTS} and id in (select event_id from keys)
             returning id, namespace, event_name, labels, expires_at, payload, traceparent
           ), inserted as (
             select * from fresh union all select * from keyed
           )`
    : `${INPUT}, inserted as (select * from fresh)`;

/** Pushed events as the statements' `input` rows: one JSON parameter, payloads escaped natively (not by pg's arrays). */
function inputJson(events: NewEvent[]): string {
  return JSON.stringify(
    events.map((e) => ({
      id: e.id,
      namespace: e.consumer,
      event_name: e.eventName,
      event_version: e.eventVersion,
      payload: e.payloadJson,
      metadata: e.metadata,
      labels: e.labels,
      idempotency_key: e.idempotencyKey,
      schema_valid: e.schemaValid,
      warnings: e.warnings,
      ttl_seconds: e.ttlSeconds,
      traceparent: e.traceparent ?? null,
    })),
  );
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

/** What every fan-out's summary says. */
export interface FanOutSummary {
  deliveries: number;
  /** The deliveries' created_at (the statement's now()), microseconds kept: with an id it names the row's partition. */
  created_at: string;
  woke: number;
  claimed: ClaimedGroup[];
}

/** A row of a fan-out statement: the summary row (its JSON, the rest null), then one row per born-claimed event. */
export interface FanOutRow<S> {
  summary: S | null;
  id: string;
  event_name: string;
  payload: string;
  traceparent: string | null;
}

/** The pushes' summary: the ids inserted and the events left queued for the fan-out worker. */
export interface PushSummary {
  ids: string[];
  queued: number;
  notified: number;
}

export interface FanOutQueuedParams {
  /** Most queue rows (and legacy events) taken. */
  limit: number;
  shard: number;
  preClaim?: PreClaim;
}

/** Fans out a batch of queued events (the fan-out worker). */
export const fanOutQueued = statement<
  FanOutQueuedParams,
  FanOutRow<FanOutSummary & { events: number; taken: number; traceparents: string[] }>
>(
  "fanout.batch",
  `with queued as (
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
           ), ${fanOutCtes("claimed", PLACES)}
           -- One summary row, then one row per event some delivery was born claimed for.
           select ${summaryColumnsSql(`'events', (select count(*) from claimed),
                    'taken', (select count(*) from queued) + (select count(*) from legacy),
                    'traceparents', (select coalesce(json_agg(c.traceparent), '[]'::json) from claimed c where c.traceparent is not null),
                    ${fanOutSummarySql}`)}
           union all
           ${claimedEventRowsSql("claimed")}`,
  (p) => [p.limit, p.shard, ...preClaimValues(p.preClaim)],
);

export interface PushParams {
  events: NewEvent[];
  shard: number;
  preClaim: PreClaim | undefined;
}

/** Inserts pushed events and fans them out, born claimed within `preClaim` (an instance that delivers). */
const insertAndFanOutStatement = (name: string, keyed: boolean) =>
  statement<PushParams, FanOutRow<PushSummary & FanOutSummary>>(
    name,
    `with ${inserted(keyed)}, ${fanOutCtes("inserted", PLACES, `event_matches <= ${INLINE_FAN_OUT_MAX}`)}, queued as (
                 insert into fanout_queue (event_id) select distinct event_id from pairs where event_matches > ${INLINE_FAN_OUT_MAX} returning event_id
               ), wake_fanout as (${notifySql("events")} where exists (select 1 from queued))
               -- A CTE that only reads runs when the statement reads it: the summary counts the NOTIFYs to make them happen.
               select ${summaryColumnsSql(`'ids', (select coalesce(json_agg(id), '[]'::json) from inserted), 'queued', (select count(*) from queued),
                        'notified', (select count(*) from wake_fanout), ${fanOutSummarySql}`)}
               union all
               -- The payload as stored: the envelope is rebuilt from it on read, so it is what the worker sends.
               ${claimedEventRowsSql("inserted")}`,
    (p) => [inputJson(p.events), p.shard, ...preClaimValues(p.preClaim)],
  );
export const insertAndFanOut = insertAndFanOutStatement("events.insertAndFanOut", false);
export const insertAndFanOutKeyed = insertAndFanOutStatement("events.insertAndFanOutKeyed", true);

/** Inserts pushed events and queues them for the fan-out worker (an instance that does not deliver). */
const insertAndQueueStatement = (name: string, keyed: boolean) =>
  statement<{ events: NewEvent[] }, FanOutRow<PushSummary & Partial<FanOutSummary>>>(
    name,
    `with ${inserted(keyed)}, queued as (
                 insert into fanout_queue (event_id) select id from inserted
               ), wake as (${notifySql("events")} where exists (select 1 from inserted))
               select json_build_object('ids', (select coalesce(json_agg(id), '[]'::json) from inserted), 'queued', (select count(*) from inserted),
                        'notified', (select count(*) from wake)) as summary`,
    (p) => [inputJson(p.events)],
  );
export const insertAndQueue = insertAndQueueStatement("events.insertBatch", false);
export const insertAndQueueKeyed = insertAndQueueStatement("events.insertBatchKeyed", true);
