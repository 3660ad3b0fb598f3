// What the slow pushes wait on: push→receiver latency at a fixed rate (1,000/s) in the user's configuration (workers
// on, the event subscribed by a webhook at a local receiver), with every push's send, answer and arrival recorded,
// and matched against what the processes were doing meanwhile — event-loop stalls and garbage collections of the
// server, the receiver and this load generator (probe.mjs). Mode `plain` runs the server as shipped; mode `traced`
// exports every span to a local collector (OTLP/HTTP JSON), whose timestamps split each push's path into stages:
// the request reaching the server, the push stored (its span's end: the batch committed), the attempt starting on
// the worker, the request on the wire. Mode `sampled` exports one trace in ten (`parentbased_traceidratio` 0.1):
// tracing's cost at a steady rate. Each run starts once the warm-up's pushes have arrived and their outcomes are
// written (a steady rate, not the tail of the warm-up burst), and its first second is left out, as in bench/e2e. It also prints
// the server's CPU per event at this steady rate, where batches are small. Mode `floor` runs the same load, in the
// same run, through a naive signed store-and-forward server (forward-server.ts: an INSERT committed per push, the
// envelope signed and sent, an UPDATE per answer): the figure every mode is quoted against, since this machine's
// speed moves all of them.
//   node --import tsx bench/latency/run.ts   (BENCH_RATE 1000, BENCH_SECONDS 20, BENCH_WARMUP 20000,
//                                             BENCH_MODES=floor,plain,traced (or sampled), BENCH_SERVER_OPTIONS,
//                                             BENCH_DATABASE_URL)
import { readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
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
  hammerCount,
  pct,
  progress,
  rpc,
  sleep,
  startSvc,
} from "../lib/harness.ts";
import { startProbe } from "./probe.mjs";

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20_000);
const MODES = (process.env.BENCH_MODES ?? "floor,plain,traced").split(",");
/** Node options for the server (e.g. GC flags), added to the probe. */
const SERVER_OPTIONS = process.env.BENCH_SERVER_OPTIONS ?? "";
const headers = { "content-type": "application/json", "x-api-key": API_KEY };

type Window = [at: number, ms: number];
interface ProbeReport {
  stalls: Window[];
  gcs: [at: number, ms: number, kind: number][];
  delay: { p50: number; p99: number; max: number };
}
interface Push {
  sent: number;
  answered: number;
  arrived: number;
  eventId: string;
}
interface Span {
  name: string;
  spanId: string;
  parentSpanId: string;
  start: number;
  end: number;
  eventId?: string;
}

