import assert from "node:assert/strict";
import { test } from "node:test";
import { type RpcError, sharedService } from "../helpers/service.ts";

const svc = sharedService();
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

async function webhook() {
  const ns = unique("ns");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  const res = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: `https://93.184.216.34/${unique("s")}`,
    events: ["base"],
  });
  return { ns, webhookId: res.webhook_id };
}

test("CreateSubscription with defaults, GetSubscription reads it back", async () => {
  const { ns, webhookId } = await webhook();
  const created = await svc().rpc("SubscriptionService", "CreateSubscription", {
    namespace: ns,
    webhookId,
    eventName: "order.paid",
  });
  assert.match(created.subscription_id, /^[0-9a-f-]{36}$/);
  const { subscription } = await svc().rpc("SubscriptionService", "GetSubscription", {
    namespace: ns,
    subscriptionId: created.subscription_id,
  });
  assert.deepEqual(
    [
      subscription.webhook_id,
      subscription.event_name,
      subscription.namespace,
      subscription.method,
      subscription.timeout,
      subscription.transform_enabled,
      subscription.on_transform_error,
      subscription.headers,
      subscription.label_filters,
    ],
    [webhookId, "order.paid", ns, "POST", 0, false, "FAIL", {}, {}],
  );
});

test("CreateSubscription stores every field given", async () => {
  const { ns, webhookId } = await webhook();
  const created = await svc().rpc("SubscriptionService", "CreateSubscription", {
    namespace: ns,
    webhookId,
    eventName: "full",
    headers: { "X-Sub": "1" },
    method: "put",
    timeout: 12,
    transformEnabled: true,
    transformTemplate: '{"id": "{{.event_id}}"}',
    onTransformError: "ON_TRANSFORM_ERROR_FALLBACK",
    labelFilters: { region: "eu" },
  });
  const { subscription: s } = await svc().rpc("SubscriptionService", "GetSubscription", {
    namespace: ns,
    subscriptionId: created.subscription_id,
  });
  assert.deepEqual(
    [s.headers, s.method, s.timeout, s.transform_enabled, s.transform_template, s.on_transform_error, s.label_filters],
    [{ "X-Sub": "1" }, "PUT", 12, true, '{"id": "{{.event_id}}"}', "FALLBACK", { region: "eu" }],
  );
});

test("one subscription per webhook and event name: a second is ALREADY_EXISTS", async () => {
  const { ns, webhookId } = await webhook();
  await assert.rejects(
    svc().rpc("SubscriptionService", "CreateSubscription", { namespace: ns, webhookId, eventName: "base" }),
    (e: RpcError) => e.code === "already_exists",
  );
});

