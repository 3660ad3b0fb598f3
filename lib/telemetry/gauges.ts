// Gauges read at scrape time from small, bounded tables: open circuits (a partial index holding only open ones)
// and the pending count the workers keep per namespace (namespace_counters) — never a count over deliveries.
import type { AppContext } from "../app/context.ts";

export function registerDatabaseGauges(app: Pick<AppContext, "db" | "metrics">): void {
  app.metrics.gauge("svc_endpoints_circuit_open", "Webhooks whose circuit is open: deliveries held, probes only", async (result) => {
    const { rows } = await app.db.query({ name: "metrics.circuits", text: "select count(*)::int as n from webhook_health where circuit_opened_at is not null" });
    result.observe(rows[0].n);
  });
  app.metrics.gauge("svc_deliveries_pending", "Deliveries not yet final (pending, sending or retrying), all consumers", async (result) => {
    const { rows } = await app.db.query({ name: "metrics.pending", text: "select coalesce(sum(pending), 0)::bigint as n from namespace_counters" });
    result.observe(Number(rows[0].n));
  });
}
