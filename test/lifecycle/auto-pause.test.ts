// Pauses svc decides on its own: a 410 Gone answer, and auto-disable after sustained failure. Both stop every
// delivery to the webhook until it is resumed, with the reason on the webhook, its health and its deliveries.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startReceiver } from "../helpers/receiver.ts";
import { sharedService, type TestService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true, logLevel: "error" });
let n = 0;
const unique = (prefix: string) => `${prefix}.${process.pid}.${++n}`;

async function setup(s: TestService, url: string, httpConfig: Record<string, unknown> = {}) {
  const event = unique("pause");
  await s.rpc("EventService", "RegisterEvent", { name: event });
  const reg = await s.rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url,
    events: [event],
    httpConfig,
  });
  const push = () => s.rpc("EventService", "PushEvent", { namespace: "default", event, payload: { n: ++n } });
  return { event, id: reg.webhook_id as string, push };
}

const deliveriesOf = async (s: TestService, id: string) =>
  (await s.rest("GET", `/v1/consumers/default/deliveries?webhook_id=${id}&limit=100`)).body.deliveries as any[];

test("a 410 Gone answer fails the delivery without retrying and pauses the webhook; queued deliveries wait until it is resumed", async (t) => {
  const hook = (await startReceiver(t)).path("/gone").answers({ status: 410 });
  const { id, push } = await setup(svc(), hook.url, { maxRetries: 5, retryBackoffSeconds: 1 });
  await push();
  await hook.waitForRequests(1);

  const webhook = await eventually(
    () => svc().rest("GET", `/v1/consumers/default/webhooks/${id}`),
    (r) => r.body.active === false,
    10_000,
    100,
  );
  assert.match(webhook.body.paused_reason, /^endpoint answered 410 Gone at \d{4}-\d\d-\d\dT/);
  const health = await svc().rpc("HealthService", "GetWebhookHealth", { namespace: "default", webhookId: id });
  assert.equal(health.paused_reason, webhook.body.paused_reason);
  const [first] = await deliveriesOf(svc(), id);
  assert.equal(first.status, "failed");
  assert.equal(first.attempt_count, 1, "a 410 is not retried");

  // Deliveries queued for it (a retry of the failed one here) are held, not attempted, and say why.
  await svc().rpc("DeliveryService", "RetryDelivery", { namespace: "default", deliveryId: first.delivery_id });
  await new Promise((r) => setTimeout(r, 1_500));
  assert.equal(hook.requests.length, 1, "nothing is sent to a webhook paused for 410");
  const held = (await deliveriesOf(svc(), id))[0];
  assert.equal(held.status, "pending");
  assert.match(held.held_reason, /^webhook paused: endpoint answered 410 Gone at /);

  // The customer fixes the endpoint and the operator resumes: the held delivery goes out.
  hook.answers({ status: 200 });
  await svc().rpc("WebhookService", "ResumeWebhook", { namespace: "default", webhookId: id });
  await hook.waitForRequests(2);
  await eventually(
    () => deliveriesOf(svc(), id),
    (ds) => ds[0]?.status === "success",
    10_000,
    100,
  );
});

test("with pause_on_gone off a 410 only fails the delivery", async (t) => {
  const hook = (await startReceiver(t)).path("/gone-ok").answers({ status: 410 });
  const { id, push } = await setup(svc(), hook.url, { pauseOnGone: false });
  assert.equal((await svc().rest("GET", `/v1/consumers/default/webhooks/${id}`)).body.http_config.pause_on_gone, false);
  await push();
  await eventually(
    () => deliveriesOf(svc(), id),
    (ds) => ds[0]?.status === "failed",
    10_000,
    100,
  );
  const webhook = await svc().rest("GET", `/v1/consumers/default/webhooks/${id}`);
  assert.equal(webhook.body.active, true);
  assert.equal(webhook.body.paused_reason, "");
});

test("auto-disable pauses a webhook with only failures for its period; resuming restarts the clock", async (t) => {
  const hook = (await startReceiver(t)).path("/failing").answers({ status: 500 });
  const { id, push } = await setup(svc(), hook.url, { autoDisableAfterSeconds: 60, maxRetries: 0 });
  assert.equal(
    (await svc().rest("GET", `/v1/consumers/default/webhooks/${id}`)).body.http_config.auto_disable_after_seconds,
    60,
  );
  await push();
  await eventually(
    () => deliveriesOf(svc(), id),
    (ds) => ds[0]?.status === "failed",
    10_000,
    100,
  );
  assert.equal(
    (await svc().rest("GET", `/v1/consumers/default/webhooks/${id}`)).body.active,
    true,
    "one minute has not passed",
  );

  // Move the clock: the failures began over a minute ago. The next failure pauses the webhook.
  await svc().app.db.query(
    "update webhook_health set failing_since = now() - interval '61 seconds' where webhook_id = $1",
    [id],
  );
  await push();
  const paused = await eventually(
    () => svc().rest("GET", `/v1/consumers/default/webhooks/${id}`),
    (r) => r.body.active === false,
    10_000,
    100,
  );
  assert.match(paused.body.paused_reason, /^no successful delivery for 1m \(failing since .*\); auto-disabled$/);

  await svc().rpc("WebhookService", "ResumeWebhook", { namespace: "default", webhookId: id });
  const { rows } = await svc().app.db.query("select failing_since from webhook_health where webhook_id = $1", [id]);
  assert.equal(rows[0].failing_since, null);
  await push();
  await eventually(
    () => deliveriesOf(svc(), id),
    (ds) => ds.filter((d) => d.status === "failed").length === 3,
    10_000,
    100,
  );
  assert.equal(
    (await svc().rest("GET", `/v1/consumers/default/webhooks/${id}`)).body.active,
    true,
    "a resumed webhook gets a full period again",
  );
});

test("a success in between keeps a webhook from being auto-disabled", async (t) => {
  const hook = (await startReceiver(t)).path("/flaky").answers({ status: 500 }, { status: 200 }, { status: 500 });
  const { id, push } = await setup(svc(), hook.url, { autoDisableAfterSeconds: 60, maxRetries: 0 });
  await push();
  await hook.waitForRequests(1);
  await svc().app.db.query(
    "update webhook_health set failing_since = now() - interval '10 minutes' where webhook_id = $1",
    [id],
  );
  await push();
  await hook.waitForRequests(2);
  await push();
  await hook.waitForRequests(3);
  await eventually(
    () => deliveriesOf(svc(), id),
    (ds) => ds.every((d) => ["success", "failed"].includes(d.status)) && ds.length === 3,
    10_000,
    100,
  );
  assert.equal((await svc().rest("GET", `/v1/consumers/default/webhooks/${id}`)).body.active, true);
});
