// Group commit for pushes: pushes that arrive while an insert is running wait and go into the next one, so under
// load one statement (and one NOTIFY) carries hundreds of events, and under no load a push waits for nobody. On an
// instance that delivers, the same statement fans the events out and hands the deliveries to its worker.
import type { Db } from "../db/pool.ts";
import { readFanOut } from "../fanout/fanout.ts";
import {
  insertAndFanOut,
  insertAndFanOutKeyed,
  insertAndQueue,
  insertAndQueueKeyed,
  type FanOutSummary,
  type PushSummary,
} from "../fanout/sql/fan-out.ts";
import { run } from "../deliveries/sql/statement.ts";
import { fanOutSpan } from "../fanout/span.ts";
import type { Claimed, EventData, HandOffPoint, PreClaim } from "../deliveries/stages.ts";
import type { Signals } from "../signals/signals.ts";
import { withCounterShard } from "../stats/counters.ts";
import type { Tracing } from "../telemetry/tracing.ts";
import type { Inserted, NewEvent } from "./new-event.ts";

interface Pending {
  event: NewEvent;
  resolve(result: Inserted): void;
  reject(err: unknown): void;
}

const MAX_BATCH = 500;
const MAX_IN_FLIGHT = 2;

export class EventInserter {
  #waiting: Pending[] = [];
  #inFlight = 0;
  #scheduled = false;

  /**
   * While this instance's delivery worker runs (it has opened `handOff`), pushes are fanned out by their own
   * statement and the deliveries born claimed handed to it (one statement and one commit less per event, no
   * wake-up between push and delivery); otherwise they are queued for the fan-out worker of any instance.
   */
  constructor(
    private readonly db: Db,
    private readonly deps: { signals: Signals; tracing: Tracing; handOff: HandOffPoint },
  ) {}

  insert(event: NewEvent): Promise<Inserted> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ event, resolve, reject });
      this.#pump();
    });
  }

  #pump(): void {
    if (this.#scheduled || this.#inFlight >= MAX_IN_FLIGHT || this.#waiting.length === 0) return;
    this.#scheduled = true;
    // Let the pushes of this turn of the event loop join the batch.
    setImmediate(() => {
      this.#scheduled = false;
      while (this.#inFlight < MAX_IN_FLIGHT && this.#waiting.length) {
        const batch = this.#waiting.splice(0, MAX_BATCH);
        this.#inFlight++;
        void this.#flush(batch).finally(() => {
          this.#inFlight--;
          this.#pump();
        });
      }
    });
  }

  async #flush(batch: Pending[]): Promise<void> {
    const { signals, tracing, handOff } = this.deps;
    const started = tracing.enabled ? Date.now() : 0;
    let inserted: InsertedBatch;
    try {
      // The born-claimed deliveries reach the worker before the pushes are answered.
      inserted = await handOff.run((taking) =>
        insertEvents(
          this.db,
          batch.map((p) => p.event),
          taking,
        ),
      );
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    for (const [i, p] of batch.entries()) p.resolve(inserted.results[i]!);
    if (inserted.unclaimed) signals.local("deliveries");
    if (inserted.queued) signals.local("events");
    if (inserted.deliveries && tracing.enabled) {
      const traceparents = batch.flatMap((p, i) => {
        const result = inserted.results[i]!;
        return p.event.traceparent && !result.consumerMissing && !result.duplicate ? [p.event.traceparent] : [];
      });
      fanOutSpan(
        tracing,
        started,
        {
          events: inserted.events - inserted.queued,
          deliveries: inserted.deliveries,
          handedOver: inserted.claimed.length,
        },
        traceparents,
      );
    }
  }
}

export interface InsertedBatch {
  results: Inserted[];
  /** Events inserted (neither duplicates nor of a missing consumer). */
  events: number;
  /** Events left on the fan-out queue. */
  queued: number;
  /** Deliveries the statement created, those born claimed for `fanOut`'s worker, and whether others wait for a claim. */
  deliveries: number;
  claimed: Claimed[];
  /** The events of `claimed`, their payloads as PostgreSQL stores them (jsonb's own spacing and key order). */
  claimedEvents: Map<string, EventData>;
  unclaimed: boolean;
}

/**
 * Inserts a batch in one statement; an idempotency key that exists already yields the first event's id. With
 * `fanOut` (this instance delivers) the statement also fans the events out, born claimed within `fanOut`'s room;
 * without it, or for an event with more than INLINE_FAN_OUT_MAX matches, the event is queued for the fan-out worker.
 */
export async function insertEvents(
  db: Db,
  events: NewEvent[],
  fanOut?: { preClaim: PreClaim | undefined },
): Promise<InsertedBatch> {
  // Idempotency keys take two inserts more to set up: only a batch with one gets them.
  const keyed = events.some((e) => e.idempotencyKey !== null);
  const rows = fanOut
    ? await withCounterShard((shard) =>
        run(db, keyed ? insertAndFanOutKeyed : insertAndFanOut, { events, shard, preClaim: fanOut.preClaim }),
      )
    : await run(db, keyed ? insertAndQueueKeyed : insertAndQueue, { events });
  const fanned = readFanOut<PushSummary & Partial<FanOutSummary>>(rows);
  const inserted = new Set<string>(fanned.summary.ids);
  const missing = events.filter((e) => !inserted.has(e.id));
  const existing = new Map<string, string>();
  const knownConsumers = new Set<string>();
  if (missing.length) {
    const known = await db.query({
      name: "events.namespacesExist",
      text: "select name from namespaces where name = any($1::text[])",
      values: [[...new Set(missing.map((e) => e.consumer))]],
    });
    for (const r of known.rows) knownConsumers.add(r.name);
    const found = await db.query({
      name: "events.byIdempotencyKey",
      text: `select e.event_id as id, e.namespace, e.idempotency_key from event_keys e
              join unnest($1::text[], $2::text[]) as k(namespace, idempotency_key) using (namespace, idempotency_key)`,
      values: [missing.map((e) => e.consumer), missing.map((e) => e.idempotencyKey)],
    });
    for (const r of found.rows) existing.set(`${r.namespace}\u0000${r.idempotency_key}`, r.id);
  }
  const results = events.map((e): Inserted => {
    if (inserted.has(e.id)) return { eventId: e.id, duplicate: false };
    if (!knownConsumers.has(e.consumer)) return { consumerMissing: true };
    const id = existing.get(`${e.consumer}\u0000${e.idempotencyKey}`);
    if (!id) throw new Error("an event with this idempotency key vanished while it was being pushed");
    return { eventId: id, duplicate: true };
  });
  const { queued, deliveries = 0, woke = 0 } = fanned.summary;
  return {
    results,
    events: inserted.size,
    queued,
    deliveries,
    claimed: fanned.claimed,
    claimedEvents: fanned.claimedEvents,
    unclaimed: woke > 0,
  };
}
