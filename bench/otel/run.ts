// Overhead of OpenTelemetry export: the built server with no OTLP endpoint (nothing of the SDK loaded) against the
// same server exporting its spans and metrics to a local OTLP/HTTP collector — every span (the SDK's default
// sampler) and one trace in ten (parentbased_traceidratio 0.1). Servers of the three modes run side by side and take
// turns, so machine noise falls on all alike. Phases: `user` (the user's configuration: workers on, the pushed event
// type subscribed by a webhook; CPU per push counts its delivery, read once the receiver has it), `api` (workers
// off: pushes only) and `deliveries` (events queued first, then delivered). Goals: with one trace in ten, pushes/s
// and CPU per push within 5 % of export off; with every span, within 25 %. CPU time per operation is read from
// /proc once the process is warm: a shared, busy machine disturbs it far less than throughput.
//   node --import tsx bench/otel/run.ts      (BENCH_SECONDS, BENCH_DELIVERIES, BENCH_ROUNDS, BENCH_PROCESSES,
//                                             BENCH_WARM_SECONDS, BENCH_PHASES=user,api,deliveries, BENCH_DATABASE_URL)
import { loadavg } from "node:os";
import { Pool } from "undici";
import {
  API_KEY,
  ask,
  benchDatabase,
  buildForBench,
  cpuMicros,
  fmt,
  forkTs,
  hammerCount,
  progress,
  type Svc,
  receiverScript,
  rpc,
  startSvc,
  waitForCount,
} from "../lib/harness.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PHASES = (process.env.BENCH_PHASES ?? "user,api,deliveries").split(",");
/** Turns each server takes in a round of pushes (BENCH_SECONDS × ≈ 2,000 pushes each in all). */
const PUSH_TURNS = 10;
/** Servers per mode in the push phases: two processes of one build differ by up to ≈ 10 % in CPU per push (what
 * V8 compiled, where things landed), as much as the overhead measured, so each mode's figure sums several. */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
/** How long every server is warmed before the push phase is measured: several metric export intervals. */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 30);
const CONCURRENCY = 64;
const headers = { "content-type": "application/json", "x-api-key": API_KEY };

buildForBench();
const db = await benchDatabase();
const receiver = await forkTs(receiverScript);
const collector = await forkTs(new URL("./collector.ts", import.meta.url));
for (const [name, child] of [
  ["receiver", receiver.child],
  ["collector", collector.child],
] as const)
  child.once("exit", (code, signal) => progress(`the ${name} process exited (${code ?? signal})`));
