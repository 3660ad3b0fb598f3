import assert from "node:assert/strict";
import { test } from "node:test";
import { expireDeliveries } from "../../lib/deliveries/expiry.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { sharedService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

async function hookFor(
  t: Parameters<typeof startReceiver>[0],
  httpConfig: Record<string, unknown>,
  ...answers: { status?: number; hang?: boolean }[]
) {
  const event = unique("evt");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const hook = (await startReceiver(t)).path("/h").answers(...answers);
  await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: [event],
    httpConfig,
  });
  return { event, hook };
}

test("a delivery still failing when its event's TTL passes becomes expired", async (t) => {
  const { event, hook } = await hookFor(t, { retryBackoffSeconds: 60, maxRetries: 10 }, { status: 500 });
  const pushed = await svc().rpc("EventService", "PushEvent", {
    namespace: "default",
    event,
    payload: {},
    ttlSeconds: 2,
  });
  const d = await eventually(
    () =>
      svc()
        .rpc("DeliveryService", "ListDeliveries", { namespace: "default", eventId: pushed.event_id })
        .then((r) => r.deliveries[0]),
    (d) => d?.status === "EXPIRED",
    10_000,
  );
  assert.equal(hook.requests.length, 1, "the 60 s retry was never sent");
  assert.equal(d.error_category, "server_error");
});

test("the expiry job expires pending deliveries past their TTL and nothing else", async (t) => {
  const { event } = await hookFor(t, {}, { hang: true });
  const pushed = await svc().rpc("EventService", "PushEvent", {
    namespace: "default",
    event,
    payload: {},
    ttlSeconds: 3600,
  });
  await eventually(
    () => svc().rpc("EventService", "GetEventRecord", { eventId: pushed.event_id }),
    (r) => r.event.webhook_count === 1,
  );
  // Hold it as pending in the future, then move its TTL into the past.
  await svc().app.db.query(
    "update deliveries set status = 'pending', lease_token = null, next_attempt_at = now() + interval '1 hour' where event_id = $1",
    [pushed.event_id],
  );
  const fresh = await svc().rpc("EventService", "PushEvent", {
    namespace: "default",
    event,
    payload: {},
    ttlSeconds: 3600,
  });
  await eventually(
    () => svc().rpc("EventService", "GetEventRecord", { eventId: fresh.event_id }),
    (r) => r.event.webhook_count === 1,
  );
  await svc().app.db.query("update deliveries set expires_at = now() - interval '1 second' where event_id = $1", [
    pushed.event_id,
  ]);
  assert.ok((await expireDeliveries(svc().app.db)) >= 1);
  const [old] = (
    await svc().rpc("DeliveryService", "ListDeliveries", { namespace: "default", eventId: pushed.event_id })
  ).deliveries;
  const [young] = (
    await svc().rpc("DeliveryService", "ListDeliveries", { namespace: "default", eventId: fresh.event_id })
  ).deliveries;
  assert.equal(old.status, "EXPIRED");
  assert.notEqual(young.status, "EXPIRED");
});

test("rate_limit_rps spaces deliveries out without failing them or using attempts", async (t) => {
  const { event, hook } = await hookFor(t, { rateLimitRps: 4 }, { status: 200 });
  const ids = [];
  for (let i = 0; i < 12; i++)
    ids.push((await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { i } })).event_id);
  const requests = await hook.waitForRequests(12, 15_000);
  const times = requests.map((r) => r.receivedAt).sort((a, b) => a - b);
  const span = times[11]! - times[0]!;
  // A burst of up to 4, then one every 250 ms: 12 take at least ~2 s.
  assert.ok(span >= 1_700, `12 deliveries at 4/s took only ${span} ms`);
  const offsets = times.map((x) => x - times[0]!);
  for (let i = 0; i + 8 < times.length; i++)
    assert.ok(times[i + 8]! - times[i]! >= 900, `never 9 within a second: ${offsets}`);
  const webhookId = (await svc().rpc("WebhookService", "ListWebhooks", { namespace: "default", event })).webhooks[0]
    .webhook_id;
  const list = await eventually(
    () => svc().rpc("DeliveryService", "ListDeliveries", { namespace: "default", webhookId }),
    (l) => l.deliveries.every((d: any) => d.status === "SUCCESS"),
  );
  assert.deepEqual(
    list.deliveries.map((d: any) => [d.status, d.attempt_count]),
    Array(12).fill(["SUCCESS", 1]),
  );
});
