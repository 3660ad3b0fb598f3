// WebhookService.ResumeWebhook — turns fan-out to a paused webhook back on; events pushed meanwhile are not replayed.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { setWebhookActive } from "../../lib/webhooks/webhooks.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { webhookId } from "../schemas/webhooks.ts";

export default rpc({
  service: "WebhookService",
  method: "ResumeWebhook",
  summary: "Resume a webhook",
  input: z.object({ webhook_id: webhookId(), namespace: namespaceName(), reason: z.string().max(1000).default("") }),
  async handle({ webhook_id, namespace, reason }, { app }) {
    await requireConsumer(app.db, namespace);
    await setWebhookActive(app, namespace, webhook_id, true, reason);
    return {};
  },
});
