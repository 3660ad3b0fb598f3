// High-availability shapes, measured: (1) svc through PgBouncer in transaction mode against direct connections
// (CPU per push and per delivery of svc, PgBouncer and PostgreSQL; rates), and (2) several instances on one
// database sharing the deliveries to a slow receiver (20 ms per request): deliveries/s of 2 instances against 1,
// with losses and duplicates counted by delivery id at the receiver.
// The pooler part also runs direct connections with statements unnamed, to tell what named statements save.
//   node --import tsx bench/ha/run.ts     BENCH_PART=pooler|instances (default both), BENCH_ROUNDS (3),
//                                         BENCH_EVENTS (3,000 pooler; 2,000 instances), BENCH_IN_FLIGHT (8 per instance)
import { startPgBouncer } from "../../test/ha/pgbouncer.ts";
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
  receiverScript,
  rpc,
  sleep,
  startSvc,
  treeCpuMicros,
  waitForCount,
  type ReceiverStats,
  type Svc,
} from "../lib/harness.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PART = process.env.BENCH_PART ?? "both";
const headers = { "content-type": "application/json", "x-api-key": API_KEY };
const median = (xs: number[]) => pct(xs, 50);
const cleanups: (() => unknown)[] = [];
const collector = { after: (fn: () => unknown) => void cleanups.push(fn) };
let seq = 0;

async function subscribe(svc: Svc, receiverPort: number, event: string): Promise<void> {
  await rpc(svc, "EventService/RegisterEvent", { name: event });
  await rpc(svc, "WebhookService/RegisterWebhook", {
    namespace: "default",
    url: `http://127.0.0.1:${receiverPort}/${event}`,
    events: [event],
  });
}

const pushes = (event: string) => () => ({
  path: "/webhook.EventService/PushEvent",
  body: `{"namespace":"default","event":"${event}","payload":{"n":${seq++}}}`,
});

type Database = Awaited<ReturnType<typeof benchDatabase>>;

async function pooler(database: Database): Promise<void> {
  const events = Number(process.env.BENCH_EVENTS ?? 3_000);
  const bouncer = await startPgBouncer(collector, database.databaseUrl, { poolSize: 10 });
  const bouncerPid = bouncer.pid;
  const receiver = await forkTs(receiverScript);
  cleanups.push(() => receiver.child.kill());
  const configs = {
    direct: { DATABASE_URL: database.databaseUrl },
    // What named statements save, without the pooler in the way: direct connections with everything sent unnamed.
    unnamed: {
      DATABASE_URL: database.databaseUrl,
      SVC_DATABASE_POOLER: "transaction",
      SVC_DATABASE_LISTEN_URL: database.databaseUrl,
    },
    pgbouncer: {
      DATABASE_URL: bouncer.url(database.databaseUrl),
      SVC_DATABASE_POOLER: "transaction",
      SVC_DATABASE_LISTEN_URL: database.databaseUrl,
    },
  };
  const results: Record<
    string,
    { push: number[]; delivery: number[]; bouncer: number[]; pg: number[]; pushRate: number[]; deliveryRate: number[] }
  > = {};
  for (let round = 1; round <= ROUNDS; round++) {
    const order =
      round % 2 ? (["direct", "unnamed", "pgbouncer"] as const) : (["pgbouncer", "unnamed", "direct"] as const);
    for (const name of order) {
      progress(`round ${round}: ${name}`);
      const svc = await startSvc(configs[name].DATABASE_URL, configs[name]);
      const r = (results[name] ??= { push: [], delivery: [], bouncer: [], pg: [], pushRate: [], deliveryRate: [] });
      // Pushes of an event type nobody subscribes to: the push path alone.
      const lonely = `lonely.r${round}.${name}`;
      await rpc(svc, "EventService/RegisterEvent", { name: lonely });
      await hammerCount(svc.url, 300, 32, pushes(lonely), headers);
      await sleep(300);
      let cpu0 = cpuMicros(svc.child.pid!);
      let b0 = treeCpuMicros(bouncerPid);
      let pg0 = await database.pgSnapshot();
      const pushRun = await hammerCount(svc.url, events, 32, pushes(lonely), headers);
      await sleep(300);
      const pushCpu = (cpuMicros(svc.child.pid!) - cpu0) / events;
      const pushPg = ((await database.pgSnapshot()).cpuMicros - pg0.cpuMicros) / events;
      r.pushRate.push(pushRun.rate);
      // Pushes delivered to the receiver: push + delivery; the delivery's share is the difference.
      const hooked = `hooked.r${round}.${name}`;
      await subscribe(svc, receiver.port, hooked);
      await ask(receiver.child, "reset");
      cpu0 = cpuMicros(svc.child.pid!);
      b0 = treeCpuMicros(bouncerPid);
      pg0 = await database.pgSnapshot();
      const started = performance.now();
      await hammerCount(svc.url, events, 32, pushes(hooked), headers);
      const stats = await waitForCount(receiver.child, events, 60_000);
      const seconds = (performance.now() - started) / 1000;
      await sleep(300);
      const bothCpu = (cpuMicros(svc.child.pid!) - cpu0) / events;
      r.push.push(pushCpu);
      r.delivery.push(bothCpu - pushCpu);
      r.bouncer.push((treeCpuMicros(bouncerPid) - b0) / events);
      r.pg.push(pushPg);
      r.deliveryRate.push(stats.count / seconds);
      if (stats.count < events) throw new Error(`${name}: only ${stats.count} of ${events} delivered`);
      await svc.stop();
    }
  }
  console.log(
    `\nPgBouncer 1.18 (transaction mode, pool 10) vs direct — ${events} events per phase, medians of ${ROUNDS} rounds`,
  );
  console.log(
    "config     | pushes/s | push+deliver/s | svc µs/push | svc µs/delivery | PgBouncer µs/event (push+deliver) | PostgreSQL µs/push",
  );
  for (const [name, r] of Object.entries(results))
    console.log(
      `${name.padEnd(10)} | ${fmt(median(r.pushRate)).padStart(8)} | ${fmt(median(r.deliveryRate)).padStart(14)} | ${fmt(median(r.push)).padStart(11)} | ` +
        `${fmt(median(r.delivery)).padStart(15)} | ${fmt(median(r.bouncer)).padStart(33)} | ${fmt(median(r.pg)).padStart(18)}`,
    );
  const d = results.direct!;
  const p = results.pgbouncer!;
  const u = results.unnamed!;
  console.log(
    `unnamed/direct (direct connections, no named statements): svc µs/push ×${fmt(median(u.push) / median(d.push), 2)}, ` +
      `PostgreSQL µs/push ×${fmt(median(u.pg) / median(d.pg), 2)}, pushes/s ×${fmt(median(u.pushRate) / median(d.pushRate), 2)}`,
  );
  console.log(
    `pooled/direct: svc µs/push ×${fmt(median(p.push) / median(d.push), 2)}, svc µs/delivery ×${fmt(median(p.delivery) / median(d.delivery), 2)}, ` +
      `pushes/s ×${fmt(median(p.pushRate) / median(d.pushRate), 2)}, push+deliver/s ×${fmt(median(p.deliveryRate) / median(d.deliveryRate), 2)}`,
  );
}

