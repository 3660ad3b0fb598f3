// Overhead of OpenTelemetry export: the built server with no OTLP endpoint (nothing of the SDK loaded) against the
// same server exporting its spans and metrics to a local OTLP/HTTP collector — every span (the SDK's default
// sampler) and one trace in ten (parentbased_traceidratio 0.1). Phases: `user` (the user's configuration: workers
// on, the pushed event type subscribed by a webhook; each mode's servers run alone, since each claims what the
// others leave, and CPU per push is all of theirs until the receiver has every delivery, at a steady rate and then
// as fast as they take pushes; the rounds change the modes' order), `api` (workers off: pushes only; the
// modes' servers side by side, taking turns, so machine noise falls on all alike) and `deliveries` (events queued
// first, then delivered). Goals: with one trace in ten, pushes/s and CPU per push within 5 % of export off; with
// every span, within 25 %. CPU time per operation is read from /proc once the process is warm: a shared, busy
// machine disturbs it far less than throughput.
//   node --import tsx bench/otel/run.ts      (BENCH_SECONDS, BENCH_DELIVERIES, BENCH_ROUNDS, BENCH_PROCESSES,
//                                             BENCH_WARM_SECONDS, BENCH_PHASES=user,api,deliveries, BENCH_STEADY_RATE,
//                                             BENCH_MODES=sampled,on[,unsampled], BENCH_DATABASE_URL)
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
  pushAtRate,
  type Svc,
  receiverScript,
  rpc,
  startSvc,
  takeTurns,
  waitForCount,
} from "../lib/harness.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
/** Every round starts fresh servers: two processes of one build differ by up to ≈ 10 % in CPU per push (what V8
 * compiled, where things landed), as much as the overhead measured, so the figures are medians over rounds. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const PHASES = (process.env.BENCH_PHASES ?? "user,api,deliveries").split(",");
/** Turns each server takes in a round of pushes (BENCH_SECONDS × ≈ 2,000 pushes each in all). */
const PUSH_TURNS = 10;
/** Servers per mode in the push phases: in `user` more than one also claim each other's deliveries. */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
/** How long every server is warmed before the push phase is measured: several metric export intervals. */
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 20);
const CONCURRENCY = 64;
/**
 * Pushes per second of the `user` phase's steady part. At saturation a server's CPU per event moved by ±20 % between
 * runs of one mode (what its batches and its worker's free room came to), more than the goal; at a rate every mode
 * keeps up with, it is the cost of the same work.
 */
const STEADY_RATE = Number(process.env.BENCH_STEADY_RATE ?? 1_500);
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
  // Not a goal: what export costs when no span is recorded (metrics, the sampler's decision, context).
  unsampled: { ...otelOn, OTEL_TRACES_SAMPLER: "always_off" },
} as const;
type Mode = keyof typeof MODES;
/** The modes run (BENCH_MODES); export off, the reference, always. */
const RUN_MODES: Mode[] = [
  "off",
  ...(process.env.BENCH_MODES ?? "sampled,on").split(",").filter((m): m is Mode => m in MODES && m !== "off"),
];
const LABELS: Record<Mode, { label: string; goal: string }> = {
  off: { label: "", goal: "" },
  sampled: { label: "10 % sampled", goal: "≤ 5%" },
  on: { label: "every span", goal: "≤ 25%" },
  unsampled: { label: "none sampled", goal: "-" },
};
/** Deliveries made (and twice as many pushes) before CPU is counted: the first thousands after a start cost more while V8 compiles. */
const WARMUP = 5_000;

