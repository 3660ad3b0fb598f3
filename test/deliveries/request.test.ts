import assert from "node:assert/strict";
import { createPublicKey, verify } from "node:crypto";
import { test } from "node:test";
import { Webhook } from "standardwebhooks";
import { startReceiver } from "../helpers/receiver.ts";
import { sharedService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

async function setup(t: Parameters<typeof startReceiver>[0], webhook: Record<string, unknown> = {}) {
  const receiver = await startReceiver(t);
  const event = unique("order.created");
  const hook = receiver.path(`/${event}`);
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const reg = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: [event],
    ...webhook,
  });
  return { receiver, hook, event, reg };
}

test("the body is the default envelope with every field of the spec", async (t) => {
  const { hook, event, reg } = await setup(t);
  const pushed = await svc().rpc("EventService", "PushEvent", {
    namespace: "default",
    event,
    payload: { amount: 12.5, items: [1, 2], nested: { ok: true } },
  });
  const [req] = await hook.waitForRequests(1);
  const body = JSON.parse(req!.body);
  assert.deepEqual(Object.keys(body).sort(), [
    "attempt",
    "consumer",
    "delivery_id",
    "event_id",
    "event_name",
    "payload",
    "timestamp",
    "version",
    "webhook_id",
  ]);
  assert.equal(body.version, "1");
  assert.equal(body.event_id, pushed.event_id);
  assert.equal(body.event_name, event);
  assert.equal(body.consumer, "default");
  assert.equal(body.webhook_id, reg.webhook_id);
  assert.equal(body.attempt, 1);
  assert.ok(Math.abs(Date.parse(body.timestamp) - Date.now()) < 60_000);
  assert.deepEqual(body.payload, { amount: 12.5, items: [1, 2], nested: { ok: true } });
  assert.equal(req!.method, "POST");
  assert.equal(req!.headers["content-type"], "application/json");
  assert.match(String(req!.headers["user-agent"]), /^Svc-Webhook\/\d/);
  assert.equal(req!.headers["x-svc-event-id"], pushed.event_id);
  assert.equal(req!.headers["x-svc-delivery-id"], body.delivery_id);
  assert.equal(req!.headers["x-svc-webhook-id"], reg.webhook_id);
  assert.equal(req!.headers["webhook-id"], `msg_${body.delivery_id}`);
});

test("the stock standardwebhooks library verifies the HMAC signature with the secret from registration", async (t) => {
  const { hook, event, reg } = await setup(t);
  await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { a: "ünïcödé" } });
  const [req] = await hook.waitForRequests(1);
  const headers = {
    "webhook-id": String(req!.headers["webhook-id"]),
    "webhook-timestamp": String(req!.headers["webhook-timestamp"]),
    "webhook-signature": String(req!.headers["webhook-signature"]),
  };
  assert.ok(new Webhook(reg.webhook_secret).verify(req!.body, headers));
  assert.throws(() => new Webhook(reg.webhook_secret).verify(req!.body.replace("a", "b"), headers));
});

test("node:crypto verifies the Ed25519 signature with signing_public_key", async (t) => {
  const { hook, event, reg } = await setup(t);
  await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { b: 2 } });
  const [req] = await hook.waitForRequests(1);
  const v1a = String(req!.headers["webhook-signature"])
    .split(" ")
    .find((s) => s.startsWith("v1a,"))!;
  const publicKey = createPublicKey({
    key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(reg.signing_public_key, "base64").toString("base64url") },
    format: "jwk",
  });
  const signed = Buffer.from(`${req!.headers["webhook-id"]}.${req!.headers["webhook-timestamp"]}.${req!.body}`);
  assert.equal(verify(null, signed, publicKey, Buffer.from(v1a.slice(4), "base64")), true);
});

test("headers merge webhook < subscription < secret headers; the service's own headers always win", async (t) => {
  const { hook, event, reg } = await setup(t, {
    headers: { "X-Team": "webhook", "X-Only-Webhook": "w", "User-Agent": "spoof", "X-Svc-Event-ID": "spoof" },
    secretHeaders: { Authorization: "Bearer s3cret", "X-Team": "secret" },
  });
  const subs = await svc().rpc("SubscriptionService", "ListSubscriptions", {
    namespace: "default",
    webhookId: reg.webhook_id,
  });
  await svc().rpc("SubscriptionService", "UpdateSubscription", {
    namespace: "default",
    subscriptionId: subs.subscriptions[0].subscription_id,
    headers: { "X-Team": "subscription", "X-Only-Sub": "s", "webhook-signature": "spoof" },
    method: "PUT",
  });
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: {} });
  const [req] = await hook.waitForRequests(1);
  assert.equal(req!.method, "PUT");
  assert.equal(req!.headers["x-team"], "secret");
  assert.equal(req!.headers["x-only-webhook"], "w");
  assert.equal(req!.headers["x-only-sub"], "s");
  assert.equal(req!.headers.authorization, "Bearer s3cret");
  assert.match(String(req!.headers["user-agent"]), /^Svc-Webhook\//);
  assert.equal(req!.headers["x-svc-event-id"], pushed.event_id);
  assert.match(String(req!.headers["webhook-signature"]), /^v1,/);
});

