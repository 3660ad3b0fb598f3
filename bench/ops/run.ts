// Operator reads and upkeep at scale: namespace stats with 1 M stored deliveries against an empty database (the
// ceiling, same run), and the retention purge of 1 M deliveries with the longest statement it ran.
//   node --import tsx bench/ops/run.ts        (BENCH_DATABASE_URL to use an existing PostgreSQL server)
import { execFileSync, spawn } from "node:child_process";
import pg from "pg";
import { migrate } from "../../lib/db/migrate.ts";
import { startEmbeddedPostgres } from "../../lib/dev/embedded-postgres.ts";
import { purgeOldEvents } from "../../lib/events/retention.ts";
import { createLogger } from "../../lib/log.ts";

const API_KEY = "bench-master-key-0123456789abcdef0123";
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 2_000);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (n: number, d = 2) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

execFileSync(process.execPath, ["build.mjs"], { stdio: "inherit" });
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
const dbName = `svc_bench_ops_${Date.now()}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
await migrate(databaseUrl);
const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });

const child = spawn(process.execPath, ["dist/server.js"], {
  env: {
    PATH: process.env.PATH,
    DATABASE_URL: databaseUrl,
    SVC_ENCRYPTION_KEYS: `b=${"1".repeat(64)}`,
    SVC_ENCRYPTION_PRIMARY_KEY_ID: "b",
    SVC_API_KEY: API_KEY,
    PORT: "0",
    HOST: "127.0.0.1",
    SVC_WORKERS: "false",
  },
  stdio: ["ignore", "pipe", "inherit"],
});
let out = "";
child.stdout.on("data", (d) => (out += d));
const url = await new Promise<string>((resolve) => {
  const timer = setInterval(() => {
    const m = /"url":"(http:[^"]+)"/.exec(out);
    if (m) {
      clearInterval(timer);
      resolve(m[1]!);
    }
  }, 20);
});

async function statsLatencies(): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/v1/consumers/bench/stats`, { headers: { "x-api-key": API_KEY } });
    await res.json();
    times.push(performance.now() - t0);
  }
  return times;
}

try {
  await fetch(`${url}/v1/consumers`, {
    method: "POST",
    headers: { "x-api-key": API_KEY, "content-type": "application/json" },
    body: '{"name":"bench"}',
  });
  await statsLatencies();
  const empty = await statsLatencies();

  // 1 M deliveries (5 per event), an attempt each, and their counters, all older than the retention window.
  const t0 = performance.now();
  const events = ROWS / 5;
  await db.query(
    `insert into events (id, namespace, event_name, payload, created_at, fanned_out_at)
                  select gen_random_uuid(), 'bench', 'bench.event', '{"n":1}',
                         now() - interval '60 days' + g * interval '1 millisecond', now()
                    from generate_series(1, $1) g`,
    [events],
  );
  await db.query(`insert into deliveries (id, namespace, event_id, webhook_id, status, created_at, response_code)
                  select gen_random_uuid(), e.namespace, e.id, gen_random_uuid(), case when k = 5 then 'failed' else 'success' end, e.created_at, 200
                    from events e, generate_series(1, 5) k where e.namespace = 'bench'`);
  await db.query(`insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, error_category, created_at)
                  select gen_random_uuid(), d.id, d.webhook_id, 1, d.status = 'success',
                         case when d.status = 'success' then 'success' else 'server_error' end, d.created_at
                    from deliveries d`);
  await db.query(
    `insert into namespace_counters (namespace, shard, total, successful, failed) values ('bench', 0, $1, $2, $3)`,
    [ROWS, (ROWS * 4) / 5, ROWS / 5],
  );
  await db.query("vacuum analyze");
  const loadSeconds = (performance.now() - t0) / 1000;

  await statsLatencies();
  const full = await statsLatencies();
  const stats = await (await fetch(`${url}/v1/consumers/bench/stats`, { headers: { "x-api-key": API_KEY } })).json();
  console.log(
    `stats with ${ROWS.toLocaleString("en-US")} deliveries (loaded in ${fmt(loadSeconds, 1)} s): p50 ` +
      `${fmt(pct(full, 50))} ms, p99 ${fmt(pct(full, 99))} ms   ceiling (empty database) p50 ` +
      `${fmt(pct(empty, 50))} ms, p99 ${fmt(pct(empty, 99))} ms   p99 ratio ` +
      `${fmt(pct(full, 99) / pct(empty, 99))}× (target ≤ 1.2×)   [total_deliveries ` +
      `${stats.total_deliveries}]`,
  );

  const purgeStart = performance.now();
  const purge = await purgeOldEvents(db, 30, { budgetMs: 3_600_000 });
  const purgeSeconds = (performance.now() - purgeStart) / 1000;
  console.log(
    `retention purge: ${purge.events.toLocaleString("en-US")} events and ` +
      `${purge.deliveries.toLocaleString("en-US")} deliveries (+ attempts) in ${fmt(purgeSeconds, 1)} s, ` +
      `${purge.batches} statements, longest ${purge.longest_statement_ms} ms (≈ the longest any lock was ` +
      `held)   ${fmt(purge.deliveries / purgeSeconds, 0)} deliveries/s`,
  );
} finally {
  child.kill("SIGTERM");
  await db.end();
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
  await embedded?.stop();
}
