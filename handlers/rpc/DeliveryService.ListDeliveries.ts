// DeliveryService.ListDeliveries — a namespace's deliveries, newest first, filtered.
import { z } from "zod";
import { listDeliveriesForRetry } from "../../lib/batches/snapshots.ts";
import { pageInfo, paginationField } from "../../lib/http/pagination.ts";
import { rpc } from "../../lib/http/route.ts";
import { deliveryFilter, deliveryListSchema } from "../schemas/deliveries.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { rpcDelivery } from "./shapes.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";

export default rpc({
  service: "DeliveryService",
  method: "ListDeliveries",
  summary: "List deliveries",
  input: z.object({
    namespace: namespaceName(),
    ...deliveryFilter,
    pagination: paginationField(),
    prepare_retry: z.boolean().default(false),
  }),
  response: deliveryListSchema({
    retry_id: z.string().optional().describe("with prepare_retry: a snapshot of up to 10,000 matching deliveries"),
  }),
  async handle(input, { app }) {
    await requireConsumer(app.db, input.namespace);
    const filter = {
      webhookId: input.webhook_id,
      eventId: input.event_id,
      subscriptionId: input.subscription_id,
      status: input.status ? [input.status] : undefined,
      errorCategory: input.error_category,
      createdAfter: input.created_after,
      createdBefore: input.created_before,
    };
    const { deliveries, total, batchId } = await listDeliveriesForRetry(
      app.db,
      input.namespace,
      filter,
      input.pagination,
      input.prepare_retry,
    );
    return {
      deliveries: deliveries.map(rpcDelivery),
      pagination: pageInfo(input.pagination, total),
      ...(batchId ? { retry_id: batchId } : {}),
    };
  },
});
