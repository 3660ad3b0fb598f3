// Transform templates end to end: validated on save, rendered by the worker, failures kept out of health,
// the dry run and the function catalog on both surfaces and through the portal.
import assert from "node:assert/strict";
import { test } from "node:test";
import { startReceiver } from "../helpers/receiver.ts";
import { type RpcError, sharedService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true });
const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

const ORDER_SCHEMA = {
  type: "object",
  properties: {
    id: { type: "string", const: "ord_1" },
    total: { type: "number", const: 12.5 },
    items: { type: "array", items: { type: "integer", const: 7 }, minItems: 2, maxItems: 2 },
  },
  required: ["id", "total", "items"],
  additionalProperties: false,
};

/** A namespace, an event type with a schema, and a webhook at `url` subscribed to it with the given transform. */
async function setUp(url: string, transform: Record<string, unknown>) {
  const ns = unique("tpl");
  const event = unique("order.paid");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  await svc().rpc("EventService", "RegisterEvent", { name: event, schema: ORDER_SCHEMA });
  const { webhook_id } = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url,
    events: [event],
    httpConfig: { maxRetries: 0 },
  });
  const { subscriptions } = await svc().rpc("SubscriptionService", "ListSubscriptions", {
    namespace: ns,
    webhookId: webhook_id,
  });
  await svc().rpc("SubscriptionService", "UpdateSubscription", {
    namespace: ns,
    subscriptionId: subscriptions[0].subscription_id,
    transformEnabled: true,
    ...transform,
  });
  return { ns, event, webhookId: webhook_id as string };
}

async function pushAndSettle(ns: string, event: string, payload: unknown) {
  const { event_id } = await svc().rpc("EventService", "PushEvent", { namespace: ns, event, payload });
  return eventually(
    async () =>
      (await svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, eventId: event_id })).deliveries[0],
    (d) => d && ["SUCCESS", "FAILED"].includes(d.status),
    20_000,
  );
}

test("a template that does not parse is refused on save with its line and column, on both surfaces", async () => {
  const ns = unique("tpl");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  const { webhook_id } = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: "https://93.184.216.34/t",
    events: ["x"],
  });
  const broken = '{\n  "id": "{{.payload.id}}",\n  "n": {{len .payload.items}\n}';
  const err: RpcError = await svc()
    .rpc("SubscriptionService", "CreateSubscription", {
      namespace: ns,
      webhookId: webhook_id,
      eventName: "y",
      transformEnabled: true,
      transformTemplate: broken,
    })
    .then(
      () => assert.fail("accepted"),
      (e) => e,
    );
  assert.equal(err.code, "invalid_argument");
  assert.match(err.message, /line 3, column \d+/);
  assert.match(err.message, /bad character U\+007D '\}'/);
  assert.equal((err.body as { line: number }).line, 3);

  const rest = await svc().rest("POST", `/v1/consumers/${ns}/subscriptions`, {
    webhook_id,
    event_name: "z",
    transform_enabled: true,
    transform_template: "{{if .payload}}open",
  });
  assert.equal(rest.status, 400);
  assert.match(rest.body.detail ?? rest.body.message ?? JSON.stringify(rest.body), /unexpected EOF/);
  assert.equal(rest.body.line, 1);

  // An undefined function is a parse error in Go too.
  const { subscriptions } = await svc().rpc("SubscriptionService", "ListSubscriptions", {
    namespace: ns,
    webhookId: webhook_id,
  });
  await assert.rejects(
    svc().rpc("SubscriptionService", "UpdateSubscription", {
      namespace: ns,
      subscriptionId: subscriptions[0].subscription_id,
      transformTemplate: "{{ shout .payload }}",
    }),
    (e: RpcError) => e.code === "invalid_argument" && /function "shout" not defined/.test(e.message),
  );
});

