// WebhookService.UnregisterWebhook — removes a webhook with its subscriptions; its deliveries are deleted in the background.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { unregisterWebhook } from "../../lib/webhooks/webhooks.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { webhookId } from "../schemas/webhooks.ts";

export default rpc({
  service: "WebhookService",
  method: "UnregisterWebhook",
  summary: "Unregister a webhook",
  input: z.object({ webhook_id: webhookId(), namespace: namespaceName() }),
  async handle({ webhook_id, namespace }, { app }) {
    await requireConsumer(app.db, namespace);
    await unregisterWebhook(app, namespace, webhook_id);
    return {};
  },
});
