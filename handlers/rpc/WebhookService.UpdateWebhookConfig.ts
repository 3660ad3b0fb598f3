// WebhookService.UpdateWebhookConfig — writes the fields named by update_mask (or, without one, every non-zero field).
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { fieldMask } from "../../lib/http/wire.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { updateWebhook } from "../../lib/webhooks/webhooks.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { webhookId, webhookUpdates } from "../schemas/webhooks.ts";

export default rpc({
  service: "WebhookService",
  method: "UpdateWebhookConfig",
  summary: "Update a webhook",
  input: z.object({
    webhook_id: webhookId(),
    namespace: namespaceName(),
    updates: webhookUpdates.default({}),
    update_mask: fieldMask().optional(),
  }),
  async handle({ webhook_id, namespace, updates, update_mask }, { app }) {
    await requireConsumer(app.db, namespace);
    await updateWebhook(app, namespace, webhook_id, updates, update_mask);
    return {};
  },
});
