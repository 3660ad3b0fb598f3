// The outcome batch is planned once per connection, not at every call. PostgreSQL plans a named statement anew while
// it estimates the plan it keeps (made without the values) dearer than the plans it made for earlier values, and a
// deliveries table growing between batches, its statistics refreshed, kept that true: in some bench/e2e runs most
// outcome batches were planned again. The writer's transaction asks for the kept plan (lib/deliveries/outcome-writer.ts).
// A plan kept while the table grows must not read the table through: the writer, the lease recovery and the queue
// gauge reach deliveries by index probes only, whatever the table's size when they were planned.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import pg from "pg";
import { recoverLapsed } from "../../lib/deliveries/lapsed-leases.ts";
import { OutcomeWriter } from "../../lib/deliveries/outcome-writer.ts";
import type { AttemptResult } from "../../lib/deliveries/stages.ts";
import { writeOutcomes } from "../../lib/deliveries/sql/write-outcomes.ts";
import { registerDatabaseGauges } from "../../lib/telemetry/gauges.ts";
import { Metrics } from "../../lib/telemetry/metrics.ts";
import type { Tracing } from "../../lib/telemetry/tracing.ts";
import { createTestDatabase } from "../helpers/cluster.ts";
import { successResult } from "../helpers/outcomes.ts";

const WEBHOOK = "11111111-1111-4111-8111-111111111111";
const BATCHES = 12;

test("the outcome batch keeps one plan while the deliveries table grows between batches", async (t) => {
  const url = await createTestDatabase(t);
  // One connection: the writer's prepared statement and the rows added between its batches.
  const db = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await writeGrowing(db);
  } finally {
    await db.end();
  }
});

/**
 * Sequential and index scans of deliveries' partitions so far by the pool's one connection: its pending counts are
 * flushed first (a backend reports them at most once a second otherwise).
 */
async function scans(db: pg.Pool): Promise<{ seq: number; idx: number }> {
  await db.query("select pg_stat_force_next_flush()");
  const { rows } = await db.query(
    `select coalesce(sum(seq_scan), 0)::int as seq, coalesce(sum(idx_scan), 0)::int as idx from pg_stat_user_tables
      where relid in (select inhrelid from pg_inherits where inhparent = 'deliveries'::regclass)`,
  );
  return rows[0];
}

/** What `fn` scanned of deliveries, added to `into`. */
async function counting(db: pg.Pool, into: { seq: number; idx: number }, fn: () => Promise<unknown>): Promise<void> {
  const before = await scans(db);
  await fn();
  const after = await scans(db);
  into.seq += after.seq - before.seq;
  into.idx += after.idx - before.idx;
}

async function writeGrowing(db: pg.Pool): Promise<void> {
  const lease = randomUUID();
  const writer = new OutcomeWriter(
    db,
    lease,
    { circuitFailures: 0, autoDisableAfterSeconds: 0 },
    new Metrics({ version: "test", consumerLabel: false }),
  );
  let written = 0;
  const writes = { seq: 0, idx: 0 };
  for (let i = 0; i < BATCHES; i++) {
    // The table grows 60-fold after the first batches, as a server's first minutes fill it, and its statistics follow.
    await db.query(
      `insert into deliveries (id, namespace, event_id, webhook_id, status, lease_token, attempt_count)
       select gen_random_uuid(), 'default', gen_random_uuid(), $1, 'sending', $2, 1 from generate_series(1, $3)`,
      [WEBHOOK, lease, i < 3 ? 50 : 3_000],
    );
    await db.query("analyze deliveries");
    const rows = (
      await db.query("select id, created_at::text from deliveries where status = 'sending' order by id limit 20")
    ).rows;
    const at = new Date();
    const batch = rows.map((d) =>
      successResult({
        id: d.id,
        createdAt: d.created_at,
        consumer: "default",
        webhookId: WEBHOOK,
        eventId: d.id,
        attempt: 1,
        responseBody: "ok",
        responseTimeMs: 3,
        at,
      }),
    );
    await counting(db, writes, () => writer.write(batch as AttemptResult[]));
    written += batch.length;
  }
  assert.equal(writes.seq, 0, "no sequential scan of deliveries by the outcome batches");
  assert.ok(writes.idx >= BATCHES, `index scans: ${writes.idx}`);
  const done = await db.query("select count(*)::int as n from deliveries where status = 'success'");
  assert.equal(done.rows[0].n, written, "every outcome was written");
  const { rows } = await db.query<{ generic_plans: string; custom_plans: string }>(
    "select generic_plans, custom_plans from pg_prepared_statements where name = $1",
    [writeOutcomes.name],
  );
  assert.deepEqual(
    { generic: Number(rows[0]!.generic_plans), custom: Number(rows[0]!.custom_plans) },
    { generic: BATCHES, custom: 0 },
  );
}

