// GET /v1/overview: figures kept per minute with the outcome writes, worst endpoints and the queue.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LATENCY_BOUNDS_MS } from "../../lib/deliveries/minute-stats.ts";
import { percentileFromBuckets } from "../../lib/stats/overview.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

test("percentiles come from the histogram: the bound of the bucket where the share is reached", () => {
  const buckets = new Array(LATENCY_BOUNDS_MS.length + 1).fill(0);
  buckets[1] = 50; // ≤ 10 ms
  buckets[4] = 45; // ≤ 100 ms
  buckets[8] = 5; // ≤ 2.5 s
  assert.equal(percentileFromBuckets(buckets, 0.5), 10);
  assert.equal(percentileFromBuckets(buckets, 0.95), 100);
  assert.equal(percentileFromBuckets(buckets, 0.99), 2_500);
  assert.equal(percentileFromBuckets(new Array(13).fill(0), 0.5), null);
});

test("the overview counts attempts, successes, final failures and categories of written outcomes", async (t) => {
  const svc = await startTestService(t, { workers: true });
  const receiver = await startReceiver(t);
  const ok = receiver.path("/ok");
  const down = receiver.path("/down").answers({ status: 503, body: "no" });
  assert.equal((await svc.rest("POST", "/v1/event-types", { name: "a.b" })).status, 201);
  assert.equal((await svc.rest("POST", "/v1/consumers/c1/webhooks", { url: ok.url, events: ["a.b"] })).status, 201);
  const bad = (
    await svc.rest("POST", "/v1/consumers/c1/webhooks", {
      url: down.url,
      events: ["a.b"],
      http_config: { max_retries: 0 },
    })
  ).body;

  const empty = (await svc.rest("GET", "/v1/overview")).body;
  assert.equal(empty.last_24h.attempts, 0);
  assert.equal(empty.last_24h.success_rate, null);

  for (let i = 0; i < 4; i++)
    assert.equal((await svc.rest("POST", "/v1/consumers/c1/events?event=a.b", { payload: { i } })).status, 202);
  // The overview reads its figures in parallel, each query its own snapshot: an outcome batch committed between
  // them shows in one figure before the other, so wait for the last batch to show in both.
  const o = await eventually(
    async () => (await svc.rest("GET", "/v1/overview")).body,
    (b) => b.last_24h.attempts === 8 && b.last_24h.failures === 4 && b.worst_endpoints[0]?.errors_24h === 4,
  );
  assert.equal(o.last_24h.successes, 4);
  assert.equal(o.last_24h.success_rate, 0.5);
  assert.deepEqual(o.last_24h.error_categories, { server_error: 4 });
  assert.ok(o.last_24h.latency_p50_ms > 0);
  assert.ok(o.last_24h.latency_p95_ms >= o.last_24h.latency_p50_ms);
  assert.equal(o.last_7d.attempts, 8, "the week includes the day");
  assert.equal(
    o.hourly.reduce((n: number, h: { attempts: number }) => n + h.attempts, 0),
    8,
  );
  assert.deepEqual(
    o.worst_endpoints.map((w: { webhook_id: string; errors_24h: number }) => [w.webhook_id, w.errors_24h]),
    [[bad.webhook_id, 4]],
  );
  assert.equal(o.queue.depth, 0);
  assert.equal(o.queue.oldest_due_at, null);
});