interface Figure {
  rate: number;
  cpuUsPerOp: number;
  /** `user`: CPU per event at a steady STEADY_RATE, below what any mode can take. */
  steadyCpuUsPerOp?: number;
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
 * `api`: workers off, pushes only. The servers of the modes run (BENCH_MODES) side by side and take turns, a chunk
 * of pushes each, so a change in the machine's load between chunks falls on every mode alike; each mode sums its
 * own chunks.
 */
async function apiPushes(): Promise<Record<Mode, Figure>> {
  const modes = RUN_MODES.flatMap((mode) => Array<Mode>(PROCESSES).fill(mode));
  const servers: Svc[] = [];
  for (const mode of modes) servers.push(await startSvc(db.databaseUrl, { SVC_WORKERS: "false", ...MODES[mode] }));
  try {
    const make = () => ({ path: "/webhook.EventService/PushEvent", body: pushBody("bench.push") });
    await warm(servers, false);
    const chunk = Math.max(1_000, Math.round((SECONDS * 2_000) / PUSH_TURNS / PROCESSES));
    const sum = Object.fromEntries(RUN_MODES.map((mode) => [mode, { requests: 0, seconds: 0, cpu: 0 }])) as Record<
      Mode,
      { requests: number; seconds: number; cpu: number }
    >;
    const totals = await takeTurns(servers, PUSH_TURNS, chunk, CONCURRENCY, make, headers);
    for (const [i, t] of totals.entries()) {
      const m = sum[modes[i]!];
      m.cpu += t.cpu;
      m.requests += t.requests;
      m.seconds += t.seconds;
    }
    return Object.fromEntries(
      Object.entries(sum).map(([mode, t]) => [mode, { rate: t.requests / t.seconds, cpuUsPerOp: t.cpu / t.requests }]),
    ) as Record<Mode, Figure>;
  } finally {
    await Promise.all(servers.map((svc) => svc.stop()));
  }
}

/**
 * `user`: workers on and the event subscribed, one mode at a time. Every server with workers on claims what another
 * instance's push left unclaimed: side by side, up to half of a push's delivery CPU was spent by the other modes'
 * servers (measured from /proc during each turn), so a mode's figure no longer said what its own export cost. Here
 * only the mode's own servers run, and CPU per event is all of theirs from the first push measured until the
 * receiver has the last delivery: first at STEADY_RATE for SECONDS, then as fast as they take pushes (the rate).
 */
async function userPushes(mode: Mode): Promise<Figure> {
  const servers: Svc[] = [];
  for (let i = 0; i < PROCESSES; i++) servers.push(await startSvc(db.databaseUrl, MODES[mode]));
  try {
    await ask(receiver.child, "reset");
    let delivered = await warm(servers, true);
    const cpu = () => servers.reduce((sum, svc) => sum + cpuMicros(svc.child.pid!), 0);

    const steadyShare = Math.ceil((STEADY_RATE * SECONDS) / servers.length);
    let before = cpu();
    await Promise.all(
      servers.map((svc) =>
        pushAtRate(svc.url, {
          event: "bench.user",
          rate: STEADY_RATE / servers.length,
          total: steadyShare,
          connections: 16,
          headers,
        }),
      ),
    );
    delivered = await settled(delivered + steadyShare * servers.length);
    const steadyCpuUsPerOp = (cpu() - before) / (steadyShare * servers.length);

    const share = Math.ceil((SECONDS * 2_000) / servers.length);
    before = cpu();
    const started = performance.now();
    const make = () => ({ path: "/webhook.EventService/PushEvent", body: pushBody("bench.user") });
    await Promise.all(
      servers.map((svc) => hammerCount(svc.url, share, Math.ceil(CONCURRENCY / servers.length), make, headers)),
    );
    const seconds = (performance.now() - started) / 1000;
    delivered = await settled(delivered + share * servers.length);
    return {
      rate: (share * servers.length) / seconds,
      cpuUsPerOp: (cpu() - before) / (share * servers.length),
      steadyCpuUsPerOp,
    };
  } finally {
    await Promise.all(servers.map((svc) => svc.stop()));
  }
}

/**
 * Pushes to every server for WARM_SECONDS and at least WARMUP × 2 each; with `deliver`, until the receiver has
 * every delivery. Returns the deliveries so far. Warm for a while, not only for a count: right after 10,000 pushes
 * a server with the SDK loaded and no span code run cost 7–20 µs more per push than export off, with the server's
 * stream code being deoptimised and recompiled (--trace-deopt: "wrong map" in Readable.read, OutgoingMessage…;
 * likely the OTLP exporter's http client, which shares that code, exporting every few seconds); after 25 s of
 * pushes, 68 against 69 µs. A server runs for days.
 */
async function warm(servers: Svc[], deliver: boolean): Promise<number> {
  const make = () => ({
    path: "/webhook.EventService/PushEvent",
    body: pushBody(deliver ? "bench.user" : "bench.push"),
  });
  const warmUntil = Date.now() + WARM_SECONDS * 1000;
  let sent = 0;
  await Promise.all(
    servers.map(async (svc) => {
      let own = 0;
      while (own < WARMUP * 2 || Date.now() < warmUntil) {
        await hammerCount(svc.url, 1_000, Math.ceil(CONCURRENCY / servers.length) + 1, make, headers);
        own += 1_000;
        sent += 1_000;
      }
    }),
  );
  return deliver ? settled(sent) : 0;
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

  const empty = () => Object.fromEntries(RUN_MODES.map((mode) => [mode, [] as Figure[]])) as Record<Mode, Figure[]>;
  const figures: Record<string, Record<Mode, Figure[]>> = {};
  for (const phase of PHASES) figures[phase] = empty();
  const loads: string[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const phase of PHASES) {
      loads.push(`round ${round} ${phase}: ${load()}`);
      if (phase === "api") {
        progress(`round ${round}: API pushes, ${RUN_MODES.join(", ")} side by side`);
        const pushed = await apiPushes();
        for (const mode of RUN_MODES) figures[phase]![mode].push(pushed[mode]);
      } else if (phase === "user") {
        const turn = (round - 1) % RUN_MODES.length;
        for (const mode of [...RUN_MODES.slice(turn), ...RUN_MODES.slice(0, turn)]) {
          progress(`round ${round}: user pushes, export ${mode} (its ${PROCESSES} server(s) alone)`);
          figures[phase]![mode].push(await userPushes(mode));
        }
      } else {
        for (const mode of RUN_MODES) {
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
  const signed = (x: number) => `${x >= 0 ? "+" : ""}${fmt(x, 1)}%`;
  for (const [phase, f] of Object.entries(figures)) {
    const off = median(f.off.map((x) => x.rate));
    const cpuOff = median(f.off.map((x) => x.cpuUsPerOp));
    const saturated = phase === "user" ? " (as fast as it takes them)" : "";
    console.log(
      `${(what[phase] ?? phase).padEnd(13)} export off: ${fmt(off)}/s, ${fmt(cpuOff, 1)} µs server CPU per op${saturated}   (rounds: ` +
        `${f.off.map((x) => `${fmt(x.rate)}/s ${fmt(x.cpuUsPerOp, 1)} µs`).join(", ")})`,
    );
    // Each round against export off of the same round: the machine's drift between rounds cancels out.
    const paired = (mode: Mode, figure: (x: Figure) => number) =>
      f[mode].map((x, i) => (figure(x) / figure(f.off[i]!) - 1) * 100);
    for (const mode of RUN_MODES.slice(1)) {
      const rate = median(f[mode].map((x) => x.rate));
      const cpu = median(f[mode].map((x) => x.cpuUsPerOp));
      const { label, goal } = LABELS[mode];
      console.log(
        `${"".padEnd(13)} export on, ${label.padEnd(12)}: ${fmt(rate)}/s (rate ${signed((rate / off - 1) * 100)}), ` +
          `${fmt(cpu, 1)} µs (CPU ${signed((cpu / cpuOff - 1) * 100)})   goal ${goal}   (rounds: ` +
          `${f[mode].map((x) => `${fmt(x.rate)}/s ${fmt(x.cpuUsPerOp, 1)} µs`).join(", ")})`,
      );
      const cpus = paired(mode, (x) => x.cpuUsPerOp);
      const rates = paired(mode, (x) => x.rate);
      console.log(
        `${"".padEnd(13)}   round by round against export off: CPU median ${signed(median(cpus))} ` +
          `(${cpus.map(signed).join(", ")}), rate median ${signed(median(rates))} (${rates.map(signed).join(", ")})`,
      );
    }
    if (phase !== "user") continue;
    const steady = (x: Figure) => x.steadyCpuUsPerOp!;
    const steadyOff = median(f.off.map(steady));
    console.log(
      `${"".padEnd(13)} at a steady ${fmt(STEADY_RATE)}/s, export off: ${fmt(steadyOff, 1)} µs server CPU per event   (rounds: ` +
        `${f.off.map((x) => fmt(steady(x), 1)).join(", ")} µs)`,
    );
    for (const mode of RUN_MODES.slice(1)) {
      const { label, goal } = LABELS[mode];
      const cpus = paired(mode, steady);
      console.log(
        `${"".padEnd(13)}   export on, ${label.padEnd(12)}: ${fmt(median(f[mode].map(steady)), 1)} µs, round by round ` +
          `against export off: CPU median ${signed(median(cpus))} (${cpus.map(signed).join(", ")})   goal ${goal}`,
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
