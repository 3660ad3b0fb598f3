// Overhead of OpenTelemetry export: the built server with no OTLP endpoint (nothing of the SDK loaded) against the
// same server exporting its spans and metrics to a local OTLP/HTTP collector — every span (the SDK's default
// sampler) and one trace in ten (parentbased_traceidratio 0.1) — for pushes/s and deliveries/s. Rounds alternate the
// modes so machine noise falls on all alike; the goal is ≤ 10 % lost with export on. Besides the rates it reports
// the server's CPU time per push and per delivery (from /proc) once the process is warm, which a shared, busy
// machine disturbs far less than throughput.
//   node --import tsx bench/otel/run.ts      (BENCH_SECONDS, BENCH_DELIVERIES, BENCH_ROUNDS, BENCH_PROCESSES, BENCH_WARM_SECONDS, BENCH_DATABASE_URL)
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
  receiverScript,
  rpc,
  startSvc,
  takeTurns,
  waitForCount,
} from "../lib/harness.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Turns each server takes in a round of pushes (BENCH_SECONDS × ≈ 2,000 pushes each in all). */
const PUSH_TURNS = 10;
/** Servers per mode in the push phase: two processes of one build differ by up to ≈ 10 % in CPU per push (what
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

/**
 * Pushes to the three servers side by side: all run at once and take turns, a chunk of pushes each, so a change in
 * the machine's load between chunks falls on every mode alike. Each mode's figures sum its own chunks.
 */
async function pushes(): Promise<Record<Mode, Figure>> {
  const modes = (Object.keys(MODES) as Mode[]).flatMap((mode) => Array<Mode>(PROCESSES).fill(mode));
  const servers = await Promise.all(
    modes.map((mode) => startSvc(db.databaseUrl, { SVC_WORKERS: "false", ...MODES[mode] })),
  );
  try {
    const body = JSON.stringify({
      namespace: "default",
      event: "bench.push",
      payload: { order: 42, items: [1, 2, 3] },
    });
    const make = () => ({ path: "/webhook.EventService/PushEvent", body });
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
        }
      }),
    );
    const chunk = Math.max(1_000, Math.round((SECONDS * 2_000) / PUSH_TURNS / PROCESSES));
    const totals = await takeTurns(servers, PUSH_TURNS, chunk, CONCURRENCY, make, headers);
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

try {
  const setup = await startSvc(db.databaseUrl, { SVC_WORKERS: "false" });
  await rpc(setup, "EventService/RegisterEvent", { name: "bench.push" });
  for (const mode of Object.keys(MODES)) {
    await rpc(setup, "EventService/RegisterEvent", { name: `bench.deliver.${mode}` });
    await rpc(setup, "WebhookService/RegisterWebhook", {
      namespace: "default",
      url: `${receiverUrl}/${mode}`,
      events: [`bench.deliver.${mode}`],
    });
  }
  await setup.stop();

  const figures = {
    push: { off: [] as Figure[], on: [] as Figure[], sampled: [] as Figure[] },
    deliver: { off: [] as Figure[], on: [] as Figure[], sampled: [] as Figure[] },
  };
  for (let round = 1; round <= ROUNDS; round++) {
    progress(`round ${round}: pushes, the three modes side by side`);
    const pushed = await pushes();
    for (const mode of Object.keys(MODES) as Mode[]) figures.push[mode].push(pushed[mode]);
    for (const mode of Object.keys(MODES) as Mode[]) {
      const env: Record<string, string> = MODES[mode];
      progress(`round ${round}: deliveries, export ${mode}`);
      figures.deliver[mode].push(await deliveries(env, `bench.deliver.${mode}`));
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const collected = await ask<{ exports: number; bytes: number }>(collector.child, "stats");
  for (const [name, f] of Object.entries(figures)) {
    const off = median(f.off.map((x) => x.rate));
    const cpuOff = median(f.off.map((x) => x.cpuUsPerOp));
    console.log(
      `${name.padEnd(8)} export off: ${fmt(off)}/s, ${fmt(cpuOff)} µs server CPU per op   (rounds: ` +
        `${f.off.map((x) => `${fmt(x.rate)}/s ${fmt(x.cpuUsPerOp)} µs`).join(", ")})`,
    );
    for (const mode of ["on", "sampled"] as const) {
      const rate = median(f[mode].map((x) => x.rate));
      const cpu = median(f[mode].map((x) => x.cpuUsPerOp));
      const label = mode === "on" ? "every span" : "10 % sampled";
      console.log(
        `${"".padEnd(8)} export on, ${label.padEnd(12)}: ${fmt(rate)}/s (throughput lost ` +
          `${fmt((1 - rate / off) * 100, 1)}%), ${fmt(cpu)} µs (CPU overhead ` +
          `${fmt((cpu / cpuOff - 1) * 100, 1)}%)   goal ≤ 10%   (rounds: ` +
          `${f[mode].map((x) => `${fmt(x.rate)}/s ${fmt(x.cpuUsPerOp)} µs`).join(", ")})`,
      );
    }
  }
  console.log(`collector received ${fmt(collected.exports)} exports, ${fmt(collected.bytes / 2 ** 20, 1)} MiB`);
} finally {
  receiver.child.kill();
  collector.child.kill();
  await db.drop();
}
