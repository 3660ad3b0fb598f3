// Sampling decided before any span exists, and sampled spans recorded by svc's own tracer
// (lib/telemetry/head-sampling.ts, recorded-span.ts): an unsampled span records nothing, a sampled one is recorded
// with the right parent, a root's decision is the one the SDK's TraceIdRatioBasedSampler takes on the same trace id,
// and a recorded span behaves as the SDK's span does, down to what an OTLP exporter writes of it.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ROOT_CONTEXT,
  SamplingDecision,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type SpanContext,
  type Tracer,
} from "@opentelemetry/api";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AlwaysOnSampler,
  BasicTracerProvider,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
} from "@opentelemetry/sdk-trace-base";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import {
  canonicalParent,
  HeadSampledTracer,
  ratioRoot,
  traceId,
  UNRECORDED,
} from "../../lib/telemetry/head-sampling.ts";
import { encodeSpans } from "../../lib/telemetry/otlp-spans.ts";

const resource = resourceFromAttributes({ "service.name": "svc", "service.version": "1.2.3" });
const sampledParent = (parent: SpanContext) => (parent.traceFlags & TraceFlags.SAMPLED) !== 0;

/** A tracer as svc builds it (parent-based), with every span it records counted as it ends. */
function tracer(root: () => string | undefined) {
  const ended: ReadableSpan[] = [];
  const sink = { onEnd: (span: ReadableSpan) => void ended.push(span) };
  const t = new HeadSampledTracer(
    { sink, resource, instrumentationScope: { name: "svc", version: "1.2.3" } },
    { root, child: sampledParent },
  );
  return { tracer: t, ended };
}

const remote = (flags: number): Context =>
  trace.setSpanContext(ROOT_CONTEXT, {
    traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
    spanId: "00f067aa0ba902b7",
    traceFlags: flags,
    isRemote: true,
  });

test("an unsampled root and everything under it record nothing", () => {
  const { tracer: t, ended } = tracer(() => undefined);
  const request = t.startSpan("request", {}, ROOT_CONTEXT);
  assert.equal(request, UNRECORDED);
  assert.equal(request.isRecording(), false);
  const push = t.startSpan("push", {}, trace.setSpan(ROOT_CONTEXT, request));
  assert.equal(push, UNRECORDED);
  request.end();
  assert.deepEqual(ended, []);
});

test("a caller's unsampled traceparent is followed without a span, its trace id kept", () => {
  const { tracer: t, ended } = tracer(ratioRoot(1));
  const request = t.startSpan("request", {}, remote(TraceFlags.NONE));
  assert.equal(request.isRecording(), false);
  assert.equal(request.spanContext().traceId, "4bf92f3577b34da6a3ce929d0e0e4736");
  const push = t.startSpan("push", {}, trace.setSpan(ROOT_CONTEXT, request));
  assert.equal(push, request, "the unsampled parent stands for its child: no new object");
  push.end();
  request.end();
  assert.deepEqual(ended, []);
});

test("sampled spans are recorded with their parent; a root linked to a sampled span is recorded", () => {
  const { tracer: t, ended } = tracer(() => undefined);
  const request = t.startSpan("request", {}, remote(TraceFlags.SAMPLED));
  const push = t.startSpan("push", {}, trace.setSpan(ROOT_CONTEXT, request));
  const fanout = t.startSpan("fanout", { root: true, links: [{ context: push.spanContext() }] });
  const lonely = t.startSpan("fanout", { root: true, links: [] });
  for (const span of [push, request, fanout, lonely]) span.end();
  assert.equal(lonely, UNRECORDED, "roots are decided by the root sampler (never, here)");
  assert.deepEqual(
    ended.map((s) => s.name),
    ["push", "request", "fanout"],
  );
  const [p, r, f] = ended;
  assert.equal(r!.spanContext().traceId, "4bf92f3577b34da6a3ce929d0e0e4736");
  assert.equal(r!.parentSpanContext?.spanId, "00f067aa0ba902b7");
  assert.equal(p!.parentSpanContext?.spanId, r!.spanContext().spanId);
  assert.equal(f!.links[0]!.context.spanId, p!.spanContext().spanId);
  assert.notEqual(f!.spanContext().traceId, p!.spanContext().traceId, "fan-out is a trace of its own");
});

