// DeliveryService.ListDeliveries — a namespace's deliveries, newest first, filtered.
import { z } from "zod";
import { snapshotDeliveries } from "../../lib/batches/snapshots.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { listDeliveries } from "../../lib/deliveries/reads.ts";
import { deprecatedAlias, PREPARE_ALIAS_DEPRECATED_AT } from "../../lib/http/deprecation.ts";
import { pageInfo, paginationField } from "../../lib/http/pagination.ts";
import { rpc } from "../../lib/http/route.ts";
import { deliveryFilter, deliveryListSchema, toDeliveryFilterOf } from "../schemas/deliveries.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { rpcDelivery } from "./shapes.ts";

export default rpc({
  service: "DeliveryService",
  method: "ListDeliveries",
  summary: "List deliveries",
  input: z.object({
    namespace: namespaceName(),
    ...deliveryFilter,
    pagination: paginationField(),
    prepare_retry: z.boolean().default(false).describe("deprecated: use PrepareRetry"),
  }),
  response: deliveryListSchema({
    retry_id: z.string().optional().describe("with prepare_retry: a snapshot of up to 10,000 matching deliveries"),
  }),
  async handle(input, ctx) {
    const db = ctx.app.db;
    await requireConsumer(db, input.namespace);
    const filter = toDeliveryFilterOf(input);
    // A list tolerates replication lag; a snapshot for a batch is taken on the primary (lib/db/reads.ts).
    const reads = input.prepare_retry ? db : ctx.app.readDb;
    const { deliveries, total } = await listDeliveries(reads, input.namespace, filter, input.pagination);
    const page = { deliveries: deliveries.map(rpcDelivery), pagination: pageInfo(input.pagination, total) };
    if (!input.prepare_retry) return page;
    // The deprecated alias of PrepareRetry: kept because the specification names it.
    const batch = await snapshotDeliveries(db, input.namespace, filter);
    ctx.responseHeaders = deprecatedAlias("PrepareRetry", PREPARE_ALIAS_DEPRECATED_AT);
    return { ...page, retry_id: batch.id };
  },
});
