// DeliveryService.PrepareRetry — snapshot the deliveries matching a filter as a pending retry batch.
import { z } from "zod";
import { snapshotDeliveries } from "../../lib/batches/snapshots.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { rpc } from "../../lib/http/route.ts";
import { batchSchema, batchView } from "../schemas/batches.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { deliveryFilter, toDeliveryFilterOf } from "../schemas/deliveries.ts";

export default rpc({
  service: "DeliveryService",
  method: "PrepareRetry",
  summary: "Prepare a retry batch",
  input: z.object({ namespace: namespaceName(), ...deliveryFilter }),
  response: z.object({ retry_id: z.string(), batch: batchSchema }),
  async handle(input, { app }) {
    await requireConsumer(app.db, input.namespace);
    const batch = await snapshotDeliveries(app.db, input.namespace, toDeliveryFilterOf(input));
    return { retry_id: batch.id, batch: batchView(batch) };
  },
});
