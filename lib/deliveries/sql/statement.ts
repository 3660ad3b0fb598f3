// A statement of the delivery path: its name, its complete text, and the one function that turns its typed
// parameters into the positional values PostgreSQL takes. Each statement lives in a module of its own (its columns
// and its row type beside it); this is the single place where their names are attached — named, each is parsed and
// planned once per connection; behind a transaction-mode pooler the pool sends them unnamed (lib/db/pool.ts).
// An unnamed statement is parsed and planned on every call: the operators' reads are, since their optional filters
// (`$n is null or …`) are dropped only by a plan made for the actual values.
import type { QueryResultRow } from "pg";
import type { Queryable } from "../../db/pool.ts";

export interface Statement<P, R extends QueryResultRow> {
  /** null: sent unnamed. */
  readonly name: string | null;
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

export const unnamedStatement = <P, R extends QueryResultRow = Record<string, never>>(
  text: string,
  values: (params: P) => unknown[],
): Statement<P, R> => ({ name: null, text, values });

/** Runs `s` with `params` and returns its rows. */
export async function run<P, R extends QueryResultRow>(db: Queryable, s: Statement<P, R>, params: P): Promise<R[]> {
  const values = s.values(params);
  const { rows } = await db.query<R>(
    s.name === null ? { text: s.text, values } : { name: s.name, text: s.text, values },
  );
  return rows;
}
