// `svc migrate`: applies pending migrations (safe beside running or starting instances), one line per step.
import { migrate, type MigrationProgress } from "../db/migrate.ts";

function progressLine(p: MigrationProgress): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  if (p.phase === "start") return `applying ${p.migration} (${p.index} of ${p.total})\n`;
  if (p.phase === "running") return `  still applying ${p.migration}: ${seconds(p.elapsedMs)}\n`;
  return `  applied ${p.migration} in ${seconds(p.elapsedMs)}\n`;
}

export async function migrateCommand(env: Record<string, string | undefined>): Promise<number> {
  const url = env.DATABASE_URL?.trim();
  if (!url) {
    process.stderr.write("svc: configuration error: DATABASE_URL is required: set a PostgreSQL connection string\n");
    return 78;
  }
  try {
    const { applied } = await migrate(url, { onProgress: (p) => process.stdout.write(progressLine(p)) });
    process.stdout.write(applied.length ? `applied ${applied.length} migration(s)\n` : "database is up to date\n");
    return 0;
  } catch (err) {
    process.stderr.write(`svc: migration failed: ${(err as Error).message}\n`);
    return 1;
  }
}
