// PATCH /v1/consumers/{consumer}/subscriptions/{subscription_id} — write the fields present; maps replace.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { updateSubscription } from "../../lib/subscriptions/subscriptions.ts";
import { consumerName } from "../schemas/consumers.ts";
import { subscriptionChanges, subscriptionId, subscriptionSchema } from "../schemas/subscriptions.ts";

export default rest({
  method: "PATCH",
  path: "/v1/consumers/:consumer/subscriptions/:subscription_id",
  operationId: "updateSubscription",
  summary: "Update a subscription",
  tag: "Subscriptions",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), subscription_id: subscriptionId() }),
  body: z.object(subscriptionChanges),
  response: subscriptionSchema,
  errors: [404],
  async handle({ params, body }, { app }) {
    return updateSubscription(app.db, params.consumer, params.subscription_id, body);
  },
});
