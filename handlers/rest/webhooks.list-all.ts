// GET /v1/webhooks — webhooks across every consumer (optionally one consumer).
import { z } from "zod";
import { pageInfo, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { queryBool } from "../../lib/http/wire.ts";
import { listWebhooks } from "../../lib/webhooks/webhooks.ts";
import { eventName } from "../schemas/event-types.ts";
import { consumerName } from "../schemas/consumers.ts";
import { webhookListSchema } from "../schemas/webhooks.ts";
import { HEALTH_STATES } from "../schemas/health.ts";

export default rest({
  method: "GET",
  path: "/v1/webhooks",
  operationId: "listAllWebhooks",
  summary: "List webhooks across consumers",
  tag: "Webhooks",
  access: "admin",
  query: z.object({
    consumer: consumerName().optional(),
    event: eventName().optional(),
    active_only: queryBool().default(false),
    health: z.enum(HEALTH_STATES).optional(),
    ...pageQuery,
  }),
  response: webhookListSchema("webhooks"),
  async handle({ query }, { app }) {
    const page = { limit: query.limit, offset: query.offset };
    const { webhooks, total } = await listWebhooks(
      app,
      query.consumer,
      { event: query.event, activeOnly: query.active_only, health: query.health },
      page,
    );
    return { webhooks, pagination: pageInfo(page, total) };
  },
});
