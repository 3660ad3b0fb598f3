// Retry lateness benchmark: how late a due retry goes out when one webhook always fails beside healthy ones. The
// built server (workers on, defaults) delivers each pushed event to two healthy webhooks (one answers at once, one
// after 150 ms) and to one that always answers 500 (max_retries 2, backoff 1 s: every event adds three requests to
// it, the last two retries). Figures, each beside the floor measured in the same run at a low rate:
//   - lateness at the receiver: for each retry, its arrival minus the previous attempt's arrival minus the full
//     backoff of that step (1 s, then 2 s). svc jitters each delay between half and the full backoff, so this is
//     a lower bound of the real lateness (by at most half the backoff); below zero means "on time";
//   - overdue in the database, sampled each second: how long the due, unclaimed retries of the failing webhook
//     have been waiting (p50 / p99 / max over the samples) and how many there are;
//   - the failing webhook's request rate against the rate its retries need, and what is still due once pushing
//     stops, and how long it takes to drain.
//   node --import tsx bench/retries/run.ts          (BENCH_RATE, BENCH_SECONDS, BENCH_FLOOR_RATE; BENCH_DATABASE_URL)
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { cpus, totalmem } from "node:os";
import pg from "pg";
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
} from "../lib/harness.ts";

const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const FLOOR_RATE = Number(process.env.BENCH_FLOOR_RATE ?? 10);
const FLOOR_SECONDS = Number(process.env.BENCH_FLOOR_SECONDS ?? 20);
const DRAIN_LIMIT_MS = Number(process.env.BENCH_DRAIN_SECONDS ?? 120) * 1000;
const BACKOFF_S = 1;
/** Print the load phase's samples every this many seconds (0 = not). */
const TIMELINE_SECONDS = Number(process.env.BENCH_TIMELINE_SECONDS ?? 10);
const headers = { "content-type": "application/json", "x-api-key": API_KEY };

