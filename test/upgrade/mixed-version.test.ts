// A rolling upgrade runs two builds against one migrated database. The previous build is represented by its
// statements exactly as it sends them (previous-build.json: the push with inline fan-out, the API-only push, the
// fan-out worker's batch and the outcome write, taken from the commit it names), run here beside a service of this
// build. Whatever either build pushes and whichever fans it out, every event gets exactly one delivery per matching
// subscription, each is delivered, and the counters add up.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { v7 as uuidv7 } from "uuid";
import { INLINE_FAN_OUT_MAX } from "../../lib/fanout/sql/fan-out.ts";
import { fanOutBatch } from "../../lib/fanout/fanout.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";

const previous = JSON.parse(readFileSync(new URL("./previous-build.json", import.meta.url), "utf8")) as {
  commit: string;
  statements: Record<string, string>;
};
const sqlOf = (name: string) => {
  const text = previous.statements[name];
  if (!text) throw new Error(`previous-build.json has no statement ${name}`);
  return { name: `previous.${name}`, text };
};

/** An event as the previous build's push statements take it (their `input` rows). */
const oldInput = (consumer: string, event: string, i: number) => ({
  id: uuidv7(),
  namespace: consumer,
  event_name: event,
  event_version: null,
  payload: JSON.stringify({ old: i }),
  metadata: {},
  labels: {},
  idempotency_key: null,
  schema_valid: true,
  warnings: [],
  ttl_seconds: 0,
  traceparent: null,
});

