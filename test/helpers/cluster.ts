// Test databases: each test gets its own database cloned from the migrated template (fast and isolated).
import { randomBytes } from "node:crypto";
import type { TestContext } from "node:test";
import pg from "pg";

export const TEMPLATE_DATABASE = "svc_test_template";

export async function withDatabase<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function adminUrl(): string {
  const url = process.env.SVC_TEST_ADMIN_URL;
  if (!url) throw new Error("SVC_TEST_ADMIN_URL is not set: run the tests with `npm test`");
  return url;
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh, migrated database for one test, dropped when the test ends. */
export async function createTestDatabase(t: Pick<TestContext, "after">, template = TEMPLATE_DATABASE): Promise<string> {
  const name = `svc_t_${randomBytes(6).toString("hex")}`;
  await withDatabase(adminUrl(), (c) => c.query(`create database "${name}" template "${template}"`));
  t.after(() => withDatabase(adminUrl(), (c) => c.query(`drop database if exists "${name}" with (force)`)));
  return databaseUrl(name);
}

/** An empty database (no migrations), for testing the migrator itself. */
export async function createEmptyDatabase(t: TestContext): Promise<string> {
  return createTestDatabase(t, "template0");
}
