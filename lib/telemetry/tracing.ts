// Tracing as the rest of svc sees it: a Tracer from the OpenTelemetry API plus the few helpers svc needs. Without
// OTEL_EXPORTER_OTLP_ENDPOINT this is `tracingOff` and nothing of the SDK is loaded (the API's no-op tracer costs
// ≈ 0.1 µs a call); call sites also test `enabled` and skip span work entirely.
import { ROOT_CONTEXT, trace, type Context, type Span, type Tracer } from "@opentelemetry/api";
import type { MetricReader } from "@opentelemetry/sdk-metrics";

export interface Tracing {
  /** False without an OTLP endpoint: call sites create no spans at all. */
  readonly enabled: boolean;
  readonly tracer: Tracer;
  /**
   * The sampler follows the parent's decision (`parentbased_*`): work whose stored or received context says it is
   * not traced starts no span, and an event stored without a traceparent gets no attempt spans.
   */
  readonly parentBased: boolean;
  /** Put a W3C traceparent on webhook requests (SVC_WEBHOOK_TRACEPARENT). */
  readonly webhookTraceparent: boolean;
  /** The OTLP metrics reader for svc's MeterProvider; `shareable` when its figures are cumulative, as /metrics needs. */
  readonly metricReader?: { reader: MetricReader; shareable: boolean };
  /** The context a stored or received `traceparent` describes, on the root context (the root when absent or invalid). */
  extract(traceparent: string | null | undefined): Context;
  /** The `traceparent` of a span, or null when the span is not being recorded. */
  traceparentOf(span: Span): string | null;
  /** Spans not exported: the export queue was full (a slow or dead collector) or the collector refused them. */
  droppedSpans(): number;
  shutdown(): Promise<void>;
}

export const tracingOff: Tracing = {
  enabled: false,
  tracer: trace.getTracer("svc"),
  webhookTraceparent: false,
  parentBased: false,
  extract: () => ROOT_CONTEXT,
  traceparentOf: () => null,
  droppedSpans: () => 0,
  shutdown: async () => {},
};