test(
  "the previous build beside this one: pushes, fan-outs and outcome writes of both make exactly one delivery " +
    "per event and subscription, all delivered, counters right",
  async (t) => {
    const svc = await startTestService(t, { workers: true, logLevel: "error" });
    const db = svc.app.db;
    const receiver = await startReceiver(t);
    const consumer = `mixed-${Math.random().toString(36).slice(2, 8)}`;
    await svc.rpc("NamespaceService", "CreateNamespace", { name: consumer });
    await svc.rpc("EventService", "RegisterEvent", { name: "mixed.narrow" });
    await svc.rpc("EventService", "RegisterEvent", { name: "mixed.wide" });
    // Two webhooks on the narrow event (fanned out inline by either build's push); more than INLINE_FAN_OUT_MAX on
    // the wide one (queued by either build's push, for either build's fan-out worker).
    const narrow = [receiver.path("/narrow-0"), receiver.path("/narrow-1")];
    const wide = Array.from({ length: INLINE_FAN_OUT_MAX + 1 }, (_, i) => receiver.path(`/wide-${i}`));
    for (const hook of narrow)
      await svc.rpc("WebhookService", "RegisterWebhook", {
        namespace: consumer,
        url: hook.url,
        events: ["mixed.narrow"],
      });
    for (const hook of wide)
      await svc.rpc("WebhookService", "RegisterWebhook", {
        namespace: consumer,
        url: hook.url,
        events: ["mixed.wide"],
      });

    // The previous build's delivery worker: it takes deliveries born claimed under its lease, then stops (below).
    const oldLease = randomUUID();
    const oldPreClaim = [1_000, oldLease, "{}", 1_000];
    const oldPush = (events: ReturnType<typeof oldInput>[]) =>
      db.query(sqlOf("events.insertAndFanOut"), [JSON.stringify(events), 0, ...oldPreClaim]);
    const oldApiOnlyPush = (events: ReturnType<typeof oldInput>[]) =>
      db.query(sqlOf("events.insertBatch"), [JSON.stringify(events)]);
    const oldFanOut = async () => {
      for (let idle = 0; idle < 5; ) {
        const { rows } = await db.query(sqlOf("fanout.batch"), [7, 1, ...oldPreClaim]);
        const summary = rows.find((r) => r.summary !== null)!.summary as { taken: number };
        if (summary.taken === 0) {
          idle++;
          await new Promise((r) => setTimeout(r, 20));
        } else idle = 0;
      }
    };

    const newIds: string[] = [];
    const newPush = async (event: string, i: number) =>
      newIds.push(
        (await svc.rpc("EventService", "PushEvent", { namespace: consumer, event, payload: { fresh: i } }))
          .event_id as string,
      );
    const oldNarrow = Array.from({ length: 12 }, (_, i) => oldInput(consumer, "mixed.narrow", i));
    const oldWide = Array.from({ length: 6 }, (_, i) => oldInput(consumer, "mixed.wide", i));
    const oldQueued = Array.from({ length: 6 }, (_, i) => oldInput(consumer, i % 2 ? "mixed.wide" : "mixed.narrow", i));
    await Promise.all([
      // This build: pushes (inline fan-out with hand-over to its worker, or queued), its own fan-out worker running.
      ...Array.from({ length: 12 }, (_, i) => newPush(i % 3 ? "mixed.narrow" : "mixed.wide", i)),
      // The previous build: pushes with inline fan-out, pushes of an API-only instance, and its fan-out worker.
      ...oldNarrow.map((e) => oldPush([e])),
      oldPush(oldWide),
      oldApiOnlyPush(oldQueued),
      oldFanOut(),
      oldFanOut(),
      // And this build's fan-out statement called by hand, as a second instance of it would.
      (async () => {
        for (let i = 0; i < 20; i++) await fanOutBatch(svc.app.queueDb, 5);
      })(),
    ]);
    await oldFanOut();
    svc.workers!.fanout.poke();

    const oldIds = [...oldNarrow, ...oldWide, ...oldQueued].map((e) => e.id);
    // The test's own events only: svc's system events (a webhook's health changing as outcomes are written) are
    // queued for fan-out too, at any moment.
    const queuedOf = async (events: string[]) =>
      (await db.query("select count(*)::int as n from fanout_queue where event_id = any($1::uuid[])", [events])).rows[0]
        .n as number;
    const ids = [...newIds, ...oldIds];
    const expected = (event: string) => (event === "mixed.narrow" ? narrow.length : wide.length);
    const expectedTotal = ids.length
      ? [...oldNarrow, ...oldWide, ...oldQueued].reduce((n, e) => n + expected(e.event_name), 0) +
        Array.from({ length: 12 }, (_, i) => expected(i % 3 ? "mixed.narrow" : "mixed.wide")).reduce((a, b) => a + b, 0)
      : 0;

    // Every event fanned out (by whichever build), once.
    const deadline = Date.now() + 20_000;
    for (;;) {
      const { rows } = await db.query("select count(*)::int as n from deliveries where event_id = any($1::uuid[])", [
        ids,
      ]);
      // The queue too: a queue row still there is a fan-out still to come (which would show as a duplicate below).
      const queued = await queuedOf(ids);
      if ((rows[0].n >= expectedTotal && queued === 0) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const pairs = await db.query(
      `select event_id, subscription_id, count(*)::int as n from deliveries where event_id = any($1::uuid[])
      group by 1, 2`,
      [ids],
    );
    assert.equal(pairs.rows.length, expectedTotal, "one delivery for every event and matching subscription");
    assert.deepEqual(
      pairs.rows.filter((r) => r.n !== 1),
      [],
      "no event fanned out twice for a subscription",
    );
    assert.equal(await queuedOf(ids), 0, "none of the events is still queued");

    // The previous build's worker sends half of what it was handed and writes those outcomes with its own statement,
    // then dies holding the rest: their leases run out (moved to now) and this build's worker takes them over.
    const held = await db.query("select id, webhook_id from deliveries where lease_token = $1 order by id", [oldLease]);
    assert.ok(held.rows.length > 0, "the previous build's pushes and fan-outs handed deliveries to its worker");
    const sent = held.rows.slice(0, Math.ceil(held.rows.length / 2));
    const now = new Date().toISOString();
    const written = await db.query(sqlOf("deliveries.writeOutcomes"), [
      oldLease,
      JSON.stringify(
        sent.map((d) => ({
          id: d.id,
          status: "success",
          attempt_used: true,
          replaces_response: true,
          next_attempt_at: null,
          response_code: 200,
          response_body: "ok",
          error_category: null,
          error_message: null,
          request_body: null,
          envelope_attempt: 1,
          envelope_at: now,
          rate_limited_since: null,
          template_error: null,
        })),
      ),
      0,
      JSON.stringify(
        sent.map((d) => ({
          id: uuidv7(),
          delivery_id: d.id,
          webhook_id: d.webhook_id,
          attempt: 1,
          success: true,
          response_time_ms: 3,
          response_code: 200,
          response_body: "ok",
          error_message: "",
          error_category: "success",
          created_at: now,
        })),
      ),
    ]);
    assert.equal(written.rows.length, sent.length, "the previous build's outcome write finds the rows it leased");
    await db.query("update deliveries set next_attempt_at = now() where lease_token = $1", [oldLease]);
    svc.workers!.delivery.poke();

    const doneBy = Date.now() + 30_000;
    for (;;) {
      const { rows } = await db.query(
        "select count(*)::int as n from deliveries where event_id = any($1::uuid[]) and status = 'success'",
        [ids],
      );
      if (rows[0].n === expectedTotal) break;
      assert.ok(Date.now() < doneBy, `delivered ${rows[0].n} of ${expectedTotal}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // Each delivery this build sent reached its receiver exactly once; the previous build's were "sent" by hand.
    const received = [...narrow, ...wide].flatMap((h) =>
      h.requests.map((r) => r.headers["x-svc-delivery-id"] as string),
    );
    assert.equal(received.length, expectedTotal - sent.length, "every other delivery reached its receiver");
    assert.equal(new Set(received).size, received.length, "none twice");

    const counters = await db.query(
      `select sum(total)::int as total, sum(successful)::int as successful, sum(pending)::int as pending
       from namespace_counters where namespace = $1`,
      [consumer],
    );
    assert.deepEqual(counters.rows[0], { total: expectedTotal, successful: expectedTotal, pending: 0 });
    // The previous build writes `status` only; migration 18's triggers gave each of its rows the lane that status
    // means (its deliveries born claimed were in the retry lane, which is how this build took them over above).
    const lanes = await db.query(
      "select count(*)::int as n from deliveries where event_id = any($1::uuid[]) and lane is distinct from deliveries_lane_of(status, lane)",
      [ids],
    );
    assert.equal(lanes.rows[0].n, 0, "every delivery in the lane its status means");
  },
);
