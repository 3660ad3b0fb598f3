// Wake-ups for the workers: NOTIFY on a dedicated LISTEN connection (other instances) plus an in-process signal
// (this instance, without a database round trip). Losing a wake-up is harmless: workers also poll as a fallback.
import { EventEmitter } from "node:events";
import type pg from "pg";
import { createClient } from "../db/pool.ts";
import type { Logger } from "../log.ts";

export type Topic = "events" | "deliveries" | "batches";
const TOPICS = new Set<string>(["events", "deliveries", "batches"]);
export const CHANNEL = "svc_work";
/** Listen sessions' hand-offs between instances (lib/listen): payloads name a session or a request. */
export const LISTEN_CHANNEL = "svc_listen";

export interface Signals {
  /** Wake this instance's workers for `topic` now. */
  local(topic: Topic): void;
  on(topic: Topic, listener: () => void): void;
  off(topic: Topic, listener: () => void): void;
  /** Payloads NOTIFYed on LISTEN_CHANNEL by any instance; "*" after a reconnect (anything may have been missed). */
  onListen(listener: (payload: string) => void): void;
  offListen(listener: (payload: string) => void): void;
  close(): Promise<void>;
}

/**
 * SQL that wakes every instance's workers for a topic: a complete `select` without FROM, so a statement may put it
 * in a CTE with its own `where` (wake only when something was written). The NOTIFY fires when the statement's
 * transaction commits. Shared rather than written out in each statement because it is the one description of the
 * channel and payloads the listener (createSignals below) accepts.
 */
export const notifySql = (topic: Topic) => `select pg_notify('${CHANNEL}', '${topic}')`;

const LISTEN_EVENT = "listen";

export function createSignals(databaseUrl: string | undefined, log: Logger): Signals {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 250;

  const connect = async () => {
    if (closed || !databaseUrl) return;
    const c = createClient(databaseUrl, { applicationName: "svc-listen" });
    c.on("notification", (msg) => {
      if (msg.channel === CHANNEL && msg.payload && TOPICS.has(msg.payload)) emitter.emit(msg.payload);
      else if (msg.channel === LISTEN_CHANNEL && msg.payload) emitter.emit(LISTEN_EVENT, msg.payload);
    });
    c.on("error", (err) => {
      log.warn("work listener lost its connection; reconnecting", { error: err.message });
      c.end().catch(() => {});
      if (client === c) client = undefined;
      setTimeout(connect, retryMs).unref();
    });
    try {
      await c.connect();
      await c.query(`listen ${CHANNEL}`);
      await c.query(`listen ${LISTEN_CHANNEL}`);
      client = c;
      retryMs = 250;
      // Anything signalled while we were away is picked up now.
      for (const topic of TOPICS) emitter.emit(topic);
      emitter.emit(LISTEN_EVENT, "*");
    } catch (err) {
      c.end().catch(() => {});
      retryMs = Math.min(retryMs * 2, 5_000);
      if (!closed) setTimeout(connect, retryMs).unref();
      log.warn("work listener cannot connect; retrying", { error: (err as Error).message, retry_in_ms: retryMs });
    }
  };
  void connect();

  return {
    local: (topic) => emitter.emit(topic),
    on: (topic, listener) => emitter.on(topic, listener),
    off: (topic, listener) => emitter.off(topic, listener),
    onListen: (listener) => emitter.on(LISTEN_EVENT, listener),
    offListen: (listener) => emitter.off(LISTEN_EVENT, listener),
    async close() {
      closed = true;
      await client?.end().catch(() => {});
    },
  };
}