test("a root's ratio decision is the SDK's on the same trace id, at the configured rate", () => {
  const ratio = 0.1;
  const sdk = new TraceIdRatioBasedSampler(ratio);
  const draw = ratioRoot(ratio);
  const n = 50_000;
  let sampled = 0;
  for (let i = 0; i < n; i++) {
    const id = draw();
    if (id === undefined) continue;
    sampled++;
    assert.match(id, /^[0-9a-f]{32}$/);
    const decision = sdk.shouldSample(ROOT_CONTEXT, id).decision;
    assert.equal(decision, SamplingDecision.RECORD_AND_SAMPLED, id);
  }
  // 10 % of 50,000: 5,000 with a standard deviation of ≈ 67.
  assert.ok(sampled > 4_600 && sampled < 5_400, `${sampled} sampled`);
  const { tracer: t, ended } = tracer(ratioRoot(ratio));
  for (let i = 0; i < 1_000; i++) t.startSpan("root", {}, ROOT_CONTEXT).end();
  for (const span of ended)
    assert.equal(
      sdk.shouldSample(ROOT_CONTEXT, span.spanContext().traceId).decision,
      SamplingDecision.RECORD_AND_SAMPLED,
    );
  assert.ok(ended.length > 50 && ended.length < 160, `${ended.length} of 1,000 recorded`);
  assert.equal(ratioRoot(0)(), undefined);
  assert.notEqual(ratioRoot(1)(), undefined);
});

/** The same calls, in the same order, on any span. */
function exercise(span: Span): void {
  span.setAttribute("svc.consumer", "default");
  span.setAttribute("count", 12);
  span.setAttribute("ok", false);
  span.setAttribute("list", ["a", "b"]);
  span.setAttribute("nothing", undefined as unknown as string);
  span.setAttribute("", "no key");
  span.setAttribute("mixed", [1, "a"] as unknown as string[]);
  span.setAttributes({ "svc.consumer": "changed", ratio: 0.5 });
  for (let i = 0; i < 130; i++) span.setAttribute(`many.${i}`, i);
  span.setAttribute("svc.consumer", "an existing key is still set past the limit");
  span.addEvent("plain", 1_764_226_000_400);
  span.addEvent("with attributes", { a: 1, c: "x", "": 2, d: [true, 1] as unknown as boolean[] }, 1_764_226_000_500);
  span.addEvent("timed", [1_764_226_000, 600_000_000]);
  span.recordException(Object.assign(new Error("boom"), { stack: "Error: boom\n    at here" }), 1_764_226_000_700);
  span.recordException("a string", new Date(1_764_226_000_800));
  span.addLink({ context: { traceId: "4bf92f3577b34da6a3ce929d0e0e4736", spanId: "00f067aa0ba902b7", traceFlags: 1 } });
  span.setStatus({ code: SpanStatusCode.UNSET });
  span.setStatus({ code: SpanStatusCode.ERROR, message: "failed" });
  span.setStatus({ code: SpanStatusCode.OK });
  span.setStatus({ code: SpanStatusCode.ERROR, message: "OK is final" });
  span.updateName("renamed");
  span.end([1_764_226_001, 5]);
  span.setAttribute("after.end", 1);
  span.updateName("after end");
  span.end();
}

