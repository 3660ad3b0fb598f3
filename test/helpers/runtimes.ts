// svc's API served by real runtimes as child processes: Node (dist/server.js), Bun and Deno (deploy/bun, deploy/deno
// over dist/fetch.js) and workerd (deploy/workerd/svc.capnp). Their binaries come from the npm packages the project
// depends on; one that is missing is installed from npm, and one that still cannot start fails the caller.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { freePort } from "./ports.ts";

export type RuntimeName = "node" | "bun" | "deno" | "workerd";

/** Where each runtime's npm package keeps its binary for linux-x64: the platform package, or the main package after
 * its install script moved the binary there (bun). */
const BINARIES: Record<Exclude<RuntimeName, "node">, { pkg: string; paths: string[] }> = {
  bun: { pkg: "bun", paths: ["@oven/bun-linux-x64/bin/bun", "bun/bin/bun.exe"] },
  deno: { pkg: "deno", paths: ["@deno/linux-x64-glibc/deno", "deno/deno"] },
  workerd: { pkg: "workerd", paths: ["@cloudflare/workerd-linux-64/bin/workerd"] },
};

const root = join(dirname(new URL(import.meta.url).pathname), "..", "..");

function findBinary(name: Exclude<RuntimeName, "node">): string | undefined {
  for (const path of BINARIES[name].paths) {
    const full = join(root, "node_modules", path);
    // A placeholder script stands where the install script would have put the binary: real ones are megabytes.
    if (existsSync(full) && statSync(full).size > 1_000_000) return full;
  }
  return undefined;
}

const checked = new Map<RuntimeName, string>();

/** The runtime's binary, installed from npm (the version package.json pins) when missing; throws if it will not run. */
export function runtimeBinary(name: RuntimeName): string {
  if (name === "node") return process.execPath;
  const known = checked.get(name);
  if (known) return known;
  let binary = findBinary(name);
  if (!binary) {
    const { pkg } = BINARIES[name];
    const version = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).devDependencies[pkg];
    execFileSync("npm", ["install", "--no-save", "--no-audit", "--no-fund", `${pkg}@${version}`], {
      cwd: root,
      stdio: "inherit",
    });
    binary = findBinary(name);
    if (!binary) throw new Error(`${pkg}@${version} was installed from npm but has no binary for linux-x64`);
  }
  execFileSync(binary, ["--version"], { stdio: "ignore", timeout: 30_000 });
  checked.set(name, binary);
  return binary;
}

export { freePort };

export interface RunningRuntime {
  name: RuntimeName;
  url: string;
  child: ChildProcess;
  /** Everything it printed. */
  output(): string;
  stop(): Promise<void>;
}

/** The command that serves svc's API on `name` (Node: the server itself, with its workers off unless env says so). */
function command(name: RuntimeName, port: number): { cmd: string; args: string[]; env: Record<string, string> } {
  const binary = runtimeBinary(name);
  if (name === "node") return { cmd: binary, args: ["dist/server.js"], env: { PORT: String(port), HOST: "127.0.0.1" } };
  if (name === "bun")
    return { cmd: binary, args: ["deploy/bun/serve.js"], env: { PORT: String(port), HOST: "127.0.0.1" } };
  if (name === "deno")
    return {
      cmd: binary,
      args: ["run", "--allow-env", "--allow-net", "--allow-read=.", "deploy/deno/serve.js"],
      env: { PORT: String(port), HOST: "127.0.0.1", DENO_NO_UPDATE_CHECK: "1", DENO_DIR: join(root, ".svc", "deno") },
    };
  return {
    cmd: binary,
    args: ["serve", "deploy/workerd/svc.capnp", "--socket-addr", `http=127.0.0.1:${port}`],
    env: {},
  };
}

/** Starts `name` serving svc with `env` (the README's variables) and waits until /health answers. */
export async function startRuntime(
  name: RuntimeName,
  env: Record<string, string>,
  { timeoutMs = 60_000 } = {},
): Promise<RunningRuntime> {
  const port = await freePort();
  const { cmd, args, env: own } = command(name, port);
  const child = spawn(cmd, args, {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, ...own },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const url = `http://127.0.0.1:${port}`;
  const running: RunningRuntime = {
    name,
    url,
    child,
    output: () => output,
    async stop() {
      if (!gone) child.kill("SIGTERM");
      const killed = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killed);
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`${name} exited before serving:\n${output.slice(-4000)}`);
    try {
      await fetch(`${url}/health`, { signal: AbortSignal.timeout(5_000) });
      return running;
    } catch {
      if (Date.now() > deadline) {
        await running.stop();
        throw new Error(`${name} did not serve within ${timeoutMs} ms:\n${output.slice(-4000)}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