test("the webhook must exist in the same namespace", async () => {
  const { webhookId } = await webhook();
  const other = await webhook();
  await assert.rejects(
    svc().rpc("SubscriptionService", "CreateSubscription", { namespace: other.ns, webhookId, eventName: "x" }),
    (e: RpcError) => e.code === "not_found",
  );
  await assert.rejects(
    svc().rpc("SubscriptionService", "CreateSubscription", {
      namespace: other.ns,
      webhookId: crypto.randomUUID(),
      eventName: "x",
    }),
    (e: RpcError) => e.code === "not_found",
  );
  await assert.rejects(
    svc().rpc("SubscriptionService", "CreateSubscription", { namespace: unique("ghost"), webhookId, eventName: "x" }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("bad subscription input is INVALID_ARGUMENT", async () => {
  const { ns, webhookId } = await webhook();
  for (const extra of [
    { method: "TRACE" },
    { timeout: 301 },
    { headers: { Host: "x" } },
    { transformEnabled: true },
    { onTransformError: "explode" },
    { transformTemplate: "x".repeat(64 * 1024 + 1) },
  ]) {
    await assert.rejects(
      svc().rpc("SubscriptionService", "CreateSubscription", {
        namespace: ns,
        webhookId,
        eventName: unique("e"),
        ...extra,
      }),
      (e: RpcError) => e.code === "invalid_argument",
      JSON.stringify(extra).slice(0, 60),
    );
  }
});

test("UpdateSubscription writes only the fields set; headers and label_filters replace", async () => {
  const { ns, webhookId } = await webhook();
  const { subscription_id } = await svc().rpc("SubscriptionService", "CreateSubscription", {
    namespace: ns,
    webhookId,
    eventName: "u",
    headers: { "X-A": "1" },
    labelFilters: { a: "1", b: "2" },
    method: "PATCH",
  });
  await svc().rpc("SubscriptionService", "UpdateSubscription", {
    namespace: ns,
    subscriptionId: subscription_id,
    labelFilters: { c: "3" },
  });
  let { subscription: s } = await svc().rpc("SubscriptionService", "GetSubscription", {
    namespace: ns,
    subscriptionId: subscription_id,
  });
  assert.deepEqual([s.headers, s.label_filters, s.method], [{ "X-A": "1" }, { c: "3" }, "PATCH"]);
  await svc().rpc("SubscriptionService", "UpdateSubscription", {
    namespace: ns,
    subscriptionId: subscription_id,
    headers: { "X-B": "2" },
    timeout: 0,
    method: "",
  });
  ({ subscription: s } = await svc().rpc("SubscriptionService", "GetSubscription", {
    namespace: ns,
    subscriptionId: subscription_id,
  }));
  assert.deepEqual([s.headers, s.method, s.timeout], [{ "X-B": "2" }, "PATCH", 0]);
  await assert.rejects(
    svc().rpc("SubscriptionService", "UpdateSubscription", {
      namespace: ns,
      subscriptionId: crypto.randomUUID(),
      method: "PUT",
    }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("ListSubscriptions filters by webhook and event name; DeleteSubscription removes one", async () => {
  const { ns, webhookId } = await webhook();
  await svc().rpc("SubscriptionService", "CreateSubscription", { namespace: ns, webhookId, eventName: "second" });
  const all = await svc().rpc("SubscriptionService", "ListSubscriptions", { namespace: ns });
  assert.equal(all.subscriptions.length, 2);
  assert.equal(all.pagination.total_count, 2);
  const one = await svc().rpc("SubscriptionService", "ListSubscriptions", { namespace: ns, eventName: "second" });
  assert.equal(one.subscriptions.length, 1);
  await svc().rpc("SubscriptionService", "DeleteSubscription", {
    namespace: ns,
    subscriptionId: one.subscriptions[0].subscription_id,
  });
  await assert.rejects(
    svc().rpc("SubscriptionService", "DeleteSubscription", {
      namespace: ns,
      subscriptionId: one.subscriptions[0].subscription_id,
    }),
    (e: RpcError) => e.code === "not_found",
  );
  assert.equal(
    (await svc().rpc("SubscriptionService", "ListSubscriptions", { namespace: ns, webhookId })).subscriptions.length,
    1,
  );
});

test("a subscription is invisible from another namespace", async () => {
  const { ns, webhookId } = await webhook();
  const other = await webhook();
  const { subscriptions } = await svc().rpc("SubscriptionService", "ListSubscriptions", { namespace: ns, webhookId });
  const id = subscriptions[0].subscription_id;
  await assert.rejects(
    svc().rpc("SubscriptionService", "GetSubscription", { namespace: other.ns, subscriptionId: id }),
    (e: RpcError) => e.code === "not_found",
  );
  await assert.rejects(
    svc().rpc("SubscriptionService", "UpdateSubscription", { namespace: other.ns, subscriptionId: id, method: "PUT" }),
    (e: RpcError) => e.code === "not_found",
  );
  await assert.rejects(
    svc().rpc("SubscriptionService", "DeleteSubscription", { namespace: other.ns, subscriptionId: id }),
    (e: RpcError) => e.code === "not_found",
  );
  assert.equal(
    (await svc().rpc("SubscriptionService", "ListSubscriptions", { namespace: other.ns, webhookId })).subscriptions
      .length,
    0,
  );
  for (const verb of ["GET", "PATCH", "DELETE"])
    assert.equal(
      (await svc().rest(verb, `/v1/consumers/${other.ns}/subscriptions/${id}`, verb === "PATCH" ? {} : undefined))
        .status,
      404,
      verb,
    );
});

test("REST: subscriptions are created, listed, patched and deleted with lower-case enums", async () => {
  const { ns, webhookId } = await webhook();
  const created = await svc().rest("POST", `/v1/consumers/${ns}/subscriptions`, {
    webhook_id: webhookId,
    event_name: "r",
    on_transform_error: "fallback",
    label_filters: { k: "v" },
  });
  assert.equal(created.status, 201);
  assert.equal(created.body.on_transform_error, "fallback");
  const id = created.body.subscription_id;
  assert.equal(
    (await svc().rest("POST", `/v1/consumers/${ns}/subscriptions`, { webhook_id: webhookId, event_name: "r" })).status,
    409,
  );
  const patched = await svc().rest("PATCH", `/v1/consumers/${ns}/subscriptions/${id}`, {
    method: "put",
    label_filters: {},
  });
  assert.deepEqual(
    [patched.body.method, patched.body.label_filters, patched.body.on_transform_error],
    ["PUT", {}, "fallback"],
  );
  const list = await svc().rest("GET", `/v1/consumers/${ns}/subscriptions?event_name=r`);
  assert.equal(list.body.subscriptions.length, 1);
  assert.equal((await svc().rest("DELETE", `/v1/consumers/${ns}/subscriptions/${id}`)).status, 204);
  assert.equal((await svc().rest("GET", `/v1/consumers/${ns}/subscriptions/${id}`)).status, 404);
});

test("header values an HTTP request cannot carry are refused at save on every route, naming the field and the character", async () => {
  const { ns, webhookId } = await webhook();
  const sub = await svc().rpc("SubscriptionService", "CreateSubscription", {
    namespace: ns,
    webhookId,
    eventName: "hv",
  });
  const bad = { "X-Note": "line\u2028separator" };
  const url = () => `https://93.184.216.34/${unique("h")}`;
  const refused = async (p: Promise<unknown>, field: string, char = "U\\+2028") => {
    const err = (await p.then(
      () => assert.fail("accepted"),
      (e) => e,
    )) as RpcError;
    assert.equal(err.code, "invalid_argument");
    assert.match(
      err.message,
      new RegExp(
        `^invalid_argument: ${field}: the value of "X-[A-Za-z]+" contains ${char}, which an HTTP header cannot carry`,
      ),
    );
  };

  await refused(
    svc().rpc("WebhookService", "RegisterWebhook", { namespace: ns, url: url(), events: ["a"], headers: bad }),
    "headers",
  );
  await refused(
    svc().rpc("WebhookService", "RegisterWebhook", {
      namespace: ns,
      url: url(),
      events: ["a"],
      secretHeaders: { "X-Key": "k\u{1F600}" },
    }),
    "secret_headers",
    "U\\+1F600",
  );
  await refused(
    svc().rpc("WebhookService", "UpdateWebhookConfig", {
      namespace: ns,
      webhookId,
      updates: { headers: bad },
      updateMask: "headers",
    }),
    "headers",
  );
  await refused(
    svc().rpc("WebhookService", "UpdateWebhookConfig", {
      namespace: ns,
      webhookId,
      updates: { secretHeaders: bad },
      updateMask: "secret_headers",
    }),
    "secret_headers",
  );
  await refused(
    svc().rpc("SubscriptionService", "CreateSubscription", {
      namespace: ns,
      webhookId,
      eventName: "hv2",
      headers: bad,
    }),
    "headers",
  );
  await refused(
    svc().rpc("SubscriptionService", "UpdateSubscription", {
      namespace: ns,
      subscriptionId: sub.subscription_id,
      headers: bad,
    }),
    "headers",
  );
  for (const [method, path, body] of [
    ["POST", `/v1/consumers/${ns}/webhooks`, { url: url(), events: ["a"], headers: bad }],
    ["PATCH", `/v1/consumers/${ns}/webhooks/${webhookId}`, { secret_headers: bad }],
    ["POST", `/v1/consumers/${ns}/subscriptions`, { webhook_id: webhookId, event_name: "hv3", headers: bad }],
    ["PATCH", `/v1/consumers/${ns}/subscriptions/${sub.subscription_id}`, { headers: bad }],
  ] as const) {
    const res = await svc().rest(method, path, body);
    assert.equal(res.status, 400, `${method} ${path}`);
    assert.match(res.body.detail, /headers: the value of "X-Note" contains U\+2028/);
  }
  // Latin-1 (obs-text) is what HTTP/1.1 can carry, and is kept.
  await svc().rpc("SubscriptionService", "UpdateSubscription", {
    namespace: ns,
    subscriptionId: sub.subscription_id,
    headers: { "X-Name": "Café" },
  });
  const { subscription } = await svc().rpc("SubscriptionService", "GetSubscription", {
    namespace: ns,
    subscriptionId: sub.subscription_id,
  });
  assert.deepEqual(subscription.headers, { "X-Name": "Café" });
});
