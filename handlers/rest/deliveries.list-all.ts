// GET /v1/deliveries — deliveries across every consumer (optionally one), newest first.
import { z } from "zod";
import { listDeliveries } from "../../lib/deliveries/reads.ts";
import { pageInfo, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { deliveryListSchema } from "../schemas/deliveries.ts";
import { consumerName } from "../schemas/consumers.ts";
import { deliveryQuery, toDeliveryFilter } from "../schemas/delivery-query.ts";

export default rest({
  method: "GET",
  path: "/v1/deliveries",
  operationId: "listAllDeliveries",
  summary: "List deliveries across consumers",
  tag: "Deliveries",
  access: "admin",
  query: z.object({ consumer: consumerName().optional(), ...deliveryQuery, ...pageQuery }),
  response: deliveryListSchema(),
  async handle({ query }, { app }) {
    const page = { limit: query.limit, offset: query.offset };
    const { deliveries, total } = await listDeliveries(app.readDb, query.consumer, toDeliveryFilter(query), page);
    return { deliveries, pagination: pageInfo(page, total) };
  },
});
