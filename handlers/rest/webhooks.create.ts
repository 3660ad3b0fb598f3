// POST /v1/consumers/{consumer}/webhooks — register a webhook; the signing secret is in this response only.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { ensureConsumer } from "../../lib/consumers/consumers.ts";
import { registerWebhook } from "../../lib/webhooks/webhooks.ts";
import { consumerName } from "../schemas/consumers.ts";
import { webhookFields, webhookSchema } from "../schemas/webhooks.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/webhooks",
  operationId: "createWebhook",
  summary: "Register a webhook",
  tag: "Webhooks",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName() }),
  body: z.object(webhookFields),
  status: 201,
  response: webhookSchema,
  errors: [409],
  async handle({ params, body }, { app }) {
    await ensureConsumer(app.db, params.consumer);
    return registerWebhook(app, params.consumer, body);
  },
});
