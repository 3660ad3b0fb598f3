// Consumers (`namespace` on the RPC wire and in the database): the grouping every webhook, subscription, event and
// delivery belongs to.
import type { Db, Queryable } from "../db/pool.ts";
import { alreadyExists, failedPrecondition, invalid, notFound } from "../errors.ts";
import { isReservedConsumer, SYSTEM_CONSUMER } from "../system-events/catalog.ts";
import { pageTotal, type Page } from "../page.ts";

export const DEFAULT_CONSUMER = "default";

export interface Consumer {
  name: string;
  created_at: string;
}

const toConsumer = (row: { name: string; created_at: Date }): Consumer => ({
  name: row.name,
  created_at: row.created_at.toISOString(),
});

const reserved = (name: string) =>
  invalid(
    `namespace "${name}": names starting with "_" are reserved for svc (its own events live in "${SYSTEM_CONSUMER}")`,
  );

export async function createConsumer(db: Db, name: string): Promise<Consumer> {
  if (isReservedConsumer(name)) throw reserved(name);
  const { rows } = await db.query(
    "insert into namespaces (name) values ($1) on conflict do nothing returning name, created_at",
    [name],
  );
  if (!rows[0]) throw alreadyExists(`namespace "${name}" already exists`);
  return toConsumer(rows[0]);
}

export async function getConsumer(db: Queryable, name: string): Promise<Consumer> {
  const { rows } = await db.query({
    name: "namespaces.get",
    text: "select name, created_at from namespaces where name = $1",
    values: [name],
  });
  if (!rows[0]) throw notFound(`namespace "${name}" does not exist`);
  return toConsumer(rows[0]);
}

/** RPC calls name an existing consumer (a `namespace` on the wire); an unknown one is NOT_FOUND. */
export async function requireConsumer(db: Queryable, name: string): Promise<void> {
  await getConsumer(db, name);
}

/** REST creates a consumer on its first write. */
export async function ensureConsumer(db: Queryable, name: string): Promise<void> {
  // Operators add webhooks to `_svc` (it exists already); no other reserved name can come into being.
  if (isReservedConsumer(name) && name !== SYSTEM_CONSUMER) throw reserved(name);
  await db.query({
    name: "namespaces.ensure",
    text: "insert into namespaces (name) values ($1) on conflict do nothing",
    values: [name],
  });
}

export async function listConsumers(db: Db, page: Page): Promise<{ consumers: Consumer[]; total: number }> {
  const { rows } = await db.query(
    "select name, created_at, count(*) over () as total from namespaces order by name limit $1 offset $2",
    [page.limit, page.offset],
  );
  const total = await pageTotal(
    rows,
    page,
    async () => (await db.query("select count(*)::int as n from namespaces")).rows[0].n,
  );
  return { consumers: rows.map(toConsumer), total };
}

/** Deletes an empty consumer. `default` always exists; a consumer that still has webhooks is refused. */
export async function deleteConsumer(db: Db, name: string): Promise<void> {
  if (name === DEFAULT_CONSUMER) throw failedPrecondition(`the "${DEFAULT_CONSUMER}" namespace cannot be deleted`);
  if (name === SYSTEM_CONSUMER)
    throw failedPrecondition(`the "${SYSTEM_CONSUMER}" namespace holds svc's own events and cannot be deleted`);
  try {
    const { rowCount } = await db.query("delete from namespaces where name = $1", [name]);
    if (!rowCount) throw notFound(`namespace "${name}" does not exist`);
  } catch (err) {
    if ((err as { code?: string }).code === "23503") {
      throw failedPrecondition(`namespace "${name}" still has webhooks or subscriptions; unregister them first`);
    }
    throw err;
  }
}
