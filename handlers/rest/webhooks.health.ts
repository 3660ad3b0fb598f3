// GET /v1/consumers/{consumer}/webhooks/{webhook_id}/health — a webhook's health state and metrics.
import { z } from "zod";
import { getWebhookHealth } from "../../lib/health/reads.ts";
import { rest } from "../../lib/http/route.ts";
import { webhookHealthSchema } from "../schemas/health.ts";
import { consumerName } from "../schemas/consumers.ts";
import { webhookId } from "../schemas/webhooks.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/webhooks/:webhook_id/health",
  operationId: "getWebhookHealth",
  summary: "Get a webhook's health",
  tag: "Health",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), webhook_id: webhookId() }),
  response: webhookHealthSchema,
  errors: [404],
  async handle({ params }, { app }) {
    return getWebhookHealth(app.readDb, params.consumer, params.webhook_id);
  },
});
