// With OTLP export on, /metrics and the OTLP exporter read one set of figures when the exporter wants cumulative
// ones (each extra reader makes every record cost again); an exporter that prefers delta gets a reader of its own,
// and /metrics stays cumulative either way. Checked against a real OTLP receiver and a stock Prometheus parser.
import assert from "node:assert/strict";
import { test } from "node:test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { loadConfig } from "../../lib/config.ts";
import { createLogger } from "../../lib/log.ts";
import { Metrics } from "../../lib/telemetry/metrics.ts";
import { startOtelSdk } from "../../lib/telemetry/otel-sdk.ts";
import { startOtlpHttpReceiver } from "../helpers/otlp-receiver.ts";
import { eventually } from "../helpers/wait.ts";

const KEY = "ab".repeat(32);

function otelConfig(endpoint: string) {
  return loadConfig({
    DATABASE_URL: "postgres://localhost/svc",
    SVC_ENCRYPTION_KEYS: `main=${KEY}`,
    SVC_ENCRYPTION_PRIMARY_KEY_ID: "main",
    OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
    OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
    OTEL_METRIC_EXPORT_INTERVAL: "200",
  }).config.otel;
}

/** svc_events_pushed_total as /metrics shows it, summed over its series. */
async function pushedOnMetrics(metrics: Metrics): Promise<number> {
  const families = parsePrometheusTextFormat(await metrics.prometheusText()) as {
    name: string;
    metrics: { value?: string }[];
  }[];
  return (families.find((f) => f.name === "svc_events_pushed_total")?.metrics ?? []).reduce(
    (sum, m) => sum + Number(m.value ?? 0),
    0,
  );
}

for (const preference of ["cumulative", "delta"] as const) {
  test(`an OTLP exporter preferring ${preference} figures: /metrics stays cumulative and the collector receives them`, {
    timeout: 60_000,
  }, async (t) => {
    const collector = await startOtlpHttpReceiver(t);
    // The exporter reads its preference from the environment, as every OTLP exporter does.
    process.env.OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE = preference;
    t.after(() => delete process.env.OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE);
    const tracing = await startOtelSdk(otelConfig(collector.endpoint), "test", createLogger("error"));
    t.after(() => tracing.shutdown());
    assert.equal(
      tracing.metricReader?.shareable,
      preference === "cumulative",
      "one reader for both only with cumulative figures",
    );

    const metrics = new Metrics({ version: "test", consumerLabel: false, otlp: tracing.metricReader });
    t.after(() => metrics.shutdown());
    metrics.pushes.add(1, { event_valid: true });
    assert.equal(await pushedOnMetrics(metrics), 1);
    metrics.pushes.add(1, { event_valid: true });
    assert.equal(await pushedOnMetrics(metrics), 2, "a scrape never resets what the next one shows");

    // The collector gets the same two pushes: one cumulative point of 2, or delta points adding up to 2.
    const points = await eventually(
      async () => collector.points.filter((p) => p.metric === "svc_events_pushed"),
      (p) =>
        p.length > 0 &&
        (preference === "cumulative" ? p.some((x) => x.value === 2) : p.reduce((s, x) => s + Number(x.value), 0) === 2),
      10_000,
      100,
    );
    assert.ok(points.length > 0);
  });
}