const receiverUrl = `http://127.0.0.1:${receiver.port}`;
const otelOn = {
  OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`,
  OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
  OTEL_METRIC_EXPORT_INTERVAL: "5000",
};
const MODES = {
  off: {},
  on: otelOn,
  sampled: { ...otelOn, OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1" },
} as const;
type Mode = keyof typeof MODES;
/** Deliveries made (and twice as many pushes) before CPU is counted: the first thousands after a start cost more while V8 compiles. */
const WARMUP = 5_000;

interface Figure {
  rate: number;
  cpuUsPerOp: number;
}

const pushBody = (event: string) =>
  JSON.stringify({ namespace: "default", event, payload: { order: 42, items: [1, 2, 3] } });

/** Waits until the receiver has every delivery so far; the count it reached. */
async function settled(expected: number): Promise<number> {
  const stats = await waitForCount(receiver.child, expected, 120_000);
  if (stats.count < expected) throw new Error(`receiver has ${stats.count} of ${expected} deliveries`);
  return stats.count;
}

/**
 * Pushes to the servers of the three modes side by side: all run at once and take turns, a chunk of pushes each, so
 * a change in the machine's load between chunks falls on every mode alike. Each mode's figures sum its own chunks.
 * `user`: workers on and the event subscribed; a turn's CPU is read once the receiver has its deliveries, and its
 * rate is the pushes' (deliveries running at the same time). `api`: workers off, pushes only.
 */
async function pushes(phase: "user" | "api"): Promise<Record<Mode, Figure>> {
  const user = phase === "user";
  const modes = (Object.keys(MODES) as Mode[]).flatMap((mode) => Array<Mode>(PROCESSES).fill(mode));
  const servers: Svc[] = [];
  for (const mode of modes)
    servers.push(await startSvc(db.databaseUrl, { ...(user ? {} : { SVC_WORKERS: "false" }), ...MODES[mode] }));
  try {
    const body = pushBody(user ? "bench.user" : "bench.push");
    const make = () => ({ path: "/webhook.EventService/PushEvent", body });
    await ask(receiver.child, "reset");
    let delivered = 0;
    // Warm for a while, not only for a count. Right after 10,000 pushes a server with the SDK loaded and no span
    // code run cost 7–20 µs more per push than export off, with the server's stream code being deoptimised and
    // recompiled (--trace-deopt: "wrong map" in Readable.read, OutgoingMessage…; likely the OTLP exporter's http
    // client, which shares that code, exporting every few seconds); after 25 s of pushes, 68 against 69 µs.
    // A server runs for days.
    const warmUntil = Date.now() + WARM_SECONDS * 1000;
    await Promise.all(
      servers.map(async (svc) => {
        let sent = 0;
        while (sent < WARMUP * 2 || Date.now() < warmUntil) {
          await hammerCount(svc.url, 1_000, Math.ceil(CONCURRENCY / servers.length) + 1, make, headers);
          sent += 1_000;
          if (user) delivered += 1_000;
        }
      }),
    );
    if (user) await settled(delivered);
    const chunk = Math.max(1_000, Math.round((SECONDS * 2_000) / PUSH_TURNS / PROCESSES));
    const totals = servers.map(() => ({ requests: 0, seconds: 0, cpu: 0 }));
    for (let turn = 0; turn < PUSH_TURNS; turn++) {
      for (const [i, svc] of servers.entries()) {
        const before = cpuMicros(svc.child.pid!);
        const run = await hammerCount(svc.url, chunk, CONCURRENCY, make, headers);
        if (user) delivered = await settled(delivered + chunk);
        totals[i]!.cpu += cpuMicros(svc.child.pid!) - before;
        totals[i]!.requests += chunk;
        totals[i]!.seconds += run.seconds;
      }
    }
    const sum = {
      off: { requests: 0, seconds: 0, cpu: 0 },
      on: { requests: 0, seconds: 0, cpu: 0 },
      sampled: { requests: 0, seconds: 0, cpu: 0 },
    };
    modes.forEach((mode, i) => {
      sum[mode].requests += totals[i]!.requests;
      sum[mode].seconds += totals[i]!.seconds;
      sum[mode].cpu += totals[i]!.cpu;
    });
    return Object.fromEntries(
      Object.entries(sum).map(([mode, t]) => [mode, { rate: t.requests / t.seconds, cpuUsPerOp: t.cpu / t.requests }]),
    ) as Record<Mode, Figure>;
  } finally {
    await Promise.all(servers.map((svc) => svc.stop()));
  }
}

/** Queues WARMUP + DELIVERIES events (workers off, export as configured), then times the workers delivering them. */
async function deliveries(env: Record<string, string>, event: string): Promise<Figure> {
  let svc = await startSvc(db.databaseUrl, { SVC_WORKERS: "false", ...env });
  const body = JSON.stringify({ namespace: "default", event, payload: { order: 42 } });
  const pool = new Pool(svc.url, { connections: CONCURRENCY });
  let queued = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (queued < WARMUP + DELIVERIES) {
        queued++;
        const res = await pool.request({ path: "/webhook.EventService/PushEvent", method: "POST", headers, body });
        await res.body.arrayBuffer();
      }
    }),
  );
  await pool.close();
  await svc.stop();
  await ask(receiver.child, "reset");
  svc = await startSvc(db.databaseUrl, env);
  try {
    await waitForCount(receiver.child, WARMUP, 300_000);
    const started = performance.timeOrigin + performance.now();
    const cpuBefore = cpuMicros(svc.child.pid!);
    const from = (await ask<{ count: number }>(receiver.child, "stats")).count;
    const done = await waitForCount(receiver.child, WARMUP + DELIVERIES, 300_000);
    return {
      rate: (done.count - from) / ((done.lastAt - started) / 1000),
      cpuUsPerOp: (cpuMicros(svc.child.pid!) - cpuBefore) / (done.count - from),
    };
  } finally {
    await svc.stop();
  }
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
try {
  console.log(
    `bench/otel on ${db.embedded ? "the embedded PostgreSQL" : "BENCH_DATABASE_URL's server"}, ${PROCESSES} ` +
      `server(s) per mode, ${ROUNDS} round(s), load average at the start ${load()}`,
  );
  const setup = await startSvc(db.databaseUrl, { SVC_WORKERS: "false" });
  await rpc(setup, "EventService/RegisterEvent", { name: "bench.push" });
  await rpc(setup, "EventService/RegisterEvent", { name: "bench.user" });
  await rpc(setup, "WebhookService/RegisterWebhook", {
    namespace: "default",
    url: `${receiverUrl}/user`,
    events: ["bench.user"],
  });
  for (const mode of Object.keys(MODES)) {
    await rpc(setup, "EventService/RegisterEvent", { name: `bench.deliver.${mode}` });
    await rpc(setup, "WebhookService/RegisterWebhook", {
      namespace: "default",
      url: `${receiverUrl}/${mode}`,
      events: [`bench.deliver.${mode}`],
    });
  }
  await setup.stop();

  const empty = () => ({ off: [] as Figure[], on: [] as Figure[], sampled: [] as Figure[] });
  const figures: Record<string, Record<Mode, Figure[]>> = {};
  for (const phase of PHASES) figures[phase] = empty();
  const loads: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const phase of PHASES) {
      loads.push(`round ${round} ${phase}: ${load()}`);
      if (phase === "user" || phase === "api") {
        progress(`round ${round}: ${phase} pushes, the three modes side by side`);
        const pushed = await pushes(phase);
        for (const mode of Object.keys(MODES) as Mode[]) figures[phase]![mode].push(pushed[mode]);
      } else {
        for (const mode of Object.keys(MODES) as Mode[]) {
          const env: Record<string, string> = MODES[mode];
          progress(`round ${round}: deliveries, export ${mode}`);
          figures[phase]![mode].push(await deliveries(env, `bench.deliver.${mode}`));
        }
      }
    }
  }
  loads.push(`end: ${load()}`);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const collected = await ask<{ exports: number; bytes: number }>(collector.child, "stats");
  const what = { user: "push+deliver", api: "API push", deliveries: "delivery" } as Record<string, string>;
  for (const [phase, f] of Object.entries(figures)) {
    const off = median(f.off.map((x) => x.rate));
    const cpuOff = median(f.off.map((x) => x.cpuUsPerOp));
    console.log(
      `${(what[phase] ?? phase).padEnd(13)} export off: ${fmt(off)}/s, ${fmt(cpuOff, 1)} µs server CPU per op   (rounds: ` +
        `${f.off.map((x) => `${fmt(x.rate)}/s ${fmt(x.cpuUsPerOp, 1)} µs`).join(", ")})`,
    );
    for (const mode of ["sampled", "on"] as const) {
      const rate = median(f[mode].map((x) => x.rate));
      const cpu = median(f[mode].map((x) => x.cpuUsPerOp));
      const label = mode === "on" ? "every span" : "10 % sampled";
      console.log(
        `${"".padEnd(13)} export on, ${label.padEnd(12)}: ${fmt(rate)}/s (rate ${fmt((rate / off - 1) * 100, 1)}%), ` +
          `${fmt(cpu, 1)} µs (CPU ${cpu >= cpuOff ? "+" : ""}${fmt((cpu / cpuOff - 1) * 100, 1)}%)   goal ` +
          `${mode === "on" ? "≤ 25%" : "≤ 5%"}   (rounds: ` +
          `${f[mode].map((x) => `${fmt(x.rate)}/s ${fmt(x.cpuUsPerOp, 1)} µs`).join(", ")})`,
      );
    }
  }
  console.log(`collector received ${fmt(collected.exports)} exports, ${fmt(collected.bytes / 2 ** 20, 1)} MiB`);
  console.log(`load average (1, 5, 15 min): ${loads.join("; ")}`);
} finally {
  receiver.child.kill();
  collector.child.kill();
  await db.drop();
}
