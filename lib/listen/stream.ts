// The server-sent-events stream of a listen session. Opening it takes the session over (a resume replaces an
// older stream) and renews its lease while open; every request written for the session — by whichever instance
// claimed the delivery — is sent as an `event: delivery` with the exact method, headers and body a receiver would
// get, so the CLI verifies it with the stock Standard Webhooks verifier. Requests sent by an older stream and not
// answered are sent again (at least once).
import { randomUUID } from "node:crypto";
import type { AppContext } from "../app/context.ts";
import { AppError, notFound } from "../errors.ts";
import { endedKey, listenHub, requestKey } from "./hub.ts";
import { SESSION_LEASE_SECONDS } from "./sessions.ts";

/** Fallback look for requests when no notification came; also when a draining server lets the stream go. */
const TICK_MS = 1_000;
/** A comment line and a lease renewal this often: proxies keep the connection, the session stays alive. */
const RENEW_MS = 15_000;
const MAX_PER_READ = 100;

interface RequestRow {
  id: string;
  delivery_id: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

type Deps = Pick<AppContext, "db" | "signals" | "lifecycle" | "log">;

/** Takes the stream of a session over and returns its body; 404 when the session does not exist (or expired). */
export async function openListenStream(
  deps: Deps,
  consumer: string,
  sessionId: string,
): Promise<ReadableStream<Uint8Array>> {
  // A stopping instance sends the CLI elsewhere (its resume reaches another instance or this one restarted).
  if (deps.lifecycle.draining)
    throw new AppError("unavailable", "this instance is shutting down; resume the stream", {
      httpStatus: 503,
      headers: { "retry-after": "1" },
    });
  const token = randomUUID();
  const renewSql = `update listen_sessions s set expires_at = now() + make_interval(secs => $3)
                     where s.id = $1 and s.stream_token = $2 and exists (select 1 from webhooks w where w.id = s.webhook_id)`;
  const { rowCount } = await deps.db.query(
    `update listen_sessions s set stream_token = $3, expires_at = now() + make_interval(secs => $4)
      where s.id = $1 and s.namespace = $2 and exists (select 1 from webhooks w where w.id = s.webhook_id)`,
    [sessionId, consumer, token, SESSION_LEASE_SECONDS],
  );
  if (!rowCount)
    throw notFound(`listen session ${sessionId} not found in consumer "${consumer}" (it ended or expired)`);

  const hub = listenHub(deps.signals);
  const encoder = new TextEncoder();
  const cleanups: (() => void)[] = [];
  let closed = false;
  let reading: Promise<void> | undefined;
  let again = false;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        for (const c of cleanups) c();
        try {
          controller.close();
        } catch {
          /* already cancelled by the client */
        }
      };
      // One read at a time; a wake-up during a read folds into one more read.
      const read = () => {
        if (closed) return;
        if (reading) {
          again = true;
          return;
        }
        reading = (async () => {
          do {
            again = false;
            const { rows } = await deps.db.query<RequestRow>({
              name: "listen.stream.take",
              text: `update listen_requests r set streamed_by = $2
                       from (select id from listen_requests
                              where session_id = $1 and answered_at is null and streamed_by is distinct from $2
                              order by created_at limit $3 for update skip locked) t
                      where r.id = t.id
                  returning r.id, r.delivery_id, r.method, r.headers, r.body`,
              values: [sessionId, token, MAX_PER_READ],
            });
            for (const r of rows) {
              write(
                `id: ${r.id}\nevent: delivery\ndata: ` +
                  JSON.stringify({
                    request_id: r.id,
                    delivery_id: r.delivery_id,
                    method: r.method,
                    headers: r.headers,
                    body: r.body,
                  }) +
                  "\n\n",
              );
            }
          } while (again && !closed);
        })()
          .catch((err) =>
            deps.log.warn("listen stream could not read its requests", {
              session_id: sessionId,
              error: (err as Error).message,
            }),
          )
          .finally(() => (reading = undefined));
      };
      const renew = async () => {
        write(": keep-alive\n\n");
        try {
          const { rowCount: held } = await deps.db.query(renewSql, [sessionId, token, SESSION_LEASE_SECONDS]);
          // Another stream took the session over, or the session (or its webhook) is gone.
          if (!held) close();
        } catch (err) {
          deps.log.warn("listen stream could not renew its session", {
            session_id: sessionId,
            error: (err as Error).message,
          });
        }
      };

      cleanups.push(hub.on(requestKey(sessionId), read), hub.on(endedKey(sessionId), close));
      const tick = setInterval(() => (deps.lifecycle.draining ? close() : read()), TICK_MS);
      const renewal = setInterval(() => void renew(), RENEW_MS);
      cleanups.push(
        () => clearInterval(tick),
        () => clearInterval(renewal),
      );
      write(
        `retry: 1000\nevent: ready\ndata: ${JSON.stringify({ session_id: sessionId, lease_seconds: SESSION_LEASE_SECONDS })}\n\n`,
      );
      read();
    },
    cancel() {
      // The client went away (the server adapter cancels the body when the connection closes).
      closed = true;
      for (const c of cleanups) c();
      deps.log.debug("listen stream closed by the client", { session_id: sessionId });
    },
  });
}
