// A batch's failures added to each webhook's hourly error buckets.
import { statement } from "../../deliveries/sql/statement.ts";

/** The error buckets of webhook_health_hourly (columns and Hourly fields alike). */
export const BUCKETS = [
  "client_errors",
  "server_errors",
  "timeout_errors",
  "network_errors",
  "unexpected_status_errors",
] as const;

export type Hourly = Record<(typeof BUCKETS)[number], number> & { webhookId: string; hour: Date };

export const addHourlyHealth = statement<Hourly[]>(
  "health.hourly",
  `insert into webhook_health_hourly as h (webhook_id, hour, ${BUCKETS.join(", ")})
           select * from unnest($1::uuid[], $2::timestamptz[], $3::int[], $4::int[], $5::int[], $6::int[], $7::int[])
           on conflict (webhook_id, hour) do update set
             ${BUCKETS.map((b) => `${b} = h.${b} + excluded.${b}`).join(", ")}`,
  (rows) => [rows.map((r) => r.webhookId), rows.map((r) => r.hour), ...BUCKETS.map((b) => rows.map((r) => r[b]))],
);
