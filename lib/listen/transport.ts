// The delivery engine's transport for listen sessions: the signed request an attempt would send over HTTP is
// written to listen_requests instead, the instance holding the session's stream hands it to the CLI, and the
// CLI's answer (through any instance) comes back here as the attempt's response. No outbound connection is made.
// The attempt keeps its slot, claim and lease while it waits, exactly like an HTTP request in flight; no answer
// within the request timeout is a timeout, retried as usual.
import { randomUUID } from "node:crypto";
import type { AppContext } from "../app/context.ts";
import type { OutboundRequest, SendResult } from "../deliveries/http-send.ts";
import { answerKey, endedKey, listenHub, notifyListenSql, requestKey } from "./hub.ts";

/** How often a waiting attempt looks for its answer when no notification came (a lost NOTIFY only delays). */
const POLL_MS = 1_000;

class NoAnswerError extends Error {
  // Classified like an HTTP deadline: category timeout, retried.
  readonly code = "ERR_DELIVERY_DEADLINE";
  constructor(ms: number) {
    super(`no answer from the listen session within ${ms} ms`);
  }
}

interface AnswerRow {
  answer_status: number;
  answer_body: string | null;
}

export type ListenTransport = (sessionId: string, req: OutboundRequest) => Promise<SendResult>;

export function createListenTransport(app: Pick<AppContext, "queueDb" | "signals">): ListenTransport {
  const db = app.queueDb;
  const hub = listenHub(app.signals);

  const waitForAnswer = (id: string, sessionId: string, req: OutboundRequest) =>
    new Promise<AnswerRow>((resolve, reject) => {
      let settled = false;
      const finish = (fn: () => void) => {
        if (settled) return;
        settled = true;
        off();
        offEnded();
        clearInterval(poll);
        clearTimeout(deadline);
        req.signal?.removeEventListener("abort", onStop);
        fn();
      };
      const check = () =>
        db
          .query<AnswerRow>({
            name: "listen.answer",
            text: "select answer_status, answer_body from listen_requests where id = $1 and answered_at is not null",
            values: [id],
          })
          .then(({ rows }) => rows[0] && finish(() => resolve(rows[0]!)))
          .catch(() => {});
      const off = hub.on(answerKey(id), () => void check());
      // A session that ends (Ctrl-C, expiry) answers nothing more: the slot is given up now, not at the timeout.
      const offEnded = hub.on(endedKey(sessionId), () =>
        finish(() => reject(Object.assign(new Error("the listen session ended"), { code: "ECONNRESET" }))),
      );
      const poll = setInterval(() => void check(), POLL_MS);
      const deadline = setTimeout(() => finish(() => reject(new NoAnswerError(req.timeoutMs))), req.timeoutMs);
      const onStop = () => finish(() => reject(req.signal?.reason));
      req.signal?.addEventListener("abort", onStop, { once: true });
      void check();
    });

  return async (sessionId, req) => {
    const started = performance.now();
    const id = randomUUID();
    try {
      await db.query({
        name: "listen.request",
        text: `with r as (insert into listen_requests (id, session_id, delivery_id, method, headers, body) values ($1, $2, $3, $4, $5, $6) returning session_id)
               select ${notifyListenSql("'r:' || r.session_id::text")} from r`,
        values: [id, sessionId, req.headers["x-svc-delivery-id"], req.method, req.headers, req.body],
      });
      hub.local(requestKey(sessionId));
      const answer = await waitForAnswer(id, sessionId, req);
      const body = (answer.answer_body ?? "").slice(0, req.maxResponseBytes);
      return {
        status: answer.answer_status,
        retryAfter: null,
        body,
        responseTimeMs: Math.round(performance.now() - started),
        redirects: 0,
      };
    } catch (err) {
      return {
        status: 0,
        retryAfter: null,
        body: "",
        responseTimeMs: Math.round(performance.now() - started),
        error: err,
        redirects: 0,
      };
    } finally {
      // The request lives only while its attempt runs: a late answer finds nothing and is refused.
      await db
        .query({ name: "listen.request.done", text: "delete from listen_requests where id = $1", values: [id] })
        .catch(() => {});
    }
  };
}
