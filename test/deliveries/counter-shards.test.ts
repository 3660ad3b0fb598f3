// The writers of one process take counter shards no other writer of it holds: a push never waits for an outcome
// batch (or another push) of its own process on a counter row until that transaction commits.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { withTransaction } from "../../lib/db/pool.ts";
import { insertEvents } from "../../lib/events/inserter.ts";
import { COUNTER_SHARDS, withCounterShard } from "../../lib/stats/counters.ts";
import { newEvent } from "../helpers/new-event.ts";
import { sharedService } from "../helpers/service.ts";

const svc = sharedService({ workers: false });

/** Whether `p` settles within `ms`. */
const within = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

test("concurrent writers of one process hold distinct shards until every shard is held, and give them back", async () => {
  const release = gate();
  const held: number[] = [];
  const writers = Array.from({ length: COUNTER_SHARDS + 1 }, () =>
    withCounterShard(async (shard) => {
      held.push(shard);
      await release.opened;
    }),
  );
  await new Promise((resolve) => setImmediate(resolve));
  release.open();
  await Promise.all(writers);
  assert.equal(held.length, COUNTER_SHARDS + 1);
  assert.equal(new Set(held.slice(0, COUNTER_SHARDS)).size, COUNTER_SHARDS, `shards taken: ${held.join(", ")}`);

  // All given back: the next writers again find shards nobody holds.
  const again = gate();
  const next: number[] = [];
  const more = Array.from({ length: COUNTER_SHARDS }, () =>
    withCounterShard(async (shard) => {
      next.push(shard);
      await again.opened;
    }),
  );
  await new Promise((resolve) => setImmediate(resolve));
  again.open();
  await Promise.all(more);
  assert.equal(new Set(next).size, COUNTER_SHARDS, `shards taken: ${next.join(", ")}`);
});

test("a push fanned out by its statement does not wait for transactions of its process that hold other counter rows", async () => {
  const ns = `ns-${randomUUID().slice(0, 8)}`;
  const event = `evt-${randomUUID().slice(0, 8)}`;
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  await svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: "http://127.0.0.1:9/", events: [event] });
  const db = svc().app.db;

  // Three rounds: with a shard drawn at random, a push would wait on one of the seven locked rows 7 times in 8.
  for (let round = 0; round < 3; round++) {
    const release = gate();
    const locked: Promise<void>[] = [];
    const lockedRows: number[] = [];
    let pushed = false;
    try {
      for (let i = 0; i < COUNTER_SHARDS - 1; i++) {
        const rowLocked = gate();
        locked.push(
          withCounterShard((shard) =>
            withTransaction(db, async (tx) => {
              await tx.query(
                `insert into namespace_counters as n (namespace, shard) values ($1, $2)
                 on conflict (namespace, shard) do update set total = n.total`,
                [ns, shard],
              );
              lockedRows.push(shard);
              rowLocked.open();
              await release.opened;
            }),
          ),
        );
        assert.ok(await within(rowLocked.opened, 5_000), `round ${round}: writer ${i} waited on another's row`);
      }
      pushed = await within(insertEvents(db, [newEvent(ns, event)], bornClaimed()), 5_000);
    } finally {
      release.open();
      await Promise.all(locked);
    }
    assert.equal(new Set(lockedRows).size, COUNTER_SHARDS - 1);
    assert.ok(pushed, `round ${round}: the push waited 5 s on a counter row`);
  }
  const { rows } = await db.query<{ total: string }>(
    "select sum(total)::text as total from namespace_counters where namespace = $1",
    [ns],
  );
  assert.equal(rows[0]!.total, "3", "each push counted its delivery");
});

/** Fanned out by the push's own statement; nothing born claimed. */
const bornClaimed = () => ({ preClaim: { leaseToken: randomUUID(), max: 0, perWebhook: 0, room: {} } });
