// Debian binaries the high-availability tests run (PgBouncer, PostgreSQL 15): installed with apt-get when absent;
// a part still missing afterwards FAILS the test, never skips it.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Cleanup } from "../helpers/service.ts";
import { freePort } from "../helpers/ports.ts";

export const run = promisify(execFile);
export const PG_BIN = "/usr/lib/postgresql/15/bin";

const installing = new Map<string, Promise<void>>();

/** Makes sure `path` exists, installing Debian's `pkg` when it does not. */
export function ensurePackage(pkg: string, path: string): Promise<void> {
  if (existsSync(path)) return Promise.resolve();
  let done = installing.get(pkg);
  if (!done) {
    done = (async () => {
      // Concurrent test files wait for each other on dpkg's lock instead of failing on it.
      const apt = ["-o", "DPkg::Lock::Timeout=900", "-y", "-q"];
      const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
      await run("apt-get", [...apt, "install", pkg], { env, maxBuffer: 64 << 20 }).catch(async () => {
        await run("apt-get", ["-o", "DPkg::Lock::Timeout=900", "-q", "update"], { env, maxBuffer: 64 << 20 });
        await run("apt-get", [...apt, "install", pkg], { env, maxBuffer: 64 << 20 });
      });
      if (!existsSync(path)) throw new Error(`apt-get install ${pkg} finished but ${path} is missing`);
    })();
    installing.set(pkg, done);
  }
  return done;
}

export { freePort };

/** A directory the `postgres` user owns (PostgreSQL and PgBouncer refuse to run as root), removed at the end. */
export async function postgresOwnedDir(t: Cleanup, prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  await chmod(dir, 0o755);
  await run("chown", ["postgres:postgres", dir]);
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Runs a command as the `postgres` user. */
export function asPostgres(cmd: string, args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run("runuser", ["-u", "postgres", "--", cmd, ...args], { maxBuffer: 16 << 20 });
}

/** A long-running process as the `postgres` user, killed (its whole group) at the end. */
export function spawnAsPostgres(t: Cleanup, cmd: string, args: string[]): ChildProcess {
  const child = spawn("runuser", ["-u", "postgres", "--", cmd, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  Object.defineProperty(child, "output", { get: () => output });
  t.after(() => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }
  });
  return child;
}
