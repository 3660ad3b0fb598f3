// A statement of the delivery path: its name, its complete text, and the one function that turns its typed
// parameters into the positional values PostgreSQL takes. Each statement lives in a module of its own (its columns
// and its row type beside it); this is the single place where their names are attached — named, each is parsed and
// planned once per connection; behind a transaction-mode pooler the pool sends them unnamed (lib/db/pool.ts).
import type { QueryResultRow } from "pg";
import type { Queryable } from "../../db/pool.ts";

export interface Statement<P, R extends QueryResultRow> {
  readonly name: string;
  readonly text: string;
  values(params: P): unknown[];
  /** Never set: carries the row type. */
  readonly row?: R;
}

export const statement = <P, R extends QueryResultRow = Record<string, never>>(
  name: string,
  text: string,
  values: (params: P) => unknown[],
): Statement<P, R> => ({ name, text, values });

/** Runs `s` with `params` and returns its rows. */
export async function run<P, R extends QueryResultRow>(db: Queryable, s: Statement<P, R>, params: P): Promise<R[]> {
  const { rows } = await db.query<R>({ name: s.name, text: s.text, values: s.values(params) });
  return rows;
}
