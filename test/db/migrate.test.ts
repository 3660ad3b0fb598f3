import assert from "node:assert/strict";
import { test } from "node:test";
import type pg from "pg";
import { migrate } from "../../lib/db/migrate.ts";
import { createEmptyDatabase, withDatabase } from "../helpers/cluster.ts";

test("several instances migrating an empty database at once all succeed and apply each migration once", async (t) => {
  const url = await createEmptyDatabase(t);
  const results = await Promise.all(Array.from({ length: 6 }, () => migrate(url)));
  const applied = results.flatMap((r) => r.applied);
  assert.ok(applied.length >= 1);
  assert.equal(new Set(applied).size, applied.length, "no migration ran twice");
  await withDatabase(url, async (c: pg.Client) => {
    const { rows } = await c.query("select migration_id, name from migrations order by migration_id");
    assert.equal(rows.length, applied.length);
    assert.deepEqual(
      rows.map((r) => r.migration_id),
      rows.map((_, i) => i + 1),
    );
  });
});

test("migrating an up-to-date database applies nothing", async (t) => {
  const url = await createEmptyDatabase(t);
  await migrate(url);
  assert.deepEqual((await migrate(url)).applied, []);
});

test("the core schema has the default namespace and the queue's two claim lanes", async (t) => {
  const url = await createEmptyDatabase(t);
  await migrate(url);
  await withDatabase(url, async (c: pg.Client) => {
    assert.equal((await c.query("select name from namespaces")).rows[0].name, "default");
    const tables = (await c.query("select tablename from pg_tables where schemaname = 'public'")).rows.map(
      (r) => r.tablename,
    );
    for (const table of [
      "namespaces",
      "event_types",
      "event_type_versions",
      "webhooks",
      "subscriptions",
      "events",
      "deliveries",
      "delivery_attempts",
      "webhook_health",
      "batches",
      "access_tokens",
      "invites",
    ]) {
      assert.ok(tables.includes(table), table);
    }
    const { rows } = await c.query(
      "select indexname, indexdef from pg_indexes where indexname like 'deliveries_%_lane' order by indexname",
    );
    assert.deepEqual(
      rows.map((r) => r.indexname),
      ["deliveries_fresh_lane", "deliveries_retry_lane"],
    );
    assert.match(rows[0].indexdef, /\(webhook_id, next_attempt_at\) WHERE \(status = 'pending'/);
    assert.match(rows[1].indexdef, /\(webhook_id, next_attempt_at\) WHERE \(status = ANY/);
  });
});