/** The failing endpoint: answers 500 at once and remembers when each attempt of each delivery arrived. */
async function failingEndpoint() {
  const arrivals = new Map<string, number[]>();
  let requests = 0;
  let lane = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const now = performance.timeOrigin + performance.now();
    // The lane drains' webhook (/lane) is counted apart from the soak's.
    if (req.url === "/lane") {
      lane++;
      req.resume().on("end", () => res.writeHead(500, { "content-type": "text/plain" }).end("no"));
      return;
    }
    requests++;
    const id = String(req.headers["x-svc-delivery-id"]);
    const seen = arrivals.get(id);
    if (seen) seen.push(now);
    else arrivals.set(id, [now]);
    req.resume().on("end", () => res.writeHead(500, { "content-type": "text/plain" }).end("no"));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/fail`,
    laneUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/lane`,
    requests: () => requests,
    laneRequests: () => lane,
    reset() {
      arrivals.clear();
      requests = 0;
    },
    /** Lateness lower bounds (ms) of every retry seen: arrival − previous arrival − full backoff of that step. */
    lateness(): { all: number[]; second: number[]; third: number[] } {
      const second: number[] = [];
      const third: number[] = [];
      for (const times of arrivals.values()) {
        if (times[1] !== undefined) second.push(times[1] - times[0]! - BACKOFF_S * 1000);
        if (times[2] !== undefined) third.push(times[2] - times[1]! - BACKOFF_S * 2000);
      }
      return { all: [...second, ...third], second, third };
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

interface Overdue {
  due: number;
  p50: number;
  p99: number;
  max: number;
}

/** One second of the load phase: the database's view, requests at the failing webhook, retry-lane claims so far. */
interface Sample extends Overdue {
  at: number;
  requests: number;
  claims: number;
  claimMs: number;
}

/** The due, unclaimed retries of one webhook: how many and how long past their time (ms). */
async function overdue(client: pg.Client, webhookId: string): Promise<Overdue> {
  const { rows } = await client.query(
    `select count(*)::int as due,
            coalesce(percentile_disc(0.5) within group (order by extract(epoch from now() - next_attempt_at)), 0) as p50,
            coalesce(percentile_disc(0.99) within group (order by extract(epoch from now() - next_attempt_at)), 0) as p99,
            coalesce(max(extract(epoch from now() - next_attempt_at)), 0) as max
       from deliveries where webhook_id = $1 and status = 'retrying' and next_attempt_at <= now()`,
    [webhookId],
  );
  const r = rows[0];
  return { due: r.due, p50: Number(r.p50) * 1000, p99: Number(r.p99) * 1000, max: Number(r.max) * 1000 };
}

async function phase(
  svc: Svc,
  db: pg.Client,
  bench: Awaited<ReturnType<typeof benchDatabase>>,
  failing: Awaited<ReturnType<typeof failingEndpoint>>,
  webhookId: string,
  receiver: Awaited<ReturnType<typeof forkTs>>,
  rate: number,
  seconds: number,
) {
  failing.reset();
  await ask(receiver.child, "reset");
  const samples: Sample[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const at = performance.now();
      const [o, c] = await Promise.all([overdue(db, webhookId), claimCalls(bench, "retrying")]);
      samples.push({ ...o, at, requests: failing.requests(), claims: c.calls, claimMs: c.ms });
      await sleep(1_000);
    }
  })();
  const cpu0 = cpuMicros(svc.child.pid!);
  const started = performance.now();
  await pushAtRate(svc.url, { event: "retry.bench", rate, total: rate * seconds, connections: 16, headers });
  const pushSeconds = (performance.now() - started) / 1000;
  const requestsWhilePushing = failing.requests();
  const atStop = await overdue(db, webhookId);
  // Drain: every event's three attempts at the failing webhook have arrived (or the limit passed).
  const expected = rate * seconds * 3;
  const drainStarted = performance.now();
  while (failing.requests() < expected && performance.now() - drainStarted < DRAIN_LIMIT_MS) await sleep(250);
  const drainSeconds = (performance.now() - drainStarted) / 1000;
  const cpuSeconds = (cpuMicros(svc.child.pid!) - cpu0) / 1e6;
  sampling = false;
  await sampler;
  const healthy = await ask<ReceiverStats>(receiver.child, "stats");
  return {
    rate,
    seconds: pushSeconds,
    lateness: failing.lateness(),
    samples,
    atStop,
    drainSeconds,
    drained: failing.requests() >= expected,
    failingRate: requestsWhilePushing / pushSeconds,
    neededRate: rate * 3,
    requests: failing.requests(),
    expected,
    cpuShare: cpuSeconds / ((performance.now() - started) / 1000),
    healthyP99: pct(healthy.latenciesMs, 99),
    healthyCount: healthy.count,
  };
}

/** Every `step` seconds of a phase: due and unclaimed, the oldest, the failing webhook's rate, retry-lane claims. */
function timeline(r: Awaited<ReturnType<typeof phase>>, step: number) {
  const s = r.samples;
  for (let i = step; i < s.length; i += step) {
    const a = s[i - step]!;
    const b = s[i]!;
    const secs = (b.at - a.at) / 1000;
    const calls = b.claims - a.claims;
    console.log(
      `${"".padEnd(28)} t=${String(i).padStart(4)} s  due ${fmt(b.due).padStart(7)}  oldest ${fmt(b.max / 1000, 1).padStart(6)} s  ` +
        `failing ${fmt((b.requests - a.requests) / secs, 0).padStart(5)} req/s  retry claims ${fmt(calls / secs, 1).padStart(5)}/s ` +
        `${fmt((b.claimMs - a.claimMs) / Math.max(1, calls), 1).padStart(5)} ms each`,
    );
  }
}

