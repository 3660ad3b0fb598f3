// `svc invite <name>`: create an invite link without an API call (bootstrapping the first operator).
import { createInvite } from "../access/invites.ts";
import { parseDurationMs } from "../duration.ts";
import { EXIT, UsageError, withCliContext } from "./context.ts";

export function invite(
  env: NodeJS.ProcessEnv,
  name: string | undefined,
  opts: { ttl?: string; "ui-url"?: string; consumer?: string; json?: boolean },
): Promise<number> {
  return withCliContext(env, async ({ config, db }) => {
    if (!name) throw new UsageError("give the invite a name: svc invite <name>");
    let ttlSeconds: number | undefined;
    if (opts.ttl) {
      const ms = parseDurationMs(opts.ttl);
      if (ms === undefined || ms <= 0) throw new UsageError(`--ttl "${opts.ttl}" is not a duration (e.g. 24h, 7d)`);
      ttlSeconds = Math.round(ms / 1000);
    }
    const base = (opts["ui-url"] ?? config.publicUrl?.href ?? `http://localhost:${env.PORT ?? 8080}`).replace(
      /\/+$/,
      "",
    );
    if (!/^https?:\/\//.test(base)) throw new UsageError("--ui-url must be an http(s) URL");
    const created = await createInvite(db, { name, ttlSeconds, consumer: opts.consumer || undefined });
    const link = base + created.path;
    if (opts.json) process.stdout.write(JSON.stringify({ ...created, link }) + "\n");
    else {
      process.stdout.write(`${link}\n`);
      process.stderr.write(
        `invite ${created.id} "${created.name}"` +
          `${created.consumer ? ` for consumer ${created.consumer}` : " (full access)"}` +
          `, works once, expires ${created.expires_at}.\n`,
      );
    }
    return EXIT.ok;
  });
}