test("the rendered template is the whole body, signed as sent", async (t) => {
  const hook = (await startReceiver(t)).path("/rendered").answers({ status: 200 });
  const template =
    '{"order":"{{.payload.id}}","total":{{.payload.total}},"count":{{len .payload.items}},' +
    '"first":{{index .payload.items 0}},"event":{{json .event_name}},"attempt":{{.attempt}},' +
    '"missing":"{{.payload.nope}}"}';
  const { ns, event } = await setUp(hook.url, { transformTemplate: template });
  const d = await pushAndSettle(ns, event, { id: "ord_9", total: 1000000, items: [3, 4] });
  assert.equal(d.status, "SUCCESS");
  assert.equal(hook.requests.length, 1);
  const body = hook.requests[0]!.body;
  assert.equal(
    body,
    `{"order":"ord_9","total":1e+06,"count":2,"first":3,"event":"${event}","attempt":1,"missing":"<no value>"}`,
  );
  assert.ok(hook.requests[0]!.headers["webhook-signature"]?.includes("v1,"), "the rendered bytes are signed");
  assert.equal(d.template_error ?? null, null);
  assert.equal(d.request_body, body, "a rendered body is kept as sent");
});

test("on_transform_error=fail: nothing is sent, the delivery fails with template_error and health is untouched", async (t) => {
  const hook = (await startReceiver(t)).path("/never").answers({ status: 200 });
  const { ns, event, webhookId } = await setUp(hook.url, {
    transformTemplate: "{{if eq .payload.total 3}}three{{end}}",
    onTransformError: "ON_TRANSFORM_ERROR_FAIL",
  });
  const d = await pushAndSettle(ns, event, { total: 3 });
  assert.equal(d.status, "FAILED");
  assert.equal(d.error_category, "template_error");
  assert.match(d.error_message, /incompatible types for comparison: float64 and int/);
  assert.equal(hook.requests.length, 0);
  const { attempts } = await svc().rpc("DeliveryService", "GetDeliveryAttempts", { deliveryId: d.delivery_id });
  assert.deepEqual(
    attempts.map((a: any) => a.error_category),
    ["template_error"],
  );
  const health = await svc().rpc("HealthService", "GetWebhookHealth", { namespace: ns, webhookId });
  assert.equal(health.health, "HEALTH_UNSPECIFIED", "a template error is no delivery outcome");
});

