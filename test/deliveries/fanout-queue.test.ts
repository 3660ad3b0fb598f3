import assert from "node:assert/strict";
import { test } from "node:test";
import { INLINE_FAN_OUT_MAX } from "../../lib/fanout/sql/fan-out.ts";
import { fanOutBatch } from "../../lib/fanout/fanout.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";

test("pushed events wait on the fan-out queue, invisible to the fan-out of the version before it, and each is fanned out once", async (t) => {
  // No workers: fan-out is run by hand, from several callers at once, as several instances would.
  const svc = await startTestService(t);
  const hook = (await startReceiver(t)).path("/queued");
  await svc.rpc("EventService", "RegisterEvent", { name: "queue.test" });
  await svc.rpc("WebhookService", "RegisterWebhook", { namespace: "default", url: hook.url, events: ["queue.test"] });
  const pushed = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      svc.rpc("EventService", "PushEvent", { namespace: "default", event: "queue.test", payload: { i } }),
    ),
  );
  const ids = pushed.map((p) => p.event_id as string);

  const db = svc.app.db;
  const queued = await db.query("select event_id from fanout_queue where event_id = any($1::uuid[])", [ids]);
  assert.equal(queued.rows.length, 30, "one queue row per pushed event");
  // The claim of the version before the queue: it must not see these events as waiting.
  const oldClaim = await db.query(
    "select count(*)::int as n from events where id = any($1::uuid[]) and fanned_out_at is null",
    [ids],
  );
  assert.equal(oldClaim.rows[0].n, 0);

  // Events that version pushed: marked on the row only, no queue row.
  const legacy = await db.query(
    `insert into events (id, namespace, event_name, payload) select gen_random_uuid(), 'default', 'queue.test', jsonb_build_object('legacy', n)
       from generate_series(1, 10) n returning id`,
  );
  const legacyIds = legacy.rows.map((r) => r.id as string);

  const batches = await Promise.all(
    Array.from({ length: 4 }, async () => {
      let events = 0;
      for (;;) {
        const batch = await fanOutBatch(svc.app.queueDb, 7);
        events += batch.events;
        if (batch.taken === 0) return events;
      }
    }),
  );
  assert.equal(
    batches.reduce((a, b) => a + b, 0),
    40,
    "every event fanned out by exactly one caller",
  );

  const deliveries = await db.query(
    "select event_id, count(*)::int as n from deliveries where event_id = any($1::uuid[]) group by event_id",
    [[...ids, ...legacyIds]],
  );
  assert.equal(deliveries.rows.length, 40);
  assert.ok(
    deliveries.rows.every((r) => r.n === 1),
    "one delivery per event and subscription, no duplicates",
  );
  assert.equal((await db.query("select count(*)::int as n from fanout_queue")).rows[0].n, 0, "the queue is empty");
  const unmarked = await db.query(
    "select count(*)::int as n from events where id = any($1::uuid[]) and fanned_out_at is null",
    [legacyIds],
  );
  assert.equal(unmarked.rows[0].n, 0, "legacy events are marked, as their version does");
});

test("a queued event deleted before its fan-out leaves its queue row behind for nothing: no delivery, no error", async (t) => {
  const svc = await startTestService(t);
  const hook = (await startReceiver(t)).path("/gone");
  await svc.rpc("EventService", "RegisterEvent", { name: "queue.gone" });
  await svc.rpc("WebhookService", "RegisterWebhook", { namespace: "default", url: hook.url, events: ["queue.gone"] });
  const kept = await svc.rpc("EventService", "PushEvent", {
    namespace: "default",
    event: "queue.gone",
    payload: { kept: true },
  });
  const gone = await svc.rpc("EventService", "PushEvent", {
    namespace: "default",
    event: "queue.gone",
    payload: { kept: false },
  });
  await svc.app.db.query("delete from events where id = $1", [gone.event_id]);

  const batch = await fanOutBatch(svc.app.queueDb, 100);
  assert.deepEqual([batch.events, batch.taken, batch.deliveries], [1, 2, 1]);
  const rows = await svc.app.db.query("select event_id from deliveries where event_id = any($1::uuid[])", [
    [kept.event_id, gone.event_id],
  ]);
  assert.deepEqual(
    rows.rows.map((r) => r.event_id),
    [kept.event_id],
  );
  assert.equal((await svc.app.db.query("select count(*)::int as n from fanout_queue")).rows[0].n, 0);
});

test(
  "an instance that delivers fans a push out in the push's own statement: " +
    "its deliveries exist when the push answers, none waits on the queue",
  async (t) => {
    const svc = await startTestService(t, { workers: true, logLevel: "error" });
    const receiver = await startReceiver(t);
    const hooks = [receiver.path("/inline-a"), receiver.path("/inline-b")];
    await svc.rpc("EventService", "RegisterEvent", { name: "queue.inline" });
    for (const hook of hooks)
      await svc.rpc("WebhookService", "RegisterWebhook", {
        namespace: "default",
        url: hook.url,
        events: ["queue.inline"],
      });
    // Nothing else may fan it out: the fan-out worker is stopped before the push.
    await svc.workers!.fanout.stop();
    const { event_id: id } = await svc.rpc("EventService", "PushEvent", {
      namespace: "default",
      event: "queue.inline",
      payload: { inline: true },
    });
    const db = svc.app.db;
    assert.equal(
      (await db.query("select count(*)::int as n from deliveries where event_id = $1", [id])).rows[0].n,
      2,
      "both deliveries were made by the push",
    );
    assert.equal(
      (await db.query("select count(*)::int as n from fanout_queue where event_id = $1", [id])).rows[0].n,
      0,
    );
    for (const hook of hooks) {
      const [request] = await hook.waitForRequests(1);
      assert.equal(JSON.parse(request!.body).event_id, id);
    }
    const counted = await db.query(
      "select sum(total)::int as total from namespace_counters where namespace = 'default'",
    );
    assert.ok(counted.rows[0].total >= 2, "the namespace counters count the deliveries");
  },
);

test(`an event matching more than ${INLINE_FAN_OUT_MAX} subscriptions is queued for the fan-out worker instead, and reaches every webhook`, async (t) => {
  const svc = await startTestService(t, { workers: true, logLevel: "error" });
  const receiver = await startReceiver(t);
  const ns = `wide-${Math.random().toString(36).slice(2, 8)}`;
  await svc.rpc("NamespaceService", "CreateNamespace", { name: ns });
  await svc.rpc("EventService", "RegisterEvent", { name: "queue.wide" });
  const hooks = Array.from({ length: INLINE_FAN_OUT_MAX + 1 }, (_, i) => receiver.path(`/wide-${i}`));
  for (const hook of hooks)
    await svc.rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: hook.url, events: ["queue.wide"] });
  await svc.workers!.fanout.stop();
  const { event_id: id } = await svc.rpc("EventService", "PushEvent", {
    namespace: ns,
    event: "queue.wide",
    payload: { wide: true },
  });
  const db = svc.app.db;
  assert.equal(
    (await db.query("select count(*)::int as n from deliveries where event_id = $1", [id])).rows[0].n,
    0,
    "the push made none",
  );
  assert.equal(
    (await db.query("select count(*)::int as n from fanout_queue where event_id = $1", [id])).rows[0].n,
    1,
    "it waits on the queue",
  );
  // The fan-out worker's statement, run by hand as the stopped worker would: every webhook gets its delivery.
  assert.equal((await fanOutBatch(svc.app.queueDb, 100)).deliveries, INLINE_FAN_OUT_MAX + 1);
  svc.workers!.delivery.poke();
  for (const hook of hooks) await hook.waitForRequests(1);
});
