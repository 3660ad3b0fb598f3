// WebhookService.ListWebhooks — a namespace's webhooks with their health, filtered by event, state or id.
import { z } from "zod";
import { pageInfo, paginationField } from "../../lib/http/pagination.ts";
import { rpc } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { listWebhooks } from "../../lib/webhooks/webhooks.ts";
import { eventName } from "../schemas/event-types.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { webhookId, webhookListSchema } from "../schemas/webhooks.ts";
import { rpcWebhook } from "./shapes.ts";

export default rpc({
  service: "WebhookService",
  method: "ListWebhooks",
  summary: "List webhooks",
  input: z.object({
    namespace: namespaceName(),
    event: eventName().or(z.literal("")).optional(),
    active_only: z.boolean().default(false),
    webhook_id: webhookId().or(z.literal("")).optional(),
    pagination: paginationField(),
  }),
  response: webhookListSchema("webhooks"),
  async handle({ namespace, event, active_only, webhook_id, pagination }, { app }) {
    await requireConsumer(app.db, namespace);
    const { webhooks, total } = await listWebhooks(
      app,
      namespace,
      { event: event || undefined, activeOnly: active_only, webhookId: webhook_id || undefined },
      pagination,
    );
    return { webhooks: webhooks.map(rpcWebhook), pagination: pageInfo(pagination, total) };
  },
});
