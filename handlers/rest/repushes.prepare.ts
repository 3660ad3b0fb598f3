// POST /v1/consumers/{consumer}/repushes — snapshot the events matching a filter as a pending re-push batch.
import { z } from "zod";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { snapshotEvents } from "../../lib/batches/snapshots.ts";
import { rest } from "../../lib/http/route.ts";
import { batchSchema, batchView } from "../schemas/batches.ts";
import { consumerName } from "../schemas/consumers.ts";
import { eventQuery, toEventQueryFilter } from "../schemas/event-query.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/repushes",
  operationId: "prepareRepushBatch",
  summary: "Prepare a re-push batch",
  description:
    "Snapshots up to 10,000 of the consumer's events matching the filter (the filters of listEvents, as JSON)" +
    ", newest first, as a pending batch; start it at /repushes/{repush_id}/start within 15 minutes. " +
    "Replaces listEvents with prepare_repush=true.",
  tag: "Batches",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName() }),
  body: z.object(eventQuery).default({ label: {} }),
  status: 201,
  response: batchSchema.extend({ repush_id: z.string() }),
  errors: [404],
  async handle({ params, body }, { app }) {
    await requireConsumer(app.db, params.consumer);
    const batch = await snapshotEvents(app.db, params.consumer, toEventQueryFilter(body));
    return { repush_id: batch.id, ...batchView(batch) };
  },
});
