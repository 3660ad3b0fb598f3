// libpq-style connection URLs (several hosts, target_session_attrs), which node-postgres does not read itself.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type ConfigError, loadConfig } from "../../lib/config.ts";
import { parseDatabaseUrl } from "../../lib/db/url.ts";
import { testEnv } from "../helpers/service.ts";

test("a multi-host URL splits into its hosts, in order, with the kind of server asked for", () => {
  const target = parseDatabaseUrl(
    "postgres://svc:p%40ss@db1:5432,db2:5433,[::1]:6000/svc?sslmode=require&target_session_attrs=read-write",
  );
  assert.deepEqual(
    target.hosts.map((h) => [h.host, h.port]),
    [
      ["db1", 5432],
      ["db2", 5433],
      ["::1", 6000],
    ],
  );
  assert.equal(target.sessionAttrs, "read-write");
  assert.equal(target.base, "postgres://svc:p%40ss@db1:5432/svc?sslmode=require");
});

test("a plain URL is one host of any kind", () => {
  const target = parseDatabaseUrl("postgresql://u@localhost/db");
  assert.deepEqual(
    target.hosts.map((h) => [h.host, h.port]),
    [["localhost", undefined]],
  );
  assert.equal(target.sessionAttrs, "any");
});

test("a bad multi-host URL or pooler setting stops start-up with a line naming the variable", () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(testEnv("postgres://u@h/db", env));
      return [];
    } catch (err) {
      return (err as ConfigError).problems;
    }
  };
  assert.match(problems({ DATABASE_URL: "postgres://u@h1:5432,,h2/db" }).join(), /DATABASE_URL has an empty host/);
  assert.match(problems({ DATABASE_URL: "postgres://u@h1:99999/db" }).join(), /DATABASE_URL port of host "h1:99999"/);
  assert.match(
    problems({ DATABASE_URL: "postgres://u@h1/db?target_session_attrs=master" }).join(),
    /target_session_attrs "master"/,
  );
  assert.match(
    problems({ SVC_DATABASE_POOLER: "pgbouncer" }).join(),
    /SVC_DATABASE_POOLER must be none or transaction/,
  );
  assert.match(problems({ SVC_DATABASE_LISTEN_URL: "mysql://x" }).join(), /SVC_DATABASE_LISTEN_URL must be a postgres/);
});

test("behind a transaction-mode pooler LISTEN goes to SVC_DATABASE_LISTEN_URL, or nowhere (polling) with a warning", () => {
  const pooled = loadConfig(testEnv("postgres://u@bouncer:6432/db", { SVC_DATABASE_POOLER: "transaction" }));
  assert.equal(pooled.config.database.listenUrl, undefined);
  assert.ok(pooled.warnings.some((w) => /polling/.test(w)));
  const direct = loadConfig(
    testEnv("postgres://u@bouncer:6432/db", {
      SVC_DATABASE_POOLER: "transaction",
      SVC_DATABASE_LISTEN_URL: "postgres://u@db:5432/db",
    }),
  );
  assert.equal(direct.config.database.listenUrl, "postgres://u@db:5432/db");
  assert.equal(loadConfig(testEnv("postgres://u@db/db")).config.database.listenUrl, "postgres://u@db/db");
});
