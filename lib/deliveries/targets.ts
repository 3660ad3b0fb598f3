// What the worker needs about webhooks and subscriptions, cached in process and refreshed when the claim reports
// a newer updated_at. Secrets are decrypted once per version; a value that cannot be decrypted is remembered as
// such so sending fails closed.
import type { Keyring } from "../crypto/keyring.ts";
import type { Db } from "../db/pool.ts";
import { httpConfigFromRow, type HttpConfig } from "../webhooks/http-config.ts";
import { secretContext } from "../webhooks/secrets.ts";
import type { OnTransformError } from "../subscriptions/row.ts";
import { ed25519KeyFromSeed, hmacKeyFromSecret, type Signer } from "./signing.ts";
import { loadClaimedEvents } from "./sql/load-claimed-events.ts";
import {
  loadSubscriptionTargets,
  loadWebhookTargets,
  type SubscriptionTargetRow,
  type WebhookTargetRow,
} from "./sql/load-targets.ts";
import { run } from "./sql/statement.ts";
import type { EventData } from "./stages.ts";

export interface Target {
  version: number;
  id: string;
  consumer: string;
  url: string;
  headers: Record<string, string>;
  secretHeaders: Record<string, string>;
  signer: Signer;
  /** Why signing material or secret headers could not be decrypted; sending must not happen. */
  secretError: string | null;
  config: HttpConfig;
  /** Set for a listen session's webhook: deliveries go over the session's stream, not to `url` (lib/listen). */
  listenSessionId: string | null;
}

export interface SubscriptionTarget {
  version: number;
  id: string;
  headers: Record<string, string>;
  method: string;
  timeoutSeconds: number;
  transformEnabled: boolean;
  transformTemplate: string;
  onTransformError: OnTransformError;
  strictMissingKeys: boolean;
}

const MAX_ENTRIES = 20_000;

function loadTarget(r: WebhookTargetRow, keyring: Keyring): Target {
  let secretError: string | null = null;
  const signer: Signer = { hmacKey: null, ed25519: null };
  let secretHeaders: Record<string, string> = {};
  try {
    if (r.signing_secret)
      signer.hmacKey = hmacKeyFromSecret(keyring.decryptString(r.signing_secret, secretContext.signingSecret(r.id)));
    signer.ed25519 = ed25519KeyFromSeed(keyring.decrypt(r.signing_key, secretContext.signingKey(r.id)));
    if (r.previous_until_ms !== null) {
      signer.previous = {
        hmacKey: r.previous_signing_secret
          ? hmacKeyFromSecret(keyring.decryptString(r.previous_signing_secret, secretContext.signingSecret(r.id)))
          : null,
        ed25519: r.previous_signing_key
          ? ed25519KeyFromSeed(keyring.decrypt(r.previous_signing_key, secretContext.signingKey(r.id)))
          : null,
        untilMs: Number(r.previous_until_ms),
      };
    }
    if (r.secret_headers)
      secretHeaders = JSON.parse(keyring.decryptString(r.secret_headers, secretContext.secretHeaders(r.id)));
  } catch (err) {
    secretError = `webhook secrets cannot be decrypted (${(err as Error).message}); nothing is sent unsigned`;
  }
  return {
    version: Number(r.version),
    id: r.id,
    consumer: r.namespace,
    url: r.url,
    headers: r.headers,
    secretHeaders,
    signer,
    secretError,
    config: httpConfigFromRow(r),
    listenSessionId: r.listen_session_id,
  };
}

const loadSubscription = (r: SubscriptionTargetRow): SubscriptionTarget => ({
  version: Number(r.version),
  id: r.id,
  headers: r.headers,
  method: r.method,
  timeoutSeconds: r.timeout_seconds,
  transformEnabled: r.transform_enabled,
  transformTemplate: r.transform_template,
  onTransformError: r.on_transform_error,
  strictMissingKeys: r.strict_missing_keys,
});

export class TargetCache {
  readonly #webhooks = new Map<string, Target>();
  readonly #subscriptions = new Map<string, SubscriptionTarget>();

  constructor(
    private readonly db: Db,
    private readonly keyring: Keyring,
  ) {}

  /** Webhooks by id at the given versions (null version = deleted, left out). */
  async webhooks(wanted: Map<string, number | null>): Promise<Map<string, Target>> {
    const stale = [...wanted]
      .filter(([id, v]) => v !== null && this.#webhooks.get(id)?.version !== v)
      .map(([id]) => id);
    if (stale.length) {
      const rows = await run(this.db, loadWebhookTargets, stale);
      if (this.#webhooks.size > MAX_ENTRIES) this.#webhooks.clear();
      for (const r of rows) this.#webhooks.set(r.id, loadTarget(r, this.keyring));
    }
    const out = new Map<string, Target>();
    for (const [id, v] of wanted) {
      const t = this.#webhooks.get(id);
      if (v !== null && t) out.set(id, t);
    }
    return out;
  }

  async subscriptions(wanted: Map<string, number | null>): Promise<Map<string, SubscriptionTarget>> {
    const stale = [...wanted]
      .filter(([id, v]) => v !== null && this.#subscriptions.get(id)?.version !== v)
      .map(([id]) => id);
    if (stale.length) {
      const rows = await run(this.db, loadSubscriptionTargets, stale);
      if (this.#subscriptions.size > MAX_ENTRIES) this.#subscriptions.clear();
      for (const r of rows) this.#subscriptions.set(r.id, loadSubscription(r));
    }
    const out = new Map<string, SubscriptionTarget>();
    for (const [id, v] of wanted) {
      const s = this.#subscriptions.get(id);
      if (v !== null && s) out.set(id, s);
    }
    return out;
  }
}

/** The events of a claimed batch, each read once however many deliveries share it. */
export async function loadEvents(db: Db, ids: string[]): Promise<Map<string, EventData>> {
  const rows = await run(db, loadClaimedEvents, ids);
  return new Map(
    rows.map((r) => [
      r.id,
      { id: r.id, eventName: r.event_name, payloadJson: r.payload_json, traceparent: r.traceparent },
    ]),
  );
}
