// What the benchmarks share: formatting, the built server as a child process, the receiver process, load
// generation, and a fresh database on the embedded PostgreSQL (durable: fsync and synchronous commit on) or on
// BENCH_DATABASE_URL.
import { execFileSync, fork, spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { Pool } from "undici";
import { startEmbeddedPostgres } from "../../lib/dev/embedded-postgres.ts";
import { createLogger } from "../../lib/log.ts";

export const API_KEY = "bench-master-key-0123456789abcdef0123";
const KEYS = `bench=${"5a".repeat(32)}`;

/** What the receiver process (bench/lib/receiver.ts) reports. */
export interface ReceiverStats {
  count: number;
  firstAt: number;
  lastAt: number;
  latenciesMs: number[];
  distinct: number;
  byPath: Record<string, number>;
}

export const receiverScript = new URL("./receiver.ts", import.meta.url);

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
export const progress = (stage: string) => process.stderr.write(`  … ${stage}\n`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// --- processes -------------------------------------------------------------------------------------------------

export function forkTs(file: URL, env: Record<string, string> = {}): Promise<{ child: ChildProcess; port: number }> {
  const child = fork(file.pathname, [], { execArgv: ["--import", "tsx"], env: { ...process.env, ...env } });
  return new Promise((resolve) => child.once("message", (m: any) => resolve({ child, port: m.port })));
}

export function ask<T>(child: ChildProcess, cmd: string): Promise<T> {
  return new Promise((resolve) => {
    child.once("message", (m) => resolve(m as T));
    child.send({ cmd });
  });
}

export interface Svc {
  child: ChildProcess;
  url: string;
  peakRssMb(): number;
  stop(): Promise<void>;
}

/** Builds dist/; a profiled run (`--cpu-prof` in BENCH_NODE_OPTIONS) gets line breaks kept, for line-level profiles. */
export function buildForBench(): void {
  const readable = process.env.BENCH_NODE_OPTIONS?.includes("--cpu-prof") ? ["--readable"] : [];
  execFileSync(process.execPath, ["build.mjs", ...readable], { stdio: "inherit" });
}

export async function startSvc(databaseUrl: string, extra: Record<string, string> = {}): Promise<Svc> {
  // BENCH_NODE_OPTIONS passes flags such as --cpu-prof to the server, for profiling a run.
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_OPTIONS?.split(" ").filter(Boolean) ?? []),
      process.env.BENCH_SERVER ?? "dist/server.js",
    ],
    {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        SVC_ENCRYPTION_KEYS: KEYS,
        SVC_ENCRYPTION_PRIMARY_KEY_ID: "bench",
        SVC_API_KEY: API_KEY,
        SVC_ALLOWED_NETWORKS: "127.0.0.1/32",
        PORT: "0",
        HOST: "127.0.0.1",
        SVC_LOG_LEVEL: "info",
        ...extra,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const m = /"url":"(http:[^"]+)"/.exec(out);
      if (m) {
        clearInterval(timer);
        resolve(m[1]!);
      }
    }, 20);
    child.once("exit", (code) => reject(new Error(`svc exited with ${code}: ${out}`)));
  });
  let peak = 0;
  const sampler = setInterval(() => {
    try {
      const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1]);
      peak = Math.max(peak, kb / 1024);
    } catch {
      /* exited */
    }
  }, 100);
  return {
    child,
    url,
    peakRssMb: () => peak,
    async stop() {
      clearInterval(sampler);
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}

// --- load ------------------------------------------------------------------------------------------------------

type Make = () => { path: string; body: string };

/** `concurrency` loops sending POSTs while `more()` says so; every answer must be a success. */
async function load(
  url: string,
  concurrency: number,
  more: () => boolean,
  make: Make,
  headers: Record<string, string>,
): Promise<{ done: number; latencies: number[]; seconds: number }> {
  const pool = new Pool(url, { connections: concurrency });
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (more()) {
        const { path, body } = make();
        const t0 = performance.now();
        const res = await pool.request({ path, method: "POST", headers, body });
        await res.body.arrayBuffer();
        if (res.statusCode >= 300) throw new Error(`HTTP ${res.statusCode} on ${path}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { done: latencies.length, latencies, seconds };
}

/**
 * Pushes `total` events of `event` at a fixed `rate` (per second), each stamped with `sent_at` in its payload so the
 * receiver can tell push→arrival latency; resolves when every push has been answered, with how long each took.
 */
export async function pushAtRate(
  url: string,
  options: { event: string; rate: number; total: number; connections: number; headers: Record<string, string> },
): Promise<{ answeredMs: number[] }> {
  const pool = new Pool(url, { connections: options.connections });
  const t0 = performance.now();
  const inflight: Promise<unknown>[] = [];
  const answeredMs: number[] = [];
  for (let i = 0; i < options.total; i++) {
    const wait = t0 + (i * 1000) / options.rate - performance.now();
    if (wait > 1) await sleep(wait);
    const sentAt = performance.timeOrigin + performance.now();
    const body = `{"namespace":"default","event":${JSON.stringify(options.event)},"payload":{"i":${i},"sent_at":${sentAt}}}`;
    inflight.push(
      pool
        .request({ path: "/webhook.EventService/PushEvent", method: "POST", headers: options.headers, body })
        .then((r) => r.body.arrayBuffer())
        .then(() => answeredMs.push(performance.timeOrigin + performance.now() - sentAt)),
    );
  }
  await Promise.all(inflight);
  await pool.close();
  return { answeredMs };
}

/** Sends for `seconds`, `concurrency` at a time. */
export async function hammer(
  url: string,
  seconds: number,
  concurrency: number,
  make: Make,
  headers: Record<string, string>,
): Promise<{ rate: number; latencies: number[] }> {
  const deadline = performance.now() + seconds * 1000;
  const run = await load(url, concurrency, () => performance.now() < deadline, make, headers);
  return { rate: run.done / run.seconds, latencies: run.latencies };
}

/**
 * Servers running at once take turns, `chunk` requests each, `turns` times, so a change in the machine's load
 * between chunks falls on all of them alike. Per server: the requests it answered, their seconds and its CPU (µs).
 */
export async function takeTurns(
  servers: Svc[],
  turns: number,
  chunk: number,
  concurrency: number,
  make: Make,
  headers: Record<string, string>,
): Promise<{ requests: number; seconds: number; cpu: number }[]> {
  const totals = servers.map(() => ({ requests: 0, seconds: 0, cpu: 0 }));
  for (let turn = 0; turn < turns; turn++) {
    for (const [i, svc] of servers.entries()) {
      const before = cpuMicros(svc.child.pid!);
      const run = await hammerCount(svc.url, chunk, concurrency, make, headers);
      totals[i]!.cpu += cpuMicros(svc.child.pid!) - before;
      totals[i]!.requests += chunk;
      totals[i]!.seconds += run.seconds;
    }
  }
  return totals;
}

/** Sends exactly `total` requests, `concurrency` at a time (a fixed amount of work, for CPU per operation). */
export async function hammerCount(
  url: string,
  total: number,
  concurrency: number,
  make: Make,
  headers: Record<string, string>,
): Promise<{ rate: number; latencies: number[]; seconds: number }> {
  let sent = 0;
  const run = await load(url, concurrency, () => sent++ < total, make, headers);
  return { rate: total / run.seconds, latencies: run.latencies, seconds: run.seconds };
}

export async function rpc(svc: Svc, method: string, body: unknown): Promise<any> {
  const res = await fetch(`${svc.url}/webhook.${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": API_KEY },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (res.status !== 200) throw new Error(`${method}: ${JSON.stringify(json)}`);
  return json;
}

export async function waitForCount(receiver: ChildProcess, count: number, timeoutMs: number): Promise<ReceiverStats> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stats = await ask<ReceiverStats>(receiver, "stats");
    if (stats.count >= count || Date.now() > deadline) return stats;
    await sleep(50);
  }
}

/** One statement's totals in pg_stat_statements: calls, execution time (ms), WAL bytes. */
export interface StatementWork {
  calls: number;
  ms: number;
  /** Planning: how often the statement was planned (custom plans; a generic plan is made once) and the time it took. */
  plans: number;
  planMs: number;
  wal: number;
}

/** WAL written between two positions for one kind of record (pg_walinspect): whole-page images apart. */
export interface WalRecordKind {
  kind: string;
  count: number;
  recordBytes: number;
  pageImageBytes: number;
}

/** WAL of one relation between two positions (pg_walinspect): a partition's, or a partition's index's, under its parent's name. */
export interface WalRelation {
  relation: string;
  kinds: WalRecordKind[];
}

/** What PostgreSQL did for the bench database between two snapshots (see `pgWork`). */
export interface PgSnapshot {
  /** Statements executed in the bench database (pg_stat_statements; NaN when it is not loaded). */
  statements: number;
  /** WAL position of the cluster (bytes). */
  walLsn: bigint;
  /** CPU time of the cluster's processes (µs; NaN when the server is not on this machine). */
  cpuMicros: number;
}

/** CPU time (user + system, µs) a process has used, from /proc/<pid>/stat. */
export function cpuMicros(pid: number): number {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

/** User and system CPU time (µs) of a process: system time is mostly socket writes (and the kernel's loopback work). */
export function cpuTimes(pid: number): { user: number; system: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 (1-based), in clock ticks of 10 ms.
    return { user: Number(fields[11]) * 10_000, system: Number(fields[12]) * 10_000 };
  } catch {
    return { user: 0, system: 0 };
  }
}

/** cutime + cstime: the CPU of a process's children that have exited and been waited for (µs). */
function reapedChildrenCpuMicros(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) * 10_000;
  } catch {
    return 0;
  }
}

