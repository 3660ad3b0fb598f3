// WebhookService.UnregisterWebhook — removes a webhook with its subscriptions; its deliveries are deleted in the background.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { requireNamespace } from "../../lib/namespaces/namespaces.ts";
import { unregisterWebhook } from "../../lib/webhooks/webhooks.ts";
import { namespaceName } from "../schemas/namespaces.ts";
import { webhookId } from "../schemas/webhooks.ts";

export default rpc({
  service: "WebhookService",
  method: "UnregisterWebhook",
  summary: "Unregister a webhook",
  input: z.object({ webhook_id: webhookId(), namespace: namespaceName() }),
  async handle({ webhook_id, namespace }, { app }) {
    await requireNamespace(app.db, namespace);
    await unregisterWebhook(app, namespace, webhook_id);
    return {};
  },
});
