// The claim lanes are a column of their own (migration 18). A delivery born claimed is in no lane while it is sent,
// its successful outcome is a HOT update (no indexed column changes), and if its worker dies its lease's row puts it
// in the retry lane once the lease has lapsed.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { recoverLapsed } from "../../lib/deliveries/lapsed-leases.ts";
import { claimStatements } from "../../lib/deliveries/sql/claim.ts";
import { run } from "../../lib/deliveries/sql/statement.ts";
import { writeOutcomes } from "../../lib/deliveries/sql/write-outcomes.ts";
import type { Outcome } from "../../lib/deliveries/stages.ts";
import { withTransaction } from "../../lib/db/pool.ts";
import { insertEvents } from "../../lib/events/inserter.ts";
import { newId } from "../../lib/ids.ts";
import { newEvent } from "../helpers/new-event.ts";
import { successResult } from "../helpers/outcomes.ts";
import { sharedService } from "../helpers/service.ts";

// No workers: the test is the worker, with a lease of its own.
const svc = sharedService({ workers: false });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

async function world(webhooks = 1) {
  const ns = unique("ns");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  const event = unique("evt");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  for (let i = 0; i < webhooks; i++)
    await svc().rpc("WebhookService", "RegisterWebhook", {
      namespace: ns,
      url: `http://127.0.0.1:9/${i}`,
      events: [event],
    });
  return { ns, event };
}

/** Pushes `n` events fanned out by the push, born claimed under `leaseToken` up to `max`. */
async function pushBornClaimed(ns: string, event: string, n: number, leaseToken: string, max = 1_000) {
  const pushed = await insertEvents(
    svc().app.db,
    Array.from({ length: n }, (_, i) => newEvent(ns, event, i)),
    { preClaim: { leaseToken, max, perWebhook: max, room: {} } },
  );
  return pushed;
}

const rowsOf = async (ns: string) =>
  (
    await svc().app.db.query<{ id: string; status: string; lane: number | null; lease_token: string | null }>(
      "select id, status, lane, lease_token from deliveries where namespace = $1 order by id",
      [ns],
    )
  ).rows;

/** This transaction's updates of deliveries' partitions so far, and how many of them were HOT. */
const UPDATES = `select coalesce(sum(n_tup_upd), 0)::int as upd, coalesce(sum(n_tup_hot_upd), 0)::int as hot
                   from pg_stat_xact_user_tables
                  where relid in (select inhrelid from pg_inherits where inhparent = 'deliveries'::regclass)`;

const leasesOf = async (leaseToken: string) =>
  (await svc().app.db.query("select * from delivery_leases where lease_token = $1", [leaseToken])).rows;

test("a delivery born claimed is in no lane; one left to the claim is in the fresh lane; its lease has one row", async () => {
  const { ns, event } = await world();
  const lease = randomUUID();
  const pushed = await pushBornClaimed(ns, event, 5, lease, 3);
  assert.equal(pushed.claimed.length, 3);
  const rows = await rowsOf(ns);
  assert.deepEqual(rows.map((r) => [r.status, r.lane]).sort(), [
    ["pending", 1],
    ["pending", 1],
    ["sending", 0],
    ["sending", 0],
    ["sending", 0],
  ]);
  const leases = await leasesOf(lease);
  assert.equal(leases.length, 1, "one lease row for the statement");
  const claimedIds = pushed.claimed.map((c) => c.id).sort();
  assert.deepEqual([leases[0].first_id, leases[0].last_id], [claimedIds[0], claimedIds.at(-1)]);
  assert.equal(leases[0].created_at.toISOString(), new Date(pushed.claimed[0]!.createdAt).toISOString());
});