/**
 * CPU of a process and its children, live or exited (PostgreSQL's backends are children of the postmaster): an
 * exited child's time moves to its parent's cutime and cstime when reaped, so connections that come and go (other
 * users of a shared server) neither vanish from the sum nor make it go backwards.
 */
export function treeCpuMicros(rootPid: number): number {
  let total = cpuMicros(rootPid) + reapedChildrenCpuMicros(rootPid);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === rootPid) total += cpuMicros(Number(entry));
    } catch {
      /* gone */
    }
  }
  return total;
}

/**
 * The postmaster of a server on this machine (the parent of our own backend), so a PostgreSQL the user brings is
 * measured like the embedded one; 0 when the server is elsewhere. Other databases of that server count too: run
 * nothing else against it during a bench.
 */
async function localPostmaster(admin: pg.Client): Promise<number> {
  const { rows } = await admin.query("select pg_backend_pid() as pid");
  try {
    const stat = readFileSync(`/proc/${rows[0].pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return 0;
  }
}

/** Per-operation figures between two snapshots. */
export function pgWork(
  a: PgSnapshot,
  b: PgSnapshot,
  ops: number,
): { statements: number; walBytes: number; cpuMicros: number } {
  return {
    statements: (b.statements - a.statements) / ops,
    walBytes: Number(b.walLsn - a.walLsn) / ops,
    cpuMicros: (b.cpuMicros - a.cpuMicros) / ops,
  };
}

/** A fresh database for one run; `drop()` removes it (unless BENCH_KEEP_DATABASE) and stops the embedded server. */
export async function benchDatabase(): Promise<{
  databaseUrl: string;
  embedded: boolean;
  pgSnapshot(): Promise<PgSnapshot>;
  pgCalls(): Promise<Map<string, StatementWork>>;
  walRecords(from: bigint, to: bigint): Promise<WalRecordKind[]>;
  walRelations(from: bigint, to: bigint): Promise<WalRelation[]>;
  drop(): Promise<void>;
}> {
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | undefined;
  let serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    // pg_stat_statements counts the statements (≈ round trips) and WAL each phase costs. It costs PostgreSQL CPU
    // of its own at every statement, more for a long one: BENCH_PG_STATEMENTS=off leaves it out (no counts then).
    const counting = process.env.BENCH_PG_STATEMENTS !== "off";
    embedded = await startEmbeddedPostgres({
      dir: ".svc/bench-postgres",
      log: createLogger("warn"),
      database: "postgres",
      settings: counting
        ? [
            "shared_preload_libraries=pg_stat_statements",
            "pg_stat_statements.track=top",
            "pg_stat_statements.track_planning=on",
          ]
        : [],
    });
    serverUrl = embedded.adminUrl;
  }
  const dbName = `svc_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  // A server without the library preloaded accepts the extension but refuses to read it: either way, no counts.
  const statementsLoaded = await admin
    .query("create extension if not exists pg_stat_statements")
    .then(() => admin.query("select 1 from pg_stat_statements limit 1"))
    .then(
      () => true,
      () => false,
    );
  const walInspect = await admin.query("create extension if not exists pg_walinspect").then(
    () => true,
    () => false,
  );
  const databaseOid = String(
    (await admin.query("select oid from pg_database where datname = $1", [dbName])).rows[0].oid,
  );
  const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
  const lsnText = (n: bigint) => `${(n >> 32n).toString(16)}/${(n & 0xffffffffn).toString(16)}`;
  const postmasterPid = embedded
    ? Number(readFileSync(".svc/bench-postgres/data/postmaster.pid", "utf8").split("\n")[0])
    : await localPostmaster(admin);
  return {
    /** Calls per statement text in the bench database (empty without pg_stat_statements). */
    async pgCalls() {
      if (!statementsLoaded) return new Map();
      const { rows } = await admin.query(
        `select regexp_replace(left(query, 140), '\\s+', ' ', 'g') as q, sum(calls)::float8 as calls,
                sum(total_exec_time)::float8 as ms, sum(total_plan_time)::float8 as plan_ms,
                sum(plans)::float8 as plans, sum(wal_bytes)::float8 as wal
           from pg_stat_statements s join pg_database d on d.oid = s.dbid where d.datname = $1 group by 1`,
        [dbName],
      );
      return new Map(
        rows.map((r) => [
          r.q as string,
          {
            calls: r.calls as number,
            ms: r.ms as number,
            plans: r.plans as number,
            planMs: r.plan_ms as number,
            wal: r.wal as number,
          },
        ]),
      );
    },
    /**
     * The bench database's WAL between two positions by record kind (empty without pg_walinspect): the records that
     * touch its relations and every record of the transactions that do (their commits). A shared server's other
     * databases write into the same WAL; the cluster-wide figure (the LSN difference) counts their records too.
     */
    async walRecords(from, to) {
      if (!walInspect) return [];
      const { rows } = await admin.query(
        `with r as (
           select xid::text as xid, resource_manager || '/' || record_type as kind, record_length, fpi_length,
                  block_ref like '% rel %/' || $3 || '/%' as ours
             from pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)
         ), mine as (select distinct xid from r where ours and xid <> '0')
         select kind, count(*)::float8 as count, sum(record_length - fpi_length)::float8 as record_size,
                sum(fpi_length)::float8 as fpi_size
           from r where ours or (xid <> '0' and xid in (select xid from mine))
          group by kind order by sum(record_length) desc`,
        [lsnText(from), lsnText(to), databaseOid],
      );
      return rows.map((r) => ({
        kind: r.kind as string,
        count: r.count as number,
        recordBytes: r.record_size as number,
        pageImageBytes: r.fpi_size as number,
      }));
    },
    /**
     * The same records by relation, each record under the relation of its first block (the commits of those
     * transactions under "(no relation)"). Relations are named in the bench database: a connection to it maps
     * their files, and partitions and their indexes are summed under their parent's name.
     */
    async walRelations(from, to) {
      if (!walInspect) return [];
      const { rows } = await admin.query(
        `with r as (
           select xid::text as xid, resource_manager || '/' || record_type as kind, record_length, fpi_length,
                  (regexp_match(block_ref, 'rel \\d+/' || $3 || '/(\\d+)'))[1] as node
             from pg_get_wal_records_info($1::pg_lsn, $2::pg_lsn)
         ), mine as (select distinct xid from r where node is not null and xid <> '0')
         select node, kind, count(*)::float8 as count, sum(record_length - fpi_length)::float8 as record_size,
                sum(fpi_length)::float8 as fpi_size
           from r where node is not null or (xid <> '0' and xid in (select xid from mine))
          group by 1, 2`,
        [lsnText(from), lsnText(to), databaseOid],
      );
      const bench = new pg.Client({ connectionString: benchUrl });
      await bench.connect();
      const names = new Map<string, string>();
      try {
        const nodes = [...new Set(rows.map((r) => r.node as string | null).filter((n) => n !== null))];
        const mapped = await bench.query(
          `select n::text as node, coalesce(p.relname, c.relname, n::text) as name
             from unnest($1::oid[]) n
             left join pg_class c on c.oid = pg_filenode_relation(0, n)
             left join pg_inherits i on i.inhrelid = c.oid
             left join pg_class p on p.oid = i.inhparent`,
          [nodes],
        );
        for (const m of mapped.rows) names.set(m.node, m.name);
      } finally {
        await bench.end();
      }
      const byRelation = new Map<string, WalRecordKind[]>();
      for (const r of rows) {
        const relation = r.node === null ? "(no relation)" : (names.get(r.node) ?? r.node);
        const kinds = byRelation.get(relation) ?? [];
        byRelation.set(relation, kinds);
        const kind = kinds.find((k) => k.kind === r.kind);
        if (kind) {
          kind.count += r.count;
          kind.recordBytes += r.record_size;
          kind.pageImageBytes += r.fpi_size;
        } else kinds.push({ kind: r.kind, count: r.count, recordBytes: r.record_size, pageImageBytes: r.fpi_size });
      }
      const total = (ks: WalRecordKind[]) => ks.reduce((a, k) => a + k.recordBytes + k.pageImageBytes, 0);
      return [...byRelation]
        .map(([relation, kinds]) => ({ relation, kinds: kinds.sort((a, b) => b.recordBytes - a.recordBytes) }))
        .sort((a, b) => total(b.kinds) - total(a.kinds));
    },
    async pgSnapshot() {
      const { rows } = await admin.query(
        `select pg_current_wal_lsn() - '0/0' as lsn,
                ${
                  statementsLoaded
                    ? `(select coalesce(sum(calls), 0) from pg_stat_statements s
                         join pg_database d on d.oid = s.dbid where d.datname = $1)`
                    : "null::numeric"
                } as statements`,
        statementsLoaded ? [dbName] : [],
      );
      return {
        statements: rows[0].statements === null ? NaN : Number(rows[0].statements),
        walLsn: BigInt(String(rows[0].lsn).split(".")[0]!),
        cpuMicros: postmasterPid ? treeCpuMicros(postmasterPid) : NaN,
      };
    },
    databaseUrl: benchUrl,
    embedded: embedded !== undefined,
    async drop() {
      if (!process.env.BENCH_KEEP_DATABASE)
        await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
      await admin.end();
      await embedded?.stop();
    },
  };
}
