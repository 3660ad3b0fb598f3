// The claim is planned once per connection, not at every call, whatever the lane holds: planning it costs more than
// running it, and PostgreSQL plans a named statement anew at every call while it estimates the plan it keeps (the
// generic one, made without the values) dearer than the plans it made for earlier values. Before, a lane with a
// backlog of due work made every call of its claim planned again (unable to read `limit $3`, the planner took a
// tenth of the lane for the rows claimed): lib/deliveries/sql/claim.ts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { claimStatements } from "../../lib/deliveries/sql/claim.ts";
import type { Lane } from "../../lib/deliveries/stages.ts";
import { createTestDatabase, withDatabase } from "../helpers/cluster.ts";

const WEBHOOK = "11111111-1111-4111-8111-111111111111";
const BACKLOG = 20_000;
const CALLS = 12;

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
