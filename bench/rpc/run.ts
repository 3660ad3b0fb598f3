// Pushes/s through each wire format of the same operation: REST JSON, Connect JSON and Connect binary (protobuf).
// The built server (workers off, so only the push is measured) on a fresh database; the variants alternate over
// several rounds on the same server, and the medians are compared — the REST push is the baseline.
//   node --import tsx bench/rpc/run.ts        (BENCH_SECONDS, BENCH_ROUNDS, BENCH_CONCURRENCY, BENCH_DATABASE_URL)
import { cpus } from "node:os";
import { create, toBinary } from "@bufbuild/protobuf";
import { Pool } from "undici";
import { PushEventRequestSchema } from "../../lib/http/rpc/gen/webhook_pb.ts";
import { API_KEY, benchDatabase, buildForBench, fmt, pct, progress, rpc, startSvc, type Svc } from "../lib/harness.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);

const payload = { order: 42, items: [1, 2, 3], customer: { email: "a@b.c" } };
const auth = { "x-api-key": API_KEY };

interface Variant {
  name: string;
  path: string;
  headers: Record<string, string>;
  body: string | Buffer;
}

const variants: Variant[] = [
  {
    name: "REST JSON",
    path: "/v1/consumers/default/events?event=bench.push",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ payload }),
  },
  {
    name: "Connect JSON",
    path: "/webhook.EventService/PushEvent",
    headers: { ...auth, "content-type": "application/json", "connect-protocol-version": "1" },
    body: JSON.stringify({ namespace: "default", event: "bench.push", payload }),
  },
  {
    name: "Connect binary",
    path: "/webhook.EventService/PushEvent",
    headers: { ...auth, "content-type": "application/proto", "connect-protocol-version": "1" },
    body: Buffer.from(
      toBinary(
        PushEventRequestSchema,
        create(PushEventRequestSchema, { namespace: "default", event: "bench.push", payload }),
      ),
    ),
  },
];

async function hammer(url: string, v: Variant, seconds: number): Promise<{ rate: number; latencies: number[] }> {
  const pool = new Pool(url, { connections: CONCURRENCY });
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const res = await pool.request({ path: v.path, method: "POST", headers: v.headers, body: v.body });
        await res.body.arrayBuffer();
        if (res.statusCode >= 300) throw new Error(`${v.name}: HTTP ${res.statusCode}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const rate = latencies.length / ((performance.now() - started) / 1000);
  await pool.close();
  return { rate, latencies };
}

buildForBench();
const db = await benchDatabase();
let svc: Svc | undefined;
try {
  svc = await startSvc(db.databaseUrl, { SVC_WORKERS: "false" });
  await rpc(svc, "EventService/RegisterEvent", { name: "bench.push" });
  for (const v of variants) await hammer(svc.url, v, 1); // warm-up
  const rates = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  const latencies = new Map<string, number[]>(variants.map((v) => [v.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    progress(`round ${round}/${ROUNDS}`);
    for (const v of round % 2 ? variants : [...variants].reverse()) {
      const r = await hammer(svc.url, v, SECONDS);
      rates.get(v.name)!.push(r.rate);
      latencies.get(v.name)!.push(...r.latencies);
    }
  }
  const median = (xs: number[]) => pct(xs, 50);
  const baseline = median(rates.get("REST JSON")!);
  console.log(
    `machine: ${cpus().length} cores, node ${process.version}; ${ROUNDS} rounds × ${SECONDS} s per ` +
      `variant, ${CONCURRENCY} concurrent; body bytes: ` +
      `${variants.map((v) => `${v.name} ${Buffer.byteLength(v.body)}`).join(", ")}`,
  );
  for (const v of variants) {
    const rs = rates.get(v.name)!;
    const ls = latencies.get(v.name)!;
    console.log(
      `${v.name.padEnd(15)} push/s median ${fmt(median(rs)).padStart(7)} (rounds ` +
        `${rs.map((r) => fmt(r)).join(" / ")})   ${fmt((median(rs) / baseline) * 100, 1).padStart(5)}% ` +
        `of REST   p50 ${fmt(pct(ls, 50), 2)} ms p99 ${fmt(pct(ls, 99), 2)} ms`,
    );
  }
} finally {
  await svc?.stop().catch(() => {});
  await db.drop();
}
