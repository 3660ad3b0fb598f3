// GET /v1/consumers/{consumer}/webhooks/{webhook_id} — one webhook (secrets masked).
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { getWebhook } from "../../lib/webhooks/webhooks.ts";
import { consumerName } from "../schemas/consumers.ts";
import { webhookId, webhookSchema } from "../schemas/webhooks.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/webhooks/:webhook_id",
  operationId: "getWebhook",
  summary: "Get a webhook",
  tag: "Webhooks",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), webhook_id: webhookId() }),
  response: webhookSchema,
  errors: [404],
  async handle({ params }, { app }) {
    return getWebhook(app, params.consumer, params.webhook_id);
  },
});
