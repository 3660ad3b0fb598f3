// DeliveryService.CancelRetry — stops a pending or processing retry batch; processed items are not rolled back.
import { z } from "zod";
import { cancelBatch } from "../../lib/batches/batches.ts";
import { rpc } from "../../lib/http/route.ts";
import { retryId } from "../schemas/batches.ts";

export default rpc({
  service: "DeliveryService",
  method: "CancelRetry",
  summary: "Cancel a retry batch",
  input: z.object({ retry_id: retryId() }),
  response: z.object({ status: z.string() }),
  async handle({ retry_id }, { app }) {
    return { status: (await cancelBatch(app.db, "retry", retry_id)).status };
  },
});
