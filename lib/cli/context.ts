// What operator commands run against: the same configuration, keyring and database as the server, no HTTP.
import { ConfigError, loadConfig, type Config } from "../config.ts";
import { Keyring } from "../crypto/keyring.ts";
import { createPool, type Db } from "../db/pool.ts";
import { devEnvironment } from "../dev/instance-file.ts";
import { silentLogger } from "../log.ts";

const definedOnly = (env: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));

import { EXIT } from "./exit-codes.ts";

export { EXIT };

export class UsageError extends Error {}

export interface CliContext {
  config: Config;
  db: Db;
  keyring: Keyring;
}

export async function withCliContext(
  env: Record<string, string | undefined>,
  fn: (ctx: CliContext) => Promise<number>,
): Promise<number> {
  let config: Config;
  try {
    // In the directory of a `svc dev` run its keyring and database are the defaults; the environment wins.
    config = loadConfig({ ...devEnvironment(process.cwd()), ...definedOnly(env) }).config;
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const p of err.problems) process.stderr.write(`svc: configuration error: ${p}\n`);
      return EXIT.config;
    }
    throw err;
  }
  const db = createPool(config.databaseUrl, silentLogger, {
    max: 2,
    applicationName: "svc-cli",
    pooled: config.database.pooled,
  });
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
