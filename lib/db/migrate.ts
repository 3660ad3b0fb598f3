// Applies pending migrations with postgres-shift, under an advisory lock so concurrent starts are safe.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import shift from "postgres-shift";

// Arbitrary constant shared by every svc instance: "svc migrate" as a 63-bit number.
const MIGRATION_LOCK_KEY = 0x7376_635f_6d69_67n;

/** The migrations folder ships beside dist/ (and sits beside lib/ in the source tree). */
export function migrationsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = join(dir, "migrations");
    if (existsSync(candidate)) return candidate;
    dir = dirname(dir);
  }
  throw new Error("migrations folder not found next to the program");
}

export interface MigrationResult {
  applied: string[];
}

export async function migrate(databaseUrl: string, path = migrationsDir()): Promise<MigrationResult> {
  // postgres-shift needs a postgres.js instance; max: 1 keeps the lock and the migrations on one session.
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  const applied: string[] = [];
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    try {
      await shift({ sql, path, after: ({ name }: { name: string }) => applied.push(name) });
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  return { applied };
}
