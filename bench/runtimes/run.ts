// The API's cost per request on each runtime that serves it: dist/server.js on Node (workers off) and dist/fetch.js
// under Bun, Deno and workerd (deploy/), all on one durable database, next to a floor from the same run: bare
// node:http doing one INSERT per request (bench/e2e/insert-server.ts). The servers take turns, `BENCH_CHUNK`
// requests each, `BENCH_TURNS` times, so a change of the machine's load falls on all of them alike; each line sums
// its own turns. CPU comes from /proc: the runtime's process, and PostgreSQL's processes (embedded server only).
//   node --import tsx bench/runtimes/run.ts   (BENCH_TURNS 5, BENCH_CHUNK 1,000, BENCH_WARMUP 3,000,
//                                              BENCH_CONCURRENCY 16, BENCH_DATABASE_URL)
import type { ChildProcess } from "node:child_process";
import { startRuntime, type RunningRuntime, type RuntimeName } from "../../test/helpers/runtimes.ts";
import {
  API_KEY,
  benchDatabase,
  buildForBench,
  cpuMicros,
  fmt,
  forkTs,
  hammerCount,
  pct,
  progress,
  startSvc,
} from "../lib/harness.ts";

const TURNS = Number(process.env.BENCH_TURNS ?? 5);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 1_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

interface Server {
  name: string;
  url: string;
  pid: number;
  stop(): Promise<unknown>;
}

interface Operation {
  name: string;
  make: () => { path: string; body: string };
  headers: Record<string, string>;
}

const json = { "x-api-key": API_KEY, "content-type": "application/json" };
const operations: Operation[] = [
  {
    name: "push (REST)",
    make: () => ({ path: "/v1/consumers/default/events?event=bench.push", body: '{"payload":{"order":42}}' }),
    headers: json,
  },
  {
    name: "list events (Connect JSON)",
    make: () => ({ path: "/webhook.EventService/ListEvents", body: '{"namespace":"default"}' }),
    headers: { ...json, "connect-protocol-version": "1" },
  },
];
// The floor answers only pushes: one INSERT per request is the work no push can skip.
const floorOperation: Operation = {
  name: "push (REST)",
  make: () => ({ path: "/", body: '{"namespace":"default","payload":{"order":42}}' }),
  headers: { "content-type": "application/json" },
};

buildForBench();
const db = await benchDatabase();
const servers: Server[] = [];
const cleanups: (() => Promise<unknown>)[] = [];
try {
  progress("node (dist/server.js) migrates the database and serves as the reference");
  const node = await startSvc(db.databaseUrl, { SVC_WORKERS: "false" });
  cleanups.push(() => node.stop());
  servers.push({ name: "node", url: node.url, pid: node.child.pid!, stop: () => node.stop() });
  const created = await fetch(`${node.url}/v1/event-types`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: "bench.push" }),
  });
  if (created.status !== 201) throw new Error(`event type: ${created.status} ${await created.text()}`);

  const env = {
    DATABASE_URL: db.databaseUrl,
    SVC_ENCRYPTION_KEYS: `bench=${"5a".repeat(32)}`,
    SVC_ENCRYPTION_PRIMARY_KEY_ID: "bench",
    SVC_API_KEY: API_KEY,
    SVC_ALLOWED_NETWORKS: "127.0.0.1/32",
    SVC_LOG_LEVEL: "warn",
  };
  for (const name of ["bun", "deno", "workerd"] as RuntimeName[]) {
    progress(`${name} serves dist/fetch.js`);
    const runtime: RunningRuntime = await startRuntime(name, env);
    cleanups.push(() => runtime.stop());
    servers.push({ name, url: runtime.url, pid: runtime.child.pid!, stop: () => runtime.stop() });
  }
  const floor: { child: ChildProcess; port: number } = await forkTs(
    new URL("../e2e/insert-server.ts", import.meta.url),
    { DATABASE_URL: db.databaseUrl },
  );
  cleanups.push(async () => floor.child.kill());
  const floorServer: Server = {
    name: "floor: node:http + INSERT",
    url: `http://127.0.0.1:${floor.port}`,
    pid: floor.child.pid!,
    stop: async () => floor.child.kill(),
  };

  for (const op of operations) {
    const contestants = op === operations[0] ? [floorServer, ...servers] : servers;
    const opFor = (s: Server) => (s === floorServer ? floorOperation : op);
    progress(`${op.name}: ${fmt(WARMUP)} warm-up requests on each server`);
    for (const s of contestants) await hammerCount(s.url, WARMUP, CONCURRENCY, opFor(s).make, opFor(s).headers);
    const totals = contestants.map(() => ({ requests: 0, seconds: 0, cpu: 0, pgCpu: 0, latencies: [] as number[] }));
    for (let turn = 0; turn < TURNS; turn++) {
      progress(`${op.name}: turn ${turn + 1} of ${TURNS}`);
      for (const [i, s] of contestants.entries()) {
        const t = totals[i]!;
        const pgBefore = await db.pgSnapshot();
        const before = cpuMicros(s.pid);
        const run = await hammerCount(s.url, CHUNK, CONCURRENCY, opFor(s).make, opFor(s).headers);
        t.cpu += cpuMicros(s.pid) - before;
        t.pgCpu += (await db.pgSnapshot()).cpuMicros - pgBefore.cpuMicros;
        t.requests += CHUNK;
        t.seconds += run.seconds;
        t.latencies.push(...run.latencies);
      }
    }
    console.log(`\n${op.name}: ${fmt(TURNS)} turns of ${fmt(CHUNK)} requests, ${CONCURRENCY} at a time`);
    console.log(
      `${"server".padEnd(28)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}` +
        `${"CPU µs/req".padStart(12)}${"PG µs/req".padStart(11)}${"vs node".padStart(9)}`,
    );
    const nodeCpu = totals[contestants.indexOf(servers[0]!)]!.cpu / totals[contestants.indexOf(servers[0]!)]!.requests;
    for (const [i, s] of contestants.entries()) {
      const t = totals[i]!;
      const cpu = t.cpu / t.requests;
      const pgCpu = db.embedded ? fmt(t.pgCpu / t.requests) : "n/a";
      console.log(
        `${s.name.padEnd(28)}${fmt(t.requests / t.seconds).padStart(9)}${fmt(pct(t.latencies, 50), 1).padStart(9)}` +
          `${fmt(pct(t.latencies, 99), 1).padStart(9)}${fmt(cpu).padStart(12)}${pgCpu.padStart(11)}` +
          `${`${fmt(cpu / nodeCpu, 2)}×`.padStart(9)}`,
      );
    }
  }
  console.log(`\nload average at the end: ${(await import("node:os")).loadavg().map((l) => l.toFixed(1))}`);
} finally {
  for (const fn of cleanups.reverse()) await fn().catch(() => {});
  await db.drop();
}
