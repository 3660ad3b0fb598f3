// The outcome batch is planned once per connection, not at every call. PostgreSQL plans a named statement anew while
// it estimates the plan it keeps (made without the values) dearer than the plans it made for earlier values, and a
// deliveries table growing between batches, its statistics refreshed, kept that true: in some bench/e2e runs most
// outcome batches were planned again. The writer's transaction asks for the kept plan (lib/deliveries/outcome-writer.ts).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import pg from "pg";
import { OutcomeWriter } from "../../lib/deliveries/outcome-writer.ts";
import type { AttemptResult } from "../../lib/deliveries/stages.ts";
import { writeOutcomes } from "../../lib/deliveries/sql/write-outcomes.ts";
import { Metrics } from "../../lib/telemetry/metrics.ts";
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

async function writeGrowing(db: pg.Pool): Promise<void> {
  const lease = randomUUID();
  const writer = new OutcomeWriter(
    db,
    lease,
    { circuitFailures: 0, autoDisableAfterSeconds: 0 },
    new Metrics({ version: "test", consumerLabel: false }),
  );
  let written = 0;
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
    await writer.write(batch as AttemptResult[]);
    written += batch.length;
  }
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
