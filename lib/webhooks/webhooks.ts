// Webhooks: registration, reads, the UpdateWebhookConfig rules, pause/resume and unregistration.
import { randomUUID } from "node:crypto";
import type { AppContext } from "../app/context.ts";
import type { Tx } from "../db/pool.ts";
import { withTransaction } from "../db/pool.ts";
import { alreadyExists, invalid, notFound } from "../errors.ts";
import { healthStateSql, type HealthState } from "../health/state.ts";
import type { Page } from "../page.ts";
import { emitSystemEvents } from "../system-events/emit.ts";
import { webhookPaused, webhookResumed, type WebhookSubject } from "../system-events/events.ts";
import { completeHttpConfig, HTTP_CONFIG_COLUMNS, httpConfigValues, type HttpConfigInput } from "./http-config.ts";
import { checkHeaders } from "./headers.ts";
import { presentWebhook, toRecord, WEBHOOK_COLUMNS, WEBHOOK_FROM, type Webhook, type WebhookRecord } from "./record.ts";
import { checkSigningSecret, generateEd25519Keypair, generateSigningSecret, secretContext } from "./secrets.ts";
import { checkTarget, normaliseUrl } from "./target.ts";

type Deps = Pick<AppContext, "db" | "keyring" | "ssrf">;

export interface WebhookFields {
  url: string;
  events: string[];
  headers: Record<string, string>;
  secret_headers: Record<string, string>;
  timeout: number;
  active: boolean;
  description: string;
  http_config?: HttpConfigInput;
}

export const UPDATABLE_PATHS = [
  "url",
  "active",
  "description",
  "events",
  "headers",
  "secret_headers",
  "http_config",
  "http_config.webhook_secret",
  "timeout",
] as const;
export type UpdatePath = (typeof UPDATABLE_PATHS)[number];

const MAX_EVENTS = 500;

