// Access tokens: tenant-wide (like the master key on /v1) or consumer-scoped (the portal). Only a SHA-256 hash of
// a secret is stored, except for tokens minted with external_id, whose secret is kept envelope-encrypted so a
// repeat mint can return it.
import { randomBytes, randomUUID } from "node:crypto";
import type { Keyring } from "../crypto/keyring.ts";
import type { Db, Queryable, Tx } from "../db/pool.ts";
import { withTransaction } from "../db/pool.ts";
import { invalid, notFound } from "../errors.ts";
import { ensureConsumer } from "../consumers/consumers.ts";
import { pageTotal, type Page } from "../page.ts";
import { sha256 } from "./credentials.ts";

export const TOKEN_PREFIX = "svc_tk_";
const DAY = 86_400;
export const CONSUMER_TOKEN_DEFAULT_SECONDS = 7 * DAY;
export const CONSUMER_TOKEN_MAX_SECONDS = 30 * DAY;

export type TokenStatus = "active" | "expired" | "revoked";

export interface AccessToken {
  id: string;
  name: string;
  consumer: string | null;
  external_id: string | null;
  status: TokenStatus;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface MintedToken extends AccessToken {
  /** Shown once (or again for an external_id token while it is active). */
  secret: string;
  portal_path?: string;
  reused: boolean;
}

export interface MintRequest {
  name: string;
  consumer?: string;
  ttlSeconds?: number;
  neverExpires?: boolean;
  externalId?: string;
}

const COLUMNS = "id, name, consumer, external_id, created_at, expires_at, last_used_at, revoked_at";
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A row of COLUMNS. */
export interface TokenRow {
  id: string;
  name: string;
  consumer: string | null;
  external_id: string | null;
  created_at: Date;
  expires_at: Date | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export function toToken(r: TokenRow): AccessToken {
  const status: TokenStatus = r.revoked_at
    ? "revoked"
    : r.expires_at && r.expires_at <= new Date()
      ? "expired"
      : "active";
  return {
    id: r.id,
    name: r.name,
    consumer: r.consumer,
    external_id: r.external_id,
    status,
    created_at: r.created_at.toISOString(),
    expires_at: iso(r.expires_at),
    last_used_at: iso(r.last_used_at),
    revoked_at: iso(r.revoked_at),
  };
}

export const newTokenSecret = () => TOKEN_PREFIX + randomBytes(32).toString("base64url");
export const portalPath = (secret: string) => `/portal#token=${secret}`;
const secretContext = (tokenId: string) => `access-token:${tokenId}`;

/** Seconds until expiry for a new token (null = never), refusing lifetimes the spec does not allow. */
export function tokenLifetime(
  req: Pick<MintRequest, "consumer" | "ttlSeconds" | "neverExpires">,
  tenantDefaultSeconds: number,
): number | null {
  if (req.ttlSeconds !== undefined && req.ttlSeconds <= 0) throw invalid("ttl_seconds must be positive");
  if (req.consumer) {
    if (req.neverExpires) throw invalid("consumer tokens always expire: never_expires is for tenant-wide tokens");
    const ttl = req.ttlSeconds ?? CONSUMER_TOKEN_DEFAULT_SECONDS;
    if (ttl > CONSUMER_TOKEN_MAX_SECONDS) throw invalid("consumer tokens live at most 30 days (ttl_seconds ≤ 2592000)");
    return ttl;
  }
  if (req.neverExpires) {
    if (req.ttlSeconds !== undefined) throw invalid("give either ttl_seconds or never_expires, not both");
    return null;
  }
  return req.ttlSeconds ?? (tenantDefaultSeconds > 0 ? tenantDefaultSeconds : null);
}

async function insertToken(
  tx: Queryable,
  keyring: Keyring,
  req: MintRequest,
  ttl: number | null,
): Promise<MintedToken> {
  const id = randomUUID();
  const secret = newTokenSecret();
  const { rows } = await tx.query(
    `insert into access_tokens (id, name, consumer, external_id, secret_hash, secret_encrypted, expires_at)
     values ($1, $2, $3, $4, $5, $6, case when $7::int is null then null else now() + make_interval(secs => $7) end)
     returning ${COLUMNS}`,
    [
      id,
      req.name,
      req.consumer ?? null,
      req.externalId ?? null,
      sha256(secret),
      req.externalId ? keyring.encrypt(secret, secretContext(id)) : null,
      ttl,
    ],
  );
  return { ...toToken(rows[0]), secret, reused: false, ...(req.consumer ? { portal_path: portalPath(secret) } : {}) };
}

/**
 * Mints a token. With external_id (consumer tokens only) an active token of that consumer and external_id is
 * returned again (`reused`, name and ttl ignored); one is minted when none is active.
 */
export async function mintToken(
  db: Db,
  keyring: Keyring,
  req: MintRequest,
  tenantDefaultSeconds: number,
): Promise<MintedToken> {
  return withTransaction(db, (tx) => mintTokenIn(tx, keyring, req, tenantDefaultSeconds));
}

/** mintToken inside a transaction the caller holds (an invite's redemption). */
export async function mintTokenIn(
  tx: Tx,
  keyring: Keyring,
  req: MintRequest,
  tenantDefaultSeconds: number,
): Promise<MintedToken> {
  if (req.externalId && !req.consumer) throw invalid("external_id is only for consumer tokens");
  const ttl = tokenLifetime(req, tenantDefaultSeconds);
  if (req.consumer) await ensureConsumer(tx, req.consumer);
  if (req.externalId) {
    // Serialises concurrent mints for the same consumer and external_id: exactly one active token results.
    await tx.query("select pg_advisory_xact_lock(hashtext($1), hashtext($2))", [req.consumer, req.externalId]);
    const { rows } = await tx.query(
      `select ${COLUMNS}, secret_encrypted from access_tokens
        where consumer = $1 and external_id = $2 and revoked_at is null and (expires_at is null or expires_at > now())
        order by created_at desc limit 1`,
      [req.consumer, req.externalId],
    );
    const current = rows[0];
    if (current?.secret_encrypted) {
      const secret = keyring.decryptString(current.secret_encrypted, secretContext(current.id));
      return { ...toToken(current), secret, reused: true, portal_path: portalPath(secret) };
    }
  }
  return insertToken(tx, keyring, req, ttl);
}

/** Newest first; without a page, every token (the CLI prints them all). */
export async function listTokens(
  db: Db,
  filter: { consumer?: string; includeInactive: boolean },
  page?: Page,
): Promise<{ tokens: AccessToken[]; total: number }> {
  const { rows } = await db.query(
    `select ${COLUMNS}, count(*) over ()::int as total from access_tokens
      where ($1::text is null or consumer = $1)
        and ($2 or (revoked_at is null and (expires_at is null or expires_at > now())))
      order by created_at desc, id
      limit $3 offset $4`,
    [filter.consumer ?? null, filter.includeInactive, page?.limit ?? null, page?.offset ?? 0],
  );
  const total = page
    ? await pageTotal(rows, page, async () => (await listTokens(db, filter, { limit: 1, offset: 0 })).total)
    : rows.length;
  return { tokens: rows.map(toToken), total };
}

export async function getToken(db: Queryable, id: string): Promise<AccessToken> {
  const { rows } = await db.query(`select ${COLUMNS} from access_tokens where id = $1`, [id]);
  if (!rows[0]) throw notFound(`token ${id} not found`);
  return toToken(rows[0]);
}

/** Idempotent and irreversible; a kept secret (external_id tokens) is deleted with it. */
export async function revokeToken(db: Db, id: string): Promise<AccessToken> {
  const { rows } = await db.query(
    `update access_tokens set revoked_at = coalesce(revoked_at, now()), secret_encrypted = null where id = $1 returning ${COLUMNS}`,
    [id],
  );
  if (!rows[0]) throw notFound(`token ${id} not found`);
  return toToken(rows[0]);
}

export interface TokenRecord {
  id: string;
  name: string;
  consumer: string | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** The token with this secret's hash, whatever its state (the caller decides on expired and revoked). */
export async function findTokenByHash(db: Queryable, hash: Buffer): Promise<TokenRecord | undefined> {
  const { rows } = await db.query({
    name: "tokens.byHash",
    text: "select id, name, consumer, expires_at, revoked_at from access_tokens where secret_hash = $1",
    values: [hash],
  });
  const r = rows[0];
  return r && { id: r.id, name: r.name, consumer: r.consumer, expiresAt: r.expires_at, revokedAt: r.revoked_at };
}
