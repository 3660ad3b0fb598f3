// OpenTelemetry export to real OTLP receivers (HTTP protobuf and gRPC): the spans of an event's push, fan-out and
// every delivery attempt, linked across the queue; the metrics against what happened; webhook URLs reduced to
// their host everywhere; and a collector that is dead or hangs changes nothing for deliveries.
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { test } from "node:test";
import { Code, type ConnectError, createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport } from "@connectrpc/connect-node";
import * as pb from "../../lib/http/rpc/gen/webhook_pb.ts";
import { failSpan } from "../../lib/telemetry/spans.ts";
import { withKey } from "../helpers/connect.ts";
import {
  startOtlpGrpcReceiver,
  startOtlpHttpReceiver,
  type OtlpReceiver,
  type ReceivedPoint,
  type ReceivedSpan,
} from "../helpers/otlp-receiver.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, TEST_API_KEY, type TestService } from "../helpers/service.ts";
import { eventually } from "../helpers/wait.ts";

const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const ERROR = 2;

const unique = (p: string) => `${p}-${Math.random().toString(36).slice(2, 8)}`;

function otelEnv(
  receiver: Pick<OtlpReceiver, "endpoint">,
  protocol: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
    OTEL_EXPORTER_OTLP_HEADERS: "x-collector-token=t0k%3Den",
    OTEL_SERVICE_NAME: "svc-under-test",
    OTEL_RESOURCE_ATTRIBUTES: "deployment.environment=test",
    OTEL_METRIC_EXPORT_INTERVAL: "200",
    ...extra,
  };
}

/** A webhook URL with userinfo, a path and a query, none of which may reach telemetry. */
const secretUrl = (base: string, path: string) =>
  base.replace("http://", "http://hookuser:hookpass@") + `${path}?token=query-secret`;

async function register(svc: TestService, url: string, httpConfig: Record<string, unknown> = {}) {
  const event = unique("otel");
  await svc.rpc("EventService", "RegisterEvent", { name: event });
  const hook = await svc.rpc("WebhookService", "RegisterWebhook", {
    namespace: "default",
    url,
    events: [event],
    httpConfig: { retryBackoffSeconds: 1, ...httpConfig },
  });
  return { event, webhookId: hook.webhook_id as string };
}

