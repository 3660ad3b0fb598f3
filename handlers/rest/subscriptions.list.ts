// GET /v1/consumers/{consumer}/subscriptions — a consumer's subscriptions.
import { z } from "zod";
import { pageInfo, pageQuery } from "../../lib/http/pagination.ts";
import { rest } from "../../lib/http/route.ts";
import { listSubscriptions } from "../../lib/subscriptions/subscriptions.ts";
import { eventName } from "../schemas/event-types.ts";
import { consumerName } from "../schemas/consumers.ts";
import { subscriptionListSchema } from "../schemas/subscriptions.ts";
import { webhookId } from "../schemas/webhooks.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/subscriptions",
  operationId: "listSubscriptions",
  summary: "List a consumer's subscriptions",
  tag: "Subscriptions",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName() }),
  query: z.object({ webhook_id: webhookId().optional(), event_name: eventName().optional(), ...pageQuery }),
  response: subscriptionListSchema,
  async handle({ params, query }, { app }) {
    const page = { limit: query.limit, offset: query.offset };
    const { subscriptions, total } = await listSubscriptions(
      app.db,
      params.consumer,
      { webhookId: query.webhook_id, eventName: query.event_name },
      page,
    );
    return { subscriptions, pagination: pageInfo(page, total) };
  },
});
