// A SQL-level model of the writes one event of bench/e2e's user configuration makes, for its WAL per event by
// relation, and of a schema that would make them differently — without a server, a receiver or the machine's load
// in the way (WAL does not depend on them). Pushes of 21 events, each inserting the events and their deliveries born
// claimed and adding to the counters in one synchronous transaction; outcome batches of 87 in asynchronous
// transactions: the outcome statement svc runs (lib/deliveries/sql/write-outcomes.ts) with the attempts, and the
// minute statistics. The batch sizes are bench/e2e's (its statements per 1,000 events).
//
// Variants (WAL_MODEL): "today" — the schema as migrated; "queue" — the due work in a small insert-and-delete table
// (`delivery_queue`: a row per delivery from its insert to its outcome, keyed by the delivery, with the lane index),
// the lane and expiry indexes dropped from `deliveries` so the outcome's update can be HOT; the queue is vacuumed
// every 5,000 events, as autovacuum would. WAL_MODEL_FILLFACTOR sets the deliveries partitions' fill factor
// (else it is the migrations': 45 since migration 19).
//
//   node --import tsx bench/e2e/wal-model.ts    # WAL_MODEL (today | queue), WAL_MODEL_FILLFACTOR (as migrated), BENCH_EVENTS (10,000),
//                                               # BENCH_WARMUP (4,000), BENCH_DATABASE_URL (else embedded PostgreSQL)
import { randomUUID } from "node:crypto";
import pg from "pg";
import { migrate } from "../../lib/db/migrate.ts";
import { recoverLapsedLeases } from "../../lib/deliveries/sql/recover-leases.ts";
import { writeOutcomes } from "../../lib/deliveries/sql/write-outcomes.ts";
import type { AttemptRecord, Outcome } from "../../lib/deliveries/stages.ts";
import { idSql, newId } from "../../lib/ids.ts";
import { benchDatabase } from "../lib/harness.ts";

const VARIANT = process.env.WAL_MODEL ?? "today";
if (VARIANT !== "today" && VARIANT !== "queue") throw new Error(`WAL_MODEL is today or queue, not ${VARIANT}`);
const FILLFACTOR = process.env.WAL_MODEL_FILLFACTOR ? Number(process.env.WAL_MODEL_FILLFACTOR) : undefined;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 4_000);
const PUSH_BATCH = 21;
const OUTCOME_BATCH = 87;
const VACUUM_EVERY = 5_000;
// The recovery job's period (5 s) at bench/e2e's ≈ 3,000 events/s.
const RECOVER_EVERY = 15_000;
const WEBHOOK = "11111111-1111-4111-8111-111111111111";
const SUBSCRIPTION = "22222222-2222-4222-8222-222222222222";
const LEASE = randomUUID();
const PAYLOAD = JSON.stringify({ order: 42, items: [1, 2, 3], customer: { email: "a@b.c" } });

const db = await benchDatabase();
await migrate(db.databaseUrl);
const c = new pg.Client({ connectionString: db.databaseUrl });
await c.connect();
await c.query("insert into namespaces (name) values ('default') on conflict do nothing");
await c.query(
  `insert into webhooks (id, namespace, url, signing_key, signing_public_key) values ($1, 'default', 'http://127.0.0.1:9/', '\\x00', '\\x00')`,
  [WEBHOOK],
);
await c.query(
  `insert into subscriptions (id, namespace, webhook_id, event_name) values ($1, 'default', $2, 'bench.e2e')`,
  [SUBSCRIPTION, WEBHOOK],
);
const parts = (
  await c.query<{ part: string; options: string | null }>(
    `select inhrelid::regclass::text as part, array_to_string(reloptions, ', ') as options
       from pg_inherits join pg_class on pg_class.oid = inhrelid where inhparent = 'deliveries'::regclass`,
  )
).rows;
if (FILLFACTOR !== undefined)
  for (const { part } of parts) await c.query(`alter table ${part} set (fillfactor = ${FILLFACTOR})`);
