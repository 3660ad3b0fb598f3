// DeliveryService.RetryDeliveries — starts a pending retry batch (each delivery reset and re-enqueued), asynchronously.
import { z } from "zod";
import { startBatch } from "../../lib/batches/batches.ts";
import { rpc } from "../../lib/http/route.ts";
import { retryId } from "../schemas/batches.ts";

export default rpc({
  service: "DeliveryService",
  method: "RetryDeliveries",
  summary: "Start a retry batch",
  input: z.object({ retry_id: retryId() }),
  response: z.object({ retry_id: z.string(), total: z.number(), status: z.string() }),
  async handle({ retry_id }, { app }) {
    const batch = await startBatch(app.db, "retry", retry_id);
    return { retry_id: batch.id, total: batch.total, status: batch.status };
  },
});