test("the successful outcome of a delivery born claimed is a HOT update: its lane stays 0, no index entry is written", async () => {
  const { ns, event } = await world();
  const lease = randomUUID();
  const pushed = await pushBornClaimed(ns, event, 4, lease);
  const at = new Date();
  await withTransaction(svc().app.db, async (tx) => {
    const before = await tx.query(UPDATES);
    const written = await run(tx, writeOutcomes, {
      leaseToken: lease,
      shard: 0,
      results: pushed.claimed.map((c) =>
        successResult({ ...c, responseBody: "ok", responseTimeMs: 3, at } as Parameters<typeof successResult>[0]),
      ),
    });
    assert.equal(written.length, 4);
    const after = await tx.query(UPDATES);
    assert.equal(after.rows[0].upd - before.rows[0].upd, 4, "four rows updated");
    assert.equal(after.rows[0].hot - before.rows[0].hot, 4, "all four updates HOT");
  });
  assert.deepEqual(
    (await rowsOf(ns)).map((r) => [r.status, r.lane]),
    Array.from({ length: 4 }, () => ["success", 0]),
  );
});

test("outcomes and claims keep each delivery in the lane its status means", async () => {
  const { ns, event } = await world();
  const lease = randomUUID();
  const pushed = await pushBornClaimed(ns, event, 3, lease);
  const [retried, released] = pushed.claimed;
  const base = (c: (typeof pushed.claimed)[number]) =>
    ({
      id: c.id,
      createdAt: c.createdAt,
      attemptUsed: true,
      replacesResponse: true,
      responseCode: 500,
      responseBody: "no",
      errorCategory: "server_error",
      errorMessage: null,
      requestBody: null,
      envelopeAt: null,
      rateLimitedSince: null,
      templateError: null,
      attempt: 1,
    }) as unknown as Outcome;
  await run(svc().app.db, writeOutcomes, {
    leaseToken: lease,
    shard: 0,
    results: [
      { outcome: { ...base(retried!), status: "retrying", nextAttemptAt: new Date(Date.now() - 1_000) } },
      {
        outcome: {
          ...base(released!),
          status: "pending",
          attemptUsed: false,
          nextAttemptAt: new Date(Date.now() - 1_000),
        },
      },
    ],
  });
  const lanes = async () => new Map((await rowsOf(ns)).map((r) => [r.id, [r.status, r.lane]]));
  let now = await lanes();
  assert.deepEqual(now.get(retried!.id), ["retrying", 2]);
  assert.deepEqual(now.get(released!.id), ["pending", 1]);
  assert.deepEqual(now.get(pushed.claimed[2]!.id), ["sending", 0]);

  // Claimed from either lane, a delivery is in the retry lane until its outcome.
  const claimLease = randomUUID();
  const all = { after: "00000000-0000-0000-0000-000000000000", upTo: "ffffffff-ffff-ffff-ffff-ffffffffffff" };
  for (const lane of ["fresh", "retry"] as const)
    await run(svc().app.db, claimStatements[lane], {
      ...all,
      limit: 10,
      perWebhook: 10,
      room: {},
      leaseToken: claimLease,
    });
  now = await lanes();
  assert.deepEqual(now.get(retried!.id), ["sending", 2]);
  assert.deepEqual(now.get(released!.id), ["sending", 2]);

  // Every row's lane is the one its status means (migration 18's function: what the previous build's writes get).
  const { rows } = await svc().app.db.query(
    "select count(*)::int as n from deliveries where namespace = $1 and lane is distinct from deliveries_lane_of(status, lane)",
    [ns],
  );
  assert.equal(rows[0].n, 0);
});