test("on_transform_error=fallback: the default envelope is sent and the error recorded", async (t) => {
  const hook = (await startReceiver(t)).path("/fallback").answers({ status: 200 });
  const { ns, event } = await setUp(hook.url, {
    transformTemplate: "{{.payload.id.deeper}}",
    onTransformError: "ON_TRANSFORM_ERROR_FALLBACK",
  });
  const d = await pushAndSettle(ns, event, { id: "ord_2" });
  assert.equal(d.status, "SUCCESS");
  const sent = JSON.parse(hook.requests[0]!.body);
  assert.deepEqual([sent.version, sent.event_name, sent.payload], ["1", event, { id: "ord_2" }]);
  assert.match(d.template_error, /can't evaluate field deeper in type interface \{\}/);
  assert.equal(d.request_body, hook.requests[0]!.body, "the envelope sent instead is shown byte for byte");
});

test("strict mode (missingkey=error) fails where the default prints <no value>", async (t) => {
  const hook = (await startReceiver(t)).path("/strict").answers({ status: 200 });
  const { ns, event } = await setUp(hook.url, { transformTemplate: "{{.payload.absent}}", transformStrict: true });
  const d = await pushAndSettle(ns, event, { present: true });
  assert.deepEqual([d.status, d.error_category], ["FAILED", "template_error"]);
  assert.match(d.error_message, /map has no entry for key "absent"/);
  assert.equal(hook.requests.length, 0);
});

test("a template that would run away fails with template_error instead of stalling the worker", async (t) => {
  const hook = (await startReceiver(t)).path("/runaway").answers({ status: 200 });
  const { ns, event } = await setUp(hook.url, {
    transformTemplate: '{{define "loop"}}{{range 1000000}}{{template "loop" .}}{{end}}{{end}}{{template "loop" .}}',
  });
  const d = await pushAndSettle(ns, event, {});
  assert.deepEqual([d.status, d.error_category], ["FAILED", "template_error"]);
  assert.match(d.error_message, /maximum template depth|exceeded \d+ steps/);
  // The worker is still serving: a plain delivery right after goes through.
  const plain = (await startReceiver(t)).path("/after").answers({ status: 200 });
  const next = await setUp(plain.url, { transformTemplate: "ok {{.attempt}}" });
  assert.equal((await pushAndSettle(next.ns, next.event, {})).status, "SUCCESS");
  assert.equal(plain.requests[0]!.body, "ok 1");
});

test("TestSubscriptionTemplate renders the event type's sample payload inside the envelope", async () => {
  const ns = unique("dry");
  const event = unique("dry.run");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  await svc().rpc("EventService", "RegisterEvent", { name: event, schema: ORDER_SCHEMA });
  const out = await svc().rpc("SubscriptionService", "TestSubscriptionTemplate", {
    namespace: ns,
    eventName: event,
    transformTemplate:
      '{{.consumer}}|{{.event_name}}|{{.attempt}}|{{.payload.id}}|{{printf "%.2f" .payload.total}}|{{range .payload.items}}{{.}},{{end}}|{{json .payload}}',
  });
  assert.equal(out.transformed_payload, `${ns}|${event}|1|ord_1|12.50|7,7,|{"id":"ord_1","items":[7,7],"total":12.5}`);

  // An empty template shows what a subscription without a transform sends: the default envelope.
  const envelope = JSON.parse(
    (
      await svc().rpc("SubscriptionService", "TestSubscriptionTemplate", {
        namespace: ns,
        eventName: event,
        transformTemplate: "",
      })
    ).transformed_payload,
  );
  assert.deepEqual(
    [envelope.version, envelope.consumer, envelope.attempt, envelope.payload],
    ["1", ns, 1, { id: "ord_1", total: 12.5, items: [7, 7] }],
  );

  const rest = await svc().rest("POST", `/v1/consumers/${ns}/subscriptions/test-template`, {
    event_name: event,
    transform_template: "{{.payload.id | upper}}",
  });
  assert.deepEqual([rest.status, rest.body], [200, { transformed_payload: "ORD_1" }]);
});

test("the REST dry run renders a real event of the consumer with event_id, and never another consumer's", async () => {
  const ns = unique("dry");
  const other = unique("dry");
  const event = unique("dry.real");
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const pushed = (
    await svc().rest("POST", `/v1/consumers/${ns}/events?event=${event}`, { payload: { id: "real_7", total: 3 } })
  ).body;
  const rest = await svc().rest("POST", `/v1/consumers/${ns}/subscriptions/test-template`, {
    event_name: event,
    transform_template: "{{.payload.id}}:{{.payload.total}}",
    event_id: pushed.event_id,
  });
  assert.deepEqual([rest.status, rest.body], [200, { transformed_payload: "real_7:3" }]);
  const foreign = await svc().rest("POST", `/v1/consumers/${other}/subscriptions/test-template`, {
    event_name: event,
    transform_template: "x",
    event_id: pushed.event_id,
  });
  assert.equal(foreign.status, 404);
  // Without event_id a schema-less type still has no sample to render.
  assert.equal(
    (
      await svc().rest("POST", `/v1/consumers/${ns}/subscriptions/test-template`, {
        event_name: event,
        transform_template: "x",
      })
    ).status,
    400,
  );
});

test("TestSubscriptionTemplate errors: unknown event or namespace, no schema, parse and execution failures", async () => {
  const ns = unique("dry");
  const event = unique("dry.err");
  const bare = unique("dry.bare");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: ns });
  await svc().rpc("EventService", "RegisterEvent", { name: event, schema: ORDER_SCHEMA });
  await svc().rpc("EventService", "RegisterEvent", { name: bare });
  const call = (body: Record<string, unknown>) =>
    svc().rpc("SubscriptionService", "TestSubscriptionTemplate", {
      namespace: ns,
      eventName: event,
      transformTemplate: "x",
      ...body,
    });
  const code = (p: Promise<unknown>) =>
    p.then(
      () => "ok",
      (e: RpcError) => `${e.code}: ${e.message}`,
    );

  assert.match(await code(call({ eventName: unique("nope") })), /^not_found: /);
  assert.match(await code(call({ namespace: unique("ghost") })), /^not_found: /);
  assert.match(await code(call({ eventName: bare })), /^invalid_argument: .*no schema/);
  assert.match(
    await code(call({ transformTemplate: "{{range}}" })),
    /^invalid_argument: .*line 1, column \d+: .*missing value for range/,
  );
  assert.match(
    await code(call({ transformTemplate: "{{index .payload.items 5}}" })),
    /^invalid_argument: .*error calling index: .*index out of range: 5/,
  );
  assert.match(
    await code(call({ transformTemplate: "{{.payload.nope}}", transformStrict: true })),
    /^invalid_argument: .*map has no entry for key "nope"/,
  );
  assert.equal(await code(call({ transformTemplate: "{{.payload.nope}}" })), "ok");

  const rest = await svc().rest("POST", `/v1/consumers/${ns}/subscriptions/test-template`, {
    event_name: unique("nope"),
    transform_template: "x",
  });
  assert.equal(rest.status, 404);
});

