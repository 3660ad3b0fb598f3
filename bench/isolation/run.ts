// Endpoint isolation benchmark. The built server (workers on, durable PostgreSQL) delivers to two healthy
// endpoints on a fast receiver while a faulty endpoint of another customer has a 5,000-delivery backlog:
// (a) a black hole (accepts, never answers; request timeout 2 s), (b) a refusing port, (c) a receiver that answers
// in 5 s (timeout 10 s, so it succeeds slowly). Each healthy figure is printed next to the baseline measured in the same run with no fault.
// Then duplicates: 10,000 events through two instances with both cores saturated by busy loops.
//   node --import tsx bench/isolation/run.ts        (BENCH_DATABASE_URL to use an existing PostgreSQL server)
import { spawn, type ChildProcess } from "node:child_process";
import { createServer as createHttpServer } from "node:http";
import { createServer, type AddressInfo, type Socket } from "node:net";
import { cpus, totalmem } from "node:os";
import pg from "pg";
import { Pool } from "undici";
import {
  API_KEY,
  ask,
  benchDatabase,
  buildForBench,
  cpuMicros,
  fmt,
  forkTs,
  pct,
  progress,
  pushAtRate,
  receiverScript,
  rpc,
  sleep,
  startSvc,
  type ReceiverStats,
  type Svc,
  waitForCount,
} from "../lib/harness.ts";

const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 5_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const DUPLICATE_EVENTS = Number(process.env.BENCH_DUPLICATE_EVENTS ?? 10_000);
const headers = { "content-type": "application/json", "x-api-key": API_KEY };

interface Fault {
  name: string;
  url: string;
  /** The endpoint's request timeout: 2 s for the dead ones; the slow one answers within its timeout. */
  timeoutSeconds: number;
  /** Requests the faulty endpoint received. */
  requests(): number;
  close(): Promise<void>;
}