test("a lapsed lease puts its deliveries still being sent in the retry lane, and only those", async () => {
  const { ns, event } = await world(2);
  const lapsedLease = randomUUID();
  const liveLease = randomUUID();
  const lapsed = await pushBornClaimed(ns, event, 3, lapsedLease);
  const live = await pushBornClaimed(ns, event, 2, liveLease);
  assert.equal(lapsed.claimed.length, 6);
  assert.equal(live.claimed.length, 4);
  // One of the lapsed lease's deliveries had its outcome written before the worker died.
  const done = lapsed.claimed[0]!;
  await run(svc().app.db, writeOutcomes, {
    leaseToken: lapsedLease,
    shard: 0,
    results: [successResult({ ...done, responseBody: "ok", responseTimeMs: 3, at: new Date() })],
  });
  // Time passes for the lapsed lease only: its row and its deliveries' leases end.
  await svc().app.db.query(
    "update delivery_leases set expires_at = now() - interval '1 second' where lease_token = $1",
    [lapsedLease],
  );
  await svc().app.db.query(
    "update deliveries set next_attempt_at = now() - interval '1 second' where lease_token = $1",
    [lapsedLease],
  );

  const recovered = await recoverLapsed(svc().app.db);
  assert.ok(recovered.leases >= 1, `leases taken: ${recovered.leases}`);
  assert.equal(recovered.deliveries, 5);
  assert.deepEqual(await leasesOf(lapsedLease), [], "the lapsed lease's row is gone");
  assert.equal((await leasesOf(liveLease)).length, 1, "the live lease's row stays");

  const byId = new Map((await rowsOf(ns)).map((r) => [r.id, r]));
  assert.deepEqual([byId.get(done.id)!.status, byId.get(done.id)!.lane], ["success", 0]);
  for (const c of lapsed.claimed.slice(1))
    assert.deepEqual([byId.get(c.id)!.status, byId.get(c.id)!.lane], ["sending", 2]);
  for (const c of live.claimed) assert.deepEqual([byId.get(c.id)!.status, byId.get(c.id)!.lane], ["sending", 0]);

  // The next claim of the retry lane takes them over, as any lapsed lease.
  const claimed = await run(svc().app.db, claimStatements.retry, {
    after: "00000000-0000-0000-0000-000000000000",
    upTo: "ffffffff-ffff-ffff-ffff-ffffffffffff",
    limit: 100,
    perWebhook: 100,
    room: {},
    leaseToken: randomUUID(),
  });
  assert.deepEqual(
    claimed
      .map((r) => r.id)
      .filter((id) => byId.has(id))
      .sort(),
    lapsed.claimed
      .slice(1)
      .map((c) => c.id)
      .sort(),
  );
  // A second run finds nothing more to do.
  assert.deepEqual(await recoverLapsed(svc().app.db), { leases: 0, deliveries: 0 });
});

test("a batch with and without idempotency keys, pushed by either statement, inserts and fans out each event once", async () => {
  const { ns, event } = await world();
  const keyOf = (i: number) => (i % 2 ? `key-${i}` : null);
  const batch = Array.from({ length: 6 }, (_, i) => ({ ...newEvent(ns, event, i), idempotencyKey: keyOf(i) }));
  const lease = randomUUID();
  const first = await insertEvents(svc().app.db, batch, {
    preClaim: { leaseToken: lease, max: 0, perWebhook: 0, room: {} },
  });
  assert.deepEqual(
    first.results.map((r) => ("duplicate" in r ? r.duplicate : "missing")),
    [false, false, false, false, false, false],
  );
  // Again: the keyed ones are duplicates of the first; a batch without keys goes through the statement without them.
  const again = await insertEvents(
    svc().app.db,
    batch.map((e, i) => ({ ...e, id: newId(), idempotencyKey: keyOf(i) })),
  );
  assert.deepEqual(
    again.results.map((r) => ("eventId" in r ? [r.duplicate, r.duplicate ? r.eventId : "new"] : "missing")),
    batch.map((e, i) => (keyOf(i) ? [true, e.id] : [false, "new"])),
  );
  const keyless = await insertEvents(svc().app.db, [newEvent(ns, event, 7), newEvent(ns, event, 8)], {
    preClaim: { leaseToken: lease, max: 0, perWebhook: 0, room: {} },
  });
  assert.equal(keyless.events, 2);
  assert.equal(keyless.deliveries, 2);
  const { rows } = await svc().app.db.query("select count(*)::int as n from deliveries where namespace = $1", [ns]);
  assert.equal(rows[0].n, 6 + 2, "one delivery per event fanned out by a push (the queued ones wait for the worker)");
});
