// What every protocol of the RPC surface shares besides the handlers: Connect GET with its caching headers,
// credentials and scopes, the body limit, CORS for browser clients, and JSON answers that parse strictly as the
// proto's messages (no field the proto lacks, no value of the wrong type).
import assert from "node:assert/strict";
import { test } from "node:test";
import { create, fromJson, toBinary, type DescMessage, type JsonValue } from "@bufbuild/protobuf";
import { Code, createClient, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import * as pb from "../../lib/http/rpc/gen/webhook_pb.ts";
import { codeOf, withKey } from "../helpers/connect.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { sharedService, TEST_API_KEY } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const LIMIT = 1024 * 1024;
const svc = sharedService({
  workers: true,
  env: { SVC_MAX_BODY_BYTES: String(LIMIT), CORS_ALLOWED_ORIGINS: "https://app.example" },
});

const stock: Record<string, (key: string) => Transport> = {
  "connect binary": (key) =>
    createConnectTransport({
      baseUrl: svc().url,
      httpVersion: "1.1",
      useBinaryFormat: true,
      interceptors: [withKey(key)],
    }),
  "connect json h2c": (key) =>
    createConnectTransport({ baseUrl: svc().url, httpVersion: "2", interceptors: [withKey(key)] }),
  "grpc-web": (key) =>
    createGrpcWebTransport({
      baseUrl: svc().url,
      httpVersion: "1.1",
      useBinaryFormat: true,
      interceptors: [withKey(key)],
    }),
  grpc: (key) => createGrpcTransport({ baseUrl: svc().url, interceptors: [withKey(key)] }),
};

const getUrl = (method: string, schema: DescMessage, value: object) =>
  `/webhook.NamespaceService/${method}?connect=v1&encoding=proto&base64=1&message=` +
  Buffer.from(toBinary(schema, create(schema, value as never))).toString("base64url");

test("Connect GET serves read methods with private, revalidate-only caching and answers an unchanged ETag with 304", async () => {
  await svc().rpc("NamespaceService", "CreateNamespace", { name: "get-ns" });
  const url = getUrl("GetNamespace", pb.GetNamespaceRequestSchema, { name: "get-ns" });
  const first = await fetch(svc().url + url, { headers: { "x-api-key": TEST_API_KEY } });
  assert.equal(first.status, 200);
  assert.equal(first.headers.get("content-type"), "application/proto");
  assert.equal(first.headers.get("cache-control"), "private, no-cache");
  const etag = first.headers.get("etag")!;
  assert.match(etag, /^"[\w-]+"$/);
  const got = (await import("@bufbuild/protobuf")).fromBinary(
    pb.GetNamespaceResponseSchema,
    new Uint8Array(await first.arrayBuffer()),
  );
  assert.equal(got.namespace?.name, "get-ns");
  const again = await fetch(svc().url + url, { headers: { "x-api-key": TEST_API_KEY, "if-none-match": etag } });
  assert.equal(again.status, 304);
  assert.equal((await again.arrayBuffer()).byteLength, 0);

  const json = await fetch(
    `${svc().url}/webhook.NamespaceService/GetNamespace?encoding=json&message=${encodeURIComponent(JSON.stringify({ name: "get-ns" }))}`,
    { headers: { "x-api-key": TEST_API_KEY } },
  );
  assert.equal(json.status, 200);
  assert.equal((await json.json()).namespace.name, "get-ns");

  const anonymous = await fetch(svc().url + url);
  assert.equal(anonymous.status, 401);
  assert.equal((await anonymous.json()).code, "unauthenticated");
  const write = await fetch(`${svc().url}/webhook.NamespaceService/CreateNamespace?encoding=json&message=%7B%7D`, {
    headers: { "x-api-key": TEST_API_KEY },
  });
  assert.equal(write.status, 405, "methods with side effects are never served over GET");
});

test("credentials and scopes hold in every protocol: no key is UNAUTHENTICATED, a consumer token PERMISSION_DENIED", async () => {
  const minted = await svc().rest("POST", "/v1/tokens", { name: "portal", consumer: "default", ttl_seconds: 600 });
  assert.equal(minted.status, 201, JSON.stringify(minted.body));
  for (const [name, make] of Object.entries(stock)) {
    assert.equal(
      await codeOf(createClient(pb.NamespaceService, make("svc_tk_nope")).listNamespaces({})),
      Code.Unauthenticated,
      name,
    );
    assert.equal(
      await codeOf(createClient(pb.NamespaceService, make(minted.body.secret)).listNamespaces({})),
      Code.PermissionDenied,
      name,
    );
    const ok = await createClient(pb.NamespaceService, make(TEST_API_KEY)).listNamespaces({});
    assert.ok(
      ok.namespaces.some((n) => n.name === "default"),
      name,
    );
  }
});

test("a body over SVC_MAX_BODY_BYTES is RESOURCE_EXHAUSTED in every protocol, and the server keeps serving", async () => {
  await svc()
    .rpc("EventService", "RegisterEvent", { name: "limit.big" })
    .catch(() => {});
  const big = { blob: "x".repeat(LIMIT + 1024) };
  for (const [name, make] of Object.entries(stock)) {
    const events = createClient(pb.EventService, make(TEST_API_KEY));
    assert.equal(
      await codeOf(events.pushEvent({ namespace: "default", event: "limit.big", payload: big })),
      Code.ResourceExhausted,
      name,
    );
    const small = await events.pushEvent({ namespace: "default", event: "limit.big", payload: { n: 1 } });
    assert.ok(small.eventId, name);
  }
});

test("browsers may send the Connect and gRPC-Web headers and read grpc-status and grpc-message", async () => {
  const origin = "https://app.example";
  const preflight = await fetch(`${svc().url}/webhook.WebhookService/ListWebhooks`, {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers":
        "content-type, x-grpc-web, x-user-agent, grpc-timeout, connect-protocol-version",
    },
  });
  assert.equal(preflight.status, 204);
  const allowed = preflight.headers.get("access-control-allow-headers")!.split(/,\s*/);
  for (const h of [
    "content-type",
    "x-grpc-web",
    "x-user-agent",
    "grpc-timeout",
    "connect-protocol-version",
    "connect-timeout-ms",
    "x-api-key",
    "authorization",
  ])
    assert.ok(allowed.includes(h), h);
  const web = createClient(
    pb.NamespaceService,
    createGrpcWebTransport({
      baseUrl: svc().url,
      httpVersion: "1.1",
      interceptors: [
        withKey(TEST_API_KEY),
        (next) => (req) => {
          req.header.set("origin", origin);
          return next(req);
        },
      ],
    }),
  );
  await web.listNamespaces({});
  const raw = await fetch(`${svc().url}/webhook.NamespaceService/ListNamespaces`, {
    method: "POST",
    headers: { origin, "content-type": "application/grpc-web+proto", "x-api-key": TEST_API_KEY },
    body: new Uint8Array([0, 0, 0, 0, 0]),
  });
  assert.equal(raw.status, 200);
  assert.equal(raw.headers.get("access-control-allow-origin"), origin);
  const exposed = raw.headers.get("access-control-expose-headers")!.split(/,\s*/);
  for (const h of ["grpc-status", "grpc-message", "grpc-status-details-bin", "retry-after"])
    assert.ok(exposed.includes(h), h);
});

