// `svc tokens create|list|revoke`: manage access tokens straight in the database, sharing lib/access with the API.
import { stringify } from "yaml";
import { listTokens, mintToken, revokeToken, type AccessToken } from "../access/tokens.ts";
import { parseDurationMs } from "../duration.ts";
import { EXIT, UsageError, withCliContext } from "./context.ts";

/** `--ttl 90d|12h|never` in seconds; `never` is undefined with neverExpires. */
export function parseTtl(ttl: string | undefined): { ttlSeconds?: number; neverExpires: boolean } {
  if (ttl === undefined || ttl === "") return { neverExpires: false };
  if (ttl === "never") return { neverExpires: true };
  const ms = parseDurationMs(ttl);
  if (ms === undefined || ms <= 0)
    throw new UsageError(`--ttl "${ttl}" is not a duration (e.g. 90d, 12h, 15m, or never)`);
  return { ttlSeconds: Math.max(1, Math.round(ms / 1000)), neverExpires: false };
}

export function tokensCreate(
  env: NodeJS.ProcessEnv,
  opts: { name?: string; consumer?: string; ttl?: string; json?: boolean; "ui-url"?: string },
): Promise<number> {
  return withCliContext(env, async ({ config, db, keyring }) => {
    if (!opts.name || typeof opts.name !== "string") throw new UsageError("--name is required");
    const base = (opts["ui-url"] ?? config.publicUrl?.href)?.replace(/\/+$/, "");
    if (base !== undefined && !/^https?:\/\//.test(base)) throw new UsageError("--ui-url must be an http(s) URL");
    const minted = await mintToken(
      db,
      keyring,
      { name: opts.name, consumer: opts.consumer || undefined, ...parseTtl(opts.ttl) },
      config.tokenDefaultTtlSeconds,
    );
    const token = base && minted.portal_path ? { ...minted, portal_url: base + minted.portal_path } : minted;
    if (opts.json) process.stdout.write(JSON.stringify(token) + "\n");
    else {
      process.stdout.write(`${token.secret}\n`);
      process.stderr.write(
        `token ${token.id} "${token.name}"${token.consumer ? ` for consumer ${token.consumer}` : " (tenant-wide)"}` +
          `, expires ${token.expires_at ?? "never"}.\n` +
          `The secret above is shown once; store it now.` +
          `${token.portal_path ? `\nPortal: ${"portal_url" in token ? token.portal_url : token.portal_path}` : ""}\n`,
      );
    }
    return EXIT.ok;
  });
}

function table(tokens: AccessToken[]): string {
  const rows = [
    ["ID", "NAME", "CONSUMER", "STATUS", "EXPIRES", "LAST USED"],
    ...tokens.map((t) => [
      t.id,
      t.name,
      t.consumer ?? "(tenant)",
      t.status,
      t.expires_at ?? "never",
      t.last_used_at ?? "-",
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return (
    rows
      .map((r) =>
        r
          .map((c, i) => c.padEnd(widths[i]!))
          .join("  ")
          .trimEnd(),
      )
      .join("\n") + "\n"
  );
}

export function tokensList(
  env: NodeJS.ProcessEnv,
  opts: { consumer?: string; all?: boolean; json?: boolean; output?: string },
): Promise<number> {
  return withCliContext(env, async ({ db }) => {
    const format = opts.json ? "json" : (opts.output ?? "table");
    if (!["table", "json", "yaml"].includes(format))
      throw new UsageError(`-o takes table, json or yaml, not "${format}"`);
    const { tokens } = await listTokens(db, {
      consumer: opts.consumer || undefined,
      includeInactive: Boolean(opts.all),
    });
    if (format === "json") process.stdout.write(JSON.stringify(tokens, null, 2) + "\n");
    else if (format === "yaml") process.stdout.write(stringify(tokens));
    else process.stdout.write(tokens.length ? table(tokens) : "no tokens\n");
    return EXIT.ok;
  });
}

export function tokensRevoke(env: NodeJS.ProcessEnv, id: string | undefined): Promise<number> {
  return withCliContext(env, async ({ db }) => {
    if (!id || !/^[0-9a-f-]{36}$/i.test(id))
      throw new UsageError("give the id of the token to revoke (svc tokens list shows them)");
    const token = await revokeToken(db, id);
    process.stdout.write(`revoked ${token.id} "${token.name}"\n`);
    return EXIT.ok;
  });
}
