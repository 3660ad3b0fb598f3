// Two svc processes on one database split the deliveries between them and send each exactly once: claims are
// `for update skip locked` under a lease, so neither sends what the other holds.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createTestDatabase } from "../helpers/cluster.ts";
import { startServerProcess } from "../helpers/process.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { TEST_API_KEY, testEnv } from "../helpers/service.ts";
import { rpc } from "../helpers/rpc-at.ts";

/** Successful deliveries this process wrote, from its own /metrics. */
async function deliveredBy(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`, { headers: { "x-api-key": TEST_API_KEY } })).text();
  return text
    .split("\n")
    .filter((l) => l.startsWith("svc_deliveries_total{") && l.includes('status="success"'))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
}

test("two instances on one database deliver every event exactly once and both take a share", async (t) => {
  const databaseUrl = await createTestDatabase(t);
  const receiver = await startReceiver(t);
  // A 20 ms receiver and 4 requests in flight per process: one process alone could not keep up, so both work.
  const hook = receiver.path("/split").answers({ status: 200, delayMs: 20 });
  const env = testEnv(databaseUrl, { SVC_LOG_LEVEL: "info", SVC_MAX_IN_FLIGHT: "4" });
  const instances = [startServerProcess(env), startServerProcess(env)];
  for (const instance of instances) t.after(() => instance.child.kill("SIGKILL"));
  const [a, b] = await Promise.all(instances.map((i) => i.url()));
  await rpc(a!, "EventService/RegisterEvent", { name: "order.split" });
  await rpc(a!, "WebhookService/RegisterWebhook", { namespace: "default", url: hook.url, events: ["order.split"] });
  const total = 400;
  const pushed = new Set<string>();
  for (let i = 0; i < total; i += 10)
    await Promise.all(
      Array.from({ length: 10 }, async (_, k) => {
        // Pushes alternate between the instances, as behind a load balancer.
        const { event_id } = await rpc(k % 2 ? b! : a!, "EventService/PushEvent", {
          namespace: "default",
          event: "order.split",
          payload: { i: i + k },
        });
        pushed.add(event_id);
      }),
    );
  await hook.waitForRequests(total, 45_000);
  // Anything sent twice would arrive shortly after; give it the time.
  await new Promise((r) => setTimeout(r, 1_000));
  const events = hook.requests.map((r) => JSON.parse(r.body).event_id as string);
  assert.equal(hook.requests.length, total, "no delivery was sent twice");
  assert.deepEqual(new Set(events), pushed, "every pushed event arrived");
  const shares = await Promise.all([a!, b!].map(deliveredBy));
  t.diagnostic(`deliveries by instance: ${shares.join(" / ")}`);
  assert.equal(shares[0]! + shares[1]!, total);
  assert.ok(Math.min(...shares) >= total * 0.2, `both instances took a share: ${shares.join(" / ")}`);
});