async function push(svc: TestService, event: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await svc.request("/webhook.EventService/PushEvent", {
    method: "POST",
    json: { namespace: "default", event, payload: { n: 1 } },
    headers,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.event_id;
}

const settled = (svc: TestService, eventId: string) =>
  eventually(
    () => svc.rpc("DeliveryService", "ListDeliveries", { namespace: "default", eventId }).then((r) => r.deliveries[0]),
    (d) => d && ["SUCCESS", "FAILED"].includes(d.status),
    20_000,
  );

/** The last cumulative value of a metric, summed over the series whose attributes include `match`. */
function latest(points: ReceivedPoint[], metric: string, match: Record<string, unknown> = {}): number {
  const bySeries = new Map<string, number>();
  for (const p of points) {
    if (p.metric !== metric || !Object.entries(match).every(([k, v]) => p.attributes[k] === v)) continue;
    bySeries.set(JSON.stringify(p.attributes), p.value);
  }
  return [...bySeries.values()].reduce((a, b) => a + b, 0);
}

const pushSpanOf = (spans: ReceivedSpan[], eventId: string) =>
  spans.find((s) => s.name === "svc.push" && s.attributes["svc.event.id"] === eventId);
const attemptsOf = (spans: ReceivedSpan[], eventId: string) =>
  spans
    .filter((s) => s.name === "svc.delivery.attempt" && s.attributes["svc.event.id"] === eventId)
    .sort((a, b) => Number(a.attributes["svc.delivery.attempt"]) - Number(b.attributes["svc.delivery.attempt"]));

test("OTLP/HTTP protobuf: push, fan-out and each attempt are spans of one story, and the metrics match it", {
  timeout: 60_000,
}, async (t) => {
  const collector = await startOtlpHttpReceiver(t);
  const svc = await startTestService(t, { workers: true, env: otelEnv(collector, "http/protobuf") });
  const hook = (await startReceiver(t))
    .path("/deep/hook-path")
    .answers({ status: 200 }, { status: 500 }, { status: 200 });
  const url = secretUrl(hook.url.slice(0, hook.url.indexOf("/deep")), "/deep/hook-path");
  const { event, webhookId } = await register(svc, url);

  // The first push continues the caller's trace; the second starts its own.
  const callerTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
  const ok = await push(svc, event, { traceparent: `00-${callerTrace}-00f067aa0ba902b7-01` });
  assert.equal((await settled(svc, ok)).status, "SUCCESS");
  const retried = await push(svc, event);
  const delivered = await settled(svc, retried);
  assert.equal(delivered.status, "SUCCESS");
  assert.equal(hook.requests.length, 3);

  const spans = await eventually(
    async () => collector.spans,
    (s) =>
      attemptsOf(s, retried).length === 2 &&
      attemptsOf(s, ok).length === 1 &&
      s.some((x) => x.name === "svc.fanout" && x.links.length > 0),
    15_000,
    100,
  );

  // API request span by route template, parent of the push span; the caller's traceparent is continued.
  const okPush = pushSpanOf(spans, ok)!;
  assert.ok(okPush, "a push span");
  assert.equal(okPush.kind, PRODUCER);
  assert.equal(okPush.traceId, callerTrace);
  const request = spans.find((s) => s.spanId === okPush.parentSpanId)!;
  assert.equal(request.name, "POST /webhook.EventService/PushEvent");
  assert.equal(request.kind, SERVER);
  assert.equal(request.parentSpanId, "00f067aa0ba902b7");
  assert.equal(request.attributes["http.route"], "/webhook.EventService/PushEvent");
  assert.equal(request.attributes["http.response.status_code"], 200);
  assert.equal(okPush.attributes["svc.event.type"], event);
  assert.equal(okPush.resource["service.name"], "svc-under-test");
  assert.equal(okPush.resource["deployment.environment"], "test");
  for (const s of spans.filter((x) => x.kind === SERVER))
    assert.doesNotMatch(s.name, /[0-9a-f]{8}-[0-9a-f]{4}/, `no id in span name ${s.name}`);

  // Each attempt is a child of its event's push span: same trace, minutes later or not.
  const [okAttempt] = attemptsOf(spans, ok);
  assert.equal(okAttempt!.traceId, okPush.traceId);
  assert.equal(okAttempt!.parentSpanId, okPush.spanId);
  assert.equal(okAttempt!.kind, CLIENT);
  const retriedPush = pushSpanOf(spans, retried)!;
  assert.notEqual(retriedPush.traceId, callerTrace);
  const [first, second] = attemptsOf(spans, retried);
  for (const a of [first!, second!]) {
    assert.equal(a.traceId, retriedPush.traceId);
    assert.equal(a.parentSpanId, retriedPush.spanId);
    assert.equal(a.attributes["http.request.method"], "POST");
    assert.equal(a.attributes["server.address"], "127.0.0.1");
    assert.equal(a.attributes["svc.webhook.id"], webhookId);
    assert.equal(a.attributes["svc.delivery.id"], delivered.delivery_id);
    assert.equal(a.attributes["svc.consumer"], "default");
  }
  assert.deepEqual(
    [
      first!.attributes["svc.delivery.attempt"],
      first!.attributes["http.response.status_code"],
      first!.attributes["error.type"],
      first!.status.code,
    ],
    [1, 500, "server_error", ERROR],
  );
  assert.deepEqual(
    [
      second!.attributes["svc.delivery.attempt"],
      second!.attributes["http.response.status_code"],
      second!.attributes["svc.error.category"],
    ],
    [2, 200, "success"],
  );

  // Fan-out is a span of its own trace, linked to the pushes it served.
  const fanoutLinks = spans.filter((s) => s.name === "svc.fanout").flatMap((s) => s.links.map((l) => l.spanId));
  assert.ok(
    fanoutLinks.includes(okPush.spanId) && fanoutLinks.includes(retriedPush.spanId),
    "fan-out links to both pushes",
  );

  // Receivers get a traceparent naming the attempt's span.
  assert.equal(hook.requests[0]!.headers.traceparent, `00-${okAttempt!.traceId}-${okAttempt!.spanId}-01`);
  assert.equal(hook.requests[2]!.headers.traceparent, `00-${second!.traceId}-${second!.spanId}-01`);

  // Scheme and host only: no userinfo, path or query of the webhook URL in any span.
  const everything = JSON.stringify(spans);
  for (const secret of ["hookuser", "hookpass", "hook-path", "query-secret"])
    assert.ok(!everything.includes(secret), `${secret} leaked into a span`);

  // Metrics over OTLP agree with what happened (cumulative counters: the last export is the total).
  const points = await eventually(
    async () => collector.points,
    (p) => latest(p, "svc_deliveries", { status: "success" }) === 2 && latest(p, "svc_fanout_lag_seconds") === 2,
    10_000,
    100,
  );
  assert.equal(latest(points, "svc_deliveries", { status: "retrying", error_category: "server_error" }), 1);
  assert.equal(latest(points, "svc_events_pushed"), 2);
  assert.equal(latest(points, "svc_delivery_attempt_duration_seconds"), 3);
  assert.ok(
    latest(points, "http_server_request_duration_seconds", { "http.route": "/webhook.EventService/PushEvent" }) >= 2,
  );
  assert.ok(
    !JSON.stringify(points).includes("hook-path") && !JSON.stringify(points).includes("hookpass"),
    "no URL in metric attributes",
  );
  assert.ok(
    collector.requests.every((r) => r.headers["x-collector-token"] === "t0k=en"),
    "OTEL_EXPORTER_OTLP_HEADERS sent with every export",
  );
  assert.ok(
    collector.requests.some((r) => r.path === "/v1/metrics") && collector.requests.some((r) => r.path === "/v1/traces"),
  );
});

test("sampled at the source: an unsampled push exports nothing and its delivery no attempt span; a sampled one keeps its chain", {
  timeout: 60_000,
}, async (t) => {
  const collector = await startOtlpHttpReceiver(t);
  // A ratio of 0: no root is sampled, so only the caller's sampled traceparent makes a trace.
  const env = otelEnv(collector, "http/protobuf", {
    OTEL_TRACES_SAMPLER: "parentbased_traceidratio",
    OTEL_TRACES_SAMPLER_ARG: "0",
  });
  const svc = await startTestService(t, { workers: true, env, logLevel: "debug" });
  const hook = (await startReceiver(t)).path("/sampled");
  const { event } = await register(svc, hook.url);

  const unsampledTrace = "0af7651916cd43dd8448eb211c80319c";
  const sampledTrace = "4bf92f3577b34da6a3ce929d0e0e4736";
  const root = await push(svc, event);
  const refused = await push(svc, event, { traceparent: `00-${unsampledTrace}-b7ad6b7169203331-00` });
  const sampled = await push(svc, event, { traceparent: `00-${sampledTrace}-00f067aa0ba902b7-01` });
  for (const id of [root, refused, sampled]) assert.equal((await settled(svc, id)).status, "SUCCESS");

  const spans = await eventually(
    async () => collector.spans,
    (s) => attemptsOf(s, sampled).length === 1 && s.some((x) => x.name === "svc.fanout"),
    15_000,
    100,
  );
  // One more export interval of the batch processor: anything else would have arrived by then.
  await new Promise((r) => setTimeout(r, 1_500));
  const all = collector.spans;
  const sampledPush = pushSpanOf(all, sampled)!;
  const request = all.find((s) => s.spanId === sampledPush.parentSpanId)!;
  assert.equal(request.parentSpanId, "00f067aa0ba902b7");
  assert.equal(attemptsOf(all, sampled)[0]!.parentSpanId, sampledPush.spanId);
  const fanout = spans.find((s) => s.name === "svc.fanout")!;
  assert.deepEqual(
    fanout.links.map((l) => l.spanId),
    [sampledPush.spanId],
    "fan-out is recorded for the sampled push it served, and links only to it",
  );
  // Nothing else: no request, push or attempt span of the unsampled pushes, nor of the setup calls.
  assert.deepEqual(
    all.filter((s) => s.traceId !== sampledTrace && s.name !== "svc.fanout").map((s) => s.name),
    [],
  );
  assert.equal(pushSpanOf(all, root), undefined);
  assert.equal(attemptsOf(all, refused).length, 0);
  // The receiver of an unsampled attempt gets no traceparent; the sampled one gets its attempt's.
  const byEvent = (id: string) => hook.requests.find((r) => r.body.includes(id))!;
  assert.equal(byEvent(root).headers.traceparent, undefined);
  assert.equal(byEvent(refused).headers.traceparent, undefined);
  assert.match(String(byEvent(sampled).headers.traceparent), new RegExp(`^00-${sampledTrace}-[0-9a-f]{16}-01$`));
  // Log lines of unsampled work carry no made-up ids; a caller's unsampled trace id is kept.
  assert.ok(svc.logs.every((l) => l.trace_id === undefined || /[1-9a-f]/.test(String(l.trace_id))));
  assert.ok(svc.logs.some((l) => l.trace_id === unsampledTrace));
});

test("native gRPC calls get the same request span: by method path, the caller's traceparent continued, the push its child, gRPC's status recorded", {
  timeout: 60_000,
}, async (t) => {
  const collector = await startOtlpHttpReceiver(t);
  const svc = await startTestService(t, { env: otelEnv(collector, "http/protobuf") });
  const { event } = await register(svc, "http://127.0.0.1:9/never-called");
  const callerTrace = "0af7651916cd43dd8448eb211c80319c";
  const transport = createGrpcTransport({
    baseUrl: svc.url,
    interceptors: [
      withKey(TEST_API_KEY),
      (next) => (req) => {
        req.header.set("traceparent", `00-${callerTrace}-b7ad6b7169203331-01`);
        return next(req);
      },
    ],
  });
  const events = createClient(pb.EventService, transport);
  const pushed = await events.pushEvent({ namespace: "default", event, payload: { n: 1 } });
  await assert.rejects(events.getEvent({ name: "no.such.event" }), (e: ConnectError) => e.code === Code.NotFound);

  const spans = await eventually(
    async () => collector.spans,
    (s) => !!pushSpanOf(s, pushed.eventId) && s.some((x) => x.name === "POST /webhook.EventService/GetEvent"),
    15_000,
    100,
  );
  const push = pushSpanOf(spans, pushed.eventId)!;
  const request = spans.find((s) => s.spanId === push.parentSpanId)!;
  assert.ok(request, "the push span's parent is the gRPC request span");
  assert.deepEqual(
    [request.name, request.kind, request.traceId, request.parentSpanId],
    ["POST /webhook.EventService/PushEvent", SERVER, callerTrace, "b7ad6b7169203331"],
  );
  assert.deepEqual(
    [
      request.attributes["rpc.system"],
      request.attributes["rpc.grpc.status_code"],
      request.attributes["http.route"],
      request.attributes["http.response.status_code"],
    ],
    ["grpc", 0, "/webhook.EventService/PushEvent", 200],
  );
  const failed = spans.find((s) => s.name === "POST /webhook.EventService/GetEvent")!;
  assert.equal(failed.attributes["rpc.grpc.status_code"], 5, "NOT_FOUND");
  assert.notEqual(failed.status.code, ERROR, "a caller's mistake is not the server's error");
});

test("REST and Connect binary pushes are children of their request spans too, and concurrent pushes never borrow another request's span", {
  timeout: 60_000,
}, async (t) => {
  const collector = await startOtlpHttpReceiver(t);
  const svc = await startTestService(t, { env: otelEnv(collector, "http/protobuf") });
  const { event } = await register(svc, "http://127.0.0.1:9/never-called");
  const traceOf = (i: number) => `${i.toString(16).padStart(2, "0")}${"c".repeat(30)}`;
  const events = createClient(
    pb.EventService,
    createConnectTransport({
      baseUrl: svc.url,
      httpVersion: "1.1",
      useBinaryFormat: true,
      interceptors: [withKey(TEST_API_KEY)],
    }),
  );
  // Ten of each at once, each continuing its own caller trace: a push span must sit under its own request.
  const pushes = await Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const traceparent = `00-${traceOf(i)}-${"a".repeat(15)}${i % 10}-01`;
      if (i < 10) {
        const res = await svc.request(`/v1/consumers/default/events?event=${event}`, {
          method: "POST",
          json: { payload: { i } },
          headers: { traceparent },
        });
        assert.equal(res.status, 202);
        return { eventId: res.body.event_id as string, trace: traceOf(i), route: "/v1/consumers/:consumer/events" };
      }
      const pushed = await events.pushEvent(
        { namespace: "default", event, payload: { i } },
        { headers: { traceparent } },
      );
      return { eventId: pushed.eventId, trace: traceOf(i), route: "/webhook.EventService/PushEvent" };
    }),
  );
  const spans = await eventually(
    async () => collector.spans,
    (s) => pushes.every((p) => !!pushSpanOf(s, p.eventId)),
    15_000,
    100,
  );
  for (const p of pushes) {
    const push = pushSpanOf(spans, p.eventId)!;
    const request = spans.find((s) => s.spanId === push.parentSpanId);
    assert.ok(request, `the push of ${p.route} has its request span as parent`);
    assert.deepEqual(
      [request.kind, request.attributes["http.route"], request.traceId, push.traceId],
      [SERVER, p.route, p.trace, p.trace],
    );
  }
});

