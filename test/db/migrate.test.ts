import assert from "node:assert/strict";
import { copyFile, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import type pg from "pg";
import postgres from "postgres";
import shift from "postgres-shift";
import { migrate, type MigrationProgress } from "../../lib/db/migrate.ts";
import { embeddedMigrations } from "../../lib/embedded.ts";
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
      "select indexname, indexdef from pg_indexes where tablename = 'deliveries' and indexname like 'deliveries_lane_%' order by indexname",
    );
    assert.deepEqual(
      rows.map((r) => r.indexname),
      ["deliveries_lane_expiring", "deliveries_lane_fresh", "deliveries_lane_retry"],
    );
    // By the lane column (migration 18), so that no index uses `status`.
    assert.match(rows[1].indexdef, /\(webhook_id, next_attempt_at\) WHERE \(lane = 1\)/);
    assert.match(rows[2].indexdef, /\(webhook_id, next_attempt_at\) WHERE \(lane = 2\)/);
    const statusIndexes = await c.query(
      "select indexname from pg_indexes where tablename = 'deliveries' and indexdef ~ 'status'",
    );
    assert.deepEqual(statusIndexes.rows, [], "no index of deliveries uses status: an outcome may be a HOT update");
  });
});

/** Tables, columns, indexes, constraints, functions and the bookkeeping rows: what two migrated databases must share. */
async function schemaOf(url: string) {
  return withDatabase(url, async (c: pg.Client) => {
    const q = async (sql: string) => (await c.query(sql)).rows;
    return {
      columns: await q(
        "select table_name, column_name, data_type, column_default, is_nullable from information_schema.columns where table_schema = 'public' order by 1, 2",
      ),
      indexes: await q("select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1"),
      constraints: await q(
        "select conrelid::regclass::text as rel, conname, pg_get_constraintdef(oid) as def " +
          "from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2",
      ),
      functions: await q(
        "select proname, pg_get_functiondef(oid) as def from pg_proc where pronamespace = 'public'::regnamespace order by 1",
      ),
      migrations: await q("select migration_id, name from migrations order by 1"),
    };
  });
}

/** Applies the first `count` migrations the way svc did before it carried them: postgres-shift over a folder. */
async function migrateWithPostgresShift(url: string, count: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "svc-shift-"));
  try {
    const files = (await readdir("migrations"))
      .filter((f) => f.endsWith(".sql"))
      .sort()
      .slice(0, count);
    for (const file of files) await copyFile(join("migrations", file), join(dir, file));
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await shift({ sql, path: dir });
    } finally {
      await sql.end();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test("a database postgres-shift migrated part way is brought up to date, ending as one migrated from empty", async (t) => {
  const total = embeddedMigrations().length;
  const upgraded = await createEmptyDatabase(t);
  await migrateWithPostgresShift(upgraded, 6);
  const { applied } = await migrate(upgraded);
  assert.deepEqual(
    applied,
    embeddedMigrations()
      .slice(6)
      .map((m) => m.file),
  );
  const shifted = await createEmptyDatabase(t);
  await migrateWithPostgresShift(shifted, total);
  const fresh = await createEmptyDatabase(t);
  await migrate(fresh);
  const expected = await schemaOf(shifted);
  assert.equal(expected.migrations.length, total);
  assert.deepEqual(await schemaOf(upgraded), expected);
  assert.deepEqual(await schemaOf(fresh), expected);
});

test("a migration waits for an older svc that holds the migration lock for its whole session, then applies", async (t) => {
  const url = await createEmptyDatabase(t);
  await withDatabase(url, async (older: pg.Client) => {
    // postgres-shift runs held this session-level lock on the same key around all their migrations.
    await older.query("select pg_advisory_lock(32499791496571239)");
    let finished = false;
    const running = migrate(url).then((r) => {
      finished = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(finished, false, "the migration waited for the lock");
    await older.query("select pg_advisory_unlock(32499791496571239)");
    assert.equal((await running).applied.length, embeddedMigrations().length);
  });
});

test("between its transactions a migration holds no lock, so a pooler may hand each to another connection", async (t) => {
  const url = await createEmptyDatabase(t);
  const base = embeddedMigrations();
  const number = (n: number) => String(n).padStart(5, "0");
  const migrations = [
    ...base,
    { file: `${number(base.length + 1)}_slow.sql`, sql: "select pg_sleep(0.3)" },
    { file: `${number(base.length + 2)}_after.sql`, sql: "create table after_gap (id int)" },
  ];
  let slowStarted!: () => void;
  const started = new Promise<void>((resolve) => (slowStarted = resolve));
  let finished = false;
  const running = migrate(url, {
    migrations,
    onProgress: (p) => p.phase === "start" && p.migration.endsWith("_slow.sql") && slowStarted(),
  }).then(() => (finished = true));
  await withDatabase(url, async (other: pg.Client) => {
    await started;
    // Granted when the slow migration's transaction ends, not when the whole run does.
    await other.query("select pg_advisory_lock(32499791496571239)");
    assert.equal(finished, false, "the lock was free between two migrations");
    await new Promise((r) => setTimeout(r, 200));
    assert.equal((await other.query("select to_regclass('after_gap') as t")).rows[0].t, null, "the next one waits");
    await other.query("select pg_advisory_unlock(32499791496571239)");
    await running;
    assert.equal((await other.query("select to_regclass('after_gap') as t")).rows[0].t, "after_gap");
  });
});

test("a long migration reports its progress; a failing one is rolled back and not recorded", async (t) => {
  const url = await createEmptyDatabase(t);
  const base = embeddedMigrations();
  const progress: MigrationProgress["phase"][] = [];
  await migrate(url, {
    migrations: [
      ...base,
      { file: `${String(base.length + 1).padStart(5, "0")}_slow.sql`, sql: "select pg_sleep(0.35)" },
    ],
    stillRunningEveryMs: 100,
    onProgress: (p) => p.migration.endsWith("_slow.sql") && progress.push(p.phase),
  });
  assert.equal(progress[0], "start");
  assert.ok(progress.filter((p) => p === "running").length >= 2, progress.join(" "));
  assert.equal(progress.at(-1), "done");

  const broken = {
    file: `${String(base.length + 2).padStart(5, "0")}_broken.sql`,
    sql: "create table half_done (id int); select 1/0",
  };
  const all = [...base, { file: `${String(base.length + 1).padStart(5, "0")}_slow.sql`, sql: "select 1" }, broken];
  await assert.rejects(migrate(url, { migrations: all }), /division by zero/);
  await withDatabase(url, async (c: pg.Client) => {
    assert.equal((await c.query("select max(migration_id)::int as id from migrations")).rows[0].id, base.length + 1);
    assert.equal((await c.query("select to_regclass('half_done') as t")).rows[0].t, null);
  });
});

test("migrations numbered with a gap are refused before anything runs", async (t) => {
  const url = await createEmptyDatabase(t);
  const gap = [...embeddedMigrations(), { file: "00099_late.sql", sql: "select 1" }];
  await assert.rejects(migrate(url, { migrations: gap }), /without gaps at 00099_late\.sql/);
  await withDatabase(url, async (c: pg.Client) => {
    assert.equal((await c.query("select to_regclass('migrations') as t")).rows[0].t, null);
  });
});
