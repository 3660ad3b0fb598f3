// The OpenTelemetry SDK, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set: OTLP trace and metric exporters for
// the configured protocol, the sampler, the resource, and an export queue that never blocks svc. Spans are made by
// svc's own tracer (head-sampling.ts) and batched by the SDK's processor. A slow or dead collector costs dropped
// spans (counted), never a slower delivery or API call.
import {
  context,
  diag,
  ROOT_CONTEXT,
  SamplingDecision,
  trace,
  TraceFlags,
  type Context,
  type Span,
  type SpanContext,
} from "@opentelemetry/api";
import { ExportResultCode, W3CTraceContextPropagator, type ExportResult } from "@opentelemetry/core";
import { resourceFromAttributes } from "@opentelemetry/resources";
import {
  AggregationTemporality,
  InstrumentType,
  PeriodicExportingMetricReader,
  type PushMetricExporter,
} from "@opentelemetry/sdk-metrics";
import {
  BatchSpanProcessor,
  TraceIdRatioBasedSampler,
  type ReadableSpan,
  type SpanExporter,
  type SpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import type { Config } from "../config.ts";
import type { Logger } from "../log.ts";
import { canonicalParent, HeadSampledTracer, ratioRoot, traceId, type Sampling } from "./head-sampling.ts";
import { SyncContextManager } from "./sync-context.ts";
import type { Tracing } from "./tracing.ts";

type OtelConfig = Config["otel"];

/** Spans waiting for export at most; past it new spans are dropped (and counted) instead of piling up. */
const MAX_QUEUED_SPANS = 4_096;
const EXPORT_TIMEOUT_MS = 10_000;
/** The last export at shutdown gets this long; an unreachable collector must not hold up a stopping process. */
const SHUTDOWN_EXPORT_MS = 2_000;

/**
 * How spans are sampled (OTEL_TRACES_SAMPLER): the parent-based samplers (the default among them) follow the
 * parent's flag and decide roots alone; `always_on`, `always_off` and `traceidratio` ignore the parent's decision,
 * `traceidratio` deciding every span by its trace id as the SDK's sampler does.
 */
function sampling(otel: OtelConfig): Sampling {
  const never = () => undefined;
  const sampledParent = (parent: SpanContext) => (parent.traceFlags & TraceFlags.SAMPLED) !== 0;
  switch (otel.sampler) {
    case "always_on":
      return { root: traceId, child: () => true };
    case "always_off":
      return { root: never, child: () => false };
    case "traceidratio": {
      const ratio = new TraceIdRatioBasedSampler(otel.samplerRatio);
      const child = (parent: SpanContext) =>
        ratio.shouldSample(ROOT_CONTEXT, parent.traceId).decision === SamplingDecision.RECORD_AND_SAMPLED;
      return { root: ratioRoot(otel.samplerRatio), child };
    }
    case "parentbased_always_off":
      return { root: never, child: sampledParent };
    case "parentbased_traceidratio":
      return { root: ratioRoot(otel.samplerRatio), child: sampledParent };
    default:
      return { root: traceId, child: sampledParent };
  }
}

/** OTLP/HTTP takes the base endpoint plus the signal's path; OTLP/gRPC takes the endpoint as it is. */
const signalUrl = (endpoint: string, signal: "traces" | "metrics") => `${endpoint.replace(/\/+$/, "")}/v1/${signal}`;

/**
 * The exporters of the configured protocol, whose packages alone are loaded: the gRPC ones and grpc-js take
 * ≈ 5 MB of heap that an OTLP/HTTP setup never uses.
 */
async function exporters(otel: OtelConfig): Promise<{ spans: SpanExporter; metrics: PushMetricExporter }> {
  const endpoint = otel.endpoint!;
  const common = { headers: otel.headers, timeoutMillis: EXPORT_TIMEOUT_MS };
  if (otel.protocol === "grpc") {
    const [{ Metadata }, traces, metrics] = await Promise.all([
      import("@grpc/grpc-js"),
      import("@opentelemetry/exporter-trace-otlp-grpc"),
      import("@opentelemetry/exporter-metrics-otlp-grpc"),
    ]);
    // gRPC carries the headers as metadata.
    const metadata = new Metadata();
    for (const [name, value] of Object.entries(otel.headers)) metadata.set(name, value);
    const grpc = { url: endpoint, metadata, timeoutMillis: EXPORT_TIMEOUT_MS };
    return { spans: new traces.OTLPTraceExporter(grpc), metrics: new metrics.OTLPMetricExporter(grpc) };
  }
  if (otel.protocol === "http/json") {
    const [traces, metrics] = await Promise.all([
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/exporter-metrics-otlp-http"),
    ]);
    return {
      spans: new traces.OTLPTraceExporter({ ...common, url: signalUrl(endpoint, "traces") }),
      metrics: new metrics.OTLPMetricExporter({ ...common, url: signalUrl(endpoint, "metrics") }),
    };
  }
  // Spans are encoded by svc (otlp-spans.ts says why); metrics, exported every minute, by the SDK.
  const [{ OtlpProtobufSpanExporter }, metrics] = await Promise.all([
    import("./otlp-spans.ts"),
    import("@opentelemetry/exporter-metrics-otlp-proto"),
  ]);
  return {
    spans: new OtlpProtobufSpanExporter(signalUrl(endpoint, "traces"), otel.headers, EXPORT_TIMEOUT_MS),
    metrics: new metrics.OTLPMetricExporter({ ...common, url: signalUrl(endpoint, "metrics") }),
  };
}

/**
 * A bound in front of the batch processor that svc can count: a sampled span that finds the queue full is dropped
 * here and counted, and so is every span of an export the collector did not accept.
 */
class BoundedExport implements SpanProcessor, SpanExporter {
  queued = 0;
  dropped = 0;
  readonly #batch: BatchSpanProcessor;

  constructor(private readonly exporter: SpanExporter) {
    this.#batch = new BatchSpanProcessor(this, {
      maxQueueSize: MAX_QUEUED_SPANS * 2,
      maxExportBatchSize: 512,
      scheduledDelayMillis: 1_000,
      exportTimeoutMillis: EXPORT_TIMEOUT_MS,
    });
  }

  onStart(): void {}
  onEnd(span: ReadableSpan): void {
    if (!(span.spanContext().traceFlags & TraceFlags.SAMPLED)) return;
    if (this.queued >= MAX_QUEUED_SPANS) {
      this.dropped++;
      return;
    }
    this.queued++;
    this.#batch.onEnd(span);
  }
  forceFlush(): Promise<void> {
    return this.#batch.forceFlush();
  }
  shutdown(): Promise<void> {
    return this.#batch.shutdown();
  }

  export(spans: ReadableSpan[], done: (result: ExportResult) => void): void {
    this.queued -= spans.length;
    this.exporter.export(spans, (result) => {
      if (result.code !== ExportResultCode.SUCCESS) this.dropped += spans.length;
      done(result);
    });
  }
}