const fillFactor = FILLFACTOR ?? parts[0]?.options?.match(/fillfactor=(\d+)/)?.[1] ?? "100";
if (VARIANT === "queue") {
  await c.query(`create table delivery_queue (
    delivery_id uuid primary key, created_at timestamptz not null, webhook_id uuid not null, status text not null,
    next_attempt_at timestamptz not null, lease_token uuid, expires_at timestamptz)`);
  await c.query("create index delivery_queue_lane on delivery_queue (webhook_id, next_attempt_at)");
  await c.query("create index delivery_queue_expiring on delivery_queue (expires_at) where expires_at is not null");
  await c.query("drop index deliveries_lane_fresh, deliveries_lane_retry, deliveries_lane_expiring");
}

interface Sent {
  id: string;
  created_at: string;
}
const inFlight: Sent[] = [];

/** One push batch: the events, their deliveries born claimed (and queue rows), the counters; committed synchronously. */
async function push(n: number): Promise<void> {
  const ids = Array.from({ length: n }, () => newId());
  await c.query("begin");
  const { rows } = await c.query<Sent>(
    `with ev as (
       insert into events (id, namespace, event_name, event_version, payload, metadata, labels, idempotency_key, schema_valid,
                           warnings, expires_at, traceparent, fanned_out_at)
       select id, 'default', 'bench.e2e', 1, $2::jsonb, '{}'::jsonb, '{}'::jsonb, null, true, '[]'::jsonb, null, null, now()
         from unnest($1::uuid[]) id
       returning id, namespace
     ), d as (
       insert into deliveries (id, namespace, event_id, webhook_id, subscription_id, expires_at, status, lease_token, attempt_count, next_attempt_at, lane)
       select ${idSql()}, namespace, id, $3, $4, null, 'sending', $5, 1, now() + interval '35 seconds', 0 from ev
       returning id, created_at, next_attempt_at
     ), queued as (
       ${
         VARIANT === "queue"
           ? `insert into delivery_queue (delivery_id, created_at, webhook_id, status, next_attempt_at, lease_token)
              select id, created_at, $3, 'sending', next_attempt_at, $5 from d`
           : // The lease's row, as the fan-out writes it; it lapses at once here, so the recovery job's run takes it.
             `insert into delivery_leases (lease_token, created_at, first_id, last_id, expires_at)
              select $5, now(), (select id from d order by id limit 1), (select id from d order by id desc limit 1), now() from d
              having count(*) > 0`
       }
     ), counted as (
       insert into namespace_counters as n (namespace, shard, total, pending) select 'default', 0, count(*), count(*) from d
       on conflict (namespace, shard) do update set total = n.total + excluded.total, pending = n.pending + excluded.pending
     )
     select id, created_at::text as created_at from d`,
    [ids, PAYLOAD, WEBHOOK, SUBSCRIPTION, LEASE],
  );
  await c.query("commit");
  inFlight.push(...rows);
}

// The outcome statement as svc runs it; with the queue, the delivery's queue row goes with its outcome.
const outcomeText =
  VARIANT === "queue"
    ? writeOutcomes.text.replace(
        /\n\s*select id from updated\s*$/,
        `, dequeued as (delete from delivery_queue where delivery_id = any(array(select id from updated)))
           select id from updated`,
      )
    : writeOutcomes.text;
if (VARIANT === "queue" && outcomeText === writeOutcomes.text) throw new Error("the outcome statement changed shape");

