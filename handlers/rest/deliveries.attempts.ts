// GET /v1/consumers/{consumer}/deliveries/{delivery_id}/attempts — every attempt of a delivery, in order.
import { z } from "zod";
import { getDeliveryAttempts } from "../../lib/deliveries/reads.ts";
import { rest } from "../../lib/http/route.ts";
import { attemptSchema, deliveryId } from "../schemas/deliveries.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/deliveries/:delivery_id/attempts",
  operationId: "listDeliveryAttempts",
  summary: "List a delivery's attempts",
  tag: "Deliveries",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), delivery_id: deliveryId() }),
  response: z.object({ attempts: z.array(attemptSchema) }),
  errors: [404],
  async handle({ params }, { app }) {
    return { attempts: await getDeliveryAttempts(app.readDb, params.delivery_id, params.consumer) };
  },
});
