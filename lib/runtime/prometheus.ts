// What dist/fetch.js has in place of @opentelemetry/exporter-prometheus, whose exporter module requires node:http
// for a server svc never starts: the same pull reader (cumulative figures, collected when /metrics is asked) and the
// package's own serializer.
import { AggregationTemporality, AggregationType, MetricReader } from "@opentelemetry/sdk-metrics";

export { PrometheusSerializer } from "@opentelemetry/exporter-prometheus/build/src/PrometheusSerializer.js";

export class PrometheusExporter extends MetricReader {
  constructor(_options?: unknown) {
    super({
      aggregationSelector: () => ({ type: AggregationType.DEFAULT }),
      aggregationTemporalitySelector: () => AggregationTemporality.CUMULATIVE,
    });
  }

  protected override async onForceFlush(): Promise<void> {}

  protected override async onShutdown(): Promise<void> {}
}
