// Two or more builds of the server (or one build with different node flags) side by side: every server runs at
// once, API-only, and they take turns, a chunk of pushes each, so a change in the machine's load between chunks
// falls on all of them alike. A change of 2–3 µs per push separates here, where one-after-another runs of
// bench/e2e swing by ±10 %.
//   node --import tsx bench/compare/run.ts dist-before/server.js dist/server.js
//   node --import tsx bench/compare/run.ts dist/server.js "dist/server.js --single-threaded-gc"
//   (BENCH_TURNS, BENCH_CHUNK, BENCH_PROCESSES, BENCH_DATABASE_URL; a build directory must sit in the repository's
//   root, next to migrations/)
import {
  API_KEY,
  benchDatabase,
  fmt,
  hammerCount,
  progress,
  rpc,
  startSvc,
  takeTurns,
  type Svc,
} from "../lib/harness.ts";

const TURNS = Number(process.env.BENCH_TURNS ?? 20);
/** Processes per variant: two processes of one build differ by up to ≈ 9 % (compilation, placement), so each
 * variant's figure sums several. */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 3);
const CHUNK = Number(process.env.BENCH_CHUNK ?? 2_000);
const WARMUP = 20_000;
const CONCURRENCY = 64;

const variants = process.argv.slice(2).map((arg) => {
  const [server, ...flags] = arg.split(" ").filter(Boolean);
  return { label: arg, server: server!, flags: flags.join(" ") };
});
if (variants.length < 2) {
  console.error("usage: bench/compare/run.ts <server.js [node flags]> <server.js [node flags]> …");
  process.exit(2);
}

const headers = { "content-type": "application/json", "x-api-key": API_KEY };
const body = JSON.stringify({
  namespace: "default",
  event: "bench.compare",
  payload: { order: 42, items: [1, 2, 3], customer: { email: "a@b.c" } },
});
const make = () => ({ path: "/webhook.EventService/PushEvent", body });

/** startSvc takes the build and the node flags from the environment it reads at each start. */
async function start(databaseUrl: string, variant: (typeof variants)[number]): Promise<Svc> {
  process.env.BENCH_SERVER = variant.server;
  process.env.BENCH_NODE_OPTIONS = variant.flags;
  return startSvc(databaseUrl, { SVC_WORKERS: "false" });
}

const db = await benchDatabase();
const servers: Svc[] = [];
try {
  const setup = await start(db.databaseUrl, variants[0]!);
  await rpc(setup, "EventService/RegisterEvent", { name: "bench.compare" });
  await setup.stop();
  // Interleaved: process p of every variant, then process p + 1 of every variant.
  const owner: number[] = [];
  for (let p = 0; p < PROCESSES; p++) {
    for (const [i, variant] of variants.entries()) {
      servers.push(await start(db.databaseUrl, variant));
      owner.push(i);
    }
  }
  progress(`warming up: ${fmt(WARMUP)} pushes each`);
  for (const svc of servers) await hammerCount(svc.url, WARMUP, CONCURRENCY, make, headers);
  const turns = await takeTurns(servers, TURNS, CHUNK, CONCURRENCY, make, headers);
  const totals = variants.map(() => ({ cpu: 0, seconds: 0, peakRss: 0 }));
  for (const [s, svc] of servers.entries()) {
    const t = totals[owner[s]!]!;
    t.cpu += turns[s]!.cpu;
    t.seconds += turns[s]!.seconds;
    t.peakRss = Math.max(t.peakRss, svc.peakRssMb());
  }
  const pushes = TURNS * CHUNK * PROCESSES;
  const base = totals[0]!.cpu / pushes;
  for (const [i, variant] of variants.entries()) {
    const cpu = totals[i]!.cpu / pushes;
    const vs = i === 0 ? "" : `   ${cpu >= base ? "+" : ""}${fmt(((cpu - base) / base) * 100, 1)}% against the first`;
    console.log(
      `${variant.label.padEnd(40)} ${fmt(cpu, 1).padStart(6)} µs server CPU per push   ` +
        `${fmt(pushes / totals[i]!.seconds).padStart(7)} pushes/s   ` +
        `peak RSS ${fmt(totals[i]!.peakRss)} MB${vs}`,
    );
  }
} finally {
  await Promise.all(servers.map((svc) => svc.stop()));
  await db.drop();
}
