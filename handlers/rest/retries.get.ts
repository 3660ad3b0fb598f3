// GET /v1/consumers/{consumer}/retries/{retry_id} — get a retry batch's progress.
import { z } from "zod";
import { getBatch } from "../../lib/batches/batches.ts";
import { rest } from "../../lib/http/route.ts";
import { batchSchema, batchView, retryId } from "../schemas/batches.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/retries/:retry_id",
  operationId: "getRetryBatch",
  summary: "Get a retry batch's progress",
  tag: "Batches",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), retry_id: retryId() }),
  response: batchSchema,
  errors: [404],
  async handle({ params }, { app }) {
    return batchView(await getBatch(app.db, "retry", params.retry_id, params.consumer));
  },
});
