import assert from "node:assert/strict";
import { test } from "node:test";
import { ID_TIME_MARGIN_MS, idSql, idTime, idTimeRange, newId } from "../../lib/ids.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";

test("newId makes a UUIDv7 carrying the time given; random ids of earlier versions carry none", () => {
  const at = new Date("2026-11-27T05:30:00.123Z");
  const id = newId(at);
  assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.equal(idTime(id), at.getTime());
  assert.ok(Math.abs(idTime(newId())! - Date.now()) < 1000);
  assert.deepEqual(idTimeRange(id), {
    from: new Date(at.getTime() - ID_TIME_MARGIN_MS).toISOString(),
    until: new Date(at.getTime() + ID_TIME_MARGIN_MS).toISOString(),
  });
  assert.equal(idTime(crypto.randomUUID()), null);
  assert.deepEqual(idTimeRange(crypto.randomUUID()), { from: "-infinity", until: "infinity" });
  assert.equal(idTime("not-a-uuid"), null);
});

test("ids made by PostgreSQL are UUIDv7 of the statement's now(), to the millisecond", async (t) => {
  const svc = await startTestService(t);
  const { rows } = await svc.app.db.query(
    `select ${idSql()}::text as id, floor(extract(epoch from now()) * 1000)::float8 as ms, ${idSql("timestamptz '1999-12-31 23:59:59.999+00'")}::text as old
       from generate_series(1, 100)`,
  );
  assert.equal(new Set(rows.map((r) => r.id)).size, 100);
  for (const r of rows) {
    assert.match(r.id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.equal(idTime(r.id), r.ms);
    assert.equal(idTime(r.old), Date.parse("1999-12-31T23:59:59.999Z"));
  }
});

test("events, deliveries and attempts get UUIDv7 ids whose time is their created_at", async (t) => {
  const svc = await startTestService(t, { workers: true });
  const db = svc.app.db;
  const hook = (await startReceiver(t)).path("/v7");
  await svc.rpc("EventService", "RegisterEvent", { name: "v7.ids" });
  await svc.rpc("WebhookService", "RegisterWebhook", { namespace: "default", url: hook.url, events: ["v7.ids"] });
  for (let n = 0; n < 3; n++)
    await svc.rpc("EventService", "PushEvent", { namespace: "default", event: "v7.ids", payload: { n } });
  await hook.waitForRequests(3);
  // created_at to the millisecond as PostgreSQL truncates it (a Date may round the microseconds either way).
  const ms = "floor(extract(epoch from created_at) * 1000)::float8 as ms";
  let attempts: { id: string; ms: number }[] = [];
  for (let i = 0; i < 100 && attempts.length < 3; i++) {
    attempts = (await db.query(`select id, ${ms} from delivery_attempts`)).rows;
    if (attempts.length < 3) await new Promise((r) => setTimeout(r, 50));
  }
  const events = (await db.query(`select id, ${ms} from events where namespace = 'default'`)).rows;
  const deliveries = (await db.query(`select id, ${ms} from deliveries`)).rows;
  assert.deepEqual([events.length, deliveries.length, attempts.length], [3, 3, 3]);
  // Deliveries: made in the fan-out's statement from its now(), which is their created_at.
  for (const d of deliveries) assert.equal(idTime(d.id), d.ms, `delivery ${d.id}`);
  // Attempts: made by the worker with the time it writes as created_at.
  for (const a of attempts) assert.equal(idTime(a.id), a.ms, `attempt ${a.id}`);
  // Events: made by the server before the batched insert; the database's now() comes a little later.
  for (const e of events) {
    const gap = e.ms - idTime(e.id)!;
    assert.ok(gap > -1000 && gap < 5000, `event ${e.id}: created_at ${gap} ms after its id's time`);
  }
});
