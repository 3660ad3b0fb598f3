// GET /v1/consumers/{consumer}/repushes/{repush_id} — get a re-push batch's progress.
import { z } from "zod";
import { getBatch } from "../../lib/batches/batches.ts";
import { rest } from "../../lib/http/route.ts";
import { batchSchema, batchView, repushId } from "../schemas/batches.ts";
import { consumerName } from "../schemas/consumers.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/repushes/:repush_id",
  operationId: "getRepushBatch",
  summary: "Get a re-push batch's progress",
  tag: "Batches",
  access: "admin",
  params: z.object({ consumer: consumerName(), repush_id: repushId() }),
  response: batchSchema,
  errors: [404],
  async handle({ params }, { app }) {
    return batchView(await getBatch(app.db, "repush", params.repush_id, params.consumer));
  },
});
