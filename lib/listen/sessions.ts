// Listen sessions: a temporary webhook whose deliveries are handed to a CLI over a stream (stream.ts) instead of
// an outbound request (transport.ts). A session lives while a stream renews its lease; Ctrl-C deletes it, and an
// abandoned one (no stream, lease run out) is removed with its webhook by a scheduled job.
import { randomUUID } from "node:crypto";
import type { AppContext } from "../app/context.ts";
import { AppError, notFound } from "../errors.ts";
import type { HttpConfigInput } from "../webhooks/http-config.ts";
import { registerWebhook, unregisterWebhook } from "../webhooks/webhooks.ts";
import { answerKey, endedKey, listenHub, notifyListenSql } from "./hub.ts";

/** How long a session outlives its last stream renewal (a resume within it keeps the session). */
export const SESSION_LEASE_SECONDS = 60;
/** Requests older than this belong to attempts that are long over (the longest request timeout is 300 s). */
const STALE_REQUEST_SECONDS = 900;

type Deps = Pick<AppContext, "db" | "keyring" | "ssrf" | "signals">;

export interface NewListenSession {
  events: string[];
  description: string;
  http_config?: HttpConfigInput;
}

export interface ListenSession {
  session_id: string;
  consumer: string;
  webhook_id: string;
  events: string[];
  /** The secret to verify deliveries with (Standard Webhooks); shown only here. */
  webhook_secret: string;
  signing_public_key: string;
  lease_seconds: number;
  stream_path: string;
}

export async function createListenSession(
  deps: Deps,
  consumer: string,
  input: NewListenSession,
): Promise<ListenSession> {
  const id = randomUUID();
  const hook = await registerWebhook(
    deps,
    consumer,
    {
      url: "",
      events: input.events,
      headers: {},
      secret_headers: {},
      timeout: 0,
      active: true,
      description: input.description || "listen session (temporary)",
      http_config: input.http_config,
    },
    { id, leaseSeconds: SESSION_LEASE_SECONDS },
  );
  return {
    session_id: id,
    consumer,
    webhook_id: hook.webhook_id,
    events: hook.events,
    webhook_secret: hook.http_config.webhook_secret,
    signing_public_key: hook.signing_public_key,
    lease_seconds: SESSION_LEASE_SECONDS,
    stream_path: `/v1/consumers/${encodeURIComponent(consumer)}/listen-sessions/${id}/stream`,
  };
}

/**
 * Ends sessions: their webhooks first (deliveries go in the background, as for any unregistered webhook), the
 * session rows last, so a failure in between leaves a session the expiry job finds and finishes again.
 */
async function endSessions(deps: Deps, ended: { id: string; namespace: string; webhook_id: string }[]): Promise<void> {
  for (const s of ended) {
    await unregisterWebhook(deps, s.namespace, s.webhook_id).catch((err) => {
      if (!(err instanceof AppError && err.code === "not_found")) throw err;
    });
    await deps.db.query("delete from listen_requests where session_id = $1", [s.id]);
    await deps.db.query("delete from listen_sessions where id = $1", [s.id]);
    // The stream serving it (on any instance) closes now rather than at its next lease renewal.
    await deps.db.query(`select ${notifyListenSql("$1")}`, [endedKey(s.id)]);
    listenHub(deps.signals).local(endedKey(s.id));
  }
}

export async function deleteListenSession(deps: Deps, consumer: string, id: string): Promise<void> {
  const { rows } = await deps.db.query(
    "select id, namespace, webhook_id from listen_sessions where id = $1 and namespace = $2",
    [id, consumer],
  );
  if (!rows[0]) throw notFound(`listen session ${id} not found in consumer "${consumer}"`);
  await endSessions(deps, rows);
}

/** The scheduled job's step: sessions whose lease ran out go, with their webhooks; stale requests too. */
export async function expireListenSessions(
  deps: Deps,
  limit = 100,
): Promise<{ expired: number; stale_requests: number }> {
  const { rows } = await deps.db.query(
    "select id, namespace, webhook_id from listen_sessions where expires_at < now() order by expires_at limit $1",
    [limit],
  );
  await endSessions(deps, rows);
  const stale = await deps.db.query(
    "delete from listen_requests where created_at < now() - make_interval(secs => $1)",
    [STALE_REQUEST_SECONDS],
  );
  return { expired: rows.length, stale_requests: stale.rowCount ?? 0 };
}

export interface ListenAnswer {
  request_id: string;
  status: number;
  body: string;
}

/** The CLI's answer to one streamed request; it becomes the attempt's response on whichever instance waits for it. */
export async function answerListenRequest(
  deps: Deps,
  consumer: string,
  sessionId: string,
  answer: ListenAnswer,
): Promise<void> {
  const { rowCount } = await deps.db.query(
    `with a as (
       update listen_requests r set answer_status = $3, answer_body = $4, answered_at = now()
        where r.id = $1 and r.session_id = $2 and r.answered_at is null
          and exists (select 1 from listen_sessions s where s.id = $2 and s.namespace = $5)
       returning r.id)
     select ${notifyListenSql("'a:' || a.id::text")} from a`,
    [answer.request_id, sessionId, answer.status, answer.body, consumer],
  );
  if (!rowCount)
    throw notFound(
      `request ${answer.request_id} of listen session ${sessionId} is not waiting for an answer (answered already, timed out, or unknown)`,
    );
  listenHub(deps.signals).local(answerKey(answer.request_id));
}
