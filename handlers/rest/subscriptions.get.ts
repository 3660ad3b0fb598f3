// GET /v1/consumers/{consumer}/subscriptions/{subscription_id} — one subscription.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { getSubscription } from "../../lib/subscriptions/subscriptions.ts";
import { consumerName } from "../schemas/consumers.ts";
import { subscriptionId, subscriptionSchema } from "../schemas/subscriptions.ts";

export default rest({
  method: "GET",
  path: "/v1/consumers/:consumer/subscriptions/:subscription_id",
  operationId: "getSubscription",
  summary: "Get a subscription",
  tag: "Subscriptions",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), subscription_id: subscriptionId() }),
  response: subscriptionSchema,
  errors: [404],
  async handle({ params }, { app }) {
    return getSubscription(app.db, params.consumer, params.subscription_id);
  },
});
