import assert from "node:assert/strict";
import { test } from "node:test";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService } from "../helpers/service.ts";

test("a pushed event reaches the receiver, signed, and the delivery ends success", async (t) => {
  const svc = await startTestService(t, { workers: true });
  const receiver = await startReceiver(t);
  const hook = receiver.path("/orders");
  await svc.rpc("EventService", "RegisterEvent", { name: "order.created" });
  const reg = await svc.rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: ["order.created"],
  });
  const pushed = await svc.rpc("EventService", "PushEvent", {
    namespace: "default",
    event: "order.created",
    payload: { n: 1 },
  });
  const [req] = await hook.waitForRequests(1);
  const body = JSON.parse(req!.body);
  assert.equal(body.event_id, pushed.event_id);
  assert.equal(body.webhook_id, reg.webhook_id);
  await svc.workers!.delivery.idle();
  const list = await svc.rpc("DeliveryService", "ListDeliveries", { namespace: "default" });
  assert.equal(list.deliveries[0].status, "SUCCESS");
});
