import assert from "node:assert/strict";
import { test } from "node:test";
import { startReceiver } from "../helpers/receiver.ts";
import { type RpcError, sharedService, startTestService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

const schema = { type: "object", required: ["amount"], properties: { amount: { type: "number" } } };

test("PushEvent returns at once with an event id, no warnings and duplicate=false", async () => {
  const event = unique("ok");
  await svc().rpc("EventService", "RegisterEvent", { name: event, schema });
  const res = await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { amount: 1 } });
  assert.match(res.event_id, /^[0-9a-f-]{36}$/);
  assert.deepEqual(res.warnings, []);
  assert.equal(res.duplicate, false);
  const { event: record } = await svc().rpc("EventService", "GetEventRecord", { eventId: res.event_id });
  assert.equal(record.schema_valid, true);
  assert.deepEqual(record.payload, { amount: 1 });
});

test("a payload that fails the schema is accepted with warnings and schema_valid=false, and still delivered", async (t) => {
  const event = unique("soft");
  const hook = (await startReceiver(t)).path("/soft");
  await svc().rpc("EventService", "RegisterEvent", { name: event, schema });
  await svc().rpc("WebhookService", "RegisterWebhook", { namespace: "default", url: hook.url, events: [event] });
  const res = await svc().rpc("EventService", "PushEvent", {
    namespace: "default",
    event,
    payload: { amount: "lots" },
  });
  assert.deepEqual(res.warnings, ["/amount must be number"]);
  const { event: record } = await svc().rpc("EventService", "GetEventRecord", { eventId: res.event_id });
  assert.equal(record.schema_valid, false);
  await hook.waitForRequests(1);
});

test("an unknown event type is NOT_FOUND on RPC and 404 on REST", async () => {
  await assert.rejects(
    svc().rpc("EventService", "PushEvent", { namespace: "default", event: unique("nope"), payload: {} }),
    (e: RpcError) => e.code === "not_found",
  );
  const res = await svc().rest("POST", `/v1/consumers/default/events?event=${unique("nope")}`, { payload: {} });
  assert.equal(res.status, 404);
});

test("an unknown namespace is NOT_FOUND on RPC", async () => {
  const event = unique("ns");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  await assert.rejects(
    svc().rpc("EventService", "PushEvent", { namespace: unique("nobody"), event, payload: {} }),
    (e: RpcError) => e.code === "not_found",
  );
});

test("a push to an inactive event type is rejected", async () => {
  const event = unique("off");
  await svc().rpc("EventService", "RegisterEvent", { name: event, active: false });
  await assert.rejects(
    svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: {} }),
    (e: RpcError) => e.code === "failed_precondition" && /inactive/.test(e.message),
  );
  const rest = await svc().rest("POST", `/v1/consumers/default/events?event=${event}`, { payload: {} });
  assert.equal(rest.status, 409);
});

test("deactivating a type applies to the next push at once", async () => {
  const event = unique("flip");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: {} });
  await svc().rpc("EventService", "UpdateEvent", { name: event, active: false });
  await assert.rejects(
    svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: {} }),
    (e: RpcError) => e.code === "failed_precondition",
  );
});

test("a payload that is not a JSON object is INVALID_ARGUMENT", async () => {
  const event = unique("shape");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  for (const payload of [[1, 2], "text", 5, null]) {
    await assert.rejects(
      svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload }),
      (e: RpcError) => e.code === "invalid_argument",
      JSON.stringify(payload),
    );
  }
  await assert.rejects(
    svc().rpc("EventService", "PushEvent", { namespace: "default", event }),
    (e: RpcError) => e.code === "invalid_argument",
  );
});

