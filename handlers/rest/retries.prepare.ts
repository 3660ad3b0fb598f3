// POST /v1/consumers/{consumer}/retries — snapshot the deliveries matching a filter as a pending retry batch.
import { z } from "zod";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { snapshotDeliveries } from "../../lib/batches/snapshots.ts";
import { rest } from "../../lib/http/route.ts";
import { batchSchema, batchView } from "../schemas/batches.ts";
import { consumerName } from "../schemas/consumers.ts";
import { deliveryQuery, toDeliveryFilter } from "../schemas/delivery-query.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/retries",
  operationId: "prepareRetryBatch",
  summary: "Prepare a retry batch",
  description:
    "Snapshots up to 10,000 of the consumer's deliveries matching the filter (the filters of listDeliveries), " +
    "newest first, as a pending batch; start it at /retries/{retry_id}/start within 15 minutes. " +
    "Replaces listDeliveries with prepare_retry=true.",
  tag: "Batches",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName() }),
  body: z.object(deliveryQuery).default({ status: undefined }),
  status: 201,
  response: batchSchema.extend({ retry_id: z.string() }),
  errors: [404],
  async handle({ params, body }, { app }) {
    await requireConsumer(app.db, params.consumer);
    const batch = await snapshotDeliveries(app.db, params.consumer, toDeliveryFilter(body));
    return { retry_id: batch.id, ...batchView(batch) };
  },
});
