// GET /v1/overview — the dashboard's overview: 24 h / 7 d volume, success rate, latency p50/p95, error
// categories, worst endpoints and the queue, all from incrementally kept counters.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { readOverview } from "../../lib/stats/overview.ts";

const windowSchema = z.object({
  attempts: z.number().describe("delivery attempts made"),
  successes: z.number().describe("attempts that succeeded"),
  failures: z.number().describe("deliveries that failed for good (no attempt left)"),
  success_rate: z.number().nullable().describe("successes / attempts; null without attempts"),
  avg_latency_ms: z.number().nullable(),
  latency_p50_ms: z.number().nullable().describe("upper bound of the latency bucket holding the median attempt"),
  latency_p95_ms: z.number().nullable().describe("upper bound of the latency bucket holding the 95th percentile"),
  error_categories: z.record(z.string(), z.number()).describe("failed attempts by error category"),
});

export default rest({
  method: "GET",
  path: "/v1/overview",
  operationId: "getOverview",
  summary: "Delivery overview (24 h and 7 d)",
  description:
    "Kept per minute as outcomes are written (never computed from the deliveries table); minutes older than 8 days are pruned.",
  tag: "Health",
  access: "admin",
  response: z.object({
    last_24h: windowSchema,
    last_7d: windowSchema,
    hourly: z
      .array(z.object({ hour: z.string(), attempts: z.number(), successes: z.number(), failures: z.number() }))
      .describe("per hour over the last 7 days, oldest first; hours without attempts are absent"),
    worst_endpoints: z
      .array(z.object({ webhook_id: z.string(), consumer: z.string(), url: z.string(), errors_24h: z.number() }))
      .describe("the 5 webhooks with the most errors in the last 24 hours"),
    queue: z.object({
      depth: z.number().describe("pending, sending or retrying deliveries"),
      oldest_due_at: z.string().nullable().describe("when the longest-waiting pending or retrying delivery became due"),
    }),
    generated_at: z.string(),
  }),
  async handle(_input, { app }) {
    return readOverview(app.readDb);
  },
});