async function blackHole(): Promise<Fault> {
  const sockets = new Set<Socket>();
  let requests = 0;
  const server = createServer((s) => {
    sockets.add(s);
    s.on("data", (d) => (requests += d.toString("latin1").split("POST /").length - 1));
    s.on("error", () => {});
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    name: "black hole, 5,000 backlog",
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hole`,
    timeoutSeconds: 2,
    requests: () => requests,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

async function refusingPort(): Promise<Fault> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return {
    name: "refusing port, 5,000 backlog",
    url: `http://127.0.0.1:${port}/refused`,
    timeoutSeconds: 2,
    requests: () => NaN,
    close: async () => {},
  };
}

async function slowReceiver(): Promise<Fault> {
  let requests = 0;
  const server = createHttpServer((req, res) => {
    requests++;
    req.resume().on("end", () => setTimeout(() => res.end("ok"), 5_000));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    name: "answers in 5 s, 5,000 backlog",
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`,
    timeoutSeconds: 10,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Pushes `n` events as fast as 32 connections allow. */
async function pushBacklog(svc: Svc, event: string, n: number) {
  const pool = new Pool(svc.url, { connections: 32 });
  let sent = 0;
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (sent < n) {
        sent++;
        const res = await pool.request({
          path: "/webhook.EventService/PushEvent",
          method: "POST",
          headers,
          body: JSON.stringify({ namespace: "default", event, payload: { backlog: sent } }),
        });
        await res.body.arrayBuffer();
      }
    }),
  );
  await pool.close();
}

/** Pushes healthy events at a fixed rate and returns push→arrival latencies at the receiver. */
async function healthyLatency(
  svc: Svc,
  receiver: ChildProcess,
): Promise<{ latencies: number[]; answeredMs: number[]; delivered: number; sent: number; duplicates: number }> {
  await ask(receiver, "reset");
  const total = RATE * SECONDS;
  const { answeredMs } = await pushAtRate(svc.url, {
    event: "iso.healthy",
    rate: RATE,
    total,
    connections: 16,
    headers,
  });
  // Two healthy webhooks are subscribed: every event arrives twice.
  const stats = await waitForCount(receiver, total * 2, 60_000);
  return {
    latencies: stats.latenciesMs,
    answeredMs,
    delivered: stats.count,
    sent: total * 2,
    duplicates: stats.count - stats.distinct,
  };
}

async function attemptsOf(databaseUrl: string, webhookId: string): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return (await c.query("select count(*)::int as n from delivery_attempts where webhook_id = $1", [webhookId]))
      .rows[0].n;
  } finally {
    await c.end();
  }
}

const burn = (): ChildProcess[] => cpus().map(() => spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));

/**
 * The healthy latency while BACKLOG events for a new webhook at `target` (or for nobody) are pushed at once (32 connections), with
 * what the server did meanwhile: its CPU, and the statements it ran most (pg_stat_statements, when loaded).
 */
async function duringBurst(name: string, target?: { url: string; timeoutSeconds: number }) {
  progress(name);
  const event = `iso.burst.${name.split(" ")[0]}`;
  await rpc(svc!, "EventService/RegisterEvent", { name: event });
  const reg =
    target &&
    (await rpc(svc!, "WebhookService/RegisterWebhook", {
      namespace: "default",
      url: target.url,
      events: [event],
      httpConfig: { requestTimeoutSeconds: target.timeoutSeconds, maxRetries: 10 },
    }));
  const callsBefore = await db.pgCalls();
  const cpuBefore = cpuMicros(svc!.child.pid!);
  const started = performance.now();
  let burstSeconds = 0;
  const [run] = await Promise.all([
    healthyLatency(svc!, receiver.child),
    pushBacklog(svc!, event, BACKLOG).then(() => (burstSeconds = (performance.now() - started) / 1000)),
  ]);
  const seconds = (performance.now() - started) / 1000;
  const cpuPerSecond = (cpuMicros(svc!.child.pid!) - cpuBefore) / 1000 / seconds;
  const busiest = [...(await db.pgCalls())]
    .map(([text, w]) => ({
      text,
      calls: w.calls - (callsBefore.get(text)?.calls ?? 0),
      ms: w.ms - (callsBefore.get(text)?.ms ?? 0),
    }))
    .filter((s) => s.calls > 0)
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5);
  duplicates += run.duplicates;
  const f50 = pct(run.latencies, 50);
  const f99 = pct(run.latencies, 99);
  console.log(
    `${name.padEnd(36)}p50 ${fmt(f50, 1).padStart(6)} ms   p99 ${fmt(f99, 1).padStart(7)} ms   ` +
      `p99/baseline ${fmt(f99 / baseP99, 2)}×   goal p99 ≤ 2× + 10 ms: ${f99 <= 2 * baseP99 + 10 ? "met" : "NOT met"}   ` +
      `${fmt(BACKLOG)} pushes took ${fmt(burstSeconds, 1)} s of the ${fmt(seconds, 1)} s   delivered ` +
      `${fmt(run.delivered)}/${fmt(run.sent)}   server CPU ${fmt(cpuPerSecond, 0)} ms per s   healthy pushes answered ` +
      `p50 ${fmt(pct(run.answeredMs, 50), 1)} / p99 ${fmt(pct(run.answeredMs, 99), 1)} ms`,
  );
  for (const s of busiest)
    console.log(`    ${fmt(s.calls).padStart(7)} calls ${fmt(s.ms, 0).padStart(6)} ms   ${s.text.slice(0, 90)}`);
  if (reg) await rpc(svc!, "WebhookService/UnregisterWebhook", { namespace: "default", webhookId: reg.webhook_id });
  return { p99: f99, cpuPerSecond };
}

buildForBench();
const db = await benchDatabase();
const receiver = await forkTs(receiverScript);
const receiverUrl = `http://127.0.0.1:${receiver.port}`;
let svc: Svc | undefined;
const others: Svc[] = [];
let duplicates = 0;
let baseP99 = Number.NaN;

try {
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model}), ${fmt(totalmem() / 2 ** 30, 1)} GiB, node ` +
      `${process.version}; PostgreSQL ` +
      `${db.embedded ? "embedded 17 (fsync on)" : "from BENCH_DATABASE_URL"} on the same machine`,
  );
  console.log(
    `healthy load: ${RATE} events/s for ${SECONDS} s, each to 2 healthy webhooks; server defaults (workers on)`,
  );
  svc = await startSvc(db.databaseUrl);
  await rpc(svc, "EventService/RegisterEvent", { name: "iso.healthy" });
  for (const path of ["/a", "/b"])
    await rpc(svc, "WebhookService/RegisterWebhook", {
      namespace: "default",
      url: receiverUrl + path,
      events: ["iso.healthy"],
    });

  progress("baseline");
  await healthyLatency(svc, receiver.child); // warm-up
  const base = await healthyLatency(svc, receiver.child);
  duplicates += base.duplicates;
  const p50 = pct(base.latencies, 50);
  const p99 = pct(base.latencies, 99);
  baseP99 = p99;
  console.log(
    `baseline (no fault)                 p50 ${fmt(p50, 1).padStart(6)} ms   p99 ` +
      `${fmt(p99, 1).padStart(7)} ms   delivered ${fmt(base.delivered)}/${fmt(base.sent)}   pushes answered ` +
      `p50 ${fmt(pct(base.answeredMs, 50), 1)} / p99 ${fmt(pct(base.answeredMs, 99), 1)} ms`,
  );

  for (const make of [blackHole, refusingPort, slowReceiver]) {
    const fault = await make();
    progress(fault.name);
    const event = `iso.fault.${fault.name.split(" ")[0]}`;
    await rpc(svc, "EventService/RegisterEvent", { name: event });
    const reg = await rpc(svc, "WebhookService/RegisterWebhook", {
      namespace: "default",
      url: fault.url,
      events: [event],
      httpConfig: { requestTimeoutSeconds: fault.timeoutSeconds, maxRetries: 10 },
    });
    await pushBacklog(svc, event, BACKLOG);
    await sleep(1_000);
    const attemptsBefore = await attemptsOf(db.databaseUrl, reg.webhook_id);
    const started = performance.now();
    const run = await healthyLatency(svc, receiver.child);
    duplicates += run.duplicates;
    const faultRate =
      (((await attemptsOf(db.databaseUrl, reg.webhook_id)) - attemptsBefore) / (performance.now() - started)) * 1000;
    const f50 = pct(run.latencies, 50);
    const f99 = pct(run.latencies, 99);
    const goal = f99 <= 2 * p99 + 10 ? "met" : "NOT met";
    console.log(
      `${fault.name.padEnd(36)}p50 ${fmt(f50, 1).padStart(6)} ms   p99 ${fmt(f99, 1).padStart(7)} ms   ` +
        `p99/baseline ${fmt(f99 / p99, 2)}×   goal p99 ≤ 2× + 10 ms: ${goal}   faulty endpoint ` +
        `${fmt(faultRate, 1)} attempts/s   delivered ${fmt(run.delivered)}/${fmt(run.sent)}   healthy pushes answered ` +
        `p50 ${fmt(pct(run.answeredMs, 50), 1)} / p99 ${fmt(pct(run.answeredMs, 99), 1)} ms`,
    );
    await rpc(svc, "WebhookService/UnregisterWebhook", { namespace: "default", webhookId: reg.webhook_id });
    await fault.close();
  }
  // The same refusing endpoint, measured while its backlog is being pushed (and refused) rather than after: the
  // burst's pushes, fan-outs, refusals and outcome writes share the process with the healthy load. The same burst of
  // an event nobody subscribes to first is its floor: what the pushes alone cost the healthy path.
  const floor = await duringBurst("no subscriber, during its burst");
  const fault = await refusingPort();
  const refused = await duringBurst("refusing port, during its burst", fault);
  await fault.close();
  console.log(
    `  the refusals' share: p99 ${fmt(refused.p99, 1)} against the pushes alone's ${fmt(floor.p99, 1)} ms ` +
      `(${fmt(refused.p99 / floor.p99, 2)}×, goal ≤ 2× + 10 ms: ${refused.p99 <= 2 * floor.p99 + 10 ? "met" : "NOT met"}); ` +
      `server CPU ${fmt(refused.cpuPerSecond, 0)} against ${fmt(floor.cpuPerSecond, 0)} ms per s`,
  );
  console.log(`duplicates at the healthy endpoints over the runs above: ${fmt(duplicates)}   goal 0`);
  await svc.stop();
  svc = undefined;

  progress("duplicates with two instances under full CPU load");
  others.push(await startSvc(db.databaseUrl), await startSvc(db.databaseUrl));
  await rpc(others[0]!, "EventService/RegisterEvent", { name: "iso.dup" });
  await rpc(others[0]!, "WebhookService/RegisterWebhook", {
    namespace: "default",
    url: `${receiverUrl}/dup`,
    events: ["iso.dup"],
  });
  await ask(receiver.child, "reset");
  const burners = burn();
  try {
    await Promise.all([
      pushBacklog(others[0]!, "iso.dup", DUPLICATE_EVENTS / 2),
      pushBacklog(others[1]!, "iso.dup", DUPLICATE_EVENTS / 2),
    ]);
    const dup = await waitForCount(receiver.child, DUPLICATE_EVENTS, 300_000);
    await sleep(2_000);
    const final = await ask<ReceiverStats>(receiver.child, "stats");
    console.log(
      `2 instances, ${fmt(DUPLICATE_EVENTS)} events, both cores busy: ` +
        `${fmt(final.count - final.distinct)} duplicates (requests ${fmt(final.count)}, distinct ` +
        `${fmt(final.distinct)}; the receiver answers at once)   goal 0   (${fmt(dup.count)} arrived)`,
    );
  } finally {
    for (const b of burners) b.kill();
  }
} finally {
  await svc?.stop().catch(() => {});
  for (const s of others) await s.stop().catch(() => {});
  receiver.child.kill();
  await db.drop();
}
