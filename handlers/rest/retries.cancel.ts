// POST /v1/consumers/{consumer}/retries/{retry_id}/cancel — cancel a retry batch.
import { z } from "zod";
import { cancelBatch } from "../../lib/batches/batches.ts";
import { rest } from "../../lib/http/route.ts";
import { batchSchema, batchView, retryId } from "../schemas/batches.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/retries/:retry_id/cancel",
  operationId: "cancelRetryBatch",
  summary: "Cancel a retry batch",
  tag: "Batches",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), retry_id: retryId() }),
  response: batchSchema,
  errors: [404, 409],
  async handle({ params }, { app }) {
    return batchView(await cancelBatch(app.db, "retry", params.retry_id, params.consumer));
  },
});
