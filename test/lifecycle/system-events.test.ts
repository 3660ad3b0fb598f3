// svc's own events in the reserved consumer `_svc`: delivered by the normal engine to an operator's webhook, each
// body matching its registered schema; reserved names are refused; nothing is emitted about `_svc` itself.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { emitSystemEvents, type SystemEvent } from "../../lib/system-events/emit.ts";
import { startReceiver, type Endpoint } from "../helpers/receiver.ts";
import { type RpcError, sharedService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const svc = sharedService({ workers: true, logLevel: "error" });
const NAMES = [
  "svc.webhook.paused",
  "svc.webhook.resumed",
  "svc.webhook.health_changed",
  "svc.delivery.failed",
  "svc.batch.completed",
];
let n = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++n}`;

/** How many system events svc has written so far. */
async function systemEventCount(): Promise<number> {
  const { rows } = await svc().app.db.query("select count(*)::int as n from events where namespace = '_svc'");
  return rows[0].n;
}

/** The JSON Schema svc registered for one of its event types. */
async function schemaOf(name: string): Promise<any> {
  const res = await svc().rpc("EventService", "GetEvent", { name });
  return (res.event ?? res).schema;
}

const received = (ops: Endpoint, consumer: string): [string, any][] =>
  ops.requests
    .map((r) => JSON.parse(r.body))
    .filter((e) => e.payload.consumer === consumer)
    .map((e) => [e.event_name, e.payload] as [string, any]);

async function operatorEndpoint(t: Parameters<typeof startReceiver>[0]) {
  const ops = (await startReceiver(t)).path("/ops");
  await svc().rest("POST", "/v1/consumers/_svc/webhooks", { url: ops.url, events: NAMES });
  return ops;
}

test("reserved names: consumers starting with _ cannot be created, _svc cannot be pushed into or deleted, svc.* types are svc's", async () => {
  const ns = await svc().rpc("NamespaceService", "GetNamespace", { name: "_svc" });
  assert.equal(ns.namespace?.name ?? ns.name, "_svc");
  await assert.rejects(
    svc().rpc("NamespaceService", "CreateNamespace", { name: "_mine" }),
    (e: RpcError) => e.code === "invalid_argument" && /reserved for svc/.test(e.message),
  );
  const rest = await svc().rest("POST", "/v1/consumers/_mine/webhooks", {
    url: "http://127.0.0.1:9/x",
    events: ["svc.webhook.paused"],
  });
  assert.equal(rest.status, 400);
  assert.match(rest.body.detail, /reserved for svc/);
  await assert.rejects(
    svc().rpc("NamespaceService", "DeleteNamespace", { name: "_svc" }),
    (e: RpcError) => e.code === "failed_precondition",
  );
  await assert.rejects(
    svc().rpc("EventService", "PushEvent", { namespace: "_svc", event: "svc.webhook.paused", payload: {} }),
    (e: RpcError) => e.code === "invalid_argument" && /nobody can push/.test(e.message),
  );
  await assert.rejects(
    svc().rpc("EventService", "RegisterEvent", { name: "svc.mine" }),
    (e: RpcError) => e.code === "invalid_argument",
  );
  for (const name of NAMES) assert.equal((await schemaOf(name))?.type, "object", `${name} has a schema`);
});

test("each system event reaches an operator webhook in _svc with a body that matches its registered schema", async (t) => {
  const ops = await operatorEndpoint(t);
  const consumer = unique("customer");
  const event = unique("order.created");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: consumer });
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const hook = (await startReceiver(t)).path("/customer").answers({ status: 200 });
  const { webhook_id: id } = await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: consumer,
    url: `${hook.url}?token=secret`,
    events: [event],
    httpConfig: { maxRetries: 0 },
  });

  await svc().rpc("EventService", "PushEvent", { namespace: consumer, event, payload: { ok: true } });
  await hook.waitForRequests(1);
  await svc().rpc("WebhookService", "PauseWebhook", { namespace: consumer, webhookId: id, reason: "maintenance" });
  await svc().rpc("WebhookService", "ResumeWebhook", { namespace: consumer, webhookId: id });
  hook.answers({ status: 500 });
  await svc().rpc("EventService", "PushEvent", { namespace: consumer, event, payload: { ok: false } });
  await hook.waitForRequests(2);
  const failed = await eventually(
    () => svc().rpc("DeliveryService", "ListDeliveries", { namespace: consumer, status: "FAILED" }),
    (r) => r.deliveries.length === 1,
  );
  hook.answers({ status: 410 });
  const { retry_id: retryId } = await svc().rpc("DeliveryService", "ListDeliveries", {
    namespace: consumer,
    status: "FAILED",
    prepareRetry: true,
  });
  await svc().rpc("DeliveryService", "RetryDeliveries", { retryId });

  const all: [string, any][] = await eventually(
    async () => received(ops, consumer),
    (list) =>
      [
        "svc.webhook.paused",
        "svc.webhook.resumed",
        "svc.webhook.health_changed",
        "svc.delivery.failed",
        "svc.batch.completed",
      ].every((name) => list.some(([n]) => n === name)) &&
      list.filter(([n]) => n === "svc.webhook.paused").length === 2,
    20_000,
    100,
  );

  // Every body matches the schema svc registered for its type (a stock JSON Schema validator).
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const host = `http://127.0.0.1:${new URL(hook.url).port}`;
  for (const [name, payload] of all) {
    const validate = ajv.compile(await schemaOf(name));
    assert.ok(validate({ ...payload }), `${name}: ${JSON.stringify(validate.errors)} in ${JSON.stringify(payload)}`);
    if (name !== "svc.batch.completed") assert.equal(payload.url_host, host, "scheme and host only");
    assert.ok(!JSON.stringify(payload).includes("token=secret"), "no path or query of the customer's URL");
  }
  const kinds = all.filter(([n]) => n === "svc.webhook.paused").map(([, p]) => p.reason_kind);
  assert.deepEqual(kinds.sort(), ["gone", "manual"]);
  assert.ok(all.filter(([n]) => n !== "svc.batch.completed").every(([, p]) => p.webhook_id === id));
  const manual = all.find(([n, p]) => n === "svc.webhook.paused" && p.reason_kind === "manual")![1];
  assert.equal(manual.reason, "maintenance");
  const failure = all.find(([n]) => n === "svc.delivery.failed")![1];
  assert.deepEqual(
    [failure.delivery_id, failure.error_category, failure.response_code, failure.attempts],
    [failed.deliveries[0].delivery_id, "server_error", 500, 1],
  );
  assert.equal("payload" in failure, false, "no payload in a failure event");
  const health = all.find(([n]) => n === "svc.webhook.health_changed")![1];
  assert.deepEqual([health.from, health.to], ["unspecified", "healthy"]);
  const batch = all.find(([n]) => n === "svc.batch.completed")![1];
  assert.deepEqual([batch.batch_id, batch.kind, batch.status, batch.total], [retryId, "retry", "completed", 1]);
});

