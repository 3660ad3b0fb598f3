// POST /v1/consumers/{consumer}/deliveries/{delivery_id}/retry — send a delivery again (a success only with force).
import { z } from "zod";
import { retryDelivery } from "../../lib/deliveries/requeue.ts";
import { rest } from "../../lib/http/route.ts";
import { deliveryId, retryResultSchema } from "../schemas/deliveries.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/deliveries/:delivery_id/retry",
  operationId: "retryDelivery",
  summary: "Retry a delivery",
  tag: "Deliveries",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), delivery_id: deliveryId() }),
  body: z.object({ force: z.boolean().default(false) }).default({ force: false }),
  response: retryResultSchema,
  errors: [404],
  async handle({ params, body }, { app }) {
    const ids = await retryDelivery(app.db, params.consumer, { deliveryId: params.delivery_id, force: body.force });
    return { retried_count: ids.length, delivery_ids: ids };
  },
});
