// `npm test`: builds, prepares PostgreSQL (TEST_DATABASE_URL, or the embedded one svc itself uses), migrates a
// template database once, then runs every test file with node:test. Each test clones the template.
import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import pg from "pg";
import { migrate } from "../lib/db/migrate.ts";
import { ensurePartitionsAhead } from "../lib/history/partitions.ts";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../lib/dev/embedded-postgres.ts";
import { createLogger } from "../lib/log.ts";
import { TEMPLATE_DATABASE, withDatabase } from "./helpers/cluster.ts";

const log = createLogger("warn");

async function testFiles(dir: string, filter: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await testFiles(path, filter)));
    else if (entry.name.endsWith(".test.ts")) out.push(relative(process.cwd(), path));
  }
  return out.filter((f) => filter.length === 0 || filter.some((s) => f.includes(s))).sort();
}

async function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: "inherit", env });
    child.on("close", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const filter = process.argv.slice(2);
if ((await run(process.execPath, ["build.mjs"], process.env)) !== 0) process.exit(1);

let embedded: EmbeddedPostgres | undefined;
let adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  embedded = await startEmbeddedPostgres({ dir: ".svc/test-postgres", log, fast: true, database: "postgres" });
  adminUrl = embedded.adminUrl;
}

let code = 1;
try {
  // Leftovers of an interrupted earlier run, then a freshly migrated template.
  await withDatabase(adminUrl, async (client: pg.Client) => {
    const { rows } = await client.query(
      "select datname from pg_database where datname like 'svc_t_%' or datname = $1",
      [TEMPLATE_DATABASE],
    );
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    await client.query(`create database "${TEMPLATE_DATABASE}"`);
  });
  const templateUrl = new URL(adminUrl);
  templateUrl.pathname = `/${TEMPLATE_DATABASE}`;
  await migrate(templateUrl.toString());
  // The partitions the create-partitions job would make, made once here: a test database is a copy of the template,
  // so a service started with its scheduler finds nothing to create.
  const template = new pg.Pool({ connectionString: templateUrl.toString(), max: 1 });
  await ensurePartitionsAhead(template, { intervalDays: 1 }).finally(() => template.end());

  const files = await testFiles("test", filter);
  const concurrency = Number(process.env.TEST_CONCURRENCY ?? 4);
  code = await run(
    process.execPath,
    ["--import", "tsx", "--test", `--test-concurrency=${concurrency}`, "--test-timeout=300000", ...files],
    {
      ...process.env,
      SVC_TEST_ADMIN_URL: adminUrl,
    },
  );
} finally {
  await embedded?.stop();
}
process.exit(code);
