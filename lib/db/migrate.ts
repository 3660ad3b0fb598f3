// Applies the pending migrations carried in the build (lib/embedded.ts), one transaction each. Safe to run from
// several instances at once and through a transaction-mode pooler: every transaction takes a transaction-scoped
// advisory lock, reads what is applied, applies at most one migration and records it, so nothing depends on a
// session outliving its transaction. The bookkeeping table is the one postgres-shift (which svc used before) keeps,
// so databases it migrated carry on from where they are.
import type pg from "pg";
import { embeddedMigrations, type Migration } from "../embedded.ts";
import { createClient } from "./pool.ts";

// Shared by every svc instance and version: "svc mig" as a 63-bit number. Versions that applied migrations with
// postgres-shift held it as a session lock; a session lock and a transaction lock on one key exclude each other.
const MIGRATION_LOCK_KEY = "32499791496571239"; // 0x7376_635f_6d69_67

export type MigrationProgress =
  | { phase: "start"; migration: string; index: number; total: number }
  | { phase: "running"; migration: string; elapsedMs: number }
  | { phase: "done"; migration: string; elapsedMs: number };

export interface MigrateOptions {
  /** Default: the migrations this build carries. */
  migrations?: Migration[];
  onProgress?: (progress: MigrationProgress) => void;
  /** How often `onProgress` hears that a migration is still running. */
  stillRunningEveryMs?: number;
  /** Through a transaction-mode pooler (nothing here outlives a transaction; statements go unnamed). */
  pooled?: boolean;
}

export interface MigrationResult {
  /** The files applied by this call, in order (none when another instance applied them first). */
  applied: string[];
}

/** migration_id and name as postgres-shift wrote them: the number, and the file name after it with `-` as spaces. */
function bookkeepingOf(file: string): { id: number; name: string } {
  return { id: Number(file.slice(0, 5)), name: file.slice(6).replace(/-/g, " ") };
}

function checkNumbering(migrations: Migration[]): void {
  migrations.forEach(({ file }, i) => {
    if (!/^\d{5}_/.test(file)) throw new Error(`migration ${file} is not named <5 digits>_<name>.sql`);
    if (bookkeepingOf(file).id !== i + 1)
      throw new Error(`migrations are not numbered 1, 2, 3 … without gaps at ${file}`);
  });
}

// The table postgres-shift creates, column for column.
const CREATE_TABLE = `create table if not exists migrations (
  migration_id serial primary key,
  created_at timestamp with time zone not null default now(),
  name text
)`;

export async function migrate(databaseUrl: string, options: MigrateOptions = {}): Promise<MigrationResult> {
  const migrations = options.migrations ?? embeddedMigrations();
  checkNumbering(migrations);
  const client = createClient(databaseUrl, { applicationName: "svc-migrate", pooled: options.pooled });
  // A connection lost between queries is reported as an event; the failing query reports it to the caller.
  client.on("error", () => {});
  await client.connect();
  const applied: string[] = [];
  try {
    for (;;) {
      const file = await applyNext(client, migrations, options);
      if (!file) break;
      applied.push(file);
    }
  } finally {
    await client.end().catch(() => {});
  }
  return { applied };
}

/** One transaction: lock, find the next migration, apply and record it. Returns its file, or undefined when none is left. */
async function applyNext(
  client: pg.Client,
  migrations: Migration[],
  { onProgress, stillRunningEveryMs = 10_000 }: MigrateOptions,
): Promise<string | undefined> {
  await client.query("begin");
  try {
    await client.query("select pg_advisory_xact_lock($1::bigint)", [MIGRATION_LOCK_KEY]);
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{ id: number | null }>("select max(migration_id) as id from migrations");
    const current = rows[0]?.id ?? 0;
    // A database a newer version migrated further has nothing for this one to do (as with postgres-shift).
    const next = migrations[current];
    if (!next) {
      await client.query("commit");
      return undefined;
    }
    const started = Date.now();
    onProgress?.({ phase: "start", migration: next.file, index: current + 1, total: migrations.length });
    const ticker = onProgress
      ? setInterval(
          () => onProgress({ phase: "running", migration: next.file, elapsedMs: Date.now() - started }),
          stillRunningEveryMs,
        )
      : undefined;
    try {
      // A migration file may hold several statements: sent without parameters, it runs as one simple query.
      await client.query(next.sql);
    } finally {
      clearInterval(ticker);
    }
    const { id, name } = bookkeepingOf(next.file);
    await client.query("insert into migrations (migration_id, name) values ($1, $2)", [id, name]);
    await client.query("commit");
    onProgress?.({ phase: "done", migration: next.file, elapsedMs: Date.now() - started });
    return next.file;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  }
}
