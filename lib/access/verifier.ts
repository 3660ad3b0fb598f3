// Token verification with the spec's cache rules: successful lookups are kept 30 s (revocation on this instance
// drops them at once), and last_used_at is written at most once a minute per token, in the background.
import type { TokenPrincipal } from "./principal.ts";
import type { Db } from "../db/pool.ts";
import { isConnectionError } from "../db/pool.ts";
import { AppError } from "../errors.ts";
import type { Logger } from "../log.ts";
import { sha256 } from "./credentials.ts";
import { findTokenByHash, TOKEN_PREFIX } from "./tokens.ts";
import { unauthenticated } from "./errors.ts";

const CACHE_MS = 30_000;
const LAST_USED_EVERY_MS = 60_000;
const LAST_USED_FLUSH_MS = 5_000;

export class TokenVerifier {
  readonly #cache = new Map<string, { principal: TokenPrincipal; expiresAt: number | null; cachedAt: number }>();
  readonly #lastWritten = new Map<string, number>();
  readonly #dueLastUsed = new Set<string>();
  readonly #timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
  ) {
    this.#timer = setInterval(() => void this.flushLastUsed(), LAST_USED_FLUSH_MS);
    this.#timer.unref();
  }

  async verify(secret: string): Promise<TokenPrincipal> {
    if (!secret.startsWith(TOKEN_PREFIX)) throw unauthenticated("invalid", "the credential is not valid");
    const key = sha256(secret).toString("base64");
    const now = Date.now();
    const hit = this.#cache.get(key);
    if (hit && now - hit.cachedAt < CACHE_MS && (hit.expiresAt === null || hit.expiresAt > now)) {
      this.#touch(hit.principal.tokenId, now);
      return hit.principal;
    }
    let record: Awaited<ReturnType<typeof findTokenByHash>>;
    try {
      record = await findTokenByHash(this.db, sha256(secret));
    } catch (err) {
      if (isConnectionError(err)) {
        throw new AppError("unavailable", "the token store cannot be reached; retry shortly", {
          headers: { "retry-after": "5" },
        });
      }
      throw err;
    }
    if (!record) throw unauthenticated("invalid", "the token is not valid");
    if (record.revokedAt) throw unauthenticated("revoked", "the token was revoked");
    if (record.expiresAt && record.expiresAt.getTime() <= now)
      throw unauthenticated("expired", "the token has expired");
    const principal: TokenPrincipal = {
      kind: "token",
      tokenId: record.id,
      name: record.name,
      consumer: record.consumer,
    };
    if (this.#cache.size > 50_000) this.#cache.clear();
    this.#cache.set(key, { principal, expiresAt: record.expiresAt?.getTime() ?? null, cachedAt: now });
    this.#touch(record.id, now);
    return principal;
  }

  /** A token revoked through this instance stops working here at once. */
  forget(tokenId: string): void {
    for (const [key, entry] of this.#cache) if (entry.principal.tokenId === tokenId) this.#cache.delete(key);
  }

  #touch(tokenId: string, now: number): void {
    if (now - (this.#lastWritten.get(tokenId) ?? 0) >= LAST_USED_EVERY_MS) {
      this.#lastWritten.set(tokenId, now);
      this.#dueLastUsed.add(tokenId);
    }
  }

  async flushLastUsed(): Promise<void> {
    if (!this.#dueLastUsed.size) return;
    const ids = [...this.#dueLastUsed];
    this.#dueLastUsed.clear();
    try {
      await this.db.query({
        name: "tokens.lastUsed",
        text: "update access_tokens set last_used_at = now() where id = any($1::uuid[])",
        values: [ids],
      });
    } catch (err) {
      this.log.warn("could not record token use", { error: (err as Error).message });
    }
  }

  close(): void {
    clearInterval(this.#timer);
  }
}
