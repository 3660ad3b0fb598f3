// The claim is planned once per connection, not at every call, whatever the lane holds: planning it costs more than
// running it, and PostgreSQL plans a named statement anew at every call while it estimates the plan it keeps (the
// generic one, made without the values) dearer than the plans it made for earlier values. Before, a lane with a
// backlog of due work made every call of its claim planned again (unable to read `limit $3`, the planner took a
// tenth of the lane for the rows claimed): lib/deliveries/sql/claim.ts.
import assert from "node:assert/strict";
import { test } from "node:test";
import pg from "pg";
import { claimStatements } from "../../lib/deliveries/sql/claim.ts";
import type { Lane } from "../../lib/deliveries/stages.ts";
import { createTestDatabase, withDatabase } from "../helpers/cluster.ts";
import { partitionHistoryFrom } from "../helpers/history.ts";

const WEBHOOK = "11111111-1111-4111-8111-111111111111";
const BACKLOG = 20_000;
const CALLS = 12;

const claimValues = (limit: number) =>
  claimStatements.fresh.values({
    after: "00000000-0000-0000-0000-000000000000",
    upTo: "ffffffff-ffff-ffff-ffff-ffffffffffff",
    limit,
    perWebhook: limit,
    room: {},
    leaseToken: "22222222-2222-4222-8222-222222222222",
  });

for (const [lane, status] of [
  ["fresh", "pending"],
  ["retry", "retrying"],
] as [Lane, string][]) {
  test(`the ${lane} lane's claim keeps its generic plan with a backlog of ${BACKLOG.toLocaleString("en")} due deliveries`, async (t) => {
    await withDatabase(await createTestDatabase(t), async (c) => {
      await c.query(
        `insert into deliveries (id, namespace, event_id, webhook_id, status, next_attempt_at)
         select gen_random_uuid(), 'default', gen_random_uuid(), $1, $2, now() - interval '1 minute'
           from generate_series(1, $3) g`,
        [WEBHOOK, status, BACKLOG],
      );
      await c.query("vacuum analyze deliveries");
      const s = claimStatements[lane];
      const values = s.values({
        after: "00000000-0000-0000-0000-000000000000",
        upTo: "ffffffff-ffff-ffff-ffff-ffffffffffff",
        limit: 64,
        perWebhook: 64,
        room: {},
        leaseToken: "22222222-2222-4222-8222-222222222222",
      });
      for (let i = 0; i < CALLS; i++) {
        await c.query("begin");
        const { rowCount } = await c.query({ name: s.name!, text: s.text, values });
        await c.query("rollback");
        assert.equal(rowCount, 64, "each call claims what it asks for");
      }
      const { rows } = await c.query<{ generic_plans: string; custom_plans: string }>(
        "select generic_plans, custom_plans from pg_prepared_statements where name = $1",
        [s.name],
      );
      // PostgreSQL always makes its first five plans for the values; every call after them uses the generic plan.
      assert.deepEqual(
        { generic: Number(rows[0]!.generic_plans), custom: Number(rows[0]!.custom_plans) },
        { generic: CALLS - 5, custom: 5 },
      );
    });
  });
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Actual Loops"?: number;
  Plans?: PlanNode[];
}

// With a long history, each old partition's primary key (deeper with every stored day) was probed for the rows taken:
// at 10 M stored deliveries the claim cost 1.26× an empty database's (bench/ops). The oldest row taken bounds the update.
test("the claim's update leaves alone the partitions older than every row it takes, in its generic plan", async (t) => {
  const url = await createTestDatabase(t);
  const db = new pg.Pool({ connectionString: url, max: 2 });
  try {
    await partitionHistoryFrom(db, 5);
    await db.query(
      `insert into deliveries (id, namespace, event_id, webhook_id, status, next_attempt_at, created_at)
       select gen_random_uuid(), 'default', gen_random_uuid(), $1, 'success', now(), now() - interval '4 days'
         from generate_series(1, 500)`,
      [WEBHOOK],
    );
    await db.query(
      `insert into deliveries (id, namespace, event_id, webhook_id, status, next_attempt_at)
       select gen_random_uuid(), 'default', gen_random_uuid(), $1, 'pending', now() - interval '1 minute'
         from generate_series(1, 20)`,
      [WEBHOOK],
    );
    await db.query("vacuum analyze deliveries");
    const { rows: parts } = await db.query<{ old: string; now: string }>(
      `select (select tableoid::regclass::text from deliveries where status = 'success' limit 1) as old,
              (select tableoid::regclass::text from deliveries where status = 'pending' limit 1) as now`,
    );
    const c = await db.connect();
    try {
      await c.query("set plan_cache_mode = force_generic_plan");
      const s = claimStatements.fresh;
      await c.query(`prepare claim as ${s.text}`);
      await c.query("begin");
      const literal = (v: unknown) => (typeof v === "number" ? String(v) : `'${String(v)}'`);
      const { rows } = await c.query(
        `explain (analyze, format json) execute claim(${claimValues(10).map(literal).join(", ")})`,
      );
      await c.query("rollback");
      const update = (rows[0]["QUERY PLAN"] as { Plan: PlanNode }[])[0]!.Plan;
      assert.equal(update["Node Type"], "ModifyTable");
      const loops = new Map<string, number>();
      const walk = (n: PlanNode, underSubquery: boolean) => {
        // The update's own scans of the partitions, not the claim's reads in its CTEs (those go by the lane's index).
        if (!underSubquery && n["Relation Name"])
          loops.set(n["Relation Name"], (loops.get(n["Relation Name"]) ?? 0) + n["Actual Loops"]!);
        for (const child of n.Plans ?? [])
          walk(child, underSubquery || child["Node Type"] === "CTE Scan" || "Subplan Name" in child);
      };
      walk(update, false);
      assert.ok(loops.has(parts[0]!.old), `the generic plan names ${parts[0]!.old}: ${[...loops.keys()]}`);
      assert.equal(loops.get(parts[0]!.old), 0, "the old partition is pruned when the statement runs");
      assert.ok(loops.get(parts[0]!.now)! > 0, "the partition of the rows taken is read");
    } finally {
      c.release();
    }
  } finally {
    // Before the database is dropped (the test's own after-hook), which ends its connections.
    await db.end();
  }
});
