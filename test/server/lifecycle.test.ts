import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { test } from "node:test";
import { createTestDatabase } from "../helpers/cluster.ts";
import { testEnv } from "../helpers/service.ts";

function startProcess(env: Record<string, string | undefined>) {
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: any[] = [];
  let buffer = "";
  child.stdout.on("data", (d) => {
    buffer += d;
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      try {
        lines.push(JSON.parse(line));
      } catch {
        lines.push({ text: line });
      }
    }
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = async (predicate: (line: any) => boolean, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = lines.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out; logs: ${JSON.stringify(lines)} stderr: ${stderr}`);
  };
  return { child, lines, exited, waitFor };
}

test("SIGTERM drains and exits 0; a second instance on the same database starts alongside", async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const env = testEnv(databaseUrl, { SVC_LOG_LEVEL: "info" });
  const a = startProcess(env);
  const b = startProcess(env);
  t.after(() => {
    a.child.kill("SIGKILL");
    b.child.kill("SIGKILL");
  });
  const listening = await a.waitFor((l) => l.msg === "svc listening");
  await b.waitFor((l) => l.msg === "svc listening");
  const ready = await fetch(`${listening.url}/ready`);
  assert.equal(ready.status, 200);

  const started = Date.now();
  a.child.kill("SIGTERM");
  assert.equal(await a.exited, 0);
  assert.ok(Date.now() - started < 30_000);
  assert.ok(a.lines.some((l) => l.msg === "stopped"));
  b.child.kill("SIGTERM");
  assert.equal(await b.exited, 0);
});

test("a database that is not reachable at start-up is retried instead of failing at once", async () => {
  const p = startProcess(testEnv("postgres://postgres@127.0.0.1:1/none", { SVC_LOG_LEVEL: "info" }));
  await p.waitFor((l) => l.msg === "database not reachable yet; retrying");
  p.child.kill("SIGKILL");
  await p.exited;
});
