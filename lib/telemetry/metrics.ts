// svc's metrics, recorded through the OpenTelemetry metrics SDK and exposed in Prometheus text format on /metrics.
// Every figure comes from svc's own bookkeeping as work happens (or from small, bounded tables), never from a scan
// of the growing deliveries or events tables on a scrape. Labels are bounded: consumer labels only with
// SVC_METRICS_PER_WEBHOOK=true, never event, delivery or webhook ids.
import type { Attributes, Counter, Histogram, ObservableResult } from "@opentelemetry/api";
import { PrometheusExporter, PrometheusSerializer } from "@opentelemetry/exporter-prometheus";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { MeterProvider, type MetricReader } from "@opentelemetry/sdk-metrics";

/** Seconds: from a fast local receiver to a request timeout. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];
/** Seconds from push to first attempt: milliseconds when idle, minutes to hours behind a backlog or an open circuit. */
const LAG_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600, 14400];

export interface MetricsOptions {
  version: string;
  /** Label delivery, push, lag and template figures with their consumer (SVC_METRICS_PER_WEBHOOK). */
  consumerLabel: boolean;
  /** OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES. */
  serviceName?: string;
  resourceAttributes?: Record<string, string>;
  /**
   * The OTLP exporter's reader, when configured. With `shareable` (cumulative figures, as Prometheus needs) /metrics
   * reads it too, instead of a reader of its own: every reader makes each record hash its attributes and update its
   * own copy of every series again (≈ 0.8 µs a record, measured).
   */
  otlp?: { reader: MetricReader; shareable: boolean };
}

export class Metrics {
  readonly #provider: MeterProvider;
  /** What /metrics collects from: svc's own Prometheus reader, or the OTLP reader it shares. */
  readonly #reader: MetricReader;
  readonly #ownsReader: boolean;
  readonly #serializer = new PrometheusSerializer(undefined, false, undefined, false, true);
  readonly #consumerLabel: boolean;
  readonly deliveries: Counter;
  readonly attemptDuration: Histogram;
  readonly pushes: Counter;
  readonly pushDuration: Histogram;
  readonly httpDuration: Histogram;
  readonly pausedAutomatically: Counter;
  readonly fanoutLag: Histogram;
  readonly templateErrors: Counter;

  constructor(options: MetricsOptions) {
    this.#consumerLabel = options.consumerLabel;
    const shared = options.otlp?.shareable ? options.otlp.reader : undefined;
    this.#ownsReader = !shared;
    this.#reader = shared ?? new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true });
    const readers = shared ? [shared] : [this.#reader, ...(options.otlp ? [options.otlp.reader] : [])];
    const resource = resourceFromAttributes({
      ...options.resourceAttributes,
      "service.name": options.serviceName ?? "svc",
      "service.version": options.version,
    });
    this.#provider = new MeterProvider({ resource, readers });
    const meter = this.#provider.getMeter("svc");
    this.deliveries = meter.createCounter("svc_deliveries", {
      description:
        "Delivery outcomes written, by status (success, failed, retrying, expired, pending when handed back) and error category",
    });
    this.attemptDuration = meter.createHistogram("svc_delivery_attempt_duration_seconds", {
      description: "Time of each delivery attempt that was sent, by error category",
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
    this.pushes = meter.createCounter("svc_events_pushed", {
      description: "Events accepted by push (duplicates of an idempotency key excluded)",
    });
    this.pushDuration = meter.createHistogram("svc_push_duration_seconds", {
      description: "Time to accept a push, from the request being parsed to the event stored",
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
    this.httpDuration = meter.createHistogram("http_server_request_duration_seconds", {
      description: "HTTP server request duration by route template",
      advice: { explicitBucketBoundaries: DURATION_BUCKETS },
    });
    this.fanoutLag = meter.createHistogram("svc_fanout_lag_seconds", {
      description: "From an event's push to the first attempt of each of its deliveries",
      advice: { explicitBucketBoundaries: LAG_BUCKETS },
    });
    this.templateErrors = meter.createCounter("svc_template_errors", {
      description:
        "Transforms that failed to render, by what happened (fail: delivery failed, fallback: the envelope was sent)",
    });
    this.pausedAutomatically = meter.createCounter("svc_webhooks_paused_automatically", {
      description: "Webhooks svc paused itself, by reason (gone, auto_disabled)",
    });
    // Rare events start at zero, so alerts on increase() see a series from the first scrape on.
    for (const reason of ["gone", "auto_disabled"]) this.pausedAutomatically.add(0, { reason });
    if (!options.consumerLabel) for (const on_error of ["fail", "fallback"]) this.templateErrors.add(0, { on_error });
  }

  /** A figure's attributes, with its consumer only when consumer labels are on. */
  ofConsumer(consumer: string, attributes: Attributes): Attributes {
    return this.#consumerLabel ? { ...attributes, consumer } : attributes;
  }

  /** A gauge read at collection time from bookkeeping someone else keeps (the worker, a small table). */
  gauge(name: string, description: string, read: (result: ObservableResult) => void | Promise<void>): void {
    this.#provider.getMeter("svc").createObservableGauge(name, { description }).addCallback(read);
  }

  /** A counter kept by someone else (the trace exporter), read at collection time. */
  observedCounter(name: string, description: string, read: () => number): void {
    this.#provider
      .getMeter("svc")
      .createObservableCounter(name, { description })
      .addCallback((result) => result.observe(read()));
  }

  async prometheusText(): Promise<string> {
    const { resourceMetrics } = await this.#reader.collect();
    return bucketsFirst(this.#serializer.serialize(resourceMetrics));
  }

  /** Stops svc's own Prometheus reader; the OTLP reader is stopped (with a bounded last export) by its owner. */
  async shutdown(): Promise<void> {
    if (this.#ownsReader) await this.#reader.shutdown().catch(() => {});
  }
}

/**
 * Within each histogram series, `_bucket` lines before `_sum` and `_count`: the order the reference client writes,
 * which every scraper accepts and some parsers require (the SDK's serializer writes `_count` and `_sum` first).
 */
function bucketsFirst(text: string): string {
  const out: string[] = [];
  let totals: string[] = [];
  let histogram = false;
  const flush = () => {
    out.push(...totals);
    totals = [];
  };
  for (const line of text.split("\n")) {
    if (line.startsWith("# TYPE ")) {
      flush();
      histogram = line.endsWith(" histogram");
    }
    if (histogram && /^[a-zA-Z_:][\w:]*_(sum|count)[{ ]/.test(line)) {
      totals.push(line);
      continue;
    }
    out.push(line);
    if (histogram && /_bucket\{.*le="\+Inf"/.test(line)) flush();
  }
  flush();
  return out.join("\n");
}
