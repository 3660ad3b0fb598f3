// POST /v1/consumers/{consumer}/webhooks/{webhook_id}/retry — send every failed or pending delivery of a webhook again.
import { z } from "zod";
import { retryDelivery } from "../../lib/deliveries/requeue.ts";
import { rest } from "../../lib/http/route.ts";
import { retryResultSchema } from "../schemas/deliveries.ts";
import { consumerName } from "../schemas/consumers.ts";
import { webhookId } from "../schemas/webhooks.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/webhooks/:webhook_id/retry",
  operationId: "retryWebhookDeliveries",
  summary: "Retry a webhook's failed and pending deliveries",
  tag: "Deliveries",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), webhook_id: webhookId() }),
  response: retryResultSchema,
  errors: [404],
  async handle({ params }, { app }) {
    const ids = await retryDelivery(app.db, params.consumer, { webhookId: params.webhook_id, force: false });
    return { retried_count: ids.length, delivery_ids: ids };
  },
});
