// DeliveryService.GetDeliveryStatus — one delivery of a namespace.
import { z } from "zod";
import { getDelivery } from "../../lib/deliveries/reads.ts";
import { rpc } from "../../lib/http/route.ts";
import { deliverySchema } from "../schemas/deliveries.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { rpcDelivery } from "./shapes.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";

export default rpc({
  service: "DeliveryService",
  method: "GetDeliveryStatus",
  summary: "Get a delivery",
  input: z.object({ delivery_id: z.string().default(""), namespace: namespaceName() }),
  response: z.object({ delivery: deliverySchema }),
  async handle({ delivery_id, namespace }, { app }) {
    await requireConsumer(app.db, namespace);
    return { delivery: rpcDelivery(await getDelivery(app.db, namespace, delivery_id)) };
  },
});
