// Expired and revoked tokens, and used, cancelled or expired invites, stay listed for 7 days; then they go.
import type { Db } from "../db/pool.ts";

export async function purgeOldCredentials(db: Db): Promise<{ tokens: number; invites: number }> {
  const tokens = await db.query(
    `delete from access_tokens where revoked_at < now() - interval '7 days' or expires_at < now() - interval '7 days'`,
  );
  const invites = await db.query(
    `delete from invites where redeemed_at < now() - interval '7 days' or cancelled_at < now() - interval '7 days' or expires_at < now() - interval '7 days'`,
  );
  return { tokens: tokens.rowCount ?? 0, invites: invites.rowCount ?? 0 };
}