async function instances(database: Database): Promise<void> {
  const events = Number(process.env.BENCH_EVENTS ?? 2_000);
  const inFlight = process.env.BENCH_IN_FLIGHT ?? "8";
  const receiver = await forkTs(receiverScript, { RECEIVER_DELAY_MS: "20" });
  cleanups.push(() => receiver.child.kill());
  // The pushing instance runs no workers. The two delivering instances stay up (warm) for the whole run and are
  // stopped (SIGSTOP, while idle) during each round's pushes, so every round starts on a full queue; a round with
  // one instance simply leaves the second one stopped.
  const pusher = await startSvc(database.databaseUrl, { SVC_WORKERS: "false" });
  cleanups.push(() => pusher.stop());
  const deliverers = await Promise.all(
    [1, 2].map(() => startSvc(database.databaseUrl, { SVC_MAX_IN_FLIGHT: inFlight })),
  );
  cleanups.push(() =>
    Promise.all(
      deliverers.map((s) => {
        s.child.kill("SIGCONT");
        return s.stop();
      }),
    ),
  );
  const rates: Record<number, number[]> = { 1: [], 2: [] };
  const cpu: Record<number, number[]> = { 1: [], 2: [] };
  let lost = 0;
  let duplicates = 0;
  const rounds = [[2, 0], ...Array.from({ length: ROUNDS }, (_, i) => (i % 2 ? [2, 1] : [1, 2]))].flatMap((ns, i) =>
    ns.filter((n) => n > 0).map((n) => ({ n, round: i })),
  );
  for (const { n, round } of rounds) {
    progress(round === 0 ? "warm-up with 2 instances" : `round ${round}: ${n} instance(s)`);
    const event = `slow.r${round}.n${n}`;
    await subscribe(pusher, receiver.port, event);
    for (const s of deliverers) s.child.kill("SIGSTOP");
    await hammerCount(pusher.url, events, 32, pushes(event), headers);
    await ask(receiver.child, "reset");
    const working = deliverers.slice(0, n);
    const cpu0 = working.map((s) => cpuMicros(s.child.pid!));
    for (const s of working) s.child.kill("SIGCONT");
    const stats: ReceiverStats = await waitForCount(receiver.child, events, 180_000);
    await sleep(500);
    const after = await ask<ReceiverStats>(receiver.child, "stats");
    for (const s of deliverers) s.child.kill("SIGCONT");
    if (round === 0) continue;
    cpu[n]!.push(working.reduce((sum, s, i) => sum + cpuMicros(s.child.pid!) - cpu0[i]!, 0) / events);
    rates[n]!.push(stats.count / ((stats.lastAt - stats.firstAt) / 1000));
    lost += events - after.distinct;
    duplicates += after.count - after.distinct;
  }
  const one = median(rates[1]!);
  const two = median(rates[2]!);
  const ceiling = (Number(inFlight) * 1000) / 20;
  console.log(
    `\nSeveral instances — ${events} queued deliveries per round, receiver answering in 20 ms, SVC_MAX_IN_FLIGHT=${inFlight} each ` +
      `(ceiling ${fmt(ceiling)}/s per instance), ${ROUNDS} rounds`,
  );
  console.log(
    `1 instance : ${fmt(one)} deliveries/s (rounds ${rates[1]!.map((x) => fmt(x)).join(", ")}), ${fmt(median(cpu[1]!))} µs CPU/delivery`,
  );
  console.log(
    `2 instances: ${fmt(two)} deliveries/s (rounds ${rates[2]!.map((x) => fmt(x)).join(", ")}), ${fmt(median(cpu[2]!))} µs CPU/delivery`,
  );
  console.log(`ratio 2/1 : ×${fmt(two / one, 2)} (goal ≥ 1.6); lost ${lost}, duplicates ${duplicates} over all rounds`);
}

buildForBench();
try {
  const database = await benchDatabase();
  cleanups.push(() => database.drop());
  if (PART !== "instances") await pooler(database);
  if (PART !== "pooler") await instances(database);
} finally {
  for (const fn of cleanups.reverse()) await fn();
}
process.exit(0);