test("OTLP/gRPC: the same chain arrives through a gRPC collector, and traceparent can be turned off", {
  timeout: 60_000,
}, async (t) => {
  const collector = await startOtlpGrpcReceiver(t);
  const svc = await startTestService(t, {
    workers: true,
    env: otelEnv(collector, "grpc", { SVC_WEBHOOK_TRACEPARENT: "false" }),
  });
  const hook = (await startReceiver(t)).path("/grpc-hook").answers({ status: 200 });
  const { event } = await register(svc, hook.url);
  const eventId = await push(svc, event);
  assert.equal((await settled(svc, eventId)).status, "SUCCESS");
  const spans = await eventually(
    async () => collector.spans,
    (s) => attemptsOf(s, eventId).length === 1,
    15_000,
    100,
  );
  const pushSpan = pushSpanOf(spans, eventId)!;
  const [attempt] = attemptsOf(spans, eventId);
  assert.equal(attempt!.parentSpanId, pushSpan.spanId);
  assert.equal(attempt!.traceId, pushSpan.traceId);
  assert.equal(hook.requests[0]!.headers.traceparent, undefined, "SVC_WEBHOOK_TRACEPARENT=false sends none");
  await eventually(
    async () => collector.points,
    (p) => latest(p, "svc_deliveries", { status: "success" }) === 1,
    10_000,
    100,
  );
  assert.deepEqual(
    collector.requests.find((r) => r.path === "TraceService/Export")?.headers["x-collector-token"],
    "t0k=en",
  );
});

