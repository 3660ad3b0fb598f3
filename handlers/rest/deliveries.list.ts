// GET /v1/consumers/{consumer}/deliveries — a consumer's deliveries, newest first.
import { z } from "zod";
import { snapshotDeliveries } from "../../lib/batches/snapshots.ts";
import { listDeliveries } from "../../lib/deliveries/reads.ts";
import { deprecatedAlias, PREPARE_ALIAS_DEPRECATED_AT } from "../../lib/http/deprecation.ts";
import { queryBool } from "../../lib/http/wire.ts";
import { pageInfo, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { deliveryListSchema } from "../schemas/deliveries.ts";
import { consumerName } from "../schemas/consumers.ts";
import { deliveryQuery, toDeliveryFilter } from "../schemas/delivery-query.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/deliveries",
  operationId: "listDeliveries",
  summary: "List a consumer's deliveries",
  tag: "Deliveries",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName() }),
  query: z.object({
    ...deliveryQuery,
    ...pageQuery,
    prepare_retry: queryBool().default(false).describe("deprecated: POST /retries"),
  }),
  response: deliveryListSchema({
    retry_id: z.string().optional().describe("with prepare_retry=true: start it at /retries/{retry_id}/start"),
  }),
  async handle({ params, query }, ctx) {
    const page = { limit: query.limit, offset: query.offset };
    const filter = toDeliveryFilter(query);
    const { deliveries, total } = await listDeliveries(
      query.prepare_retry ? ctx.app.db : ctx.app.readDb,
      params.consumer,
      filter,
      page,
    );
    if (!query.prepare_retry) return { deliveries, pagination: pageInfo(page, total) };
    // The deprecated alias of POST …/retries (relative to this path): a list that creates is kept only for old clients.
    const batch = await snapshotDeliveries(ctx.app.db, params.consumer, filter);
    ctx.responseHeaders = deprecatedAlias("retries", PREPARE_ALIAS_DEPRECATED_AT);
    return { deliveries, pagination: pageInfo(page, total), retry_id: batch.id };
  },
});
