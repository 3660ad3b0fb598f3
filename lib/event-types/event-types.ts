// Event types: the global registry of event names, each with an optional, versioned JSON Schema.
import type { AppContext } from "../app/context.ts";
import type { Db, Queryable } from "../db/pool.ts";
import { withTransaction } from "../db/pool.ts";
import { alreadyExists, invalid, notFound } from "../errors.ts";
import { isReservedEventName } from "../system-events/catalog.ts";
import type { Page } from "../page.ts";
import { checkSchema } from "./schemas.ts";
import { samplePayload } from "./sample.ts";

export interface EventType {
  name: string;
  description: string;
  schema: object | null;
  metadata: Record<string, string>;
  active: boolean;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface EventTypeVersion {
  version: number;
  schema: object | null;
  created_at: string;
}

export interface NewEventType {
  name: string;
  description?: string;
  schema?: object | null;
  metadata?: Record<string, string>;
  active?: boolean;
}

export type EventTypeChanges = Partial<Omit<NewEventType, "name">>;

const columns = `t.name, t.description, t.metadata, t.active, t.current_version, t.created_at, t.updated_at, v.schema`;
const fromCurrent = `event_types t join event_type_versions v on v.event_name = t.name and v.version = t.current_version`;

/** A row of `columns` over `fromCurrent`. */
interface EventTypeRow {
  name: string;
  description: string;
  metadata: Record<string, string>;
  active: boolean;
  current_version: number;
  created_at: Date;
  updated_at: Date;
  schema: object | null;
}

const toEventType = (r: EventTypeRow): EventType => ({
  name: r.name,
  description: r.description,
  schema: r.schema ?? null,
  metadata: r.metadata,
  active: r.active,
  version: r.current_version,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** Writers take the app so this instance's push cache forgets the type at once (others within seconds). */
type Writer = Pick<AppContext, "db" | "events">;

/** svc registers and owns the `svc.*` types (its system events); nobody else may create, change or delete them. */
function checkNotReserved(name: string): void {
  if (isReservedEventName(name))
    throw invalid(`event type "${name}": names starting with "svc." are reserved for svc's own events`);
}

export async function registerEventType(app: Writer, input: NewEventType): Promise<EventType> {
  checkNotReserved(input.name);
  if (input.schema) checkSchema(input.schema);
  app.events.types.invalidate(input.name);
  return withTransaction(app.db, async (tx) => {
    const { rows } = await tx.query(
      `insert into event_types (name, description, metadata, active) values ($1, $2, $3, $4)
       on conflict (name) do nothing returning name`,
      [input.name, input.description ?? "", input.metadata ?? {}, input.active ?? true],
    );
    if (!rows[0]) throw alreadyExists(`event type "${input.name}" already exists`);
    await tx.query("insert into event_type_versions (event_name, version, schema) values ($1, 1, $2)", [
      input.name,
      input.schema ? JSON.stringify(input.schema) : null,
    ]);
    return getEventType(tx, input.name);
  });
}

export async function getEventType(db: Queryable, name: string): Promise<EventType> {
  const { rows } = await db.query({
    name: "eventTypes.get",
    text: `select ${columns} from ${fromCurrent} where t.name = $1`,
    values: [name],
  });
  if (!rows[0]) throw notFound(`event type "${name}" is not registered`);
  return toEventType(rows[0]);
}

/** The event type with a sample payload generated from its schema (null without a schema). */
export async function getEventTypeWithSample(
  db: Queryable,
  name: string,
): Promise<EventType & { sample_payload: unknown }> {
  const type = await getEventType(db, name);
  return { ...type, sample_payload: type.schema ? samplePayload(type.name, type.version, type.schema) : null };
}

export async function listEventTypes(
  db: Db,
  options: { activeOnly: boolean; page: Page },
): Promise<{ eventTypes: EventType[]; total: number }> {
  const filter = options.activeOnly ? "where t.active" : "";
  const [list, count] = await Promise.all([
    db.query(`select ${columns} from ${fromCurrent} ${filter} order by t.name limit $1 offset $2`, [
      options.page.limit,
      options.page.offset,
    ]),
    db.query(`select count(*)::int as n from event_types t ${filter}`),
  ]);
  return { eventTypes: list.rows.map(toEventType), total: count.rows[0].n };
}

/** Applies the given fields; omitted ones stay. A different schema becomes a new version, the old one is kept. */
export async function updateEventType(app: Writer, name: string, changes: EventTypeChanges): Promise<EventType> {
  checkNotReserved(name);
  if (changes.schema) checkSchema(changes.schema);
  const updated = await withTransaction(app.db, async (tx) => {
    const { rows } = await tx.query(`select ${columns} from ${fromCurrent} where t.name = $1 for update of t`, [name]);
    if (!rows[0]) throw notFound(`event type "${name}" is not registered`);
    const current = toEventType(rows[0]);
    let version = current.version;
    if (changes.schema !== undefined && JSON.stringify(changes.schema) !== JSON.stringify(current.schema)) {
      version += 1;
      await tx.query("insert into event_type_versions (event_name, version, schema) values ($1, $2, $3)", [
        name,
        version,
        changes.schema ? JSON.stringify(changes.schema) : null,
      ]);
    }
    await tx.query(
      `update event_types set description = $2, metadata = $3, active = $4, current_version = $5, updated_at = now() where name = $1`,
      [
        name,
        changes.description ?? current.description,
        changes.metadata ?? current.metadata,
        changes.active ?? current.active,
        version,
      ],
    );
    return getEventType(tx, name);
  });
  app.events.types.invalidate(name);
  return updated;
}

/** Permanent removal (RPC only). Subscriptions naming the event are kept. */
export async function deleteEventType(app: Writer, name: string): Promise<void> {
  checkNotReserved(name);
  const { rowCount } = await app.db.query("delete from event_types where name = $1", [name]);
  app.events.types.invalidate(name);
  if (!rowCount) throw notFound(`event type "${name}" is not registered`);
}

export async function listEventTypeVersions(db: Db, name: string): Promise<EventTypeVersion[]> {
  await getEventType(db, name);
  const { rows } = await db.query(
    "select version, schema, created_at from event_type_versions where event_name = $1 order by version desc",
    [name],
  );
  return rows.map((r) => ({ version: r.version, schema: r.schema ?? null, created_at: r.created_at.toISOString() }));
}
