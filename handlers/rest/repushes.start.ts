// POST /v1/consumers/{consumer}/repushes/{repush_id}/start — start a re-push batch.
import { z } from "zod";
import { startBatch } from "../../lib/batches/batches.ts";
import { rest } from "../../lib/http/route.ts";
import { batchSchema, batchView, repushId } from "../schemas/batches.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/repushes/:repush_id/start",
  operationId: "startRepushBatch",
  summary: "Start a re-push batch",
  tag: "Batches",
  access: "admin",
  params: z.object({ consumer: consumerName(), repush_id: repushId() }),
  response: batchSchema,
  errors: [404, 409],
  async handle({ params }, { app }) {
    return batchView(await startBatch(app.db, "repush", params.repush_id, params.consumer));
  },
});
