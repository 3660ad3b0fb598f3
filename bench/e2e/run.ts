// End-to-end benchmark: the built server (dist/server.js) configured as users run it — workers on, every event type
// subscribed by a webhook at a fast local receiver, durable PostgreSQL, pushes and deliveries at the same time —
// with every figure next to a ceiling measured in the same run: bare node:http + one INSERT (pushes) and raw undici
// replaying a captured delivery to the same receiver (deliveries). CPU per operation is read from /proc over a fixed
// number of operations, for svc and for each ceiling, since rates swing with the load of a shared machine. Every
// process is warmed up first (BENCH_WARMUP operations): a server runs for days, and the first thousands of requests
// after a start cost up to twice as much while V8 is still compiling the hot paths.
// BENCH_BURN=n runs n busy loops for the whole run: every phase, the floors' included, then shares the cores with the
// same contention, so a figure "under load" is compared with floors measured under that load, not another moment's.
//   node --import tsx bench/e2e/run.ts   (BENCH_DATABASE_URL, BENCH_EVENTS, BENCH_WARMUP, BENCH_ROUNDS, BENCH_CONCURRENCY, BENCH_SECONDARY=0, BENCH_BURN)
import { spawn } from "node:child_process";
import { cpus, loadavg, totalmem } from "node:os";
import {
  API_KEY,
  ask,
  benchDatabase,
  buildForBench,
  cpuMicros,
  cpuTimes,
  fmt,
  forkTs,
  hammerCount,
  pct,
  pgWork,
  progress,
  pushAtRate,
  receiverScript,
  rpc,
  sleep,
  startSvc,
  type PgSnapshot,
  type ReceiverStats,
  type Svc,
  waitForCount,
} from "../lib/harness.ts";
import { signatureCpuMicros } from "./signatures.ts";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const RAW_REQUESTS = Number(process.env.BENCH_RAW_REQUESTS ?? 50_000);
/** Operations before measuring. 10,000 left V8 still compiling: one server measured in batches of 10,000 pushes
 * settled only from the fourth (126, 80, 88, 71, 71, 74 µs), and after 50,000 a push cost 66 µs against 73–89. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 50_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const LATENCY_SECONDS = Number(process.env.BENCH_LATENCY_SECONDS ?? 10);
const FANOUT = process.env.BENCH_FANOUT !== "0";
const SECONDARY = process.env.BENCH_SECONDARY !== "0";
const BURN = Number(process.env.BENCH_BURN ?? 0);

buildForBench();
const db = await benchDatabase();
const databaseUrl = db.databaseUrl;
const receiver = await forkTs(receiverScript);
const receiverUrl = `http://127.0.0.1:${receiver.port}`;
const headers = { "content-type": "application/json", "x-api-key": API_KEY };
const EVENT_TYPES = ["bench.user", "bench.latency", "bench.fanout"];
const pushBody = JSON.stringify({
  namespace: "default",
  event: "bench.user",
  payload: { order: 42, items: [1, 2, 3], customer: { email: "a@b.c" } },
});
const push = () => ({ path: "/webhook.EventService/PushEvent", body: pushBody });
const load = () =>
  loadavg()
    .map((l) => fmt(l, 1))
    .join(" / ");
const median = (xs: number[]) => pct(xs, 50);
const line = (s: string) => console.log(s);

/** Work done between two snapshots of svc (or a ceiling) and PostgreSQL. */
async function snapshot(pid: number): Promise<{ cpu: number; system: number; pg: PgSnapshot; at: number }> {
  return { cpu: cpuMicros(pid), system: cpuTimes(pid).system, pg: await db.pgSnapshot(), at: performance.now() };
}
function work(a: Awaited<ReturnType<typeof snapshot>>, b: Awaited<ReturnType<typeof snapshot>>, ops: number) {
  return {
    cpu: (b.cpu - a.cpu) / ops,
    systemShare: (b.system - a.system) / Math.max(1, b.cpu - a.cpu),
    ...pgWork(a.pg, b.pg, ops),
    seconds: (b.at - a.at) / 1000,
  };
}
const sumWal = (kinds: { recordBytes: number; pageImageBytes: number }[]) =>
  kinds.reduce((n, k) => n + k.recordBytes + k.pageImageBytes, 0);
