// Logs and traces meet: at SVC_LOG_LEVEL=debug with tracing on, the lines a run of pushes, failing deliveries,
// rejected pushes and a server fault writes each carry the trace_id and span_id of the span they were written in
// (the request's, the attempt's), and that span reaches the collector. No line holds a webhook's path or secrets.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Code, createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport, createGrpcWebTransport } from "@connectrpc/connect-node";
import { routes } from "../../handlers/routes.ts";
import { rest } from "../../lib/http/route.ts";
import * as pb from "../../lib/http/rpc/gen/webhook_pb.ts";
import { codeOf, withKey } from "../helpers/connect.ts";
import { startOtlpHttpReceiver, type ReceivedSpan } from "../helpers/otlp-receiver.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, TEST_API_KEY } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const boom = rest({
  method: "GET",
  path: "/v1/test-boom",
  operationId: "testBoom",
  summary: "fails on purpose",
  tag: "Test",
  access: "admin",
  async handle() {
    throw new Error("a fault of the server's own");
  },
});

type Line = Record<string, any>;

test("at debug with tracing on, request refusals, faults and failed attempts are logged inside their spans", {
  timeout: 60_000,
}, async (t) => {
  const collector = await startOtlpHttpReceiver(t);
  const svc = await startTestService(t, {
    workers: true,
    logLevel: "debug",
    routes: [...routes, boom],
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
      OTEL_METRIC_EXPORT_INTERVAL: "60000",
    },
  });
  const failing = (await startReceiver(t)).path("/secret-hook-path").answers({ status: 500 });
  const healthy = (await startReceiver(t)).path("/healthy").answers({ status: 200 });
  const url = failing.url.replace("http://", "http://hookuser:hookpass@") + "?token=query-secret";
  await svc.rpc("EventService", "RegisterEvent", { name: "log.corr" });
  const bad = await svc.rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url,
    events: ["log.corr"],
    httpConfig: { maxRetries: 1, retryBackoffSeconds: 1 },
  });
  await svc.rpc("WebhookService", "RegisterWebhook", { namespace: "default", url: healthy.url, events: ["log.corr"] });

  // Pushes whose deliveries to one webhook fail twice (first attempt and its one retry).
  const pushed: string[] = [];
  for (let i = 0; i < 2; i++) {
    const res = await svc.rpc("EventService", "PushEvent", { namespace: "default", event: "log.corr", payload: { i } });
    pushed.push(res.event_id);
  }
  // Rejected pushes, one per surface: REST, Connect JSON, Connect binary, gRPC-Web and native gRPC.
  const rest404 = await svc.rest("POST", "/v1/consumers/default/events?event=no.such.event", { payload: {} });
  assert.equal(rest404.status, 404);
  const json400 = await svc.rpcRaw("EventService", "PushEvent", { namespace: "default", event: "log.corr" });
  assert.equal(json400.status, 400);
  const interceptors = [withKey(TEST_API_KEY)];
  const clients = {
    binary: createClient(
      pb.EventService,
      createConnectTransport({ baseUrl: svc.url, httpVersion: "1.1", useBinaryFormat: true, interceptors }),
    ),
    grpcWeb: createClient(
      pb.EventService,
      createGrpcWebTransport({ baseUrl: svc.url, httpVersion: "1.1", interceptors }),
    ),
    grpc: createClient(pb.EventService, createGrpcTransport({ baseUrl: svc.url, interceptors })),
  };
  for (const client of Object.values(clients))
    assert.equal(
      await codeOf(client.pushEvent({ namespace: "default", event: "no.such.event", payload: { a: 1 } })),
      Code.NotFound,
    );
  // A server fault.
  assert.equal((await svc.rest("GET", "/v1/test-boom")).status, 500);

  const failedAttempts = await eventually(
    async () => (svc.logs as Line[]).filter((l) => l.msg === "delivery attempt failed"),
    (lines) => lines.length >= 4,
    20_000,
  );
  assert.equal(healthy.requests.length, 2);

  const logs = svc.logs as Line[];
  const refused = logs.filter((l) => l.msg === "request refused");
  const faults = logs.filter((l) => l.msg === "request failed");

  // Each refused push: its route template (never the raw path), status and reason, at debug.
  const pushRoute = "/webhook.EventService/PushEvent";
  const restRoute = "/v1/consumers/:consumer/events";
  const byRoute = (route: string) => refused.filter((l) => l.route === route);
  assert.equal(byRoute(restRoute).length, 1, JSON.stringify(refused));
  assert.equal(byRoute(pushRoute).length, 4, JSON.stringify(refused));
  for (const line of refused) assert.equal(line.level, "debug");
  const [restLine] = byRoute(restRoute);
  assert.equal(restLine!.status, 404);
  assert.equal(restLine!.code, "not_found");
  assert.match(restLine!.reason, /no\.such\.event/);
  assert.deepEqual(
    byRoute(pushRoute)
      .map((l) => [l.status, l.code])
      .sort(),
    [
      [200, "not_found"], // gRPC: HTTP 200, the code in trailers
      [200, "not_found"], // gRPC-Web
      [400, "invalid_argument"], // Connect JSON without a payload
      [404, "not_found"], // Connect binary
    ],
  );
  for (const line of byRoute(pushRoute)) assert.ok(typeof line.reason === "string" && line.reason.length > 0);

  // The server fault: at error, with its route and status.
  assert.equal(faults.length, 1, JSON.stringify(faults));
  assert.equal(faults[0]!.level, "error");
  assert.equal(faults[0]!.route, "/v1/test-boom");
  assert.equal(faults[0]!.status, 500);
  assert.equal(faults[0]!.code, "internal");

  // Each failed attempt: delivery, webhook, event, category, at debug.
  for (const line of failedAttempts) {
    assert.equal(line.level, "debug");
    assert.equal(line.webhook_id, bad.webhook_id);
    assert.equal(line.category, "server_error");
    assert.equal(line.response_code, 500);
    assert.ok(pushed.includes(line.event_id));
    assert.match(line.delivery_id, /^[0-9a-f-]{36}$/);
  }
  assert.deepEqual(failedAttempts.map((l) => l.attempt).sort(), [1, 1, 2, 2]);

  // Every one of these lines carries trace ids, and they name a span the collector received: the request's server
  // span (named by the same route) or the attempt's client span (of the same delivery).
  const answered = logs.filter((l) => l.msg === "request" && l.route === pushRoute);
  assert.equal(answered.length, 2, "each successful push is logged at debug");
  for (const line of answered) assert.deepEqual([line.level, line.status], ["debug", 200]);
  const correlated = [...answered, ...refused, ...faults, ...failedAttempts];
  const spans = await eventually(
    async () => collector.spans,
    (s) => correlated.every((l) => s.some((x) => x.spanId === l.span_id)),
    15_000,
    100,
  );
  const spanOf = (line: Line): ReceivedSpan => {
    assert.match(String(line.trace_id), /^[0-9a-f]{32}$/, `${line.msg} carries a trace_id`);
    assert.match(String(line.span_id), /^[0-9a-f]{16}$/, `${line.msg} carries a span_id`);
    const span = spans.find((s) => s.spanId === line.span_id)!;
    assert.equal(span.traceId, line.trace_id);
    return span;
  };
  for (const line of [...answered, ...refused, ...faults]) {
    const span = spanOf(line);
    assert.equal(span.attributes["http.route"], line.route);
  }
  for (const line of failedAttempts) {
    const span = spanOf(line);
    assert.equal(span.name, "svc.delivery.attempt");
    assert.equal(span.attributes["svc.delivery.id"], line.delivery_id);
    assert.equal(span.attributes["svc.delivery.attempt"], line.attempt);
  }

  // Nothing of the webhook's path, credentials or query in any line.
  const text = JSON.stringify(logs);
  for (const secret of ["secret-hook-path", "hookuser", "hookpass", "query-secret"])
    assert.ok(!text.includes(secret), secret);
});

test("without tracing the same lines are written, without trace ids", { timeout: 60_000 }, async (t) => {
  const svc = await startTestService(t, { logLevel: "debug" });
  const res = await svc.rest("POST", "/v1/consumers/default/events?event=no.such.event", { payload: {} });
  assert.equal(res.status, 404);
  const line = (svc.logs as Line[]).find((l) => l.msg === "request refused")!;
  assert.equal(line.route, "/v1/consumers/:consumer/events");
  assert.equal(line.trace_id, undefined);
  assert.equal(line.span_id, undefined);
});
