// A read replica (SVC_DATABASE_READ_URL) on real PostgreSQL 15 streaming replication: lag-tolerant lists are read
// from it, pushes, the queue and reads of one's own write stay on the primary; a replica behind by more than
// SVC_READ_MAX_LAG (replay paused) or stopped hands those reads back to the primary.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { eventually, waitUntil } from "../helpers/wait.ts";
import { startPrimary, startStandby } from "./pg15.ts";

const listed = async (svc: TestService) =>
  (await svc.rpc("EventService", "ListEventReports", { namespace: "default", pagination: { limit: 100 } })).events.map(
    (e: { event_id: string }) => e.event_id,
  );
const loggedSince = (svc: TestService, from: number, msg: string) => svc.logs.slice(from).some((l) => l.msg === msg);

test("lists come from the replica within SVC_READ_MAX_LAG, from the primary when it lags further or is stopped", async (t) => {
  const primary = await startPrimary(t);
  const replica = await startStandby(t, primary, "replica1");
  await waitUntil(
    async () => (await primary.query("select 1 from pg_stat_replication where state = 'streaming'")).length > 0,
  );
  await primary.query("create database svc");
  const receiver = await startReceiver(t);
  const hook = receiver.path("/replica");
  const start = (maxLag: string) =>
    startTestService(t, {
      databaseUrl: primary.url("svc"),
      env: { SVC_DATABASE_READ_URL: replica.url("svc"), SVC_READ_MAX_LAG: maxLag },
      workers: true,
    });

  // Lag tolerated (1 h): with replay paused the list misses the newest push, which is still delivered (the queue is
  // the primary's) and read back by id (one's own write is read on the primary).
  const tolerant = await start("1h");
  await waitUntil(async () => loggedSince(tolerant, 0, "reads go to the read replica"));
  await tolerant.rpc("EventService", "RegisterEvent", { name: "order.created" });
  await tolerant.rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: ["order.created"],
  });
  const push = async (svc: TestService) =>
    (await svc.rpc("EventService", "PushEvent", { namespace: "default", event: "order.created", payload: {} }))
      .event_id as string;
  const first = await push(tolerant);
  await eventually(
    () => listed(tolerant),
    (ids) => ids.includes(first),
  );
  await replica.query("select pg_wal_replay_pause()");
  const second = await push(tolerant);
  await hook.waitForRequests(2);
  assert.equal((await tolerant.rpc("EventService", "GetEventRecord", { event_id: second })).event.event_id, second);
  await new Promise((r) => setTimeout(r, 1_500));
  const stale = await listed(tolerant);
  assert.ok(stale.includes(first) && !stale.includes(second), "the list was read on the paused replica");
  await tolerant.stop();

  // Lag limited to 1 s: the paused replica falls behind, lists go to the primary and show the newest push.
  const strict = await start("1s");
  await eventually(
    () => listed(strict),
    (ids) => ids.includes(second),
    10_000,
  );
  const third = await push(strict);
  assert.ok((await listed(strict)).includes(third), "the primary served the list");
  let mark = strict.logs.length;
  await replica.query("select pg_wal_replay_resume()");
  await waitUntil(async () => loggedSince(strict, mark, "reads go to the read replica"), 10_000);
  assert.ok((await listed(strict)).includes(third), "the caught-up replica has it");

  // The replica stops: the next list is answered at once from the primary, and reads stay there.
  mark = strict.logs.length;
  await replica.kill();
  const fourth = await push(strict);
  assert.ok((await listed(strict)).includes(fourth));
  await waitUntil(async () => loggedSince(strict, mark, "reads go to the primary"), 5_000);
  const stats = await strict.rpc("WebhookService", "GetNamespaceStats", { namespace: "default" });
  assert.ok(stats.stats, "stats are served without the replica");
});