const pgLine = (w: ReturnType<typeof work>) =>
  `PostgreSQL ${fmt(w.statements, 2)} statements, ${fmt(w.walBytes)} WAL bytes, ${fmt(w.cpuMicros)} µs CPU per op`;

/** Waits until the receiver has `count` requests and none arrive any more; checks for losses and duplicates. */
async function settle(count: number, timeoutMs: number): Promise<ReceiverStats & { lost: number; duplicates: number }> {
  await waitForCount(receiver.child, count, timeoutMs);
  await sleep(300);
  const final = await ask<ReceiverStats>(receiver.child, "stats");
  return { ...final, lost: Math.max(0, count - final.distinct), duplicates: final.count - final.distinct };
}

interface Round {
  rawRate: number;
  rawCpu: number;
  insertRate: number;
  insertCpu: number;
  userPushRate: number;
  userDeliveryRate: number;
  userCpuPerEvent: number;
  p50: number;
  p99: number;
  apiPushRate: number;
  apiCpuPerPush: number;
  drainRate: number;
  drainCpuPerDelivery: number;
}
const rounds: Round[] = [];
let svc: Svc | undefined;
const burners = Array.from({ length: BURN }, () => spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));

try {
  line(
    `machine: ${cpus().length} cores (${cpus()[0]?.model}), ${fmt(totalmem() / 2 ** 30, 1)} GiB, node ` +
      `${process.version}; PostgreSQL ` +
      `${db.embedded ? "embedded 17 (fsync and synchronous_commit on)" : "from BENCH_DATABASE_URL"} on ` +
      `the same machine; load average ${load()}`,
  );
  line(
    `${EVENTS} events per phase, ${CONCURRENCY} concurrent pushes, ${ROUNDS} rounds` +
      (BURN ? `; ${BURN} busy loop${BURN > 1 ? "s" : ""} running throughout (BENCH_BURN)` : ""),
  );

  // The user's configuration: one webhook subscribed to every event type, on a fast local receiver.
  svc = await startSvc(databaseUrl);
  for (const name of EVENT_TYPES) await rpc(svc, "EventService/RegisterEvent", { name });
  await rpc(svc, "WebhookService/RegisterWebhook", {
    namespace: "default",
    url: `${receiverUrl}/hook`,
    events: EVENT_TYPES.slice(0, 2),
  });
  await ask(receiver.child, "reset");
  await rpc(svc, "EventService/PushEvent", {
    namespace: "default",
    event: "bench.user",
    payload: { order: 42, items: [1, 2, 3], customer: { email: "a@b.c" } },
  });
  await waitForCount(receiver.child, 1, 10_000);
  const captured = await ask<{ path: string; headers: Record<string, string>; body: string } | null>(
    receiver.child,
    "last",
  );
  if (!captured) throw new Error("no delivery arrived to capture");
  await svc.stop();
  svc = undefined;

  for (let round = 1; round <= ROUNDS; round++) {
    line(`\n— round ${round} (load average ${load()})`);
    // Ceiling 1: raw undici replaying the captured delivery (its own headers and body) to the same receiver.
    progress("raw undici ceiling");
    await ask(receiver.child, "reset");
    await hammerCount(
      receiverUrl,
      WARMUP,
      CONCURRENCY,
      () => ({ path: captured.path, body: captured.body }),
      captured.headers,
    );
    const rawCpu0 = process.cpuUsage();
    const raw = await hammerCount(
      receiverUrl,
      RAW_REQUESTS,
      CONCURRENCY,
      () => ({ path: captured.path, body: captured.body }),
      captured.headers,
    );
    const rawCpuUs = process.cpuUsage(rawCpu0);
    const rawCpu = (rawCpuUs.user + rawCpuUs.system) / RAW_REQUESTS;
    const signCpu = signatureCpuMicros(captured.body);

    // Ceiling 2: bare node:http + one INSERT per push.
    progress("INSERT ceiling");
    const ceiling = await forkTs(new URL("./insert-server.ts", import.meta.url), { DATABASE_URL: databaseUrl });
    const ceilingUrl = `http://127.0.0.1:${ceiling.port}`;
    await hammerCount(ceilingUrl, WARMUP, CONCURRENCY, () => ({ path: "/", body: pushBody }), {
      "content-type": "application/json",
    });
    const c0 = await snapshot(ceiling.child.pid!);
    const ceilingGenerator0 = process.cpuUsage();
    const insert = await hammerCount(ceilingUrl, EVENTS, CONCURRENCY, () => ({ path: "/", body: pushBody }), {
      "content-type": "application/json",
    });
    const ceilingGeneratorUs = process.cpuUsage(ceilingGenerator0);
    const c1 = await snapshot(ceiling.child.pid!);
    const cw = work(c0, c1, EVENTS);
    // The bench database's own WAL (a shared server's other databases write into the same WAL; harness.ts).
    const ceilingDbWal = sumWal(await db.walRecords(c0.pg.walLsn, c1.pg.walLsn)) / EVENTS;
    const ceilingAllCpu = cw.cpu + cw.cpuMicros + (ceilingGeneratorUs.user + ceilingGeneratorUs.system) / EVENTS;
    ceiling.child.kill();
    line(
      `ceilings: raw undici ${fmt(raw.rate)} req/s at ${fmt(rawCpu)} µs CPU per request (client);  ` +
        `node:http + 1 INSERT ${fmt(insert.rate)}/s at ${fmt(cw.cpu)} µs CPU per push, ${pgLine(cw)}; ` +
        `with its load generator ${fmt(ceilingAllCpu)} µs per push, the cores busy ` +
        `${fmt(((ceilingAllCpu * EVENTS) / (cw.seconds * 1e6 * cpus().length)) * 100)} %`,
    );

    // Headline: the user's configuration, pushes and deliveries at the same time.
    progress("user configuration: pushes with deliveries");
    svc = await startSvc(databaseUrl);
    await ask(receiver.child, "reset");
    const w0 = await snapshot(svc.child.pid!);
    await hammerCount(svc.url, WARMUP, CONCURRENCY, push, headers);
    await settle(WARMUP, 120_000);
    const userColdCpu = work(w0, await snapshot(svc.child.pid!), WARMUP).cpu;
    await ask(receiver.child, "reset");
    const calls0 = await db.pgCalls();
    const u0 = await snapshot(svc.child.pid!);
    // The other processes on the two cores: this one (the load generator) and the receiver.
    const generator0 = process.cpuUsage();
    const receiver0 = cpuMicros(receiver.child.pid!);
    const pushed = await hammerCount(svc.url, EVENTS, CONCURRENCY, push, headers);
    const duringPush = await ask<ReceiverStats>(receiver.child, "stats");
    const uPush = await snapshot(svc.child.pid!);
    const userDone = await settle(EVENTS, 120_000);
    const u1 = await snapshot(svc.child.pid!);
    const uw = work(u0, u1, EVENTS);
    const generatorUs = process.cpuUsage(generator0);
    const generatorCpu = (generatorUs.user + generatorUs.system) / EVENTS;
    const receiverCpu = (cpuMicros(receiver.child.pid!) - receiver0) / EVENTS;
    const allCpu = uw.cpu + uw.cpuMicros + generatorCpu + receiverCpu;
    const userDeliveryRate = duringPush.count / pushed.seconds;
    const userAll = EVENTS / ((userDone.lastAt - (performance.timeOrigin + u0.at)) / 1000);
    line(
      `USER CONFIG push events/s:     ${fmt(pushed.rate).padStart(7)}   ceiling ${fmt(insert.rate)}   ` +
        `ratio ${fmt((pushed.rate / insert.rate) * 100, 1)}%   target ≥ 70%   (p50 ` +
        `${fmt(pct(pushed.latencies, 50), 2)} / p99 ${fmt(pct(pushed.latencies, 99), 2)} ms)`,
    );
    line(
      `USER CONFIG deliveries/s:      ${fmt(userDeliveryRate).padStart(7)} while pushing, ` +
        `${fmt(userAll)} to the last   ceiling ${fmt(raw.rate)}   ratio ` +
        `${fmt((userDeliveryRate / raw.rate) * 100, 1)}%   target ≥ 5,000/s and ≥ 25%`,
    );
    line(
      `USER CONFIG server CPU:        ${fmt(uw.cpu)} µs per event (${fmt(uw.systemShare * 100)} % of ` +
        `it system time; its push and its delivery; ${fmt((uPush.cpu - u0.cpu) / EVENTS)} µs per event ` +
        `while pushing; ${fmt(userColdCpu)} µs for the first ${fmt(WARMUP)} after start)   ceilings ` +
        `${fmt(cw.cpu)} + ${fmt(rawCpu)} µs   ${pgLine(uw)}`,
    );
    line(
      `USER CONFIG CPU of every process: svc ${fmt(uw.cpu)} + PostgreSQL ${fmt(uw.cpuMicros)} + load ` +
        `generator ${fmt(generatorCpu)} + receiver ${fmt(receiverCpu)} = ${fmt(allCpu)} µs per event; ` +
        `the ${cpus().length} cores were busy ` +
        `${fmt(((allCpu * EVENTS) / (uw.seconds * 1e6 * cpus().length)) * 100)} % of the phase, and ` +
        `fully busy would carry ${fmt((cpus().length * 1e6) / allCpu)} events/s`,
    );
    const kinds = await db.walRecords(u0.pg.walLsn, u1.pg.walLsn);
    // The floors of issue-level goals: the same unavoidable work, measured in this round.
    const floorCpu = cw.cpu + rawCpu + signCpu;
    line(
      `USER CONFIG against floors: svc ${fmt(uw.cpu)} µs per event / floor ${fmt(floorCpu)} (INSERT server ` +
        `${fmt(cw.cpu)} + raw client ${fmt(rawCpu)} + HMAC and Ed25519 ${fmt(signCpu)}) = ` +
        `${fmt(uw.cpu / floorCpu, 2)}× (goal ≤ 1.2×);  PostgreSQL CPU ${fmt(uw.cpuMicros)} / INSERT's ` +
        `${fmt(cw.cpuMicros)} = ${fmt(uw.cpuMicros / cw.cpuMicros, 2)}× (goal ≤ 1.3×);  WAL ${fmt(uw.walBytes)} ` +
        `bytes per event (goal ≤ 1,200; a bare INSERT ${fmt(cw.walBytes)}), of the bench database ` +
        `${kinds.length ? fmt(sumWal(kinds) / EVENTS) : "n/a"} (INSERT ${kinds.length ? fmt(ceilingDbWal) : "n/a"})`,
    );
    line(`USER CONFIG lost ${userDone.lost}, duplicates ${userDone.duplicates} of ${fmt(EVENTS)}`);
    if (process.env.BENCH_STATEMENTS) {
      // Which statements the user configuration ran, per 1,000 events.
      const calls1 = await db.pgCalls();
      const per1000 = (x: number) => (x / EVENTS) * 1000;
      const diff = [...calls1]
        .map(([q, w]) => {
          const before = calls0.get(q) ?? { calls: 0, ms: 0, plans: 0, planMs: 0, wal: 0 };
          return {
            q,
            calls: w.calls - before.calls,
            ms: w.ms - before.ms,
            plans: w.plans - before.plans,
            planMs: w.planMs - before.planMs,
            wal: w.wal - before.wal,
          };
        })
        .filter((d) => d.calls > 0)
        .sort((a, b) => b.ms - a.ms);
      line(`    per 1,000 events: calls, execution ms, plans, planning ms, WAL KiB — statement (by execution time)`);
      for (const d of diff.slice(0, 15))
        line(
          `    ${fmt(per1000(d.calls), 1).padStart(7)} ${fmt(per1000(d.ms), 1).padStart(8)} ms ` +
            `${fmt(per1000(d.plans), 1).padStart(7)} ${fmt(per1000(d.planMs), 1).padStart(7)} ms ` +
            `${fmt(per1000(d.wal) / 1024, 1).padStart(8)} KiB  ${d.q}`,
        );
      // What that WAL is made of: record kinds, and whole-page images (written at a page's first change after a checkpoint).
      // And by relation (tables and their indexes, partitions under their parent): where each record kind goes.
      const relations = await db.walRelations(u0.pg.walLsn, u1.pg.walLsn);
      if (relations.length) {
        line(`    WAL per event by relation: bytes (page images included) — its record kinds: records × average bytes`);
        for (const r of relations.slice(0, 16)) {
          const bytes = r.kinds.reduce((a, k) => a + k.recordBytes + k.pageImageBytes, 0) / EVENTS;
          if (bytes < 1) continue;
          const kinds = r.kinds
            .filter((k) => (k.recordBytes + k.pageImageBytes) / EVENTS >= 0.5)
            .map((k) => `${k.kind} ${fmt(k.count / EVENTS, 2)} × ${fmt(k.recordBytes / k.count)} B`)
            .join(", ");
          line(`    ${fmt(bytes).padStart(7)} B  ${r.relation} — ${kinds}`);
        }
      }
      if (kinds.length) {
        line(`    WAL per event by record kind: records, record bytes, page-image bytes`);
        for (const k of kinds.slice(0, 12))
          line(
            `    ${fmt(k.count / EVENTS, 2).padStart(7)} ${fmt(k.recordBytes / EVENTS).padStart(7)} B ` +
              `${fmt(k.pageImageBytes / EVENTS).padStart(7)} B  ${k.kind}`,
          );
      }
    }

    // The secondary lines (latency, API-only, drain) can be skipped while iterating on the headline (BENCH_SECONDARY=0).
    let p50 = NaN,
      p99 = NaN;
    let apiRate = NaN,
      apiCpu = NaN,
      drainRate = NaN,
      drainCpu = NaN;
    if (SECONDARY) {
      // Push → receiver latency at a fixed 1,000 events/s, same server.
      progress("latency at 1,000/s");
      await ask(receiver.child, "reset");
      const rate = 1000;
      const total = rate * LATENCY_SECONDS;
      await pushAtRate(svc.url, { event: "bench.latency", rate, total, connections: 32, headers });
      const lat = await settle(total, 60_000);
      const steady = lat.latenciesMs.slice(rate);
      p50 = pct(steady, 50);
      p99 = pct(steady, 99);
      line(
        `push→receiver at 1,000/s:      p50 ${fmt(p50, 2)} ms, p99 ${fmt(p99, 2)} ms   ` +
          `targets p50 ≤ 5 ms, p99 ≤ 25 ms   (lost ${lat.lost}, duplicates ${lat.duplicates} of ${fmt(total)})`,
      );
      await svc.stop();
      svc = undefined;

      // Secondary: an API-only instance (workers off) — the pushes wait as a backlog for the drain below.
      progress("API-only pushes");
      svc = await startSvc(databaseUrl, { SVC_WORKERS: "false" });
      const aCold = await snapshot(svc.child.pid!);
      await hammerCount(svc.url, WARMUP, CONCURRENCY, push, headers);
      const a0 = await snapshot(svc.child.pid!);
      const apiColdCpu = work(aCold, a0, WARMUP).cpu;
      const api = await hammerCount(svc.url, EVENTS, CONCURRENCY, push, headers);
      const aw = work(a0, await snapshot(svc.child.pid!), EVENTS);
      await svc.stop();
      svc = undefined;
      apiRate = api.rate;
      apiCpu = aw.cpu;
      line(
        `api-only push events/s:        ${fmt(api.rate).padStart(7)}   ceiling ${fmt(insert.rate)}   ` +
          `ratio ${fmt((api.rate / insert.rate) * 100, 1)}%   server CPU ${fmt(aw.cpu)} µs per push ` +
          `(${fmt(aw.systemShare * 100)} % system; ceiling ${fmt(cw.cpu)}, target ≤ 70; ` +
          `${fmt(apiColdCpu)} µs for the first ${fmt(WARMUP)} after start)   ${pgLine(aw)}`,
      );

      // Secondary: drain that backlog (fan-out and delivery) after a restart with workers on.
      progress("backlog drain");
      await ask(receiver.child, "reset");
      const backlog = EVENTS + WARMUP;
      svc = await startSvc(databaseUrl);
      const started = await snapshot(svc.child.pid!);
      // CPU per delivery is taken over the part of the backlog delivered once the process is warm.
      await waitForCount(receiver.child, WARMUP, 300_000);
      const d0 = await snapshot(svc.child.pid!);
      const warmFrom = (await ask<ReceiverStats>(receiver.child, "stats")).count;
      const drained = await settle(backlog, 300_000);
      const dw = work(d0, await snapshot(svc.child.pid!), backlog - warmFrom);
      const drainColdCpu = work(started, d0, warmFrom).cpu;
      drainRate = backlog / ((drained.lastAt - (performance.timeOrigin + started.at)) / 1000);
      drainCpu = dw.cpu;
      line(
        `backlog drain deliveries/s:    ${fmt(drainRate).padStart(7)}   ceiling ${fmt(raw.rate)}   ` +
          `ratio ${fmt((drainRate / raw.rate) * 100, 1)}%   server CPU ${fmt(dw.cpu)} µs per delivery ` +
          `incl. fan-out (${fmt(dw.systemShare * 100)} % system; ceiling ${fmt(rawCpu)}, target ≤ 120; ` +
          `${fmt(drainColdCpu)} µs for the first ${fmt(warmFrom)} after start)   ${pgLine(dw)}   lost ` +
          `${drained.lost}, duplicates ${drained.duplicates}`,
      );
    } else {
      await svc.stop();
      svc = undefined;
    }
    if (svc && (round < ROUNDS || !FANOUT)) {
      await svc.stop();
      svc = undefined;
    }
    rounds.push({
      rawRate: raw.rate,
      rawCpu,
      insertRate: insert.rate,
      insertCpu: cw.cpu,
      userPushRate: pushed.rate,
      userDeliveryRate,
      userCpuPerEvent: uw.cpu,
      p50,
      p99,
      apiPushRate: apiRate,
      apiCpuPerPush: apiCpu,
      drainRate,
      drainCpuPerDelivery: drainCpu,
    });
  }

  const m = (k: keyof Round) => median(rounds.map((r) => r[k]));
  line(`\nmedians of ${rounds.length} rounds (load average now ${load()}):`);
  line(
    `  user config: push ${fmt(m("userPushRate"))}/s ` +
      `(${fmt((m("userPushRate") / m("insertRate")) * 100, 1)}% of ${fmt(m("insertRate"))}), deliveries ` +
      `${fmt(m("userDeliveryRate"))}/s (${fmt((m("userDeliveryRate") / m("rawRate")) * 100, 1)}% of ` +
      `${fmt(m("rawRate"))}), ${fmt(m("userCpuPerEvent"))} µs server CPU per event` +
      (SECONDARY ? `, push→receiver p50 ${fmt(m("p50"), 2)} / p99 ${fmt(m("p99"), 2)} ms` : ""),
  );
  if (SECONDARY)
    line(
      `  api-only: ${fmt(m("apiPushRate"))} pushes/s at ${fmt(m("apiCpuPerPush"))} µs per push (ceiling ` +
        `${fmt(m("insertCpu"))} µs);  drain: ${fmt(m("drainRate"))} deliveries/s at ` +
        `${fmt(m("drainCpuPerDelivery"))} µs per delivery (raw client ${fmt(m("rawCpu"))} µs)`,
    );
  else line("  (latency, API-only and drain not measured: BENCH_SECONDARY=0)");

  if (FANOUT && svc) {
    progress("fan-out to 1,000 webhooks");
    const s = svc;
    for (let i = 0; i < 1000; i += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          rpc(s, "WebhookService/RegisterWebhook", {
            namespace: "default",
            url: `${receiverUrl}/fan/${i + j}`,
            events: ["bench.fanout"],
          }),
        ),
      );
    }
    await ask(receiver.child, "reset");
    const fanStart = performance.timeOrigin + performance.now();
    await rpc(s, "EventService/PushEvent", { namespace: "default", event: "bench.fanout", payload: { fan: true } });
    const fan = await waitForCount(receiver.child, 1000, 60_000);
    line(
      `fan-out 1 → 1,000 webhooks: all delivered in ${fmt(fan.lastAt - fanStart)} ms   target ≤ 1,000 ms   ` +
        `ceiling: 1,000 raw requests take ${fmt((1000 / m("rawRate")) * 1000)} ms`,
    );
    line(`peak RSS of the server:   ${fmt(s.peakRssMb())} MB   target ≤ 250 MB`);
  }
} finally {
  for (const b of burners) b.kill();
  await svc?.stop().catch(() => {});
  receiver.child.kill();
  await db.drop();
}
