// End-to-end benchmark: the built server (dist/server.js) on a fresh database, a local receiver, and every figure
// next to a ceiling measured in the same run (raw undici to the same receiver; bare node:http + one INSERT).
//   node --import tsx bench/e2e/run.ts        (BENCH_DATABASE_URL to use an existing PostgreSQL server)
import { execFileSync } from "node:child_process";
import { cpus, totalmem } from "node:os";
import { Pool } from "undici";
import { API_KEY, ask, benchDatabase, fmt, forkTs, hammer, pct, progress, receiverScript, rpc, sleep, startSvc, waitForCount, type Svc } from "../lib/harness.ts";
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 30_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);

// --- run -------------------------------------------------------------------------------------------------------

execFileSync(process.execPath, ["build.mjs"], { stdio: "inherit" });
const db = await benchDatabase();
const databaseUrl = db.databaseUrl;

const results: string[] = [];
const line = (s: string) => {
  results.push(s);
  console.log(s);
};
const receiver = await forkTs(receiverScript);
const receiverUrl = `http://127.0.0.1:${receiver.port}`;
let svc: Svc | undefined;

try {
  line(`machine: ${cpus().length} cores (${cpus()[0]?.model}), ${fmt(totalmem() / 2 ** 30, 1)} GiB, node ${process.version}; PostgreSQL ${db.embedded ? "embedded 17" : "from BENCH_DATABASE_URL"} on the same machine`);

  progress("raw undici ceiling");
  // 1. Ceiling: raw undici straight to the receiver.
  const raw = await hammer(receiverUrl, SECONDS, CONCURRENCY, () => ({ path: "/raw", body: '{"version":"1","payload":{"n":1}}' }), { "content-type": "application/json" });
  await ask(receiver.child, "reset");

  progress("push ceiling and pushes");
  // 2. Pushes (no subscriptions, so nothing fans out) against bare node:http + one INSERT.
  const ceilingServer = await forkTs(new URL("./insert-server.ts", import.meta.url), { DATABASE_URL: databaseUrl });
  const insertCeiling = await hammer(`http://127.0.0.1:${ceilingServer.port}`, SECONDS, CONCURRENCY, () => ({ path: "/", body: JSON.stringify({ namespace: "default", payload: { n: 1 } }) }), { "content-type": "application/json" });
  ceilingServer.child.kill();

  svc = await startSvc(databaseUrl, { SVC_WORKERS: "false" });
  await rpc(svc, "EventService/RegisterEvent", { name: "bench.push" });
  const pushBody = JSON.stringify({ namespace: "default", event: "bench.push", payload: { order: 42, items: [1, 2, 3], customer: { email: "a@b.c" } } });
  const headers = { "content-type": "application/json", "x-api-key": API_KEY };
  await hammer(svc.url, 1, CONCURRENCY, () => ({ path: "/webhook.EventService/PushEvent", body: pushBody }), headers);
  const push = await hammer(svc.url, SECONDS, CONCURRENCY, () => ({ path: "/webhook.EventService/PushEvent", body: pushBody }), headers);
  line(`push events/s:            ${fmt(push.rate).padStart(8)}   ceiling (node:http + 1 INSERT) ${fmt(insertCeiling.rate).padStart(8)}   ratio ${fmt((push.rate / insertCeiling.rate) * 100, 1)}%   target ≥ 10,000/s`);
  line(`push latency p50 / p99:   ${fmt(pct(push.latencies, 50), 2)} / ${fmt(pct(push.latencies, 99), 2)} ms at ${CONCURRENCY} concurrent   ceiling ${fmt(pct(insertCeiling.latencies, 50), 2)} / ${fmt(pct(insertCeiling.latencies, 99), 2)} ms`);

  progress("queueing deliveries");
  // 3. Deliveries/s to one hot receiver: queue DELIVERIES events with workers off, then start the workers.
  await rpc(svc, "EventService/RegisterEvent", { name: "bench.hot" });
  await rpc(svc, "WebhookService/RegisterWebhook", { namespace: "default", url: `${receiverUrl}/hot`, events: ["bench.hot"] });
  const hotBody = JSON.stringify({ namespace: "default", event: "bench.hot", payload: { order: 42, items: [1, 2, 3] } });
  const pool = new Pool(svc.url, { connections: CONCURRENCY });
  let queued = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (queued < DELIVERIES) {
        queued++;
        const res = await pool.request({ path: "/webhook.EventService/PushEvent", method: "POST", headers, body: hotBody });
        await res.body.arrayBuffer();
      }
    }),
  );
  await pool.close();
  await svc.stop();
  await ask(receiver.child, "reset");
  svc = await startSvc(databaseUrl);
  // Timed from when the server is up with its workers running (it logs "svc listening" after starting them).
  const started = performance.timeOrigin + performance.now();
  const hot = await waitForCount(receiver.child, DELIVERIES, 300_000);
  const hotSeconds = (hot.lastAt - started) / 1000;
  const deliveryRate = hot.count / hotSeconds;
  line(`deliveries/s (1 receiver): ${fmt(deliveryRate).padStart(7)}   ceiling (raw undici, same receiver) ${fmt(raw.rate).padStart(8)}   ratio ${fmt((deliveryRate / raw.rate) * 100, 1)}%   target ≥ 5,000/s and ≥ 40%   (${fmt(hot.count)} deliveries incl. fan-out, from worker start)`);

  progress("latency at 1,000/s");
  // 4. Push → receiver latency at a fixed 1,000 events/s.
  await rpc(svc, "EventService/RegisterEvent", { name: "bench.latency" });
  await rpc(svc, "WebhookService/RegisterWebhook", { namespace: "default", url: `${receiverUrl}/latency`, events: ["bench.latency"] });
  await sleep(500);
  await ask(receiver.child, "reset");
  const latencyPool = new Pool(svc.url, { connections: 32 });
  const rate = 1000;
  const total = rate * Math.max(5, SECONDS * 2);
  const t0 = performance.now();
  const inflight: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const body = `{"namespace":"default","event":"bench.latency","payload":{"i":${i},"sent_at":${performance.timeOrigin + performance.now()}}}`;
    inflight.push(latencyPool.request({ path: "/webhook.EventService/PushEvent", method: "POST", headers, body }).then((r) => r.body.arrayBuffer()));
  }
  await Promise.all(inflight);
  await latencyPool.close();
  const lat = await waitForCount(receiver.child, total, 60_000);
  const steady = lat.latenciesMs.slice(rate);
  line(`push→receiver at 1,000/s: p50 ${fmt(pct(steady, 50), 2)} ms, p99 ${fmt(pct(steady, 99), 2)} ms (${fmt(lat.count)}/${fmt(total)} delivered)   targets p50 ≤ 10 ms, p99 ≤ 50 ms   ceiling: push p50 ${fmt(pct(push.latencies, 50), 2)} ms under full load`);

  progress("fan-out to 1,000 webhooks");
  // 5. Fan-out of one event to 1,000 webhooks.
  await rpc(svc, "EventService/RegisterEvent", { name: "bench.fanout" });
  for (let i = 0; i < 1000; i += 50) {
    await Promise.all(Array.from({ length: 50 }, (_, j) => rpc(svc!, "WebhookService/RegisterWebhook", { namespace: "default", url: `${receiverUrl}/fan/${i + j}`, events: ["bench.fanout"] })));
  }
  await ask(receiver.child, "reset");
  const fanStart = performance.timeOrigin + performance.now();
  await rpc(svc, "EventService/PushEvent", { namespace: "default", event: "bench.fanout", payload: { fan: true } });
  const fan = await waitForCount(receiver.child, 1000, 60_000);
  line(`fan-out 1 → 1,000 webhooks: all delivered in ${fmt(fan.lastAt - fanStart)} ms   target ≤ 1,000 ms   ceiling: 1,000 raw requests take ${fmt((1000 / raw.rate) * 1000)} ms`);

  line(`peak RSS of the server:   ${fmt(svc.peakRssMb())} MB   target ≤ 250 MB`);
} finally {
  await svc?.stop().catch(() => {});
  receiver.child.kill();
  await db.drop();
}
