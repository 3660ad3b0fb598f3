// svc's OTLP protobuf span encoding (lib/telemetry/otlp-spans.ts) against the SDK's own serializer: the same spans
// decode, with the official proto definitions, to the same request — ids, parents, kinds, exact nanosecond times,
// every attribute type, events, links, status and flags.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags } from "@opentelemetry/api";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { AlwaysOnSampler, BasicTracerProvider, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { HeadSampledTracer, traceId } from "../../lib/telemetry/head-sampling.ts";
import { encodeSpans } from "../../lib/telemetry/otlp-spans.ts";

const require = createRequire(import.meta.url);
const { ProtobufTraceSerializer } = require(
  require.resolve("@opentelemetry/otlp-transformer", {
    paths: [require.resolve("@opentelemetry/exporter-trace-otlp-proto")],
  }),
);
const TraceRequest = require("@opentelemetry/otlp-transformer/build/src/generated/root.js").opentelemetry.proto
  .collector.trace.v1.ExportTraceServiceRequest;
const decode = (bytes: Uint8Array) =>
  TraceRequest.toObject(TraceRequest.decode(bytes), { longs: String, bytes: String, defaults: true });

test("svc's span encoding decodes to what the SDK's serializer writes", () => {
  const ended: ReadableSpan[] = [];
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({
      "service.name": "svc",
      "service.version": "1.2.3",
      "deployment.environment": "",
    }),
    sampler: new AlwaysOnSampler(),
    spanProcessors: [
      { onStart() {}, onEnd: (s) => void ended.push(s), forceFlush: async () => {}, shutdown: async () => {} },
    ],
  });
  const tracer = provider.getTracer("svc", "1.2.3");
  const other = provider.getTracer("other");
  const remote = trace.setSpanContext(ROOT_CONTEXT, {
    traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
    spanId: "00f067aa0ba902b7",
    traceFlags: TraceFlags.SAMPLED,
    isRemote: true,
  });
  const request = tracer.startSpan("POST /x", { kind: SpanKind.SERVER }, remote);
  const push = tracer.startSpan(
    "svc.push",
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        "svc.consumer": "default",
        "svc.event.duplicate": false,
        empty: "",
        ünïcödé: "välue ✓",
        count: 12,
        big: 2 ** 40 + 3,
        negative: -5,
        ratio: 0.25,
        list: ["a", "b"],
        numbers: [1, 2.5],
        long: "x".repeat(300),
      },
      startTime: [1_764_226_000, 123_456_789],
    },
    trace.setSpan(ROOT_CONTEXT, request),
  );
  push.addEvent("exception", { "exception.message": "boom" });
  push.setStatus({ code: SpanStatusCode.ERROR, message: "failed: http://example.com" });
  push.end([1_764_226_001, 999_999_999]);
  request.end();
  const links = Array.from({ length: 40 }, (_, i) => ({
    context: { ...push.spanContext(), spanId: i.toString(16).padStart(16, "0") },
  }));
  other.startSpan("svc.fanout", { root: true, links, attributes: { "svc.fanout.events": 3 } }).end();
  assert.equal(ended.length, 3);

  const ours = decode(encodeSpans(ended));
  const sdk = decode(ProtobufTraceSerializer.serializeRequest(ended));
  assert.deepEqual(ours, sdk);
  // A big request (nested lengths of three bytes) too.
  const many = Array.from({ length: 600 }, () => ended).flat();
  assert.deepEqual(decode(encodeSpans(many)), decode(ProtobufTraceSerializer.serializeRequest(many)));
});

test("svc's recorded spans are written alike by svc's encoding and the SDK's serializer (http/json and gRPC use it)", () => {
  const ended: ReadableSpan[] = [];
  const tracer = new HeadSampledTracer(
    {
      sink: { onEnd: (s) => void ended.push(s) },
      resource: resourceFromAttributes({ "service.name": "svc" }),
      instrumentationScope: { name: "svc", version: "1.2.3" },
    },
    { root: traceId, child: () => true },
  );
  const request = tracer.startSpan("POST /x", { kind: SpanKind.SERVER }, ROOT_CONTEXT);
  const attempt = tracer.startSpan(
    "svc.delivery.attempt",
    { kind: SpanKind.CLIENT, attributes: { "svc.delivery.attempt": 2, "server.port": 443, ok: true, list: ["a"] } },
    trace.setSpan(ROOT_CONTEXT, request),
  );
  attempt.recordException({ name: "TimeoutError", message: "no answer from https://example.com" });
  attempt.setStatus({ code: SpanStatusCode.ERROR, message: "timeout" });
  attempt.end();
  request.end();
  tracer
    .startSpan("svc.fanout", { root: true, links: [{ context: attempt.spanContext() }], startTime: Date.now() })
    .end();
  assert.equal(ended.length, 3);
  assert.deepEqual(decode(encodeSpans(ended)), decode(ProtobufTraceSerializer.serializeRequest(ended)));
  const [a, r] = ended;
  assert.equal(a!.parentSpanContext?.spanId, r!.spanContext().spanId);
});
