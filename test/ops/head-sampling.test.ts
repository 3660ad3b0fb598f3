// Sampling decided before the SDK is called (lib/telemetry/head-sampling.ts), against the SDK's own tracer and
// samplers: an unsampled span creates no SDK span at all, a sampled one is recorded with the right parent, and a
// root's decision is the one the SDK's TraceIdRatioBasedSampler takes on the same trace id.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ROOT_CONTEXT, SamplingDecision, trace, TraceFlags, type Context } from "@opentelemetry/api";
import {
  AlwaysOnSampler,
  BasicTracerProvider,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { HeadSampledIds, HeadSampledTracer, ratioRoot, UNRECORDED } from "../../lib/telemetry/head-sampling.ts";

/** A tracer as svc builds it, with every span the SDK starts and ends counted. */
function tracer(root: () => string | undefined) {
  const started: string[] = [];
  const ended: ReadableSpan[] = [];
  const processor: SpanProcessor = {
    onStart: (span) => void started.push((span as unknown as ReadableSpan).name),
    onEnd: (span) => void ended.push(span),
    forceFlush: async () => {},
    shutdown: async () => {},
  };
  const ids = new HeadSampledIds();
  const provider = new BasicTracerProvider({
    sampler: new AlwaysOnSampler(),
    idGenerator: ids,
    spanProcessors: [processor],
  });
  return { tracer: new HeadSampledTracer(provider.getTracer("test"), ids, root), started, ended };
}

const remote = (flags: number): Context =>
  trace.setSpanContext(ROOT_CONTEXT, {
    traceId: "4bf92f3577b34da6a3ce929d0e0e4736",
    spanId: "00f067aa0ba902b7",
    traceFlags: flags,
    isRemote: true,
  });

test("an unsampled root and everything under it create no SDK span", () => {
  const { tracer: t, started } = tracer(() => undefined);
  const request = t.startSpan("request", {}, ROOT_CONTEXT);
  assert.equal(request, UNRECORDED);
  assert.equal(request.isRecording(), false);
  const push = t.startSpan("push", {}, trace.setSpan(ROOT_CONTEXT, request));
  assert.equal(push, UNRECORDED);
  request.end();
  assert.deepEqual(started, []);
});

test("a caller's unsampled traceparent is followed without an SDK span, its trace id kept", () => {
  const { tracer: t, started } = tracer(ratioRoot(1));
  const request = t.startSpan("request", {}, remote(TraceFlags.NONE));
  assert.equal(request.isRecording(), false);
  assert.equal(request.spanContext().traceId, "4bf92f3577b34da6a3ce929d0e0e4736");
  const push = t.startSpan("push", {}, trace.setSpan(ROOT_CONTEXT, request));
  assert.equal(push, request, "the unsampled parent stands for its child: no new object");
  assert.deepEqual(started, []);
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
