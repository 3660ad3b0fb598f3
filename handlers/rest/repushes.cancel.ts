// POST /v1/consumers/{consumer}/repushes/{repush_id}/cancel — cancel a re-push batch.
import { z } from "zod";
import { cancelBatch } from "../../lib/batches/batches.ts";
import { rest } from "../../lib/http/route.ts";
import { batchSchema, batchView, repushId } from "../schemas/batches.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/repushes/:repush_id/cancel",
  operationId: "cancelRepushBatch",
  summary: "Cancel a re-push batch",
  tag: "Batches",
  access: "admin",
  params: z.object({ consumer: consumerName(), repush_id: repushId() }),
  response: batchSchema,
  errors: [404, 409],
  async handle({ params }, { app }) {
    return batchView(await cancelBatch(app.db, "repush", params.repush_id, params.consumer));
  },
});
