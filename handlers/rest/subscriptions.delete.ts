// DELETE /v1/consumers/{consumer}/subscriptions/{subscription_id} — remove a subscription.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { deleteSubscription } from "../../lib/subscriptions/subscriptions.ts";
import { consumerName } from "../schemas/consumers.ts";
import { subscriptionId } from "../schemas/subscriptions.ts";

export default rest({
  method: "DELETE",
  path: "/v1/consumers/:consumer/subscriptions/:subscription_id",
  operationId: "deleteSubscription",
  summary: "Delete a subscription",
  tag: "Subscriptions",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName(), subscription_id: subscriptionId() }),
  status: 204,
  errors: [404],
  async handle({ params }, { app }) {
    await deleteSubscription(app.db, params.consumer, params.subscription_id);
  },
});