/** The JSON answer of a call, parsed as its proto message with unknown fields refused. */
async function strict(
  schema: DescMessage,
  service: string,
  method: string,
  body: object,
): Promise<Record<string, any>> {
  const answer = await svc().rpc(service, method, body);
  assert.doesNotThrow(
    () => fromJson(schema, answer as JsonValue),
    `${service}/${method}: ${JSON.stringify(answer).slice(0, 300)}`,
  );
  return answer;
}

test("the JSON answers of every read parse strictly as the proto's messages", async (t) => {
  const receiver = await startReceiver(t);
  const hook = receiver.path("/strict");
  const ns = "strict-ns";
  await strict(pb.CreateNamespaceResponseSchema, "NamespaceService", "CreateNamespace", { name: ns });
  await strict(pb.RegisterEventResponseSchema, "EventService", "RegisterEvent", {
    name: "strict.event",
    schema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
    metadata: { team: "x" },
  });
  const hookRes = await strict(pb.RegisterWebhookResponseSchema, "WebhookService", "RegisterWebhook", {
    namespace: ns,
    url: hook.url,
    events: ["strict.event"],
    secret_headers: { "X-Secret": "s" },
    http_config: { rate_limit_rps: 5, max_retries: 0 },
  });
  const pushed = await strict(pb.PushEventResponseSchema, "EventService", "PushEvent", {
    namespace: ns,
    event: "strict.event",
    payload: { n: 1 },
    ttl_seconds: "60",
    labels: { a: "b" },
  });
  await hook.waitForRequests(1);
  const delivered = await eventually(
    () => svc().rpc("DeliveryService", "ListDeliveries", { namespace: ns, status: "SUCCESS" }),
    (p: any) => p.deliveries.length === 1,
  );
  const deliveryId = delivered.deliveries[0].delivery_id;
  const webhookId = hookRes.webhook_id;
  const subs = await strict(pb.ListSubscriptionsResponseSchema, "SubscriptionService", "ListSubscriptions", {
    namespace: ns,
  });
  const calls: [DescMessage, string, string, object][] = [
    [pb.ListDeliveriesResponseSchema, "DeliveryService", "ListDeliveries", { namespace: ns, prepare_retry: true }],
    [
      pb.GetDeliveryStatusResponseSchema,
      "DeliveryService",
      "GetDeliveryStatus",
      { namespace: ns, delivery_id: deliveryId },
    ],
    [pb.GetDeliveryAttemptsResponseSchema, "DeliveryService", "GetDeliveryAttempts", { delivery_id: deliveryId }],
    [
      pb.RetryDeliveryResponseSchema,
      "DeliveryService",
      "RetryDelivery",
      { namespace: ns, delivery_id: deliveryId, force: true },
    ],
    [pb.GetEventResponseSchema, "EventService", "GetEvent", { name: "strict.event" }],
    [pb.ListEventsResponseSchema, "EventService", "ListEvents", {}],
    [pb.ListEventReportsResponseSchema, "EventService", "ListEventReports", { namespace: ns, prepare_repush: true }],
    [pb.GetEventRecordResponseSchema, "EventService", "GetEventRecord", { event_id: pushed.event_id }],
    [pb.RePushEventResponseSchema, "EventService", "RePushEvent", { event_id: pushed.event_id }],
    [pb.ListWebhooksResponseSchema, "WebhookService", "ListWebhooks", { namespace: ns }],
    [pb.GetNamespaceStatsResponseSchema, "WebhookService", "GetNamespaceStats", { namespace: ns }],
    [pb.GetTemplateFunctionsResponseSchema, "WebhookService", "GetTemplateFunctions", {}],
    [
      pb.RotateWebhookSecretResponseSchema,
      "WebhookService",
      "RotateWebhookSecret",
      { namespace: ns, webhook_id: webhookId, grace_seconds: 60 },
    ],
    [
      pb.GetSubscriptionResponseSchema,
      "SubscriptionService",
      "GetSubscription",
      { namespace: ns, subscription_id: subs.subscriptions[0].subscription_id },
    ],
    [
      pb.TestSubscriptionTemplateResponseSchema,
      "SubscriptionService",
      "TestSubscriptionTemplate",
      { namespace: ns, event_name: "strict.event", transform_template: "{{.payload.n}}" },
    ],
    [pb.GetWebhookHealthResponseSchema, "HealthService", "GetWebhookHealth", { namespace: ns, webhook_id: webhookId }],
    [pb.ListWebhooksByHealthResponseSchema, "HealthService", "ListWebhooksByHealth", { health: "HEALTH_HEALTHY" }],
    [pb.GetHealthSummaryResponseSchema, "HealthService", "GetHealthSummary", {}],
    [pb.GetNamespaceResponseSchema, "NamespaceService", "GetNamespace", { name: ns }],
    [pb.ListNamespacesResponseSchema, "NamespaceService", "ListNamespaces", {}],
  ];
  const answers: Record<string, any> = {};
  for (const [schema, service, method, body] of calls) answers[method] = await strict(schema, service, method, body);
  assert.ok(answers.ListDeliveries.retry_id, "a retry snapshot was taken");
  assert.ok(answers.ListEventReports.repush_id, "a re-push snapshot was taken");
  await strict(pb.GetRetryStatusResponseSchema, "DeliveryService", "GetRetryStatus", {
    retry_id: answers.ListDeliveries.retry_id,
  });
  await strict(pb.GetRepushStatusResponseSchema, "EventService", "GetRepushStatus", {
    repush_id: answers.ListEventReports.repush_id,
  });
  assert.ok(answers.GetWebhookHealth.metrics, "the health answer carries metrics once a delivery happened");
  assert.equal(answers.GetEvent.event.sample_payload.n !== undefined, true, "a sample payload from the schema");
});

test("over HTTP/2, a refused body that never finishes costs only its stream: the 413 arrives and the server keeps serving", async () => {
  const { connect } = await import("node:http2");
  const session = connect(svc().url);
  try {
    const stream = session.request({
      ":method": "POST",
      ":path": "/webhook.EventService/PushEvent",
      "content-type": "application/json",
      "content-length": String(2 * LIMIT),
      "x-api-key": TEST_API_KEY,
    });
    stream.write("{");
    const status = await new Promise<number>((resolve) =>
      stream.once("response", (h) => resolve(Number(h[":status"]))),
    );
    assert.equal(status, 413);
    // The server gives the stalled stream up after its linger bound (10 s); the connection and the server live on.
    stream.resume(); // read the 413's body, so the stream can close once the server gives it up
    await new Promise<void>((resolve) => stream.once("close", () => resolve()));
    assert.equal(session.destroyed, false);
    const ok = session.request({ ":method": "GET", ":path": "/health" });
    const okStatus = await new Promise<number>((resolve) => ok.once("response", (h) => resolve(Number(h[":status"]))));
    ok.resume();
    assert.equal(okStatus, 200);
  } finally {
    session.close();
  }
  assert.equal((await svc().request("/health", { apiKey: null })).status, 200);
});
