// Load generators for the benchmarks: wrk when installed (a C client leaves more CPU to the server on a
// 2-core machine), otherwise undici over keep-alive connections.
import { execFile } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { Pool } from "undici";

const exec = promisify(execFile);

export interface LoadRequest {
  path: string;
  method: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
}

export async function hasWrk(): Promise<boolean> {
  return exec("wrk", ["--version"]).then(
    () => true,
    (err) => /^wrk /.test(String(err.stdout ?? "")),
  );
}

async function viaWrk(url: string, req: LoadRequest, seconds: number, connections: number): Promise<number> {
  const script = join(tmpdir(), `svc-bench-${process.pid}.lua`);
  const headers = Object.entries(req.headers ?? {}).map(
    ([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`,
  );
  await writeFile(
    script,
    [`wrk.method = "${req.method}"`, ...(req.body ? [`wrk.body = ${JSON.stringify(req.body)}`] : []), ...headers].join(
      "\n",
    ),
  );
  const { stdout } = await exec("taskset", [
    "-c",
    "0",
    "wrk",
    "-t",
    "1",
    "-c",
    String(connections),
    "-d",
    `${seconds}s`,
    "-s",
    script,
    url + req.path,
  ]);
  if (/Non-2xx/.test(stdout)) throw new Error(`non-2xx answers during the benchmark:\n${stdout}`);
  return Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)![1]);
}

async function viaUndici(url: string, req: LoadRequest, seconds: number, connections: number): Promise<number> {
  const pool = new Pool(url, { connections });
  const deadline = Date.now() + seconds * 1000;
  let done = 0;
  const worker = async () => {
    while (Date.now() < deadline) {
      const res = await pool.request({ path: req.path, method: req.method, headers: req.headers, body: req.body });
      await res.body.arrayBuffer();
      if (res.statusCode >= 300) throw new Error(`HTTP ${res.statusCode} during the benchmark`);
      done++;
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  await pool.close();
  return done / seconds;
}

export async function requestsPerSecond(
  url: string,
  req: LoadRequest,
  seconds: number,
  connections: number,
  useWrk: boolean,
): Promise<number> {
  return useWrk ? viaWrk(url, req, seconds, connections) : viaUndici(url, req, seconds, connections);
}