test("a known idempotency id returns the first event with duplicate=true and creates nothing, also under concurrency", async (t) => {
  const event = unique("idem");
  const hook = (await startReceiver(t)).path("/idem");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  await svc().rpc("WebhookService", "RegisterWebhook", { namespace: "default", url: hook.url, events: [event] });
  const id = unique("key");
  // Pushes without a key share the batches (they are inserted apart from keyed ones): each is its own event.
  const [results, keyless] = await Promise.all([
    Promise.all(
      Array.from({ length: 25 }, () =>
        svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { n: 1 }, id }),
      ),
    ),
    Promise.all(
      Array.from({ length: 25 }, (_, n) =>
        svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { n } }),
      ),
    ),
  ]);
  assert.equal(new Set(keyless.map((r) => r.event_id)).size, 25);
  assert.ok(keyless.every((r) => !r.duplicate && !results.some((k) => k.event_id === r.event_id)));
  const ids = new Set(results.map((r) => r.event_id));
  assert.equal(ids.size, 1);
  assert.equal(results.filter((r) => !r.duplicate).length, 1);
  const again = await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { n: 2 }, id });
  assert.deepEqual([again.event_id, again.duplicate], [[...ids][0], true]);
  await hook.waitForRequests(26);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(hook.requests.length, 26);
  const reports = await svc().rpc("EventService", "ListEventReports", { namespace: "default", eventName: event });
  assert.equal(reports.events.length, 26);
});

test("the same idempotency id in another namespace is a different event", async () => {
  const event = unique("idem2");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const ns = unique("other");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  const a = await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: {}, id: "same" });
  const b = await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload: {}, id: "same" });
  assert.notEqual(a.event_id, b.event_id);
  assert.equal(b.duplicate, false);
});

test("ttl_seconds sets expires_at; no TTL leaves it empty", async () => {
  const event = unique("ttl");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const withTtl = await svc().rpc("EventService", "PushEvent", {
    namespace: "default",
    event,
    payload: {},
    ttlSeconds: "60",
  });
  const rec = await svc().rpc("EventService", "GetEventRecord", { eventId: withTtl.event_id });
  const delta = Date.parse(rec.expires_at) - Date.parse(rec.event.created_at);
  assert.ok(Math.abs(delta - 60_000) < 2_000, `${delta}`);
  const without = await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: {} });
  assert.equal((await svc().rpc("EventService", "GetEventRecord", { eventId: without.event_id })).expires_at, null);
  await assert.rejects(
    svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: {}, ttlSeconds: -1 }),
    (e: RpcError) => e.code === "invalid_argument",
  );
});

test("label filters: a subscription receives an event only when all its pairs are in the labels", async (t) => {
  const event = unique("lbl");
  const receiver = await startReceiver(t);
  const eu = receiver.path("/eu");
  const all = receiver.path("/all");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const euHook = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: eu.url,
    events: [event],
  });
  await svc().rpc("WebhookService", "RegisterWebhook", { namespace: "default", url: all.url, events: [event] });
  const sub = (
    await svc().rpc("SubscriptionService", "ListSubscriptions", { namespace: "default", webhookId: euHook.webhook_id })
  ).subscriptions[0];
  await svc().rpc("SubscriptionService", "UpdateSubscription", {
    namespace: "default",
    subscriptionId: sub.subscription_id,
    labelFilters: { region: "eu", tier: "gold" },
  });
  await svc().rpc("EventService", "PushEvent", {
    namespace: "default",
    event,
    payload: { n: 1 },
    labels: { region: "eu", tier: "gold", extra: "x" },
  });
  await svc().rpc("EventService", "PushEvent", {
    namespace: "default",
    event,
    payload: { n: 2 },
    labels: { region: "eu" },
  });
  await svc().rpc("EventService", "PushEvent", {
    namespace: "default",
    event,
    payload: { n: 3 },
    labels: { region: "us", tier: "gold" },
  });
  await all.waitForRequests(3);
  await eu.waitForRequests(1);
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(
    eu.requests.map((r) => JSON.parse(r.body).payload.n),
    [1],
  );
});

