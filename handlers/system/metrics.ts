// GET /metrics — Prometheus text format. Protected like /v1 unless SVC_METRICS_PUBLIC=true; 404 when
// SVC_METRICS_ENABLED=false.
import { notFound } from "../../lib/errors.ts";
import { raw } from "../../lib/http/route.ts";

export default raw({
  method: "GET",
  path: "/metrics",
  operationId: "metrics",
  summary: "Prometheus metrics (admin credential unless SVC_METRICS_PUBLIC=true)",
  tag: "System",
  access: "admin",
  publicWhen: (config) => config.metrics.public,
  produces: "text/plain; version=0.0.4",
  async handle(_request, { app }) {
    if (!app.config.metrics.enabled) throw notFound("metrics are turned off (SVC_METRICS_ENABLED=false)");
    return new Response(await app.metrics.prometheusText(), {
      headers: { "content-type": "text/plain; version=0.0.4; charset=utf-8", "cache-control": "no-store" },
    });
  },
});
