// Benchmark: svc's HTTP shell against bare node:http in the same run. Each server runs in its own process;
// the load comes from wrk (or undici) over keep-alive connections. Prints medians of several rounds and the ratio.
import { execFile, fork, type ChildProcess } from "node:child_process";
import { hasWrk, requestsPerSecond, type LoadRequest } from "./load.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const headers = { "content-type": "application/json", "x-api-key": "bench-key-0123456789abcdef0123456789" };

async function start(kind: string): Promise<{ child: ChildProcess; url: string }> {
  const child = process.env.BUNDLED
    ? fork(process.env.BUNDLED, [kind])
    : fork(new URL("./servers.ts", import.meta.url).pathname, [kind], { execArgv: ["--import", "tsx"] });
  // Pin servers to CPU 1 and the load generator to CPU 0 so the two never fight over one core.
  await pin(child.pid!, "1");
  const port = await new Promise<number>((resolve) => child.once("message", (m: any) => resolve(m.port)));
  return { child, url: `http://127.0.0.1:${port}` };
}

async function pin(pid: number, cpus: string): Promise<void> {
  await new Promise<void>((resolve) => execFile("taskset", ["-a", "-p", "-c", cpus, String(pid)], () => resolve()));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const cases: (LoadRequest & { name: string })[] = [
  { name: "GET /ready", path: "/ready", method: "GET", headers },
  {
    name: "POST echo RPC (auth, zod-parsed JSON)",
    path: "/webhook.BenchService/Echo",
    method: "POST",
    headers,
    body: JSON.stringify({ message: "hello", labels: { region: "eu", tier: "gold" } }),
  },
];

const useWrk = await hasWrk();
await pin(process.pid, "0");
const shell = await start("shell");
const bare = await start("bare");
try {
  console.log(
    `HTTP shell vs bare node:http — ${ROUNDS} rounds × ${SECONDS}s, ${CONNECTIONS} keep-alive connections, load from ${useWrk ? "wrk" : "undici"}`,
  );
  for (const c of cases) {
    const rates = { shell: [] as number[], bare: [] as number[] };
    await requestsPerSecond(shell.url, c, 1, CONNECTIONS, useWrk);
    await requestsPerSecond(bare.url, c, 1, CONNECTIONS, useWrk);
    for (let i = 0; i < ROUNDS; i++) {
      rates.bare.push(await requestsPerSecond(bare.url, c, SECONDS, CONNECTIONS, useWrk));
      rates.shell.push(await requestsPerSecond(shell.url, c, SECONDS, CONNECTIONS, useWrk));
    }
    const ratio = median(rates.shell) / median(rates.bare);
    console.log(
      `${c.name.padEnd(40)} svc ${median(rates.shell).toFixed(0).padStart(7)} req/s   ` +
        `bare node:http ${median(rates.bare).toFixed(0).padStart(7)} req/s   ` +
        `ratio ${(ratio * 100).toFixed(1)}% (target ≥ 60%)`,
    );
  }
} finally {
  shell.child.kill();
  bare.child.kill();
}
