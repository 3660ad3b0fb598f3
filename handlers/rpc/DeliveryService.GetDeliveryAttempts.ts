// DeliveryService.GetDeliveryAttempts — every attempt of a delivery, in order (INVALID_ARGUMENT on an empty id).
import { z } from "zod";
import { getDeliveryAttempts } from "../../lib/deliveries/reads.ts";
import { rpc } from "../../lib/http/route.ts";
import { attemptSchema } from "../schemas/deliveries.ts";

export default rpc({
  service: "DeliveryService",
  method: "GetDeliveryAttempts",
  summary: "List a delivery's attempts",
  input: z.object({ delivery_id: z.string().default("") }),
  response: z.object({ attempts: z.array(attemptSchema) }),
  async handle({ delivery_id }, { app }) {
    return { attempts: await getDeliveryAttempts(app.readDb, delivery_id) };
  },
});