const now = () => performance.timeOrigin + performance.now();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Pushes at `rate`, each stamped with its sequence number and send time; when each was answered, and its event id. */
async function pushAtRate(url: string, event: string, rate: number, total: number): Promise<Push[]> {
  const pool = new Pool(url, { connections: 32 });
  const pushes: Push[] = [];
  const t0 = performance.now();
  const inflight: Promise<unknown>[] = [];
  for (let seq = 0; seq < total; seq++) {
    const wait = t0 + (seq * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    const sent = now();
    const push: Push = { sent, answered: 0, arrived: 0, eventId: "" };
    pushes.push(push);
    const body = `{"namespace":"default","event":"${event}","payload":{"seq":${seq},"sent_at":${sent}}}`;
    inflight.push(
      pool.request({ path: "/webhook.EventService/PushEvent", method: "POST", headers, body }).then(async (r) => {
        const text = await r.body.text();
        push.answered = now();
        push.eventId = JSON.parse(text).event_id;
      }),
    );
  }
  await Promise.all(inflight);
  await pool.close();
  return pushes;
}

/** Milliseconds of `windows` overlapping [from, to]. */
function overlap(windows: Window[], from: number, to: number): number {
  let sum = 0;
  for (const [at, ms] of windows) {
    const end = at + ms;
    if (end > from && at < to) sum += Math.min(end, to) - Math.max(at, from);
  }
  return sum;
}

const stats = (xs: number[]) =>
  xs.length ? `p50 ${fmt(pct(xs, 50), 2)}  p99 ${fmt(pct(xs, 99), 2)}  max ${fmt(Math.max(...xs), 2)}` : "—";
const share = (xs: boolean[]) => `${fmt((xs.filter(Boolean).length / Math.max(1, xs.length)) * 100)} %`;

function report(mode: string, pushes: Push[], server: ProbeReport, receiver: ProbeReport, generator: ProbeReport) {
  const steady = pushes.slice(RATE).filter((p) => p.arrived > 0);
  const latency = steady.map((p) => p.arrived - p.sent);
  const p50 = pct(latency, 50);
  const p99 = pct(latency, 99);
  const slow = steady.filter((p) => p.arrived - p.sent >= p99);
  const fast = steady.filter((p) => p.arrived - p.sent <= p50);
  const gcWindows = server.gcs.map(([at, ms]) => [at, ms] as Window);
  console.log(
    `\n[${mode}] push→receiver at ${fmt(RATE)}/s, ${fmt(steady.length)} pushes: p50 ${fmt(p50, 2)} ms, p90 ` +
      `${fmt(pct(latency, 90), 2)}, p99 ${fmt(p99, 2)}, p99.9 ${fmt(pct(latency, 99.9), 2)}, max ` +
      `${fmt(Math.max(...latency), 2)}   (lost ${pushes.length - RATE - steady.length}; load ${load()})`,
  );
  console.log(
    `  push answered (send → answer):    all ${stats(steady.map((p) => p.answered - p.sent))};  slow 1 % ` +
      stats(slow.map((p) => p.answered - p.sent)),
  );
  console.log(
    `  arrival after the answer:          all ${stats(steady.map((p) => p.arrived - p.answered))};  slow 1 % ` +
      stats(slow.map((p) => p.arrived - p.answered)),
  );
  const from = steady[0]!.sent;
  const to = steady.at(-1)!.arrived;
  const within = (w: Window[]) => w.filter(([at]) => at >= from && at <= to);
  const describe = (name: string, r: ProbeReport) => {
    const stalls = within(r.stalls);
    console.log(
      `  ${name.padEnd(10)} loop delay p50 ${fmt(r.delay.p50, 2)} / p99 ${fmt(r.delay.p99, 2)} / max ` +
        `${fmt(r.delay.max, 1)} ms; stalls > 3 ms: ${stalls.length} (${stats(stalls.map((s) => s.at(1)!))} ms)`,
    );
  };
  describe("server", server);
  describe("receiver", receiver);
  describe("generator", generator);
  const gcs = server.gcs.filter(([at]) => at >= from && at <= to);
  const kinds: Record<number, string> = { 1: "minor", 2: "major", 4: "incremental", 8: "weak callbacks" };
  const byKind = new Map<string, number[]>();
  for (const [, ms, kind] of gcs)
    byKind.set(kinds[kind] ?? String(kind), [...(byKind.get(kinds[kind] ?? "") ?? []), ms]);
  console.log(
    `  server GC: ${[...byKind].map(([k, ms]) => `${ms.length} ${k} (${stats(ms)} ms)`).join("; ") || "none"}; ` +
      `${fmt(gcs.reduce((a, [, ms]) => a + ms, 0) / ((to - from) / 1000), 1)} ms per second`,
  );
  // What overlapped each push's time in flight: the slow 1 % against the faster half.
  for (const [name, windows] of [
    ["server stall", server.stalls],
    ["server GC", gcWindows],
    ["receiver stall", receiver.stalls],
    ["generator stall", generator.stalls],
  ] as const) {
    const hit = (p: Push) => overlap(windows, p.sent, p.arrived);
    console.log(
      `  ${name.padEnd(16)} overlaps ${share(slow.map((p) => hit(p) > 0))} of the slow 1 % ` +
        `(median ${fmt(pct(slow.map(hit), 50), 2)} ms of it, ${fmt(pct(slow.map(hit), 90), 2)} at p90) and ` +
        `${share(fast.map((p) => hit(p) > 0))} of the faster half`,
    );
  }
  const explained = slow.filter(
    (p) =>
      overlap(server.stalls, p.sent, p.arrived) + overlap(receiver.stalls, p.sent, p.arrived) >=
      (p.arrived - p.sent - p50) / 2,
  );
  console.log(
    `  slow pushes whose excess over p50 is at least half stalls (server or receiver): ${share(slow.map((p) => explained.includes(p)))}`,
  );
  // Do the slow ones come in bursts (a shared cause) or alone?
  const bursts = new Map<number, Push[]>();
  for (const p of slow) {
    const key = Math.floor(p.sent / 50);
    bursts.set(key, [...(bursts.get(key) ?? []), p]);
  }
  const top = [...bursts.values()].sort((a, b) => b.length - a.length).slice(0, 5);
  console.log(
    `  the slow 1 % fall in ${bursts.size} windows of 50 ms; the largest: ` +
      top
        .map((b) => {
          const s = Math.min(...b.map((p) => p.sent));
          const e = Math.max(...b.map((p) => p.arrived));
          return (
            `${b.length} pushes up to ${fmt(Math.max(...b.map((p) => p.arrived - p.sent)), 1)} ms ` +
            `(server stalls ${fmt(overlap(server.stalls, s, e), 1)} ms, GC ${fmt(overlap(gcWindows, s, e), 1)} ms)`
          );
        })
        .join("; "),
  );
  return { steady, slow, p50, p99 };
}

/** The traced run's stages per push, from its spans: request, push (stored), attempt. */
function stages(spans: Span[], measured: { steady: Push[]; slow: Push[] }) {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const pushSpans = new Map(spans.filter((s) => s.name === "svc.push" && s.eventId).map((s) => [s.eventId!, s]));
  const attempts = new Map(
    spans.filter((s) => s.name === "svc.delivery.attempt" && s.eventId).map((s) => [s.eventId!, s]),
  );
  const line = (label: string, f: (p: Push, push: Span, request: Span, attempt: Span) => number) => {
    const of = (ps: Push[]) =>
      ps.flatMap((p) => {
        const push = pushSpans.get(p.eventId);
        const attempt = attempts.get(p.eventId);
        const request = push && byId.get(push.parentSpanId);
        return push && attempt && request ? [f(p, push, request, attempt)] : [];
      });
    console.log(`  ${label.padEnd(44)} all ${stats(of(measured.steady))};  slow 1 % ${stats(of(measured.slow))}`);
  };
  console.log("  stages from the spans (ms):");
  line("send → request span starts (client, wire)", (p, _, r) => r.start - p.sent);
  line("request start → push span starts (parse)", (_, push, r) => push.start - r.start);
  line("push span (event stored: batch and commit)", (_, push) => push.end - push.start);
  line("push stored → attempt starts (hand-off)", (_, push, __, a) => a.start - push.end);
  line("attempt span (request to the receiver)", (_, __, ___, a) => a.end - a.start);
  line("attempt start → arrival at the receiver", (p, _, __, a) => p.arrived - a.start);
  line("request span (until the answer is written)", (_, __, r) => r.end - r.start);
}

/** Rows whose outcome is not written yet: svc's deliveries, and the floor's forwards. */
const SVC_UNFINISHED = "select count(*)::int as n from deliveries where status not in ('success', 'failed')";
const FLOOR_UNFINISHED = "select count(*)::int as n from bench_forwards where status is null";

/** Waits (up to a minute) until `unfinished` counts no row. */
async function settled(databaseUrl: string, unfinished: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows } = await client.query<{ n: number }>(unfinished);
      if (rows[0]!.n === 0) return;
      if (Date.now() > deadline) throw new Error(`${rows[0]!.n} warm-up outcomes still unwritten after a minute`);
      await sleep(100);
    }
  } finally {
    await client.end();
  }
}

