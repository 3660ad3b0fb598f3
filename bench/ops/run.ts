// The hot path, reads and upkeep with a large stored history (partitioned by day, migration 12) against an empty
// database with the same partitions (the floor): two databases, a server on each, measured in alternating rounds so
// the load of this shared machine weighs on both alike. Push p50/p99 and WAL bytes per push, list p99, GET by id
// p99, stats p99, claim cost; then table and index bytes per delivery, and retention of one day's partition (1 M
// deliveries with their events and attempts by default) while pushes and claims run, with the longest lock wait
// seen; the count made ahead of it (by the previous run of the job) timed apart; and the floor of the drop: a bare
// DROP TABLE of the same three partitions, as large, filled on the other database, under the same load.
//   node --import tsx bench/ops/run.ts   (BENCH_DATABASE_URL, BENCH_ROWS (10,000,000), BENCH_DROP_ROWS (1,000,000),
//                                         BENCH_CALLS (500 per round), BENCH_ROUNDS (3))
import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import pg from "pg";
import { migrate } from "../../lib/db/migrate.ts";
import { FairClaimer } from "../../lib/deliveries/claim.ts";
import { startEmbeddedPostgres } from "../../lib/dev/embedded-postgres.ts";
import { countAhead, dropOldPartitions } from "../../lib/events/retention.ts";
import { idSql } from "../../lib/ids.ts";
import { createLogger } from "../../lib/log.ts";
import { partitionHistoryFrom } from "../../test/helpers/history.ts";

const API_KEY = "bench-master-key-0123456789abcdef0123";
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000_000);
const DROP_ROWS = Math.min(ROWS, Number(process.env.BENCH_DROP_ROWS ?? 1_000_000));
const CALLS = Number(process.env.BENCH_CALLS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const QUEUE = 5_000; // live deliveries waiting in the queue in both phases
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (n: number, d = 2) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
const int = (n: number) => Math.round(n).toLocaleString("en-US");
const load = () =>
  `load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`;

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
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
const stamp = Date.now();
const names = [`svc_bench_ops_empty_${stamp}`, `svc_bench_ops_full_${stamp}`];
const headers = { "x-api-key": API_KEY, "content-type": "application/json" };

interface Side {
  db: pg.Pool;
  url: string;
  child: ReturnType<typeof spawn>;
}

async function side(name: string): Promise<Side> {
  await admin.query(`create database ${name}`);
  const databaseUrl = Object.assign(new URL(serverUrl!), { pathname: `/${name}` }).toString();
  await migrate(databaseUrl);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 8 });
  db.on("error", () => {});
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
  child.stdout!.on("data", (d) => (out += d));
  const url = await new Promise<string>((resolve) => {
    const timer = setInterval(() => {
      const m = /"url":"(http:[^"]+)"/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      }
    }, 20);
  });
  await fetch(`${url}/v1/consumers`, { method: "POST", headers, body: '{"name":"bench"}' });
  await fetch(`${url}/v1/event-types`, { method: "POST", headers, body: '{"name":"bench.event"}' });
  // Daily partitions from 33 days back on both sides, so they differ only in what is stored.
  await partitionHistoryFrom(db as never, 33);
  await fillQueue(db);
  return { db, url, child };
}

async function timed(n: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call(i);
    times.push(performance.now() - t0);
  }
  return times;
}