/**
 * `n` deliveries being sent under a new lease, made by one statement (one created_at, as a push makes them), and
 * the lease's row, ending `expiresIn` from now; then `others` more being sent under leases that have no row.
 */
async function leased(db: pg.Pool, n: number, expiresIn: string, others: number): Promise<void> {
  await db.query(
    `with made as (
       insert into deliveries (id, namespace, event_id, webhook_id, status, lane, lease_token, attempt_count)
       select gen_random_uuid(), 'default', gen_random_uuid(), $1, 'sending', 0, $2, 1 from generate_series(1, $3)
       returning id, created_at
     )
     insert into delivery_leases (lease_token, created_at, first_id, last_id, expires_at)
     select $2, min(created_at), (array_agg(id order by id))[1], (array_agg(id order by id desc))[1],
            now() + $4::interval
       from made`,
    [WEBHOOK, randomUUID(), n, expiresIn],
  );
  await db.query(
    `insert into deliveries (id, namespace, event_id, webhook_id, status, lane, lease_token, attempt_count)
     select gen_random_uuid(), 'default', gen_random_uuid(), $1, 'sending', 0, gen_random_uuid(), 1
       from generate_series(1, $2)`,
    [WEBHOOK, others],
  );
  await db.query("analyze deliveries");
}

test("the lease recovery probes each lapsed lease's range of ids, however large deliveries is", async (t) => {
  const url = await createTestDatabase(t);
  const db = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const recovery = { seq: 0, idx: 0 };
    let expected = 0;
    for (let i = 0; i < 4; i++) {
      // Deliveries being sent under one lapsed lease, among more of other leases: the table grows at every turn.
      await leased(db, 40, "-1 second", i === 0 ? 10 : 5_000);
      expected += 40;
      await counting(db, recovery, async () => {
        const recovered = await recoverLapsed(db);
        assert.deepEqual(recovered, { leases: 1, deliveries: 40 });
      });
    }
    assert.equal(recovery.seq, 0, "no sequential scan of deliveries by the recovery");
    assert.ok(recovery.idx >= 4, `index scans: ${recovery.idx}`);
    const { rows } = await db.query("select count(*)::int as n from deliveries where lane = 2");
    assert.equal(rows[0].n, expected, "every lapsed delivery went to the retry lane");
  } finally {
    await db.end();
  }
});

test("the queue gauge counts the deliveries being sent under leases by probing each lease's range of ids", async (t) => {
  const url = await createTestDatabase(t);
  const db = new pg.Pool({ connectionString: url, max: 1 });
  try {
    // 30 deliveries being sent under a live lease, among 5,000 of other leases that have no row.
    await leased(db, 30, "1 minute", 5_000);
    const metrics = new Metrics({ version: "test", consumerLabel: false });
    registerDatabaseGauges({ db, metrics, tracing: { droppedSpans: () => 0 } as unknown as Tracing });
    const scrape = { seq: 0, idx: 0 };
    let text = "";
    await counting(db, scrape, async () => {
      text = await metrics.prometheusText();
    });
    assert.match(text, /^svc_queue_depth\{status="sending"\} 30$/m);
    assert.equal(scrape.seq, 0, "no sequential scan of deliveries by the scrape");
    await metrics.shutdown();
  } finally {
    await db.end();
  }
});
