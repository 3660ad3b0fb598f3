// `svc migrate`: applies pending migrations under the same advisory lock the server takes.
import { migrate } from "../db/migrate.ts";

export async function migrateCommand(env: Record<string, string | undefined>): Promise<number> {
  const url = env.DATABASE_URL?.trim();
  if (!url) {
    process.stderr.write("svc: configuration error: DATABASE_URL is required: set a PostgreSQL connection string\n");
    return 78;
  }
  try {
    const { applied } = await migrate(url);
    process.stdout.write(
      applied.length ? `applied ${applied.length} migration(s): ${applied.join(", ")}\n` : "database is up to date\n",
    );
    return 0;
  } catch (err) {
    process.stderr.write(`svc: migration failed: ${(err as Error).message}\n`);
    return 1;
  }
}
