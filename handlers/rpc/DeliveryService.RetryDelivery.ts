// DeliveryService.RetryDelivery — re-enqueues one delivery, every failed/pending one of a webhook, or both.
import { z } from "zod";
import { retryDelivery } from "../../lib/deliveries/requeue.ts";
import { rpc } from "../../lib/http/route.ts";
import { uuid } from "../../lib/http/wire.ts";
import { retryResultSchema } from "../schemas/deliveries.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";

export default rpc({
  service: "DeliveryService",
  method: "RetryDelivery",
  summary: "Retry deliveries",
  input: z.object({
    namespace: namespaceName(),
    delivery_id: uuid("delivery_id")
      .or(z.literal(""))
      .optional()
      .transform((v) => v || undefined),
    webhook_id: uuid("webhook_id")
      .or(z.literal(""))
      .optional()
      .transform((v) => v || undefined),
    force: z.boolean().default(false),
  }),
  response: retryResultSchema,
  async handle({ namespace, delivery_id, webhook_id, force }, { app }) {
    await requireConsumer(app.db, namespace);
    const ids = await retryDelivery(app.db, namespace, { deliveryId: delivery_id, webhookId: webhook_id, force });
    return { retried_count: ids.length, delivery_ids: ids };
  },
});
