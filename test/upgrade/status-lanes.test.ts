// Migration 18 moves the claim lanes from `status` to a column of their own. On a database that holds deliveries the
// previous build's lane indexes stay for its claims during a rolling upgrade, and are dropped once that build has
// been quiet long enough; on an empty one they go at once.
import assert from "node:assert/strict";
import { test } from "node:test";
import pg from "pg";
import { migrate } from "../../lib/db/migrate.ts";
import { retireStatusLanes, STATUS_LANE_INDEXES } from "../../lib/deliveries/status-lanes.ts";
import { embeddedMigrations } from "../../lib/embedded.ts";
import { createEmptyDatabase, withDatabase } from "../helpers/cluster.ts";

const BEFORE_18 = embeddedMigrations().findIndex((m) => m.file.startsWith("00018_"));

const statusLanes = (c: pg.Client) =>
  c
    .query("select indexname from pg_indexes where tablename = 'deliveries' and indexname = any($1) order by 1", [
      STATUS_LANE_INDEXES,
    ])
    .then((r) => r.rows.map((x) => x.indexname));

test("on an empty database migration 18 drops the status lanes at once", async (t) => {
  const url = await createEmptyDatabase(t);
  await migrate(url);
  await withDatabase(url, async (c) => assert.deepEqual(await statusLanes(c), []));
});

test("with deliveries stored the status lanes stay until the previous build has been quiet for the whole wait", async (t) => {
  const url = await createEmptyDatabase(t);
  await migrate(url, { migrations: embeddedMigrations().slice(0, BEFORE_18) });
  await withDatabase(url, (c) =>
    c.query(`insert into deliveries (id, namespace, event_id, webhook_id, status)
             select gen_random_uuid(), 'default', gen_random_uuid(), gen_random_uuid(), s
               from unnest(array['pending', 'retrying', 'sending', 'success']) s`),
  );
  await migrate(url);
  const db = new pg.Pool({ connectionString: url, max: 2 });
  // The database is dropped after the test: an idle connection's termination is not the test's concern.
  db.on("error", () => {});
  t.after(() => db.end());
  await withDatabase(url, async (c) => {
    assert.deepEqual(await statusLanes(c), [...STATUS_LANE_INDEXES].sort(), "kept for the previous build's claims");
    const lanes = await c.query("select status, lane from deliveries order by status");
    assert.deepEqual(
      lanes.rows.map((r) => [r.status, r.lane]),
      [
        ["pending", 1],
        ["retrying", 2],
        ["sending", 2],
        ["success", null],
      ],
      "the live deliveries are in their lanes",
    );

    assert.deepEqual(await retireStatusLanes(db, 600), { state: "waiting", reason: "migration 18 is recent" });

    // The previous build claims the pending delivery: it sets `status` only; the trigger gives the row its lane and
    // notes that the previous build is still about.
    await c.query("update migrations set created_at = now() - interval '1 hour' where migration_id = 18");
    await c.query("update deliveries set status = 'sending', lease_token = gen_random_uuid() where status = 'pending'");
    assert.deepEqual(
      (await c.query("select lane from deliveries where status = 'sending' order by lane")).rows.map((r) => r.lane),
      [2, 2],
    );
    assert.deepEqual(await retireStatusLanes(db, 600), {
      state: "waiting",
      reason: "the previous build wrote deliveries recently",
    });
    assert.equal((await statusLanes(c)).length, 3);

    // Ten minutes later, nothing more from it.
    await c.query("update previous_build_writes set last_seen_at = now() - interval '11 minutes'");
    assert.deepEqual(await retireStatusLanes(db, 600), { state: "dropped" });
    assert.deepEqual(await statusLanes(c), []);
    assert.deepEqual(await retireStatusLanes(db, 600), { state: "gone" });
    const statusIndexes = await c.query(
      "select indexname from pg_indexes where tablename = 'deliveries' and indexdef ~ 'status'",
    );
    assert.deepEqual(statusIndexes.rows, [], "no index of deliveries uses status any more");
  });
});