test("a paused webhook gets nothing; events pushed while paused are not delivered after resume", async (t) => {
  const event = unique("pause");
  const hook = (await startReceiver(t)).path("/pause");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const reg = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url: hook.url,
    events: [event],
  });
  await svc().rpc("WebhookService", "PauseWebhook", {
    namespace: "default",
    webhookId: reg.webhook_id,
    reason: "maintenance",
  });
  const paused = await svc().rpc("EventService", "PushEvent", {
    namespace: "default",
    event,
    payload: { n: "paused" },
  });
  await eventually(
    () => svc().rpc("EventService", "GetEventRecord", { eventId: paused.event_id }),
    (r) => r.event.webhook_count === 0,
  );
  await svc().rpc("WebhookService", "ResumeWebhook", { namespace: "default", webhookId: reg.webhook_id });
  await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: { n: "live" } });
  await hook.waitForRequests(1);
  await new Promise((r) => setTimeout(r, 300));
  assert.deepEqual(
    hook.requests.map((r) => JSON.parse(r.body).payload.n),
    ["live"],
  );
  const audit = await svc().app.db.query("select action, reason from webhook_audit where webhook_id = $1 order by id", [
    reg.webhook_id,
  ]);
  assert.deepEqual(
    audit.rows.map((r) => [r.action, r.reason]),
    [
      ["registered", ""],
      ["paused", "maintenance"],
      ["resumed", ""],
    ],
  );
});

test("fan-out creates one delivery per matching subscription, across webhooks of the namespace only", async (t) => {
  const event = unique("fan");
  const receiver = await startReceiver(t);
  const other = unique("ns");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: other });
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  for (const i of [1, 2, 3])
    await svc().rpc("WebhookService", "RegisterWebhook", {
      namespace: "default",
      url: receiver.path(`/f${i}`).url,
      events: [event],
    });
  const foreign = receiver.path("/foreign");
  await svc().rpc("WebhookService", "RegisterWebhook", { namespace: other, url: foreign.url, events: [event] });
  const pushed = await svc().rpc("EventService", "PushEvent", { namespace: "default", event, payload: {} });
  const rec = await eventually(
    () => svc().rpc("EventService", "GetEventRecord", { eventId: pushed.event_id }),
    (r) => r.event.successful_count === 3,
  );
  assert.equal(rec.event.webhook_count, 3);
  assert.equal(foreign.requests.length, 0);
});

test("REST push takes payload and idempotency_key, labels, metadata and ttl_seconds", async (t) => {
  const event = unique("rest");
  const hook = (await startReceiver(t)).path("/rest");
  await svc().rest("POST", "/v1/event-types", { name: event });
  const consumer = unique("shop");
  await svc().rest("POST", `/v1/consumers/${consumer}/webhooks`, { url: hook.url, events: [event] });
  const first = await svc().rest("POST", `/v1/consumers/${consumer}/events?event=${event}`, {
    payload: { a: 1 },
    idempotency_key: "k1",
    labels: { l: "1" },
    metadata: { m: "1" },
    ttl_seconds: 3600,
  });
  assert.equal(first.status, 202);
  assert.equal(first.body.duplicate, false);
  const again = await svc().rest("POST", `/v1/consumers/${consumer}/events?event=${event}`, {
    payload: { a: 2 },
    idempotency_key: "k1",
  });
  assert.deepEqual([again.body.event_id, again.body.duplicate], [first.body.event_id, true]);
  const got = await svc().rest("GET", `/v1/consumers/${consumer}/events/${first.body.event_id}`);
  assert.deepEqual([got.body.labels, got.body.metadata], [{ l: "1" }, { m: "1" }]);
  assert.ok(got.body.expires_at);
  const [req] = await hook.waitForRequests(1);
  assert.equal(JSON.parse(req!.body).consumer, consumer);
  assert.equal(JSON.parse(req!.body).metadata, undefined, "metadata is not delivered");
  assert.equal(
    (await svc().rest("POST", `/v1/consumers/${consumer}/events`, { payload: {} })).status,
    400,
    "event is required",
  );
});