test("a reserved header stored before validation existed is skipped at delivery", async (t) => {
  const { hook, event, reg } = await setup(t, { headers: { "X-Fine": "yes" } });
  await svc().app.db.query(
    `update webhooks set headers = '{"X-Fine":"yes","Connection":"close","Host":"evil.example"}', updated_at = now() where id = $1`,
    [reg.webhook_id],
  );
  await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: {} });
  const [req] = await hook.waitForRequests(1);
  assert.equal(req!.headers["x-fine"], "yes");
  assert.notEqual(req!.headers.host, "evil.example");
});

test("a webhook with no HMAC secret still carries the Ed25519 signature", async (t) => {
  const { hook, event, reg } = await setup(t);
  await svc().rpc("WebhookService", "UpdateWebhookConfig", {
    namespace: "default",
    webhookId: reg.webhook_id,
    updates: { httpConfig: { webhookSecret: "" } },
    updateMask: "http_config.webhook_secret",
  });
  await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: {} });
  const [req] = await hook.waitForRequests(1);
  assert.match(String(req!.headers["webhook-signature"]), /^v1a,[^ ]+$/);
});

test("a secret that cannot be decrypted fails closed: nothing is sent", async (t) => {
  const { hook, event, reg } = await setup(t);
  await svc().app.db.query("update webhooks set signing_secret = $2, updated_at = now() where id = $1", [
    reg.webhook_id,
    Buffer.from("02", "hex"),
  ]);
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: {} });
  const list = await eventually(
    () => svc().rpc("DeliveryService", "ListDeliveries", { namespace: "default", eventId: pushed.event_id }),
    (r) => r.deliveries[0]?.attempt_count >= 1 && r.deliveries[0]?.status !== "SENDING",
  );
  assert.match(list.deliveries[0].error_message, /cannot be decrypted/);
  assert.equal(hook.requests.length, 0);
});

test("the envelope is shown as sent without a stored copy; a later attempt's replaces it, a rendered body replaces both", async (t) => {
  const { hook, event, reg } = await setup(t, { httpConfig: { maxRetries: 2, retryBackoffSeconds: 1 } });
  hook.answers({ status: 500 }, { status: 200 });
  const payload = { 'quote"d': "ünïcödé\n", n: [1.5, 2e21, -0], deep: { a: null } };
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload });
  const [first, second] = await hook.waitForRequests(2, 20_000);
  const settled = () => svc().rest("GET", `/v1/consumers/default/deliveries?event_id=${pushed.event_id}`);
  const [d] = (await eventually(settled, (r) => r.body.deliveries?.[0]?.status === "success")).body.deliveries;
  assert.equal(JSON.parse(first!.body).attempt, 1);
  assert.equal(d.request_body, second!.body, "the second attempt's body (attempt 2, its own timestamp), byte for byte");
  assert.equal(
    (await svc().rest("GET", `/v1/consumers/default/deliveries/${d.delivery_id}`)).body.request_body,
    second!.body,
  );
  const { rows } = await svc().app.db.query("select request_body, envelope_attempt from deliveries where id = $1", [
    d.delivery_id,
  ]);
  assert.deepEqual(rows[0], { request_body: null, envelope_attempt: 2 }, "only the attempt and its time are stored");

  // A transform added later: the retried delivery now carries the rendered body, stored as sent.
  const { subscriptions } = await svc().rpc("SubscriptionService", "ListSubscriptions", {
    namespace: "default",
    webhookId: reg.webhook_id,
  });
  await svc().rpc("SubscriptionService", "UpdateSubscription", {
    namespace: "default",
    subscriptionId: subscriptions[0].subscription_id,
    transformEnabled: true,
    transformTemplate: '{"n":{{.attempt}}}',
  });
  hook.answers({ status: 200 });
  await svc().rest("POST", `/v1/consumers/default/deliveries/${d.delivery_id}/retry`, { force: true });
  const [, , third] = await hook.waitForRequests(3, 20_000);
  // A manual retry starts the delivery's attempts over.
  assert.equal(third!.body, '{"n":1}');
  const rendered = await eventually(
    async () => (await svc().rest("GET", `/v1/consumers/default/deliveries/${d.delivery_id}`)).body,
    (r) => r.status === "success" && r.request_body === third!.body,
  );
  const { rows: after } = await svc().app.db.query(
    "select request_body, envelope_attempt, envelope_at from deliveries where id = $1",
    [rendered.delivery_id],
  );
  assert.deepEqual(after[0], { request_body: '{"n":1}', envelope_attempt: null, envelope_at: null });
});

test("the delivery records the request body that was sent and the response", async (t) => {
  const { hook, event } = await setup(t);
  hook.answers({ status: 202, body: "accepted!" });
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { x: 1 } });
  const [req] = await hook.waitForRequests(1);
  const list = await eventually(
    () => svc().rpc("DeliveryService", "ListDeliveries", { namespace: "default", eventId: pushed.event_id }),
    (r) => r.deliveries[0]?.status === "SUCCESS",
  );
  const d = list.deliveries[0];
  assert.equal(d.request_body, req!.body);
  assert.equal(d.response_code, 202);
  assert.equal(d.response_body, "accepted!");
  assert.equal(d.error_category, "success");
  const { attempts } = await svc().rpc("DeliveryService", "GetDeliveryAttempts", { deliveryId: d.delivery_id });
  assert.equal(attempts.length, 1);
  assert.equal(attempts[0].success, true);
  assert.equal(attempts[0].response_code, 202);
  assert.equal(attempts[0].error_category, "success");
  assert.equal(attempts[0].error_message, "");
  assert.ok(attempts[0].response_time >= 0);
});
