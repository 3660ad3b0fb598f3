// svc as a real child process (the built-from-source entry), for tests that kill, signal or run several instances.
import { spawn, type ChildProcess } from "node:child_process";

export interface ServerProcess {
  child: ChildProcess;
  lines: any[];
  exited: Promise<number | null>;
  waitFor(predicate: (line: any) => boolean, timeoutMs?: number): Promise<any>;
  /** The URL it listens on, once it logged "svc listening". */
  url(): Promise<string>;
}

/** `entry` "built" runs dist/server.js (the test runner builds it first): it starts in a fraction of tsx's time. */
export function startServerProcess(
  env: Record<string, string | undefined>,
  entry: "source" | "built" = "source",
): ServerProcess {
  const args = entry === "built" ? ["dist/server.js"] : ["--import", "tsx", "server.ts"];
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH, ...env } as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: any[] = [];
  let buffer = "";
  child.stdout!.on("data", (d) => {
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
  child.stderr!.on("data", (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const waitFor = async (predicate: (line: any) => boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = lines.find(predicate);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out; logs: ${JSON.stringify(lines).slice(-3000)} stderr: ${stderr.slice(-2000)}`);
  };
  return { child, lines, exited, waitFor, url: async () => (await waitFor((l) => l.msg === "svc listening")).url };
}