const push = async (url: string, i: number) => {
  const res = await fetch(`${url}/v1/consumers/bench/events?event=bench.event`, {
    method: "POST",
    headers,
    body: `{"payload":{"n":${i},"s":"a realistic payload of about a hundred bytes, give or take a few words"}}`,
  });
  if (res.status !== 202) throw new Error(`push answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
};
const get = async (url: string, path: string) => {
  const res = await fetch(`${url}${path}`, { headers });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  return res.json();
};
const walLsn = async () => (await admin.query("select pg_current_wal_lsn() as l")).rows[0].l as string;
const walSince = async (lsn: string) =>
  Number((await admin.query("select pg_wal_lsn_diff(pg_current_wal_lsn(), $1) as d", [lsn])).rows[0].d);

interface Figures {
  pushP50: number;
  pushP99: number;
  walPerPush: number;
  listP99: number;
  getP99: number;
  getRandomP99: number;
  statsP99: number;
  claimMedianMs: number;
}

/**
 * Live work in the queue: QUEUE pending deliveries over 50 webhooks, due now, counted as the fan-out counts them. A
 * hundred of them have random ids, as deliveries made before ids were time-ordered: GET by such an id probes every
 * partition.
 */
async function fillQueue(db: pg.Pool) {
  await db.query(
    `insert into deliveries (id, namespace, event_id, webhook_id, status)
     select case when g <= 100 then gen_random_uuid() else ${idSql()} end, 'bench', gen_random_uuid(),
            ('00000000-0000-4000-8000-' || lpad((g % 50)::text, 12, '0'))::uuid, 'pending'
       from generate_series(1, $1) g`,
    [QUEUE],
  );
  await db.query(
    `insert into namespace_counters (namespace, shard, total, pending) values ('bench', 1, $1, $1)
     on conflict (namespace, shard) do update set total = namespace_counters.total + excluded.total,
       pending = namespace_counters.pending + excluded.pending`,
    [QUEUE],
  );
}

async function measure({ db, url }: Side): Promise<Figures> {
  await timed(100, (i) => push(url, i));
  const lsn = await walLsn();
  const pushes = await timed(CALLS, (i) => push(url, i));
  const walPerPush = (await walSince(lsn)) / CALLS;
  await timed(50, () => get(url, "/v1/consumers/bench/deliveries?limit=50"));
  const lists = await timed(CALLS, () => get(url, "/v1/consumers/bench/deliveries?limit=50"));
  const stats = await timed(CALLS, () => get(url, "/v1/consumers/bench/stats"));
  // GET by id of the oldest deliveries stored (of the queue when the history is empty), whose UUIDv7 ids name their
  // partition; and of the queue's deliveries with random ids, one probe per partition.
  const { rows: some } = await db.query(
    `select id from deliveries where namespace = 'bench' and substr(id::text, 15, 1) = '7' order by created_at limit 100`,
  );
  const { rows: random } = await db.query(
    `select id from deliveries where namespace = 'bench' and substr(id::text, 15, 1) = '4' limit 100`,
  );
  const gets = await timed(CALLS, (i) => get(url, `/v1/consumers/bench/deliveries/${some[i % some.length].id}`));
  const getsRandom = await timed(CALLS, (i) =>
    get(url, `/v1/consumers/bench/deliveries/${random[i % random.length].id}`),
  );
  // The claim the delivery worker runs, 50 at a time; what it took goes back to the queue (untimed).
  const claimer = new FairClaimer(db, "fresh");
  const claims: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    const got = await claimer.claim({ limit: 50, perWebhook: 5, room: {}, leaseToken: randomUUID() });
    claims.push(performance.now() - t0);
    if (got.length === 0) throw new Error("the claim found nothing");
    await db.query(
      "update deliveries set status = 'pending', lease_token = null, next_attempt_at = now() where id = any($1::uuid[])",
      [got.map((c) => c.id)],
    );
  }
  return {
    pushP50: pct(pushes, 50),
    pushP99: pct(pushes, 99),
    walPerPush,
    listP99: pct(lists, 99),
    getP99: pct(gets, 99),
    getRandomP99: pct(getsRandom, 99),
    statsP99: pct(stats, 99),
    claimMedianMs: pct(claims.slice(50), 50),
  };
}

/** Events, deliveries (5 per event, 4 successes and a failure) and an attempt each, on one day `daysAgo` back. */
async function fillDay(db: pg.Pool, daysAgo: number, deliveries: number) {
  const events = Math.ceil(deliveries / 5);
  await db.query(
    `with e as (
       insert into events (id, namespace, event_name, payload, created_at, fanned_out_at)
       select ${idSql("date_trunc('day', now()) - make_interval(days => $1) + g * make_interval(secs => 86000.0 / $2)")},
              'bench', 'bench.event', '{"n":1,"s":"a realistic payload of about a hundred bytes, give or take a few words"}',
              date_trunc('day', now()) - make_interval(days => $1) + g * make_interval(secs => 86000.0 / $2), now()
         from generate_series(1, $2) g returning id, created_at
     ), d as (
       insert into deliveries (id, namespace, event_id, webhook_id, subscription_id, status, created_at, updated_at, completed_at, response_code,
                               attempt_count, envelope_attempt, envelope_at)
       select ${idSql("e.created_at")}, 'bench', e.id, ('00000000-0000-4000-8000-' || lpad(k::text, 12, '0'))::uuid, gen_random_uuid(),
              case when k = 5 then 'failed' else 'success' end, e.created_at, e.created_at, e.created_at, case when k = 5 then 500 else 200 end,
              1, 1, e.created_at
         from e, generate_series(1, 5) k returning id, webhook_id, status, created_at
     ) insert into delivery_attempts (id, delivery_id, webhook_id, attempt, success, response_time_ms, response_code, error_category, created_at)
       select ${idSql("d.created_at")}, d.id, d.webhook_id, 1, d.status = 'success', 42, case when d.status = 'success' then 200 else 500 end,
              case when d.status = 'success' then 'success' else 'server_error' end, d.created_at
         from d`,
    [daysAgo, events],
  );
  await db.query(
    `insert into namespace_counters (namespace, shard, total, successful, failed) values ('bench', 0, $1, $2, $3)
     on conflict (namespace, shard) do update set total = namespace_counters.total + excluded.total,
       successful = namespace_counters.successful + excluded.successful, failed = namespace_counters.failed + excluded.failed`,
    [events * 5, events * 4, events],
  );
}

async function sizes(db: pg.Pool) {
  const { rows } = await db.query(
    `select t.name, sum(pg_total_relation_size(i.inhrelid))::bigint as bytes
       from (values ('events'), ('deliveries'), ('delivery_attempts')) t(name)
       join pg_inherits i on i.inhparent = t.name::regclass
      group by t.name`,
  );
  const bytes = Object.fromEntries(rows.map((r) => [r.name, Number(r.bytes)]));
  return { bytes, deliveries: Number((await db.query("select count(*) as n from deliveries")).rows[0].n) };
}

/** The three history tables' partitions of the day `daysAgo` back: [table, partition]. */
async function partitionsOf(db: pg.Pool, daysAgo: number): Promise<[string, string][]> {
  const { rows } = await db.query(
    `select t.name as table, c.relname as name
       from (values ('events'), ('deliveries'), ('delivery_attempts')) t(name)
       join pg_inherits i on i.inhparent = t.name::regclass join pg_class c on c.oid = i.inhrelid
      where c.relname = t.name || '_p' || to_char(date_trunc('day', now() at time zone 'UTC') - make_interval(days => $1), 'YYYYMMDD')`,
    [daysAgo],
  );
  if (rows.length !== 3) throw new Error(`no partitions of the day ${daysAgo} days back`);
  return rows.map((r) => [r.table, r.name]);
}

/**
 * Runs `work` on a side while four clients push and a delivery worker's claim runs (50 at a time, put back), with
 * the longest lock wait seen in pg_locks (sampled every few ms from a connection of its own); the pushes' and
 * claims' longest against the pushes just before.
 */
async function underLoad<T>(
  { db, url }: Side,
  work: () => Promise<T>,
): Promise<{ value: T; ms: number; load: string }> {
  const before = await Promise.all(Array.from({ length: 4 }, () => timed(100, (i) => push(url, i))));
  let stop = false;
  const during: number[] = [];
  const claims: number[] = [];
  const pushers = Array.from({ length: 4 }, async () => {
    for (let i = 0; !stop; i++) {
      const t = performance.now();
      await push(url, i);
      during.push(performance.now() - t);
    }
  });
  const claimer = new FairClaimer(db, "fresh");
  const claiming = (async () => {
    while (!stop) {
      const t = performance.now();
      const got = await claimer.claim({ limit: 50, perWebhook: 5, room: {}, leaseToken: randomUUID() });
      claims.push(performance.now() - t);
      await db.query(
        "update deliveries set status = 'pending', lease_token = null, next_attempt_at = now() where id = any($1::uuid[])",
        [got.map((c) => c.id)],
      );
    }
  })();
  await new Promise((r) => setTimeout(r, 300));
  const sampler = await db.connect();
  let longestWaitMs = 0;
  let sampling = true;
  const sampled = (async () => {
    while (sampling) {
      const { rows } = await sampler.query(
        "select coalesce(max(extract(epoch from clock_timestamp() - waitstart) * 1000), 0) as ms from pg_locks where not granted",
      );
      longestWaitMs = Math.max(longestWaitMs, Number(rows[0].ms));
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const t0 = performance.now();
  const value = await work();
  const ms = performance.now() - t0;
  sampling = false;
  await sampled;
  sampler.release();
  await new Promise((r) => setTimeout(r, 300));
  stop = true;
  await Promise.all([...pushers, claiming]);
  return {
    value,
    ms,
    load:
      `longest lock wait seen ${fmt(longestWaitMs)} ms (target ≤ 50 ms); pushes (4 clients): max ${fmt(Math.max(...during))} ms, ` +
      `p99 ${fmt(pct(during, 99))} ms against p99 ${fmt(pct(before.flat(), 99))} ms and max ${fmt(Math.max(...before.flat()))} ms ` +
      `just before; claims of 50: max ${fmt(Math.max(...claims))} ms, median ${fmt(pct(claims, 50))} ms (${load()})`,
  };
}

const median = (xs: number[]) => pct(xs, 50);
const sides: Side[] = [];
try {
  sides.push(await side(names[0]!), await side(names[1]!));
  const [empty, full] = sides as [Side, Side];
  const t0 = performance.now();
  // The day that retention will drop (32 days back: its events are past the window too), then the rest spread
  // over the 29 days inside a 30-day window.
  await fillDay(full.db, 32, DROP_ROWS);
  const rest = ROWS - DROP_ROWS;
  for (let day = 1; day <= 29 && rest > 0; day++) {
    await fillDay(full.db, day, Math.floor(rest / 29));
    process.stdout.write(`\rfilled ${day}/29 days `);
  }
  await full.db.query("vacuum analyze");
  await empty.db.query("vacuum analyze");
  const loadSeconds = (performance.now() - t0) / 1000;
  const size = await sizes(full.db);

  const rounds: { empty: Figures; full: Figures }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const e = await measure(empty);
    const f = await measure(full);
    rounds.push({ empty: e, full: f });
    const line = (x: Figures) =>
      `push p50 ${fmt(x.pushP50)} p99 ${fmt(x.pushP99)}, list p99 ${fmt(x.listP99)}, GET p99 ${fmt(x.getP99)} ` +
      `(random id ${fmt(x.getRandomP99)}), ` +
      `stats p99 ${fmt(x.statsP99)}, claim ${fmt(x.claimMedianMs)} ms, WAL ${int(x.walPerPush)} B/push`;
    console.log(`\nround ${r + 1} (${load()}): empty ${line(e)}\n         full  ${line(f)}`);
  }
  const figure = (key: keyof Figures, label: string, target = "") => {
    const e = median(rounds.map((x) => x.empty[key]));
    const f = median(rounds.map((x) => x.full[key]));
    const unit = key === "walPerPush" ? " B" : " ms";
    const show = (n: number) => (key === "walPerPush" ? int(n) : fmt(n));
    // Each round's own ratio too: the two databases of a round share its moment of this machine's load.
    const perRound = rounds.map((x) => `${fmt(x.full[key] / x.empty[key], 2)}×`).join(", ");
    return `${label} ${show(f)}${unit} against ${show(e)}${unit} empty: ${fmt(f / e)}×${target} (by round ${perRound})`;
  };
  console.log(
    `\n${int(size.deliveries)} deliveries stored (filled in ${fmt(loadSeconds, 0)} s); medians of ${ROUNDS} alternating rounds:\n  ` +
      [
        figure("pushP99", "push p99", " (target ≤ 1.2×)"),
        figure("listP99", "list p99", " (target ≤ 1.2×)"),
        figure("getP99", "GET by id p99 (UUIDv7, the oldest stored)"),
        figure("getRandomP99", "GET by id p99 (random id, in the queue)"),
        figure("statsP99", "stats p99"),
        figure("claimMedianMs", "claim of 50", " (target ≤ 1.2×)"),
        figure("walPerPush", "WAL per push"),
      ].join("\n  "),
  );
  const perDelivery = (b: number) => b / size.deliveries;
  console.log(
    `bytes per delivery (table + indexes, TOAST included): deliveries ${int(perDelivery(size.bytes.deliveries!))}, ` +
      `attempts ${int(perDelivery(size.bytes.delivery_attempts!))}, events ${int(perDelivery(size.bytes.events!))} ` +
      `(an event per 5 deliveries); total ${int(perDelivery(size.bytes.deliveries! + size.bytes.delivery_attempts! + size.bytes.events!))} B`,
  );
  // What the job's run an hour before would have done: count ahead the partitions this retention drops.
  const a0 = performance.now();
  const ahead = await countAhead(full.db as never, 30, { intervalDays: 1 });
  console.log(
    `counted ahead (the job's previous run): ${ahead.counted.length} partitions in ${fmt((performance.now() - a0) / 1000)} s ` +
      `(${load()}); skipped ${JSON.stringify(ahead.skipped)}`,
  );
  const retention = await underLoad(full, () => dropOldPartitions(full.db as never, 30, { intervalDays: 1 }));
  const r = retention.value;
  console.log(
    `retention: ${int(r.deliveries)} deliveries, ${int(r.events)} events and their attempts ` +
      `(${r.dropped.length} partitions; counted at the drop: ${JSON.stringify(r.counted_at_drop)}) in ` +
      `${fmt(retention.ms / 1000)} s (target ≤ 1 s); parent locks held ≤ ${r.longest_lock_ms} ms (detach alone ` +
      `≤ ${r.longest_detach_ms} ms); waiting ${JSON.stringify(r.waiting)} busy ${JSON.stringify(r.busy)}; time (ms, ` +
      `summed over partitions) ${JSON.stringify(Object.fromEntries(Object.entries(r.phases_ms).map(([k, v]) => [k, Math.round(v)])))}` +
      `\n  meanwhile ${retention.load}`,
  );
  // The floor: the same day, as large, on the other database; its three partitions detached (untimed) and dropped
  // side by side as retention drops them, each in a transaction of its own.
  const floorDay = await partitionsOf(empty.db, 32);
  await fillDay(empty.db, 32, DROP_ROWS);
  for (const [table, name] of floorDay) {
    await empty.db.query(`vacuum analyze ${name}`);
    await empty.db.query(`alter table ${table} detach partition ${name}`);
  }
  const floor = await underLoad(empty, () =>
    Promise.all(floorDay.map(([, name]) => empty.db.query(`drop table ${name}`))),
  );
  console.log(
    `floor: bare DROP TABLE of the same three partitions (${int(DROP_ROWS)} deliveries) in ${fmt(floor.ms / 1000)} s: ` +
      `retention took ${fmt(retention.ms / floor.ms)}× the floor\n  meanwhile ${floor.load}`,
  );
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  for (const s of sides) {
    s.child.kill("SIGTERM");
    await s.db.end();
  }
  if (process.env.BENCH_KEEP) console.log(`kept databases ${names.join(", ")}`);
  else for (const name of names) await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin.end();
  await embedded?.stop();
}
