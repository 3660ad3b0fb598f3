// POST /v1/consumers/{consumer}/webhooks/{webhook_id}/resume — turn fan-out back on.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { setWebhookActive } from "../../lib/webhooks/webhooks.ts";
import { consumerName } from "../schemas/consumers.ts";
import { webhookId, webhookSchema } from "../schemas/webhooks.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/webhooks/:webhook_id/resume",
  operationId: "resumeWebhook",
  summary: "Resume a webhook",
  tag: "Webhooks",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), webhook_id: webhookId() }),
  body: z.object({ reason: z.string().max(1000).default("") }).default({ reason: "" }),
  response: webhookSchema,
  errors: [404],
  async handle({ params, body }, { app }) {
    return setWebhookActive(app, params.consumer, params.webhook_id, true, body.reason);
  },
});
