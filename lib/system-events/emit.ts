// Writing svc's own events: inserted into `_svc` in the caller's transaction (they happen exactly when the change
// they describe commits), then fanned out like any push. Nothing is emitted about `_svc`'s own webhooks and
// deliveries, so a failing operator webhook cannot feed itself.
import type { Db, Queryable } from "../db/pool.ts";
import { enqueueFanOutSql } from "../fanout/fanout.ts";
import { notifySql } from "../queue/signals.ts";
import { SYSTEM_EVENT_TYPES, SYSTEM_NAMESPACE, type SystemEventName } from "./catalog.ts";

export interface SystemEvent {
  name: SystemEventName;
  /** The consumer the event is about: nothing is emitted about `_svc` itself. */
  about: string;
  payload: Record<string, unknown>;
}

export async function emitSystemEvents(db: Pick<Queryable, "query">, events: SystemEvent[]): Promise<void> {
  const rows = events.filter((e) => e.about !== SYSTEM_NAMESPACE).map((e) => ({ name: e.name, payload: e.payload }));
  if (!rows.length) return;
  await db.query({
    name: "systemEvents.emit",
    text: `with inserted as (
             insert into events (id, namespace, event_name, event_version, payload, fanned_out_at)
             select gen_random_uuid(), $1, e.name, t.current_version, e.payload, now()
               from json_to_recordset($2::json) as e(name text, payload jsonb)
               left join event_types t on t.name = e.name
             returning id
           ), queued as (
             ${enqueueFanOutSql("inserted")}
           ), wake as (${notifySql("events")} where exists (select 1 from inserted))
           select count(*) from wake`,
    values: [SYSTEM_NAMESPACE, JSON.stringify(rows)],
  });
}

/**
 * At start-up: the `_svc` consumer and svc's event types with their current schemas (a changed schema becomes a
 * new version, as RegisterEvent/UpdateEvent would make it). Safe to run from any number of instances at once.
 */
export async function ensureSystemCatalog(db: Db): Promise<void> {
  await db.query("insert into namespaces (name) values ($1) on conflict do nothing", [SYSTEM_NAMESPACE]);
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
