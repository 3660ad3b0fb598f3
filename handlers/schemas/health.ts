// Wire shapes of health and stats.
import { z } from "zod";
import { protoEnum } from "../../lib/http/wire.ts";

export const HEALTH_STATES = ["healthy", "degraded", "unhealthy", "unspecified"] as const;
export const healthEnum = () => protoEnum("HEALTH", HEALTH_STATES);

export const metricsSchema = z.object({
  webhook_id: z.string(),
  total_deliveries: z.number(),
  successful_deliveries: z.number(),
  failed_deliveries: z.number(),
  consecutive_failures: z.number(),
  last_success_at: z.string().nullable(),
  last_failure_at: z.string().nullable(),
  success_rate: z.number(),
  avg_response_time: z.number().describe("milliseconds"),
  created_at: z.string(),
  updated_at: z.string(),
  client_errors: z.number().describe("last 24 hours"),
  server_errors: z.number().describe("last 24 hours"),
  timeout_errors: z.number().describe("last 24 hours"),
  network_errors: z.number().describe("last 24 hours"),
  unexpected_status_errors: z.number().describe("last 24 hours"),
});

export const circuitSchema = z
  .object({
    open: z.boolean(),
    opened_at: z.string().nullable(),
    next_probe_at: z.string().nullable().describe("when the next single probe delivery may go"),
    reason: z.string().nullable(),
    consecutive_no_answer: z
      .number()
      .describe("attempts in a row that got no answer (timeouts, refused or reset connections)"),
  })
  .describe("While open, the endpoint's due deliveries are held back and only a probe is sent (docs/isolation.md)");

export const webhookHealthSchema = z.object({
  webhook_id: z.string(),
  health: z.string(),
  metrics: metricsSchema.nullable(),
  circuit: circuitSchema,
  paused_reason: z
    .string()
    .nullable()
    .describe("why the webhook is paused (operator, 410 Gone or auto-disable); null while active"),
});

export const summarySchema = z.object({
  healthy_count: z.number(),
  degraded_count: z.number(),
  unhealthy_count: z.number(),
  unknown_count: z.number(),
  total_count: z.number(),
});

export const statsSchema = z.object({
  total_webhooks: z.number(),
  active_webhooks: z.number(),
  total_deliveries: z.number(),
  successful_deliveries: z.number(),
  failed_deliveries: z.number(),
  pending_deliveries: z.number().describe("pending, sending or retrying"),
  success_rate: z.number().describe("successful / total; 0 without deliveries"),
});
