// WebhookService.RegisterWebhook — registers a webhook (one subscription per listed event); the secret is shown once.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { registerWebhook } from "../../lib/webhooks/webhooks.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { webhookFields } from "../schemas/webhooks.ts";

export default rpc({
  service: "WebhookService",
  method: "RegisterWebhook",
  summary: "Register a webhook",
  input: z.object({ namespace: namespaceName(), ...webhookFields }),
  response: z.object({
    webhook_id: z.string(),
    created_at: z.string(),
    signing_public_key: z.string(),
    webhook_secret: z.string(),
  }),
  async handle({ namespace, ...fields }, { app }) {
    await requireConsumer(app.db, namespace);
    const webhook = await registerWebhook(app, namespace, fields);
    return {
      webhook_id: webhook.webhook_id,
      created_at: webhook.created_at,
      signing_public_key: webhook.signing_public_key,
      webhook_secret: webhook.http_config.webhook_secret,
    };
  },
});