test("a failing _svc webhook causes no further system events at all: its failures, health and pause are not reported", async (t) => {
  // Two operator endpoints in _svc that fail: 500 without retries, and 410 (which also pauses the webhook).
  const broken = (await startReceiver(t)).path("/broken").answers({ status: 500 });
  const gone = (await startReceiver(t)).path("/gone").answers({ status: 410 });
  const ops: string[] = [];
  for (const endpoint of [broken, gone]) {
    const { body } = await svc().rest("POST", "/v1/consumers/_svc/webhooks", {
      url: endpoint.url,
      events: NAMES,
      http_config: { max_retries: 0 },
    });
    ops.push(body.webhook_id);
  }
  const consumer = unique("other");
  const event = unique("thing.done");
  await svc().rpc("NamespaceService", "CreateNamespace", { name: consumer });
  await svc().rpc("EventService", "RegisterEvent", { name: event });
  const hook = (await startReceiver(t)).path("/fails").answers({ status: 500 });
  await svc().rpc("WebhookService", "RegisterWebhook", {
    namespace: consumer,
    url: hook.url,
    events: [event],
    httpConfig: { maxRetries: 0 },
  });
  await svc().rpc("EventService", "PushEvent", { namespace: consumer, event, payload: {} });
  // The customer's failure (and its health change) reach both operator endpoints, which fail in turn — and that
  // is the end of it: nothing about their deliveries, health or the 410's pause, nothing that could feed back.
  await broken.waitForRequests(1, 15_000);
  await gone.waitForRequests(1, 15_000);
  await eventually(
    async () =>
      (
        await svc().app.db.query(
          "select count(*)::int as n from deliveries where webhook_id = any($1::uuid[]) and status = 'failed'",
          [ops],
        )
      ).rows[0].n,
    (n) => n >= 2,
    15_000,
    100,
  );
  const paused = await svc().rest("GET", `/v1/consumers/_svc/webhooks/${ops[1]}`);
  assert.equal(paused.body.active, false, "the 410 paused the operator webhook");
  await new Promise((r) => setTimeout(r, 1_500));
  // Every system event about this customer or about anything in _svc (other tests' customers have names of their own).
  const { rows } = await svc().app.db.query<{ event_name: string; consumer: string }>(
    `select event_name, payload->>'consumer' as consumer from events
      where namespace = '_svc' and (payload->>'consumer' = $1 or payload->>'consumer' like '\\_%' or payload::text like any($2))`,
    [consumer, ops.map((id) => `%${id}%`)],
  );
  assert.deepEqual(rows.map((e) => `${e.event_name} about ${e.consumer}`).sort(), [
    `svc.delivery.failed about ${consumer}`,
    `svc.webhook.health_changed about ${consumer}`,
  ]);
  assert.equal(broken.requests.length + gone.requests.length, 4, "each endpoint got the customer's two events, once");
});

test("the emission decision never lets an event about a reserved consumer out, whatever its caller says it is about", async () => {
  const at = new Date().toISOString();
  const about = (consumer: unknown, said: unknown): SystemEvent => ({
    name: "svc.delivery.failed",
    about: said as string,
    payload: { delivery_id: unique("d"), consumer, at },
  });
  const before = await systemEventCount();
  await emitSystemEvents(svc().app.db, [
    about("_svc", "acme"), // the caller's subject and the payload disagree
    about("_svc", undefined), // a row field that came back empty
    about(undefined, undefined),
    about("", ""),
    about("_svc", "_svc"),
    about("_other", "_other"), // every name starting with _ is svc's
  ]);
  assert.equal(await systemEventCount(), before, "none of them is emitted");
  await emitSystemEvents(svc().app.db, [about("acme", "acme")]);
  assert.equal(await systemEventCount(), before + 1, "an event about a customer's consumer is");
});