/** One outcome batch: successes at the first attempt, their attempts and the minute statistics; committed asynchronously. */
async function outcomes(n: number): Promise<void> {
  const batch = inFlight.splice(0, n);
  const at = new Date();
  const outcome = (d: Sent): Outcome =>
    ({
      id: d.id,
      createdAt: d.created_at,
      status: "success",
      attemptUsed: true,
      replacesResponse: true,
      nextAttemptAt: null,
      responseCode: 200,
      responseBody: "ok",
      errorCategory: "success",
      errorMessage: null,
      requestBody: null,
      attempt: 1,
      envelopeAt: at,
      rateLimitedSince: null,
      templateError: null,
    }) as unknown as Outcome;
  const attempt = (d: Sent): AttemptRecord =>
    ({
      id: newId(at),
      deliveryId: d.id,
      webhookId: WEBHOOK,
      attempt: 1,
      success: true,
      responseTimeMs: 3,
      responseCode: 200,
      responseBody: "ok",
      errorMessage: "",
      errorCategory: "success",
      at,
    }) as unknown as AttemptRecord;
  await c.query("begin; set local synchronous_commit = off");
  await c.query({
    text: outcomeText,
    values: writeOutcomes.values({
      leaseToken: LEASE,
      shard: 0,
      results: batch.map((d) => ({ outcome: outcome(d), attempt: attempt(d) })),
    }),
  });
  await c.query(
    `insert into delivery_minutes as d (minute, shard, attempts, successes, failures, latency_ms_total, latency_buckets, error_categories)
     values (date_trunc('minute', now()), 0, $1, $1, 0, $1 * 3, '{}', '{}')
     on conflict (minute, shard) do update set attempts = d.attempts + excluded.attempts, successes = d.successes + excluded.successes`,
    [batch.length],
  );
  await c.query("commit");
}

/** `events` events pushed and delivered, the outcomes trailing the pushes by about one batch. */
async function run(events: number): Promise<number> {
  let pushed = 0;
  let sinceVacuum = 0;
  while (pushed < events) {
    await push(PUSH_BATCH);
    pushed += PUSH_BATCH;
    sinceVacuum += PUSH_BATCH;
    while (inFlight.length >= OUTCOME_BATCH * 2) await outcomes(OUTCOME_BATCH);
    if (pushed % RECOVER_EVERY < PUSH_BATCH)
      await c.query(recoverLapsedLeases.text, recoverLapsedLeases.values({ batchSize: 500 }));
    if (VARIANT === "queue" && sinceVacuum >= VACUUM_EVERY) {
      await c.query("vacuum delivery_queue");
      sinceVacuum = 0;
    }
  }
  while (inFlight.length) await outcomes(OUTCOME_BATCH);
  if (VARIANT === "queue") await c.query("vacuum delivery_queue");
  return pushed;
}

await run(WARMUP);
const s0 = await db.pgSnapshot();
const events = await run(EVENTS);
const s1 = await db.pgSnapshot();
// The last outcomes committed asynchronously: pg_walinspect reads only what is flushed.
while (
  !(await c.query("select pg_current_wal_flush_lsn() - '0/0' >= $1::numeric as flushed", [String(s1.walLsn)])).rows[0]
    .flushed
)
  await new Promise((r) => setTimeout(r, 100));
await c.end();

const relations = await db.walRelations(s0.walLsn, s1.walLsn);
const bytes = (kinds: { recordBytes: number; pageImageBytes: number }[]) =>
  kinds.reduce((a, k) => a + k.recordBytes + k.pageImageBytes, 0);
const all = relations.flatMap((r) => r.kinds);
const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en", { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.log(
  `${VARIANT}, fill factor ${fillFactor}, ${db.embedded ? "embedded PostgreSQL" : "PostgreSQL at BENCH_DATABASE_URL"}: ` +
    `${fmt(events)} events, ${fmt(bytes(all) / events)} WAL bytes per event of the bench database ` +
    `(whole-page images ${fmt(all.reduce((a, k) => a + k.pageImageBytes, 0) / events)})`,
);
for (const r of relations) {
  const perEvent = bytes(r.kinds) / events;
  if (perEvent < 1) continue;
  const kinds = r.kinds
    .filter((k) => (k.recordBytes + k.pageImageBytes) / events >= 0.5)
    .map((k) => `${k.kind} ${fmt(k.count / events, 2)} × ${fmt(k.recordBytes / k.count)} B`)
    .join(", ");
  console.log(`  ${fmt(perEvent).padStart(5)} B  ${r.relation} — ${kinds}`);
}
await db.drop();
