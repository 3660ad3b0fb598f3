// Writing svc's own events: inserted into `_svc` in the caller's transaction (they happen exactly when the change
// they describe commits), then fanned out like any push. Nothing is emitted about `_svc`'s own webhooks,
// deliveries and batches, so a failing operator webhook cannot feed itself: `emitted` decides that, here, for
// every caller.
import type { Db, Queryable } from "../db/pool.ts";
import { idSql } from "../ids.ts";
import { notifySql } from "../signals/signals.ts";
import { isReservedConsumer, SYSTEM_EVENT_TYPES, SYSTEM_CONSUMER, type SystemEventName } from "./catalog.ts";

export interface SystemEvent {
  name: SystemEventName;
  /** The consumer the event is about: nothing is emitted about `_svc` itself. */
  about: string;
  payload: Record<string, unknown>;
}

/**
 * The one decision whether a system event goes out: only about a customer's consumer, never a reserved one. It is
 * judged on what the event says (its payload's `consumer`) as well as on what the caller says it is about, and an
 * event that names no consumer is not emitted: a caller's slip or a row field that came back empty must not let svc
 * report on `_svc`'s own deliveries, which an operator webhook subscribed to them would receive and fail again.
 */
const emitted = (e: SystemEvent): boolean =>
  [e.about, e.payload.consumer].every((c) => typeof c === "string" && c !== "" && !isReservedConsumer(c));

export async function emitSystemEvents(db: Pick<Queryable, "query">, events: SystemEvent[]): Promise<void> {
  const rows = events.filter(emitted).map((e) => ({ name: e.name, payload: e.payload }));
  if (!rows.length) return;
  await db.query({
    name: "systemEvents.emit",
    text: `with inserted as (
             insert into events (id, namespace, event_name, event_version, payload, fanned_out_at)
             select ${idSql()}, $1, e.name, t.current_version, e.payload, now()
               from json_to_recordset($2::json) as e(name text, payload jsonb)
               left join event_types t on t.name = e.name
             returning id
           ), queued as (
             insert into fanout_queue (event_id) select id from inserted
           ), wake as (${notifySql("events")} where exists (select 1 from inserted))
           select count(*) from wake`,
    values: [SYSTEM_CONSUMER, JSON.stringify(rows)],
  });
}

/**
 * At start-up: the `_svc` consumer and svc's event types with their current schemas (a changed schema becomes a
 * new version, as RegisterEvent/UpdateEvent would make it). Safe to run from any number of instances at once.
 */
export async function ensureSystemCatalog(db: Db): Promise<void> {
  await db.query("insert into namespaces (name) values ($1) on conflict do nothing", [SYSTEM_CONSUMER]);
  const types = Object.entries(SYSTEM_EVENT_TYPES).map(([name, t]) => ({
    name,
    description: t.description,
    schema: t.schema,
  }));
  await db.query(
    `with t as (select * from json_to_recordset($1::json) as t(name text, description text, schema jsonb)),
     created as (
       insert into event_types (name, description) select name, description from t
       on conflict (name) do update set description = excluded.description
       returning name, current_version
     ), current as (
       select c.name, c.current_version, v.schema as stored, t.schema as wanted
         from created c join t using (name) left join event_type_versions v on v.event_name = c.name and v.version = c.current_version
     ), first as (
       insert into event_type_versions (event_name, version, schema)
       select name, current_version, wanted from current where stored is null
       on conflict do nothing
     ), changed as (
       insert into event_type_versions (event_name, version, schema)
       select name, current_version + 1, wanted from current where stored is not null and stored <> wanted
       on conflict do nothing
       returning event_name, version
     )
     update event_types e set current_version = c.version, updated_at = now() from changed c where e.name = c.event_name`,
    [JSON.stringify(types)],
  );
}