test("OTLP/HTTP JSON: the push and its attempt arrive as JSON exports", { timeout: 60_000 }, async (t) => {
  const collector = await startOtlpHttpReceiver(t);
  const svc = await startTestService(t, { workers: true, env: otelEnv(collector, "http/json") });
  const hook = (await startReceiver(t)).path("/json-hook").answers({ status: 200 });
  const { event } = await register(svc, hook.url);
  const eventId = await push(svc, event);
  assert.equal((await settled(svc, eventId)).status, "SUCCESS");
  const spans = await eventually(
    async () => collector.spans,
    (s) => attemptsOf(s, eventId).length === 1,
    15_000,
    100,
  );
  assert.equal(attemptsOf(spans, eventId)[0]!.parentSpanId, pushSpanOf(spans, eventId)!.spanId);
  assert.ok(collector.requests.some((r) => r.headers["content-type"] === "application/json"));
});

test("log lines written inside a span carry its trace_id and span_id", { timeout: 60_000 }, async (t) => {
  const collector = await startOtlpHttpReceiver(t);
  const svc = await startTestService(t, { env: otelEnv(collector, "http/protobuf"), logLevel: "info" });
  const ids = svc.app.tracing.tracer.startActiveSpan("test.span", (span) => {
    svc.app.log.info("inside a span", { url: "https://user:pw@example.com/private/path?k=v" });
    span.end();
    return span.spanContext();
  });
  svc.app.log.info("outside any span");
  const inside = svc.logs.find((l) => l.msg === "inside a span")!;
  assert.equal(inside.trace_id, ids.traceId);
  assert.equal(inside.span_id, ids.spanId);
  assert.equal(inside.url, "https://example.com");
  assert.equal(svc.logs.find((l) => l.msg === "outside any span")!.trace_id, undefined);
});

