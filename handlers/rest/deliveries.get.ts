// GET /v1/consumers/{consumer}/deliveries/{delivery_id} — one delivery.
import { z } from "zod";
import { getDelivery } from "../../lib/deliveries/reads.ts";
import { rest } from "../../lib/http/route.ts";
import { deliveryId, deliverySchema } from "../schemas/deliveries.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/deliveries/:delivery_id",
  operationId: "getDelivery",
  summary: "Get a delivery",
  tag: "Deliveries",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), delivery_id: deliveryId() }),
  response: deliverySchema,
  errors: [404],
  async handle({ params }, { app }) {
    return getDelivery(app.db, params.consumer, params.delivery_id);
  },
});
