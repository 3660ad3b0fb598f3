// Invites: single-use links that turn into a named token when redeemed (tenant-wide, or for one consumer).
import { randomBytes, randomUUID } from "node:crypto";
import type { Keyring } from "../crypto/keyring.ts";
import type { Db } from "../db/pool.ts";
import { withTransaction } from "../db/pool.ts";
import { AppError, invalid, notFound } from "../errors.ts";
import { ensureConsumer } from "../consumers/consumers.ts";
import { pageTotal, type Page } from "../page.ts";
import { sha256 } from "./credentials.ts";
import { mintTokenIn, type MintedToken } from "./tokens.ts";

export const INVITE_PREFIX = "svc_inv_";
const HOUR = 3600;
export const INVITE_DEFAULT_SECONDS = 24 * HOUR;
export const INVITE_MAX_SECONDS = 7 * 24 * HOUR;

export type InviteStatus = "pending" | "redeemed" | "expired" | "cancelled";

export interface Invite {
  id: string;
  name: string;
  consumer: string | null;
  status: InviteStatus;
  created_at: string;
  expires_at: string;
  redeemed_at: string | null;
  cancelled_at: string | null;
  token_id: string | null;
}

const COLUMNS = "id, name, consumer, created_at, expires_at, redeemed_at, cancelled_at, token_id";
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A row of COLUMNS. */
interface InviteRow {
  id: string;
  name: string;
  consumer: string | null;
  created_at: Date;
  expires_at: Date;
  redeemed_at: Date | null;
  cancelled_at: Date | null;
  token_id: string | null;
}

function toInvite(r: InviteRow): Invite {
  const status: InviteStatus = r.redeemed_at
    ? "redeemed"
    : r.cancelled_at
      ? "cancelled"
      : r.expires_at <= new Date()
        ? "expired"
        : "pending";
  return {
    id: r.id,
    name: r.name,
    consumer: r.consumer,
    status,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    redeemed_at: iso(r.redeemed_at),
    cancelled_at: iso(r.cancelled_at),
    token_id: r.token_id,
  };
}

/** The path to put after the UI's base URL: the secret sits in the fragment, which browsers never send. */
export const invitePath = (secret: string, consumer: string | null) => `${consumer ? "/portal" : "/"}#invite=${secret}`;

export async function createInvite(
  db: Db,
  req: { name: string; consumer?: string; ttlSeconds?: number },
): Promise<Invite & { secret: string; path: string }> {
  const ttl = req.ttlSeconds ?? INVITE_DEFAULT_SECONDS;
  if (ttl <= 0 || ttl > INVITE_MAX_SECONDS) throw invalid("invite ttl_seconds must be between 1 and 604800 (7 days)");
  const secret = INVITE_PREFIX + randomBytes(32).toString("base64url");
  return withTransaction(db, async (tx) => {
    if (req.consumer) await ensureConsumer(tx, req.consumer);
    const { rows } = await tx.query(
      `insert into invites (id, name, consumer, secret_hash, expires_at) values ($1, $2, $3, $4, now() + make_interval(secs => $5)) returning ${COLUMNS}`,
      [randomUUID(), req.name, req.consumer ?? null, sha256(secret), ttl],
    );
    return { ...toInvite(rows[0]), secret, path: invitePath(secret, req.consumer ?? null) };
  });
}

/** Newest first. */
export async function listInvites(
  db: Db,
  includeInactive: boolean,
  page: Page,
): Promise<{ invites: Invite[]; total: number }> {
  const { rows } = await db.query(
    `select ${COLUMNS}, count(*) over ()::int as total from invites
      where $1 or (redeemed_at is null and cancelled_at is null and expires_at > now())
      order by created_at desc, id
      limit $2 offset $3`,
    [includeInactive, page.limit, page.offset],
  );
  const total = await pageTotal(
    rows,
    page,
    async () => (await listInvites(db, includeInactive, { limit: 1, offset: 0 })).total,
  );
  return { invites: rows.map(toInvite), total };
}

/** Cancels a pending invite; one that is redeemed, expired or cancelled is a conflict (409). */
export async function cancelInvite(db: Db, id: string): Promise<Invite> {
  const { rows } = await db.query(
    `update invites set cancelled_at = now()
      where id = $1 and redeemed_at is null and cancelled_at is null and expires_at > now()
      returning ${COLUMNS}`,
    [id],
  );
  if (rows[0]) return toInvite(rows[0]);
  const existing = await db.query(`select ${COLUMNS} from invites where id = $1`, [id]);
  if (!existing.rows[0]) throw notFound(`invite ${id} not found`);
  throw new AppError("failed_precondition", `invite ${id} is ${toInvite(existing.rows[0]).status}, not pending`);
}

const invalidInvite = () =>
  new AppError("invalid_argument", "this invite link is unknown, expired, cancelled or already used", {
    problemCode: "invalid_invite",
  });

/**
 * Redeems an invite exactly once (the conditional update is the lock) and mints its token in the same transaction.
 * `consumerOnly` (the portal) leaves a full-access invite unused, so the link still works in the dashboard.
 */
export async function redeemInvite(
  db: Db,
  keyring: Keyring,
  secret: string,
  tenantDefaultSeconds: number,
  options: { consumerOnly?: boolean } = {},
): Promise<MintedToken> {
  if (!secret.startsWith(INVITE_PREFIX)) throw invalidInvite();
  return withTransaction(db, async (tx) => {
    const { rows } = await tx.query(
      `update invites set redeemed_at = now()
        where secret_hash = $1 and redeemed_at is null and cancelled_at is null and expires_at > now()
          and (not $2 or consumer is not null)
        returning id, name, consumer`,
      [sha256(secret), options.consumerOnly ?? false],
    );
    const invite = rows[0];
    if (!invite && options.consumerOnly) {
      const full = await tx.query(
        "select 1 from invites where secret_hash = $1 and consumer is null and redeemed_at is null and cancelled_at is null and expires_at > now()",
        [sha256(secret)],
      );
      if (full.rows[0])
        throw new AppError(
          "invalid_argument",
          "this invite gives full access: open it in the dashboard (/#invite=…), not in the portal",
          { problemCode: "invalid_invite" },
        );
    }
    if (!invite) throw invalidInvite();
    const token = await mintTokenIn(
      tx,
      keyring,
      { name: invite.name, consumer: invite.consumer ?? undefined },
      tenantDefaultSeconds,
    );
    await tx.query("update invites set token_id = $2 where id = $1", [invite.id, token.id]);
    return token;
  });
}
