// GET /v1/consumers/{consumer}/webhooks — a consumer's webhooks with their health.
import { z } from "zod";
import { pageInfo, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { queryBool } from "../../lib/http/wire.ts";
import { listWebhooks } from "../../lib/webhooks/webhooks.ts";
import { eventName } from "../schemas/event-types.ts";
import { consumerName } from "../schemas/consumers.ts";
import { webhookListSchema } from "../schemas/webhooks.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/webhooks",
  operationId: "listWebhooks",
  summary: "List a consumer's webhooks",
  tag: "Webhooks",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName() }),
  query: z.object({ event: eventName().optional(), active_only: queryBool().default(false), ...pageQuery }),
  response: webhookListSchema("webhooks"),
  async handle({ params, query }, { app }) {
    const page = { limit: query.limit, offset: query.offset };
    const { webhooks, total } = await listWebhooks(
      app,
      params.consumer,
      { event: query.event, activeOnly: query.active_only },
      page,
    );
    return { webhooks, pagination: pageInfo(page, total) };
  },
});
