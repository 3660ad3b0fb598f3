// The embedded PostgreSQL must start from a checkout the postgres system user cannot reach (CI clones into a
// private folder and runs as root): the cluster then lives in the system's temporary directory instead.
import assert from "node:assert/strict";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import pg from "pg";
import { startEmbeddedPostgres } from "../../lib/dev/embedded-postgres.ts";
import { createLogger } from "../../lib/log.ts";

test("a cluster directory under a private folder still starts, from a reachable place, and keeps its data", {
  skip: process.getuid?.() !== 0 && "only root hands PostgreSQL to the postgres user",
}, async (t) => {
  const root = await mkdtemp(join(tmpdir(), "svc-private-"));
  t.after(() => rm(root, { recursive: true, force: true }));
  await chmod(root, 0o700);
  const lines: Record<string, unknown>[] = [];
  const log = createLogger("warn", (line) => lines.push(JSON.parse(line)));
  const dir = join(root, "checkout", ".svc", "postgres");

  const first = await startEmbeddedPostgres({ dir, log, fast: true, database: "svc_private" });
  try {
    const moved = lines.find(
      (l) => l.msg === "the postgres user cannot reach the cluster directory; using a temporary directory instead",
    );
    assert.ok(moved, `the move is logged: ${JSON.stringify(lines)}`);
    assert.equal(moved.requested, dir);
    t.after(() => rm(String(moved.dir), { recursive: true, force: true }));
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query("create table kept (n int); insert into kept values (42)");
    await client.end();
  } finally {
    await first.stop();
  }

  // The same requested path maps to the same cluster, so data survives a restart.
  const second = await startEmbeddedPostgres({ dir, log, fast: true, database: "svc_private" });
  try {
    const client = new pg.Client({ connectionString: second.url });
    await client.connect();
    const { rows } = await client.query("select n from kept");
    await client.end();
    assert.deepEqual(rows, [{ n: 42 }]);
  } finally {
    await second.stop();
  }
});