test("a recorded span does what the SDK's span does, and exports the same", () => {
  const parent = remote(TraceFlags.SAMPLED);
  const options = {
    kind: SpanKind.CLIENT,
    attributes: { first: "yes" },
    startTime: [1_764_226_000, 1] as [number, number],
  };
  const { tracer: ours, ended } = tracer(traceId);
  const sdkEnded: ReadableSpan[] = [];
  const provider = new BasicTracerProvider({
    resource,
    sampler: new AlwaysOnSampler(),
    spanProcessors: [
      { onStart() {}, onEnd: (s) => void sdkEnded.push(s), forceFlush: async () => {}, shutdown: async () => {} },
    ],
  });
  const theirs: Tracer = provider.getTracer("svc", "1.2.3");
  exercise(ours.startSpan("attempt", options, parent));
  exercise(theirs.startSpan("attempt", options, parent));
  assert.equal(ended.length, 1, "ended once");
  const [a, b] = [ended[0]!, sdkEnded[0]!];
  const view = (s: ReadableSpan) => ({
    name: s.name,
    kind: s.kind,
    traceId: s.spanContext().traceId,
    traceFlags: s.spanContext().traceFlags,
    parent: s.parentSpanContext,
    startTime: s.startTime,
    endTime: s.endTime,
    duration: s.duration,
    status: s.status,
    attributes: s.attributes,
    events: s.events,
    links: s.links,
    dropped: [s.droppedAttributesCount, s.droppedEventsCount, s.droppedLinksCount],
    ended: s.ended,
    scope: [s.instrumentationScope.name, s.instrumentationScope.version],
  });
  assert.deepEqual(view(a), view(b));
  assert.equal(Object.keys(a.attributes).length, 128);
  assert.equal(a.droppedAttributesCount, 8);
  assert.equal(a.status.code, SpanStatusCode.OK);
  assert.match(a.spanContext().spanId, /^[0-9a-f]{16}$/);
  // What an OTLP collector receives of it (ids apart) is what it receives of the SDK's span.
  const withoutIds = (bytes: Uint8Array) =>
    Buffer.from(bytes).toString("latin1").replaceAll(a.spanContext().spanId, "");
  const sdkWithOurId = Object.assign(Object.create(Object.getPrototypeOf(b)), b, {
    spanContext: () => ({ ...b.spanContext(), spanId: a.spanContext().spanId }),
  });
  assert.equal(withoutIds(encodeSpans([a])), withoutIds(encodeSpans([sdkWithOurId])));
});

test("a recorded span's times are the wall clock's, its duration the monotonic clock's", async () => {
  const { tracer: t, ended } = tracer(traceId);
  const before = Date.now();
  const span = t.startSpan("timed", {}, ROOT_CONTEXT);
  await new Promise((resolve) => setTimeout(resolve, 20));
  span.end();
  const after = Date.now();
  const [s] = ended;
  const ms = (hr: readonly [number, number]) => hr[0] * 1_000 + hr[1] / 1e6;
  assert.ok(ms(s!.startTime) >= before - 2 && ms(s!.startTime) <= after + 2, "started now");
  assert.ok(ms(s!.duration) >= 19 && ms(s!.duration) < 1_000, `${ms(s!.duration)} ms`);
  assert.ok(Math.abs(ms(s!.endTime) - ms(s!.startTime) - ms(s!.duration)) < 0.001);
  // A performance timestamp (what fan-out passes) lands at the same wall-clock time as one read now.
  const fromPerformance = t.startSpan("p", { startTime: performance.now() }, ROOT_CONTEXT);
  fromPerformance.end();
  assert.ok(Math.abs(ms(ended[1]!.startTime) - Date.now()) < 50);
});

test("a stored traceparent is read as the W3C propagator reads it, or left to the propagator", () => {
  const propagator = new W3CTraceContextPropagator();
  const getter = {
    get: (c: { tp: string }, key: string) => (key === "traceparent" ? c.tp : undefined),
    keys: () => ["traceparent"],
  };
  const viaPropagator = (tp: string) => trace.getSpanContext(propagator.extract(ROOT_CONTEXT, { tp }, getter));
  const valid = [
    "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
    "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00",
    "00-0000000000000000000000000000000a-000000000000000b-03",
  ];
  for (const tp of valid) assert.deepEqual(canonicalParent(tp), viaPropagator(tp), tp);
  const others = [
    "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
    "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
    "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
    "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
    "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
    "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-0g",
    "00-4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7-01",
    "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01",
    "",
  ];
  for (const tp of others) assert.equal(canonicalParent(tp), undefined, tp);
});