test("GetTemplateFunctions lists every builtin and helper with an example, on RPC, REST and the portal", async () => {
  const rpc = await svc().rpc("WebhookService", "GetTemplateFunctions", {});
  const names = rpc.functions.map((f: { name: string }) => f.name);
  assert.equal(rpc.total_count, rpc.functions.length);
  for (const name of [
    "and",
    "or",
    "not",
    "len",
    "index",
    "slice",
    "print",
    "printf",
    "println",
    "html",
    "js",
    "urlquery",
    "eq",
    "ne",
    "lt",
    "le",
    "gt",
    "ge",
    "call",
  ])
    assert.ok(names.includes(name), `builtin ${name}`);
  for (const name of [
    "json",
    "urlencode",
    "base64",
    "base64decode",
    "now",
    "formatTime",
    "parseTime",
    "upper",
    "lower",
    "title",
    "trim",
    "trimSpace",
    "split",
    "join",
    "replace",
    "contains",
    "hasPrefix",
    "hasSuffix",
    "truncate",
    "repeat",
    "default",
    "dig",
    "toString",
    "toInt",
    "toFloat",
    "dict",
    "list",
    "append",
    "merge",
    "add",
    "sub",
    "mul",
    "div",
    "mod",
  ]) {
    assert.ok(names.includes(name), `helper ${name}`);
  }
  assert.equal(new Set(names).size, names.length, "no duplicates");
  for (const f of rpc.functions) assert.match(f.description, /\{\{/, `${f.name} shows an example`);

  const rest = await svc().rest("GET", "/v1/template-functions");
  assert.equal(rest.status, 200);
  assert.deepEqual(rest.body, rpc);

  const token = await svc().rest("POST", "/v1/tokens", { name: "portal", consumer: "tpl-portal", ttl_seconds: 600 });
  const portal = await svc().request("/portal/api/template-functions", {
    apiKey: null,
    headers: { authorization: `Bearer ${token.body.secret}` },
  });
  assert.equal(portal.status, 200);
  assert.equal(portal.body.total_count, rpc.total_count);
});

test("the portal's dry run renders for the token's own consumer", async () => {
  const event = unique("portal.dry");
  await svc().rpc("EventService", "RegisterEvent", { name: event, schema: ORDER_SCHEMA });
  const token = await svc().rest("POST", "/v1/tokens", { name: "portal", consumer: "dry-portal", ttl_seconds: 600 });
  const res = await svc().request("/portal/api/subscriptions/test-template", {
    method: "POST",
    apiKey: null,
    headers: { authorization: `Bearer ${token.body.secret}` },
    json: { event_name: event, transform_template: "{{.consumer}}:{{.payload.id}}" },
  });
  assert.deepEqual([res.status, res.body], [200, { transformed_payload: "dry-portal:ord_1" }]);
});

test("a transform can send another format and name it in a subscription's Content-Type header", async (t) => {
  const hook = (await startReceiver(t)).path("/form").answers({ status: 200 });
  const { ns, event } = await setUp(hook.url, {
    transformTemplate: "id={{urlencode .payload.id}}&n={{.payload.n}}",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  assert.equal((await pushAndSettle(ns, event, { id: "a b&c", n: 2 })).status, "SUCCESS");
  const [req] = hook.requests;
  assert.equal(req!.body, "id=a+b%26c&n=2");
  assert.equal(req!.headers["content-type"], "application/x-www-form-urlencoded");
  assert.match(String(req!.headers["webhook-signature"]), /^v1,/, "still signed over the bytes sent");
});
