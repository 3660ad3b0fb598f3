// DELETE /v1/consumers/{consumer}/webhooks/{webhook_id} — unregister; deliveries are removed in the background.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { unregisterWebhook } from "../../lib/webhooks/webhooks.ts";
import { consumerName } from "../schemas/consumers.ts";
import { webhookId } from "../schemas/webhooks.ts";

export default rest({
  method: "DELETE",
  path: "/v1/consumers/:consumer/webhooks/:webhook_id",
  operationId: "deleteWebhook",
  summary: "Unregister a webhook",
  tag: "Webhooks",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), webhook_id: webhookId() }),
  status: 204,
  errors: [404],
  async handle({ params }, { app }) {
    await unregisterWebhook(app, params.consumer, params.webhook_id);
  },
});
