// Group commit for pushes: pushes that arrive while an insert is running wait and go into the next one, so under
// load one statement (and one NOTIFY) carries hundreds of events, and under no load a push waits for nobody.
import type { Db } from "../db/pool.ts";
import { enqueueFanOutSql } from "../fanout/fanout.ts";
import { notifySql } from "../queue/signals.ts";

export interface NewEvent {
  id: string;
  namespace: string;
  eventName: string;
  eventVersion: number | null;
  payloadJson: string;
  metadata: Record<string, string>;
  labels: Record<string, string>;
  idempotencyKey: string | null;
  schemaValid: boolean;
  warnings: string[];
  ttlSeconds: number;
  /** The push's W3C traceparent (null without tracing): fan-out and attempts continue its trace. */
  traceparent?: string | null;
}

export type Inserted = { eventId: string; duplicate: boolean; namespaceMissing?: false } | { namespaceMissing: true };

interface Pending {
  event: NewEvent;
  resolve(result: Inserted): void;
  reject(err: unknown): void;
}

const MAX_BATCH = 500;
const MAX_IN_FLIGHT = 2;

export class EventInserter {
  #queue: Pending[] = [];
  #inFlight = 0;
  #scheduled = false;

  constructor(
    private readonly db: Db,
    private readonly onInserted: () => void,
  ) {}

  insert(event: NewEvent): Promise<Inserted> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ event, resolve, reject });
      this.#pump();
    });
  }

  #pump(): void {
    if (this.#scheduled || this.#inFlight >= MAX_IN_FLIGHT || this.#queue.length === 0) return;
    this.#scheduled = true;
    // Let the pushes of this turn of the event loop join the batch.
    setImmediate(() => {
      this.#scheduled = false;
      while (this.#inFlight < MAX_IN_FLIGHT && this.#queue.length) {
        const batch = this.#queue.splice(0, MAX_BATCH);
        this.#inFlight++;
        this.#flush(batch).finally(() => {
          this.#inFlight--;
          this.#pump();
        });
      }
    });
  }

  async #flush(batch: Pending[]): Promise<void> {
    try {
      const results = await insertEvents(this.db, batch.map((p) => p.event));
      batch.forEach((p, i) => p.resolve(results[i]!));
      if (results.some((r) => !r.namespaceMissing && !r.duplicate)) this.onInserted();
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
  }
}

/**
 * The insert of the events of `input`, for a condition to be added. Events without an idempotency key are inserted
 * apart from those with one: ON CONFLICT makes every row a speculative insertion, confirmed by a WAL record of its
 * own (48 bytes an event), and a key-less event cannot conflict.
 */
const INSERT_EVENTS = `insert into events (id, namespace, event_name, event_version, payload, metadata, labels, idempotency_key, schema_valid, warnings, expires_at, traceparent, fanned_out_at)
             select id, namespace, event_name, event_version, payload::jsonb, metadata, labels, idempotency_key, schema_valid, warnings,
                    case when ttl_seconds > 0 then now() + make_interval(secs => ttl_seconds) end, traceparent, now()
               from input
              -- The namespace is checked by the write itself: one deleted a moment ago, by any instance, takes nothing.
              where exists (select 1 from namespaces n where n.name = input.namespace)`;

/** Inserts a batch in one statement; an idempotency key that exists already yields the first event's id. */
export async function insertEvents(db: Db, events: NewEvent[]): Promise<Inserted[]> {
  // One JSON parameter: payloads travel as JSON strings, escaped natively instead of by pg's array encoder.
  const rows = events.map((e) => ({
    id: e.id, namespace: e.namespace, event_name: e.eventName, event_version: e.eventVersion, payload: e.payloadJson,
    metadata: e.metadata, labels: e.labels, idempotency_key: e.idempotencyKey, schema_valid: e.schemaValid, warnings: e.warnings, ttl_seconds: e.ttlSeconds,
    traceparent: e.traceparent ?? null,
  }));
  const { rows: insertedRows } = await db.query({
    name: "events.insertBatch",
    text: `with input as (
             select * from json_to_recordset($1::json)
               as i(id uuid, namespace text, event_name text, event_version int, payload text, metadata jsonb, labels jsonb, idempotency_key text, schema_valid bool, warnings jsonb, ttl_seconds int, traceparent text)
           ), fresh as (
             ${INSERT_EVENTS} and idempotency_key is null
             returning id
           ), keyed as (
             ${INSERT_EVENTS} and idempotency_key is not null
             on conflict (namespace, idempotency_key) where idempotency_key is not null do nothing
             returning id
           ), inserted as (
             select id from fresh union all select id from keyed
           ), queued as (
             ${enqueueFanOutSql("inserted")}
           ), wake as (${notifySql("events")})
           select id from inserted, wake`,
    values: [JSON.stringify(rows)],
  });
  const inserted = new Set(insertedRows.map((r) => r.id as string));
  const missing = events.filter((e) => !inserted.has(e.id));
  const existing = new Map<string, string>();
  const knownNamespaces = new Set<string>();
  if (missing.length) {
    const known = await db.query({ name: "events.namespacesExist", text: "select name from namespaces where name = any($1::text[])", values: [[...new Set(missing.map((e) => e.namespace))]] });
    for (const r of known.rows) knownNamespaces.add(r.name);
    const found = await db.query({
      name: "events.byIdempotencyKey",
      text: `select e.id, e.namespace, e.idempotency_key from events e
              join unnest($1::text[], $2::text[]) as k(namespace, idempotency_key) using (namespace, idempotency_key)`,
      values: [missing.map((e) => e.namespace), missing.map((e) => e.idempotencyKey)],
    });
    for (const r of found.rows) existing.set(`${r.namespace}\u0000${r.idempotency_key}`, r.id);
  }
  return events.map((e): Inserted => {
    if (inserted.has(e.id)) return { eventId: e.id, duplicate: false };
    if (!knownNamespaces.has(e.namespace)) return { namespaceMissing: true };
    const id = existing.get(`${e.namespace}\u0000${e.idempotencyKey}`);
    if (!id) throw new Error("an event with this idempotency key vanished while it was being pushed");
    return { eventId: id, duplicate: true };
  });
}
