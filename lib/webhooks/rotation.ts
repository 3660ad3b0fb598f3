// Secret rotation with an overlap window: the new secret and Ed25519 key sign every delivery at once, and the
// material they replace keeps signing beside them until the window ends, when it is destroyed.
import type { AppContext } from "../app/context.ts";
import type { Db } from "../db/pool.ts";
import { withTransaction } from "../db/pool.ts";
import { invalid, notFound } from "../errors.ts";
import { presentWebhook, type Webhook } from "./record.ts";
import { checkSigningSecret, generateEd25519Keypair, generateSigningSecret, secretContext } from "./secrets.ts";
import { readWebhook } from "./webhooks.ts";

type Deps = Pick<AppContext, "db" | "keyring">;

export const DEFAULT_GRACE_SECONDS = 86_400;
export const MAX_GRACE_SECONDS = 7 * 86_400;

export interface RotationResult {
  webhook: Webhook;
  /** When the replaced secret and key stop signing and are destroyed; null when grace_seconds was 0. */
  previousExpiresAt: Date | null;
}

/**
 * Replaces the webhook's signing secret (the caller's, or a new one) and its Ed25519 keypair. With a grace window
 * the replaced pair keeps signing until it ends; a rotation inside a running window replaces that window's old pair,
 * so at most two pairs ever sign. `graceSeconds` 0 replaces at once.
 */
export async function rotateWebhookSecret(
  deps: Deps,
  consumer: string,
  id: string,
  options: { secret?: string; graceSeconds?: number },
): Promise<RotationResult> {
  const graceSeconds = options.graceSeconds ?? DEFAULT_GRACE_SECONDS;
  if (!Number.isInteger(graceSeconds) || graceSeconds < 0 || graceSeconds > MAX_GRACE_SECONDS) {
    throw invalid(`grace_seconds must be a whole number from 0 to ${MAX_GRACE_SECONDS} (7 days)`);
  }
  const secret = options.secret || generateSigningSecret();
  checkSigningSecret(secret);
  const keys = generateEd25519Keypair();

  const previousExpiresAt = await withTransaction(deps.db, async (tx) => {
    const { rows } = await tx.query<{ previous_expires_at: Date | null }>(
      `update webhooks
          set previous_signing_secret = case when $3 > 0 then signing_secret end,
              previous_signing_key = case when $3 > 0 then signing_key end,
              previous_expires_at = case when $3 > 0 then now() + make_interval(secs => $3) end,
              signing_secret = $4, signing_key = $5, signing_public_key = $6, updated_at = now()
        where id = $1 and namespace = $2
        returning previous_expires_at`,
      [
        id,
        consumer,
        graceSeconds,
        deps.keyring.encrypt(secret, secretContext.signingSecret(id)),
        deps.keyring.encrypt(keys.seed, secretContext.signingKey(id)),
        keys.publicKey,
      ],
    );
    if (!rows[0]) throw notFound(`webhook ${id} not found in namespace "${consumer}"`);
    await tx.query(
      "insert into webhook_audit (webhook_id, namespace, action, reason) values ($1, $2, 'secret_rotated', $3)",
      [id, consumer, `grace ${graceSeconds}s`],
    );
    return rows[0].previous_expires_at;
  });
  return {
    webhook: presentWebhook(await readWebhook(deps.db, consumer, id), deps.keyring, secret),
    previousExpiresAt,
  };
}

/**
 * Destroys signing material whose overlap window has ended (the ciphertexts are deleted, not merely unused), and
 * bumps updated_at so every worker's cached copy reloads without it.
 */
export async function destroyExpiredSecrets(db: Db, batchSize = 1_000): Promise<{ destroyed: number }> {
  const { rowCount } = await db.query({
    name: "webhooks.destroyExpiredSecrets",
    text: `update webhooks
              set previous_signing_secret = null, previous_signing_key = null, previous_expires_at = null, updated_at = now()
            where id in (select id from webhooks where previous_expires_at <= now() order by previous_expires_at limit $1)`,
    values: [batchSize],
  });
  return { destroyed: rowCount ?? 0 };
}