/** The floor server, stopped as svc is: its probe's records are written when it exits. */
async function startFloor(databaseUrl: string, receiverUrl: string, probeOut: string) {
  const { child, port } = await forkTs(new URL("./forward-server.ts", import.meta.url), {
    DATABASE_URL: databaseUrl,
    RECEIVER_URL: receiverUrl,
    PROBE_OUT: probeOut,
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

buildForBench();
const db = await benchDatabase();
const receiver = await forkTs(new URL("./receiver.ts", import.meta.url));
const collector = await forkTs(new URL("./collector.ts", import.meta.url));
for (const [name, child] of [
  ["receiver", receiver.child],
  ["collector", collector.child],
] as const)
  child.once("exit", (code, signal) => progress(`the ${name} process exited (${code ?? signal})`));
const generatorProbe = startProbe();
const probeUrl = new URL("./probe.mjs", import.meta.url).pathname;
try {
  console.log(
    `bench/latency on ${db.embedded ? "the embedded PostgreSQL" : "BENCH_DATABASE_URL's server"}: ${fmt(RATE)}/s ` +
      `for ${SECONDS} s after ${fmt(WARMUP)} warm-up pushes; server options "${SERVER_OPTIONS}"; load ${load()}`,
  );
  const setup = await startSvc(db.databaseUrl, { SVC_WORKERS: "false" });
  await rpc(setup, "EventService/RegisterEvent", { name: "bench.latency" });
  await rpc(setup, "WebhookService/RegisterWebhook", {
    namespace: "default",
    url: `http://127.0.0.1:${receiver.port}/latency`,
    events: ["bench.latency"],
  });
  await setup.stop();
  const results: { mode: string; p50: number; p99: number; cpu: number }[] = [];
  for (const mode of MODES) {
    const out = join(tmpdir(), `svc-latency-probe-${process.pid}.json`);
    process.env.BENCH_NODE_OPTIONS = `--import ${probeUrl} ${SERVER_OPTIONS}`;
    const exported = {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${collector.port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    };
    const otel: Record<string, string> =
      mode === "traced"
        ? exported
        : mode === "sampled"
          ? { ...exported, OTEL_TRACES_SAMPLER: "parentbased_traceidratio", OTEL_TRACES_SAMPLER_ARG: "0.1" }
          : {};
    const svc =
      mode === "floor"
        ? await startFloor(db.databaseUrl, `http://127.0.0.1:${receiver.port}/latency`, out)
        : await startSvc(db.databaseUrl, { PROBE_OUT: out, ...otel });
    progress(`${mode}: warm-up`);
    const body = `{"namespace":"default","event":"bench.latency","payload":{"seq":-1,"sent_at":0}}`;
    await hammerCount(svc.url, WARMUP, 64, () => ({ path: "/webhook.EventService/PushEvent", body }), headers);
    for (;;) {
      const { count } = await ask<{ count: number }>(receiver.child, "count");
      if (count >= WARMUP) break;
      await sleep(100);
    }
    // Arrived is not finished: the measured phase starts once every warm-up push's outcome is written too, or it
    // would time the tail of the warm-up burst (its outcome and attempt writes) rather than a steady 1,000/s.
    await settled(db.databaseUrl, mode === "floor" ? FLOOR_UNFINISHED : SVC_UNFINISHED);
    await ask(receiver.child, "take");
    await ask(collector.child, "take");
    generatorProbe.reset();
    progress(`${mode}: ${fmt(RATE)}/s for ${SECONDS} s`);
    const cpuBefore = cpuMicros(svc.child.pid!);
    const pushes = await pushAtRate(svc.url, "bench.latency", RATE, RATE * SECONDS);
    const deadline = Date.now() + 30_000;
    while ((await ask<{ count: number }>(receiver.child, "count")).count < pushes.length && Date.now() < deadline)
      await sleep(100);
    // At a steady rate batches are small: the CPU per event here is what a moderately busy server pays.
    const cpuPerEvent = (cpuMicros(svc.child.pid!) - cpuBefore) / pushes.length;
    await sleep(1_500); // the last span export
    const taken = await ask<ProbeReport & { arrivals: [number, number, number][] }>(receiver.child, "take");
    for (const [seq, , arrived] of taken.arrivals) if (seq >= 0 && pushes[seq]) pushes[seq]!.arrived = arrived;
    const { spans } = await ask<{ spans: Span[] }>(collector.child, "take");
    await svc.stop();
    const server = JSON.parse(readFileSync(out, "utf8")) as ProbeReport;
    rmSync(out, { force: true });
    const measured = report(mode, pushes, server, taken, generatorProbe.report());
    console.log(`  server CPU per event pushed and delivered at this rate: ${fmt(cpuPerEvent)} µs`);
    if (mode === "traced") stages(spans, measured);
    results.push({ mode, p50: measured.p50, p99: measured.p99, cpu: cpuPerEvent });
  }
  const floor = results.find((r) => r.mode === "floor");
  console.log(`\npush→receiver at ${fmt(RATE)}/s against the floor (load ${load()}):`);
  for (const r of results) {
    const ratio = (x: number, f: number | undefined) => (f ? ` (${fmt(x / f, 2)}×)` : "");
    console.log(
      `  ${r.mode.padEnd(7)} p50 ${fmt(r.p50, 2)} ms${ratio(r.p50, floor?.p50)}  p99 ${fmt(r.p99, 2)} ms` +
        `${ratio(r.p99, floor?.p99)}  CPU ${fmt(r.cpu)} µs per event${ratio(r.cpu, floor?.cpu)}` +
        (r.mode === "floor" ? "" : "   (goal p50 ≤ 5, p99 ≤ 25 ms)"),
    );
  }
} finally {
  receiver.child.kill();
  collector.child.kill();
  await db.drop();
}