function report(name: string, r: Awaited<ReturnType<typeof phase>>) {
  const l = r.lateness.all;
  const worst = (xs: Overdue[], key: keyof Overdue) => Math.max(0, ...xs.map((s) => s[key]));
  const medianOf = (xs: Overdue[], key: keyof Overdue) =>
    pct(
      xs.map((s) => s[key]),
      50,
    );
  console.log(
    `${name.padEnd(28)} retry lateness at the receiver p50 ${fmt(pct(l, 50), 0).padStart(7)} ms  p99 ` +
      `${fmt(pct(l, 99), 0).padStart(7)} ms  max ${fmt(Math.max(...l), 0).padStart(7)} ms  (${fmt(l.length)} retries; ` +
      `2nd attempt p99 ${fmt(pct(r.lateness.second, 99), 0)} ms, 3rd ${fmt(pct(r.lateness.third, 99), 0)} ms)`,
  );
  console.log(
    `${"".padEnd(28)} due & unclaimed (1 s samples): median ${fmt(medianOf(r.samples, "due"))}, most ` +
      `${fmt(worst(r.samples, "due"))}; overdue p50 ${fmt(medianOf(r.samples, "p50"))} ms (median sample), p99 ` +
      `${fmt(worst(r.samples, "p99"))} ms, max ${fmt(worst(r.samples, "max"))} ms (worst sample)`,
  );
  console.log(
    `${"".padEnd(28)} failing webhook ${fmt(r.failingRate, 0)} req/s while pushing (its retries need ` +
      `${fmt(r.neededRate)}/s); at stop ${fmt(r.atStop.due)} due (oldest ${fmt(r.atStop.max / 1000, 1)} s); ` +
      `${r.drained ? `drained in ${fmt(r.drainSeconds, 1)} s` : `NOT drained after ${fmt(r.drainSeconds, 0)} s (${fmt(r.requests)}/${fmt(r.expected)})`}; ` +
      `svc CPU ${fmt(r.cpuShare * 100, 0)} % of one core; healthy push→arrival p99 ${fmt(r.healthyP99, 0)} ms ` +
      `(${fmt(r.healthyCount)} arrivals)`,
  );
}

const LANE_BACKLOG = Number(process.env.BENCH_LANE_BACKLOG ?? 5_000);

/** Calls and time of the claim statement of one lane so far (pg_stat_statements). */
async function claimCalls(bench: Awaited<ReturnType<typeof benchDatabase>>, lane: "pending" | "retrying") {
  let calls = 0;
  let ms = 0;
  for (const [text, work] of await bench.pgCalls()) {
    if (!text.startsWith("with recursive hooks")) continue;
    // Constants are normalised away: the retry lane's is the one with `status in (…)`.
    if (text.includes("status in (") === (lane === "retrying")) {
      calls += work.calls;
      ms += work.ms;
    }
  }
  return { calls, ms };
}

/**
 * How fast one webhook's backlog drains in each lane, from the same state: LANE_BACKLOG deliveries of one webhook
 * (answering 500) made due at once by an UPDATE, first as `pending` (the fresh lane: first attempts and manual
 * retries), then as `retrying` (the retry lane). The claim statement's calls show claims per second and rows per claim.
 */