test("SVC_AUTO_REGISTER_EVENTS creates an unknown event type on first push", async (t) => {
  const dev = await startTestService(t, { env: { SVC_AUTO_REGISTER_EVENTS: "true" } });
  const event = unique("auto");
  const res = await dev.rpc("EventService", "PushEvent", { namespace: "default", event, payload: {} });
  assert.equal(res.duplicate, false);
  assert.equal((await dev.rpc("EventService", "GetEvent", { name: event })).event.name, event);
});

test("a NUL character in a payload is a 400 and never fails the pushes batched with it", async () => {
  const event = unique("nul");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const results = await Promise.all([
    svc().rpcRaw("EventService", "PushEvent", { namespace: "default", event, payload: { bad: "a\u0000b" } }),
    svc().rpcRaw("EventService", "PushEvent", { namespace: "default", event, payload: { "key\u0000": 1 } }),
    svc().rpcRaw("EventService", "PushEvent", { namespace: "default", event, payload: {}, metadata: { m: "x\u0000" } }),
    svc().rpcRaw("EventService", "PushEvent", { namespace: "default", event, payload: {}, labels: { "l\u0000": "v" } }),
    ...Array.from({ length: 5 }, (_, i) =>
      svc().rpcRaw("EventService", "PushEvent", {
        namespace: "default",
        event,
        payload: { ok: i, escaped: "\\u0000 is fine as text" },
        labels: { text: "\\u0000" },
      }),
    ),
  ]);
  assert.deepEqual(
    results.slice(0, 4).map((r) => [r.status, r.body.message.match(/^\w+ contains a NUL/)?.[0]]),
    [
      [400, "payload contains a NUL"],
      [400, "payload contains a NUL"],
      [400, "metadata contains a NUL"],
      [400, "labels contains a NUL"],
    ],
  );
  assert.deepEqual(
    results.slice(4).map((r) => r.status),
    [200, 200, 200, 200, 200],
  );
  const rest = await svc().rest("POST", "/v1/consumers/default/webhooks", {
    url: "https://93.184.216.34/nul",
    events: ["x"],
    description: "nul\u0000here",
  });
  assert.equal(rest.status, 400);
});

test("REST push takes the Idempotency-Key header as an alias of idempotency_key; a conflict between the two is a 400", async () => {
  const event = unique("idem-header");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const path = `/v1/consumers/default/events?event=${event}`;
  const push = (body: unknown, key?: string) =>
    svc().request(path, { method: "POST", json: body, headers: key ? { "idempotency-key": key } : {} });
  const first = await push({ payload: { n: 1 } }, "order-42");
  assert.equal(first.status, 202, JSON.stringify(first.body));
  assert.equal(first.body.duplicate, false);
  const byHeader = await push({ payload: { n: 2 } }, "order-42");
  assert.equal(byHeader.body.event_id, first.body.event_id);
  assert.equal(byHeader.body.duplicate, true);
  const byBody = await push({ payload: { n: 3 }, idempotency_key: "order-42" });
  assert.equal(byBody.body.event_id, first.body.event_id);
  const same = await push({ payload: { n: 4 }, idempotency_key: "order-42" }, "order-42");
  assert.equal(same.body.event_id, first.body.event_id);
  const conflict = await push({ payload: { n: 5 }, idempotency_key: "order-43" }, "order-42");
  assert.equal(conflict.status, 400);
  assert.match(conflict.body.detail, /Idempotency-Key header and the body's idempotency_key differ/);
  const doc = await svc().request("/openapi.json");
  const params = doc.body.paths["/v1/consumers/{consumer}/events"].post.parameters as { name: string; in: string }[];
  assert.ok(
    params.some((p) => p.name === "idempotency-key" && p.in === "header"),
    "documented as a header parameter",
  );
});