function checkEvents(events: string[]): string[] {
  const unique = [...new Set(events)];
  if (unique.length === 0) throw invalid("events must list at least one event name");
  if (unique.length > MAX_EVENTS) throw invalid(`events may list at most ${MAX_EVENTS} event names`);
  return unique;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === "23505";

async function insertSubscriptions(tx: Tx, consumer: string, webhookId: string, events: string[]): Promise<void> {
  if (!events.length) return;
  await tx.query(
    `insert into subscriptions (id, namespace, webhook_id, event_name)
     select gen_random_uuid(), $1, $2, e from unnest($3::text[]) as e
     on conflict (webhook_id, event_name) do nothing`,
    [consumer, webhookId, events],
  );
}

async function audit(tx: Tx, webhookId: string, consumer: string, action: string, reason = ""): Promise<void> {
  await tx.query("insert into webhook_audit (webhook_id, namespace, action, reason) values ($1, $2, $3, $4)", [
    webhookId,
    consumer,
    action,
    reason,
  ]);
}

export async function readWebhook(db: Deps["db"] | Tx, consumer: string, id: string): Promise<WebhookRecord> {
  const { rows } = await db.query({
    name: "webhooks.get",
    text: `select ${WEBHOOK_COLUMNS} from ${WEBHOOK_FROM} where w.id = $1 and w.namespace = $2`,
    values: [id, consumer],
  });
  if (!rows[0]) throw notFound(`webhook ${id} not found in namespace "${consumer}"`);
  return toRecord(rows[0]);
}

export async function getWebhook(deps: Deps, consumer: string, id: string): Promise<Webhook> {
  return presentWebhook(await readWebhook(deps.db, consumer, id), deps.keyring);
}

/**
 * A listen session's webhook (lib/listen): its deliveries go over the session's stream, never to its URL, which
 * names the session under the reserved `.invalid` domain (nothing resolves it) and skips the SSRF check.
 */
export interface ListenSessionLink {
  id: string;
  leaseSeconds: number;
}

export const listenSessionUrl = (sessionId: string) => `https://${sessionId}.listen.svc.invalid/`;

/** Registers a webhook and one subscription per listed event. The signing secret is returned in plaintext only here. */
export async function registerWebhook(
  deps: Deps,
  consumer: string,
  fields: WebhookFields,
  session?: ListenSessionLink,
): Promise<Webhook> {
  const url = normaliseUrl(session ? listenSessionUrl(session.id) : fields.url);
  const events = checkEvents(fields.events);
  checkHeaders(fields.headers, "headers");
  checkHeaders(fields.secret_headers, "secret_headers");
  const secret = fields.http_config?.webhook_secret || generateSigningSecret();
  checkSigningSecret(secret);
  const config = completeHttpConfig(fields.http_config, fields.timeout);
  if (!session) await checkTarget(deps, url);

  const id = randomUUID();
  const keys = generateEd25519Keypair();
  const secretHeaderNames = Object.keys(fields.secret_headers).sort();
  try {
    await withTransaction(deps.db, async (tx) => {
      await tx.query(INSERT_WEBHOOK, [
        id,
        consumer,
        url,
        fields.description,
        fields.active,
        fields.headers,
        secretHeaderNames.length
          ? deps.keyring.encrypt(JSON.stringify(fields.secret_headers), secretContext.secretHeaders(id))
          : null,
        secretHeaderNames,
        deps.keyring.encrypt(secret, secretContext.signingSecret(id)),
        deps.keyring.encrypt(keys.seed, secretContext.signingKey(id)),
        keys.publicKey,
        fields.timeout,
        ...httpConfigValues(config),
      ]);
      await insertSubscriptions(tx, consumer, id, events);
      if (session) {
        await tx.query(
          "insert into listen_sessions (id, namespace, webhook_id, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))",
          [session.id, consumer, id, session.leaseSeconds],
        );
      }
      await audit(tx, id, consumer, "registered");
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw alreadyExists(`a webhook with this URL is already registered in namespace "${consumer}"`);
    throw err;
  }
  return presentWebhook(await readWebhook(deps.db, consumer, id), deps.keyring, secret);
}

const INSERT_COLUMNS = [
  "id",
  "namespace",
  "url",
  "description",
  "active",
  "headers",
  "secret_headers",
  "secret_header_names",
  "signing_secret",
  "signing_key",
  "signing_public_key",
  "timeout_seconds",
  ...HTTP_CONFIG_COLUMNS,
];
const INSERT_WEBHOOK = `insert into webhooks (${INSERT_COLUMNS.join(", ")}) values (${INSERT_COLUMNS.map((_, i) => `$${i + 1}`).join(", ")})`;

export interface WebhookFilter {
  event?: string;
  activeOnly?: boolean;
  webhookId?: string;
  health?: HealthState;
}

export async function listWebhooks(
  deps: Deps,
  consumer: string | undefined,
  filter: WebhookFilter,
  page: Page,
): Promise<{ webhooks: Webhook[]; total: number }> {
  const where = `($1::text is null or w.namespace = $1)
    and ($2::text is null or exists (select 1 from subscriptions s where s.webhook_id = w.id and s.event_name = $2))
    and (not $3 or w.active)
    and ($4::uuid is null or w.id = $4)
    and ($5::text is null or ${healthStateSql("h.total_deliveries", "h.successful_deliveries", "h.consecutive_failures")} = $5)`;
  const values = [
    consumer ?? null,
    filter.event ?? null,
    filter.activeOnly ?? false,
    filter.webhookId ?? null,
    filter.health ?? null,
  ];
  const [list, count] = await Promise.all([
    deps.db.query(
      `select ${WEBHOOK_COLUMNS} from ${WEBHOOK_FROM} where ${where} order by w.created_at, w.id limit $6 offset $7`,
      [...values, page.limit, page.offset],
    ),
    deps.db.query(`select count(*)::int as n from ${WEBHOOK_FROM} where ${where}`, values),
  ]);
  return { webhooks: list.rows.map((r) => presentWebhook(toRecord(r), deps.keyring)), total: count.rows[0].n };
}

/**
 * UpdateWebhookConfig: with a mask only the listed paths are written; without one (legacy) every non-zero field is.
 * The stored secret changes only when `http_config.webhook_secret` is listed (legacy: when a secret is given).
 */
export async function updateWebhook(
  deps: Deps,
  consumer: string,
  id: string,
  updates: Partial<WebhookFields>,
  mask: string[] | undefined,
): Promise<Webhook> {
  const paths = new Set<UpdatePath>();
  if (mask?.length) {
    for (const p of mask) {
      if (!(UPDATABLE_PATHS as readonly string[]).includes(p))
        throw invalid(`update_mask: "${p}" is not an updatable field (${UPDATABLE_PATHS.join(", ")})`);
      paths.add(p as UpdatePath);
    }
  } else {
    if (updates.url) paths.add("url");
    if (updates.active) paths.add("active");
    if (updates.description) paths.add("description");
    if (updates.events?.length) paths.add("events");
    if (updates.headers && Object.keys(updates.headers).length) paths.add("headers");
    if (updates.secret_headers && Object.keys(updates.secret_headers).length) paths.add("secret_headers");
    if (updates.timeout) paths.add("timeout");
    if (updates.http_config) {
      paths.add("http_config");
      if (updates.http_config.webhook_secret) paths.add("http_config.webhook_secret");
    }
  }

  const url = paths.has("url") ? normaliseUrl(updates.url ?? "") : undefined;
  const events = paths.has("events") ? checkEvents(updates.events ?? []) : undefined;
  if (paths.has("headers")) checkHeaders(updates.headers ?? {}, "headers");
  if (paths.has("secret_headers")) checkHeaders(updates.secret_headers ?? {}, "secret_headers");
  const newSecret = paths.has("http_config.webhook_secret") ? (updates.http_config?.webhook_secret ?? "") : undefined;
  if (newSecret) checkSigningSecret(newSecret);
  if (paths.has("timeout") && (updates.timeout! < 0 || updates.timeout! > 300))
    throw invalid("timeout must be between 0 and 300 seconds");
  if (url) await checkTarget(deps, url);

  try {
    await withTransaction(deps.db, async (tx) => {
      const current = await tx.query(
        "select id, timeout_seconds, url, active from webhooks where id = $1 and namespace = $2 for update",
        [id, consumer],
      );
      if (!current.rows[0]) throw notFound(`webhook ${id} not found in namespace "${consumer}"`);
      const sets: string[] = [];
      const values: unknown[] = [id];
      const set = (column: string, value: unknown) => {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      };
      if (url) set("url", url);
      if (paths.has("active")) {
        set("active", updates.active ?? false);
        set("paused_by", updates.active ? null : "manual");
      }
      if (paths.has("description")) set("description", updates.description ?? "");
      if (paths.has("headers")) set("headers", updates.headers ?? {});
      if (paths.has("timeout")) set("timeout_seconds", updates.timeout ?? 0);
      if (paths.has("secret_headers")) {
        const headers = updates.secret_headers ?? {};
        const names = Object.keys(headers).sort();
        set(
          "secret_headers",
          names.length ? deps.keyring.encrypt(JSON.stringify(headers), secretContext.secretHeaders(id)) : null,
        );
        set("secret_header_names", names);
      }
      if (paths.has("http_config")) {
        // Replaced as a whole: omitted fields return to their defaults.
        const c = completeHttpConfig(updates.http_config, updates.timeout ?? current.rows[0].timeout_seconds);
        for (const column of HTTP_CONFIG_COLUMNS) set(column, c[column]);
      }
      if (newSecret !== undefined) {
        // Immediate replace: any overlap window a rotation left ends here too.
        set("signing_secret", newSecret ? deps.keyring.encrypt(newSecret, secretContext.signingSecret(id)) : null);
        set("previous_signing_secret", null);
        set("previous_signing_key", null);
        set("previous_expires_at", null);
      }
      if (sets.length)
        await tx.query(`update webhooks set ${sets.join(", ")}, updated_at = now() where id = $1`, values);
      if (events) {
        await tx.query("delete from subscriptions where webhook_id = $1 and event_name <> all($2::text[])", [
          id,
          events,
        ]);
        await insertSubscriptions(tx, consumer, id, events);
      }
      if (paths.has("active")) {
        if (updates.active) await restartFailureClock(tx, id);
        await audit(tx, id, consumer, updates.active ? "activated" : "deactivated");
        await announceActiveChange(
          tx,
          { webhookId: id, consumer, url: url || current.rows[0].url },
          current.rows[0].active,
          updates.active ?? false,
          "",
        );
      }
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw alreadyExists(`a webhook with this URL is already registered in namespace "${consumer}"`);
    throw err;
  }
  return getWebhook(deps, consumer, id);
}

/**
 * Pause (skipped in fan-out; deliveries already queued continue) or resume; the reason is kept for audit.
 * Resuming also ends an automatic pause (its held deliveries go out again) and restarts the auto-disable clock.
 */
export async function setWebhookActive(
  deps: Deps,
  consumer: string,
  id: string,
  active: boolean,
  reason: string,
): Promise<Webhook> {
  await withTransaction(deps.db, async (tx) => {
    const { rows } = await tx.query<{ url: string; was_active: boolean }>(
      `update webhooks w set active = $3, paused_reason = $4, paused_by = $5, updated_at = now()
         from (select id, active from webhooks where id = $1 and namespace = $2 for update) before
        where w.id = before.id
        returning w.url, before.active as was_active`,
      [id, consumer, active, active ? null : reason, active ? null : "manual"],
    );
    if (!rows[0]) throw notFound(`webhook ${id} not found in namespace "${consumer}"`);
    if (active) await restartFailureClock(tx, id);
    await audit(tx, id, consumer, active ? "resumed" : "paused", reason);
    await announceActiveChange(tx, { webhookId: id, consumer, url: rows[0].url }, rows[0].was_active, active, reason);
  });
  return getWebhook(deps, consumer, id);
}

/** svc.webhook.paused / resumed when an operator changed whether the webhook is active. */
async function announceActiveChange(
  tx: Tx,
  w: WebhookSubject,
  wasActive: boolean,
  active: boolean,
  reason: string,
): Promise<void> {
  if (wasActive === active) return;
  await emitSystemEvents(tx, [active ? webhookResumed(w, "manual") : webhookPaused(w, "manual", reason)]);
}

/** A resumed webhook gets a full auto-disable period again. */
async function restartFailureClock(tx: Tx, id: string): Promise<void> {
  await tx.query("update webhook_health set failing_since = null where webhook_id = $1", [id]);
}

/**
 * Removes the webhook and its subscriptions at once. Its deliveries and attempts may be millions of rows, so they
 * are not cascaded in this transaction: a tombstone hands them to a job that deletes them in small batches.
 */
export async function unregisterWebhook(deps: Deps, consumer: string, id: string): Promise<void> {
  await withTransaction(deps.db, async (tx) => {
    const { rowCount } = await tx.query("delete from webhooks where id = $1 and namespace = $2", [id, consumer]);
    if (!rowCount) throw notFound(`webhook ${id} not found in namespace "${consumer}"`);
    await tx.query("insert into webhook_tombstones (webhook_id, namespace) values ($1, $2) on conflict do nothing", [
      id,
      consumer,
    ]);
    await tx.query("delete from webhook_health where webhook_id = $1", [id]);
    await audit(tx, id, consumer, "unregistered");
  });
}
