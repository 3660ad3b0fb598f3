// A connection lost inside a transaction — while no query is running — fails the transaction, never the process.
import assert from "node:assert/strict";
import { test } from "node:test";
import pg from "pg";
import { createTestDatabase } from "../helpers/cluster.ts";
import { createPool, withTransaction } from "../../lib/db/pool.ts";
import { createLogger } from "../../lib/log.ts";

test("a transaction whose connection is killed between queries rejects, the process lives on and the pool recovers", async (t) => {
  const url = await createTestDatabase(t);
  const pool = createPool(
    url,
    createLogger("error", () => {}),
    { max: 2 },
  );
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);
  process.on("uncaughtException", onUncaught);
  t.after(() => process.off("uncaughtException", onUncaught));

  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await assert.rejects(
    withTransaction(pool, async (tx) => {
      const { rows } = await tx.query("select pg_backend_pid() as pid");
      await admin.query("select pg_terminate_backend($1)", [rows[0].pid]);
      // The connection dies while this transaction waits for something else: pg reports it as an 'error' event.
      await new Promise((r) => setTimeout(r, 300));
      await tx.query("select 1");
    }),
  );
  await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(uncaught, []);
  assert.equal((await pool.query("select 41 + 1 as n")).rows[0].n, 42, "the broken client was not handed out again");
  assert.equal((await pool.query("select 1 as n")).rows[0].n, 1);
  // Closed here: the test database is dropped (with force) when the test ends.
  await pool.end();
  await admin.end();
});
