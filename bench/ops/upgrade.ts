// The upgrade to the partitioned history (migrations 12 and 13) on a database of the previous schema holding 1 M
// deliveries (200,000 events, an attempt each), filled by SQL: how long each migration takes, and how long inserts
// of events running meanwhile are held up (one client inserting one event at a time, as a push does).
//   node --import tsx bench/ops/upgrade.ts   (BENCH_DATABASE_URL, BENCH_ROWS (1,000,000))
import pg from "pg";
import { migrate } from "../../lib/db/migrate.ts";
import { startEmbeddedPostgres } from "../../lib/dev/embedded-postgres.ts";
import { embeddedMigrations } from "../../lib/embedded.ts";
import { createLogger } from "../../lib/log.ts";

const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const fmt = (n: number, d = 2) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
let serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  embedded = await startEmbeddedPostgres({
    dir: ".svc/bench-postgres",
    log: createLogger("warn"),
    database: "postgres",
  });
  serverUrl = embedded.adminUrl;
}
const dbName = `svc_bench_upgrade_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const all = embeddedMigrations();
const previous = all.findIndex((m) => m.file.startsWith("00012_"));
await migrate(databaseUrl, { migrations: all.slice(0, previous) });
const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
db.on("error", () => {});

try {
  const t0 = performance.now();
  await db.query(
    `insert into events (id, namespace, event_name, payload, idempotency_key, created_at, fanned_out_at)
     select gen_random_uuid(), 'bench', 'bench.event', '{"n":1,"s":"a realistic payload of about a hundred bytes, give or take a few words"}',
            case when g % 10 = 0 then 'key-' || g end, now() - interval '60 days' + g * interval '25 seconds', now()
       from generate_series(1, $1) g`,
    [ROWS / 5],
  );
  await db.query(`insert into deliveries (id, namespace, event_id, webhook_id, status, created_at, response_code, attempt_count)
                  select gen_random_uuid(), e.namespace, e.id, gen_random_uuid(), case when k = 5 then 'failed' else 'success' end,
                         e.created_at, 200, 1
                    from events e, generate_series(1, 5) k`);
  await db.query(`insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, error_category, created_at)
                  select gen_random_uuid(), d.id, d.webhook_id, 1, d.status = 'success',
                         case when d.status = 'success' then 'success' else 'server_error' end, d.created_at
                    from deliveries d`);
  await db.query("vacuum analyze");
  console.log(
    `filled ${ROWS.toLocaleString("en-US")} deliveries of the previous schema in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );

  // One client inserting events one at a time throughout, as pushes would.
  const latencies: { at: number; ms: number }[] = [];
  let stop = false;
  const pusher = (async () => {
    const client = await db.connect();
    try {
      while (!stop) {
        const t = performance.now();
        await client.query(
          `insert into events (id, namespace, event_name, payload, fanned_out_at) values (gen_random_uuid(), 'bench', 'bench.event', '{"n":2}', now())`,
        );
        latencies.push({ at: t, ms: performance.now() - t });
      }
    } finally {
      client.release();
    }
  })();
  await new Promise((r) => setTimeout(r, 2_000));
  const m0 = performance.now();
  const steps: string[] = [];
  await migrate(databaseUrl, {
    onProgress: (p) => {
      if (p.phase === "done") steps.push(`${p.migration} ${fmt(p.elapsedMs / 1000)} s`);
    },
  });
  const m1 = performance.now();
  await new Promise((r) => setTimeout(r, 2_000));
  stop = true;
  await pusher;
  const before = latencies.filter((l) => l.at + l.ms <= m0).map((l) => l.ms);
  const during = latencies.filter((l) => l.at < m1 && l.at + l.ms > m0).map((l) => l.ms);
  const after = latencies.filter((l) => l.at >= m1).map((l) => l.ms);
  console.log(
    `migrated in ${fmt((m1 - m0) / 1000)} s (${steps.join(", ")}); inserts meanwhile: ${during.length}, the longest held up ` +
      `${fmt(Math.max(...during, 0))} ms; before: p50 ${fmt(pct(before, 50))} ms, max ${fmt(Math.max(...before))} ms; ` +
      `after: p50 ${fmt(pct(after, 50))} ms, max ${fmt(Math.max(...after))} ms`,
  );
} finally {
  await db.end();
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
  await embedded?.stop();
}