export async function startOtelSdk(otel: OtelConfig, version: string, log: Logger): Promise<Tracing> {
  // Export failures arrive through the API's diagnostics; they become warnings, never exceptions in svc's paths.
  diag.setLogger({
    error: (m) => log.warn(`opentelemetry: ${m}`),
    warn: () => {},
    info: () => {},
    debug: () => {},
    verbose: () => {},
  });
  // One context manager per process (several services in one test process share it); svc passes contexts across
  // awaits itself (sync-context.ts says why).
  context.setGlobalContextManager(new SyncContextManager());
  const propagator = new W3CTraceContextPropagator();
  const resource = resourceFromAttributes({
    ...otel.resourceAttributes,
    "service.name": otel.serviceName,
    "service.version": version,
  });
  const { spans, metrics } = await exporters(otel);
  const bounded = new BoundedExport(spans);
  const tracer = new HeadSampledTracer(
    { sink: bounded, resource, instrumentationScope: { name: "svc", version } },
    sampling(otel),
  );
  const metricReader = new PeriodicExportingMetricReader({
    exporter: metrics,
    exportIntervalMillis: otel.metricExportIntervalMs,
    exportTimeoutMillis: Math.min(EXPORT_TIMEOUT_MS, otel.metricExportIntervalMs),
  });
  // Prometheus needs cumulative figures; an exporter asked for delta ones (its temporality preference) gets a reader
  // of its own.
  const cumulative = Object.values(InstrumentType).every(
    (type) =>
      (metrics.selectAggregationTemporality?.(type) ?? AggregationTemporality.CUMULATIVE) ===
      AggregationTemporality.CUMULATIVE,
  );
  const getter = {
    get: (carrier: { traceparent?: string }, key: string) => (key === "traceparent" ? carrier.traceparent : undefined),
    keys: () => ["traceparent"],
  };
  log.info("OpenTelemetry export on", { endpoint: otel.endpoint, protocol: otel.protocol, sampler: otel.sampler });
  return {
    enabled: true,
    tracer,
    parentBased: otel.sampler.startsWith("parentbased_"),
    webhookTraceparent: otel.webhookTraceparent,
    metricReader: { reader: metricReader, shareable: cumulative },
    extract(traceparent): Context {
      if (!traceparent) return ROOT_CONTEXT;
      // Always from the root: what is stored or received is the only parent, never whatever happens to be active.
      const stored = canonicalParent(traceparent);
      return stored
        ? trace.setSpanContext(ROOT_CONTEXT, stored)
        : propagator.extract(ROOT_CONTEXT, { traceparent }, getter);
    },
    traceparentOf(span: Span): string | null {
      if (!span.isRecording()) return null;
      const { traceId, spanId, traceFlags } = span.spanContext();
      return `00-${traceId}-${spanId}-0${traceFlags & TraceFlags.SAMPLED}`;
    },
    droppedSpans: () => bounded.dropped,
    async shutdown() {
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_EXPORT_MS)));
      await Promise.race([Promise.all([bounded.shutdown(), metricReader.shutdown()]).catch(() => {}), gaveUp]);
      clearTimeout(timer);
    },
  };
}