async function laneDrains(
  svc: Svc,
  db: pg.Client,
  bench: Awaited<ReturnType<typeof benchDatabase>>,
  failing: Awaited<ReturnType<typeof failingEndpoint>>,
) {
  await rpc(svc, "EventService/RegisterEvent", { name: "retry.lane" });
  const hook = await rpc(svc, "WebhookService/RegisterWebhook", {
    namespace: "default",
    url: failing.laneUrl,
    events: ["retry.lane"],
    // Each failure waits an hour: nothing comes back due on its own while a drain is measured.
    httpConfig: { maxRetries: 5, retryBackoffSeconds: 3_600 },
  });
  await pushAtRate(svc.url, { event: "retry.lane", rate: 1_000, total: LANE_BACKLOG, connections: 16, headers });
  while (failing.laneRequests() < LANE_BACKLOG) await sleep(100);
  await sleep(500);
  const out: Record<string, { seconds: number; rate: number; claims: number; rowsPerClaim: number; claimMs: number }> =
    {};
  for (const [lane, status] of [
    ["fresh", "pending"],
    ["retry", "retrying"],
  ] as const) {
    const before = failing.laneRequests();
    const calls0 = await claimCalls(bench, status);
    await db.query(
      "update deliveries set status = $2, next_attempt_at = now() where webhook_id = $1 and status = 'retrying'",
      [hook.webhook_id, status],
    );
    const started = performance.now();
    while (failing.laneRequests() - before < LANE_BACKLOG && performance.now() - started < DRAIN_LIMIT_MS)
      await sleep(20);
    const seconds = (performance.now() - started) / 1000;
    const calls1 = await claimCalls(bench, status);
    const claims = calls1.calls - calls0.calls;
    out[lane] = {
      seconds,
      rate: (failing.laneRequests() - before) / seconds,
      claims,
      rowsPerClaim: (failing.laneRequests() - before) / Math.max(1, claims),
      claimMs: (calls1.ms - calls0.ms) / Math.max(1, claims),
    };
    await sleep(1_000);
  }
  for (const [lane, r] of Object.entries(out))
    console.log(
      `one webhook's ${fmt(LANE_BACKLOG)} due deliveries, ${lane} lane:`.padEnd(52) +
        `${fmt(r.rate, 0).padStart(6)} requests/s (${fmt(r.seconds, 1)} s)   claims ${fmt(r.claims)} ` +
        `(${fmt(r.claims / r.seconds, 1)}/s, ${fmt(r.rowsPerClaim, 1)} deliveries each, ${fmt(r.claimMs, 1)} ms each in PostgreSQL)`,
    );
}

buildForBench();
const db = await benchDatabase();
const receiver = await forkTs(receiverScript);
const slow = await forkTs(receiverScript, { RECEIVER_DELAY_MS: "150" });
const failing = await failingEndpoint();
const client = new pg.Client({ connectionString: db.databaseUrl });
let svc: Svc | undefined;
try {
  console.log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model}), ${fmt(totalmem() / 2 ** 30, 1)} GiB, node ` +
      `${process.version}; PostgreSQL ${db.embedded ? "embedded 17 (fsync on)" : "from BENCH_DATABASE_URL"} on the same machine`,
  );
  console.log(
    `each event → a fast webhook, one answering in 150 ms, and one always answering 500 (max_retries 2, backoff ` +
      `${BACKOFF_S} s); floor ${FLOOR_RATE} events/s for ${FLOOR_SECONDS} s, then ${RATE} events/s for ${SECONDS} s`,
  );
  svc = await startSvc(db.databaseUrl);
  await client.connect();
  await rpc(svc, "EventService/RegisterEvent", { name: "retry.bench" });
  for (const url of [`http://127.0.0.1:${receiver.port}/fast`, `http://127.0.0.1:${slow.port}/slow`])
    await rpc(svc, "WebhookService/RegisterWebhook", { namespace: "default", url, events: ["retry.bench"] });
  const reg = await rpc(svc, "WebhookService/RegisterWebhook", {
    namespace: "default",
    url: failing.url,
    events: ["retry.bench"],
    httpConfig: { maxRetries: 2, retryBackoffSeconds: BACKOFF_S },
  });
  progress(`floor: ${FLOOR_RATE}/s`);
  report(
    `floor (${FLOOR_RATE} events/s)`,
    await phase(svc, client, db, failing, reg.webhook_id, receiver, FLOOR_RATE, FLOOR_SECONDS),
  );
  progress(`load: ${RATE}/s`);
  const load = await phase(svc, client, db, failing, reg.webhook_id, receiver, RATE, SECONDS);
  report(`load (${RATE} events/s)`, load);
  if (TIMELINE_SECONDS > 0) timeline(load, TIMELINE_SECONDS);
  progress("lane drains");
  await rpc(svc, "WebhookService/UnregisterWebhook", { namespace: "default", webhookId: reg.webhook_id });
  await laneDrains(svc, client, db, failing);
} finally {
  await client.end().catch(() => {});
  await svc?.stop().catch(() => {});
  receiver.child.kill();
  slow.child.kill();
  await failing.close();
  await db.drop();
}
