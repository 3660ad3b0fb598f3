// What operator commands run against: the same configuration, keyring and database as the server, no HTTP.
import { ConfigError, loadConfig, type Config } from "../config.ts";
import { Keyring } from "../crypto/keyring.ts";
import { createPool, type Db } from "../db/pool.ts";
import { silentLogger } from "../log.ts";

/** Exit statuses scripts can rely on. */
export const EXIT = { ok: 0, failure: 1, usage: 2, notFound: 3, config: 78 } as const;

export class UsageError extends Error {}

export interface CliContext {
  config: Config;
  db: Db;
  keyring: Keyring;
}

export async function withCliContext(env: Record<string, string | undefined>, fn: (ctx: CliContext) => Promise<number>): Promise<number> {
  let config: Config;
  try {
    config = loadConfig(env).config;
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const p of err.problems) process.stderr.write(`svc: configuration error: ${p}\n`);
      return EXIT.config;
    }
    throw err;
  }
  const db = createPool(config.databaseUrl, silentLogger, { max: 2, applicationName: "svc-cli" });
  try {
    return await fn({ config, db, keyring: new Keyring(config.encryptionKeys, config.primaryKeyId) });
  } catch (err) {
    const e = err as { code?: string; message?: string; options?: { details?: unknown } };
    if (err instanceof UsageError || e.code === "invalid_argument") {
      process.stderr.write(`svc: ${e.message}\n`);
      return EXIT.usage;
    }
    if (e.code === "not_found") {
      process.stderr.write(`svc: ${e.message}\n`);
      return EXIT.notFound;
    }
    process.stderr.write(`svc: ${e.message ?? String(err)}\n`);
    return EXIT.failure;
  } finally {
    await db.end();
  }
}
