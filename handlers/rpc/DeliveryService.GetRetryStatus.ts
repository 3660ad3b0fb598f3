// DeliveryService.GetRetryStatus — status and progress of a retry batch.
import { z } from "zod";
import { getBatch } from "../../lib/batches/batches.ts";
import { rpc } from "../../lib/http/route.ts";
import { batchSchema, batchView, retryId } from "../schemas/batches.ts";

export default rpc({
  service: "DeliveryService",
  method: "GetRetryStatus",
  summary: "Get a retry batch's progress",
  input: z.object({ retry_id: retryId() }),
  response: z.object({ batch: batchSchema }),
  async handle({ retry_id }, { app }) {
    return { batch: batchView(await getBatch(app.db, "retry", retry_id)) };
  },
});