test("exception messages on spans keep only the scheme and host of any URL", { timeout: 60_000 }, async (t) => {
  const collector = await startOtlpHttpReceiver(t);
  const svc = await startTestService(t, { env: otelEnv(collector, "http/protobuf") });
  const span = svc.app.tracing.tracer.startSpan("test.failure");
  failSpan(
    span,
    new Error("request to https://hookuser:hookpass@hooks.example.com/hook-path?token=query-secret failed"),
  );
  span.end();
  const spans = await eventually(
    async () => collector.spans,
    (s) => s.some((x) => x.name === "test.failure"),
    15_000,
    100,
  );
  const failed = spans.find((x) => x.name === "test.failure")!;
  assert.equal(failed.status.message, "request to https://hooks.example.com failed");
  assert.equal(failed.events[0]!.attributes["exception.message"], "request to https://hooks.example.com failed");
});

async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test("a dead collector drops spans (counted on /metrics) and deliveries go on as usual", {
  timeout: 90_000,
}, async (t) => {
  const svc = await startTestService(t, {
    workers: true,
    env: otelEnv({ endpoint: `http://127.0.0.1:${await refusedPort()}` }, "http/protobuf"),
  });
  const hook = (await startReceiver(t)).path("/dead-collector").answers({ status: 200 });
  const { event } = await register(svc, hook.url);
  const started = Date.now();
  const ids = await Promise.all(Array.from({ length: 20 }, () => push(svc, event)));
  for (const id of ids) assert.equal((await settled(svc, id)).status, "SUCCESS");
  assert.ok(Date.now() - started < 10_000, `20 deliveries took ${Date.now() - started} ms`);
  const dropped = await eventually(
    async () =>
      Number(
        /^svc_otel_spans_dropped_total(?:\{[^}]*\})? (\d+)/m.exec(
          (await svc.request("/metrics")).body as string,
        )?.[1] ?? 0,
      ),
    (n) => n >= 40,
    // Each export batch is retried for up to the 10 s export timeout before it counts as dropped; on a loaded
    // machine the spans end in two or three batches.
    45_000,
    200,
  );
  assert.ok(dropped >= 40, "pushes and attempts were dropped and counted");
});

test("a collector that never answers does not hold up pushes or deliveries", { timeout: 60_000 }, async (t) => {
  const hole = await startReceiver(t);
  hole.path("/v1/traces").answers({ hang: true });
  hole.path("/v1/metrics").answers({ hang: true });
  const svc = await startTestService(t, { workers: true, env: otelEnv({ endpoint: hole.url }, "http/protobuf") });
  const hook = (await startReceiver(t)).path("/hung-collector").answers({ status: 200 });
  const { event } = await register(svc, hook.url);
  const started = Date.now();
  const ids = await Promise.all(Array.from({ length: 20 }, () => push(svc, event)));
  for (const id of ids) assert.equal((await settled(svc, id)).status, "SUCCESS");
  assert.ok(Date.now() - started < 10_000, `20 deliveries took ${Date.now() - started} ms with a hanging collector`);
});
