// POST /v1/consumers/{consumer}/subscriptions — subscribe one of the consumer's webhooks to an event name.
import { z } from "zod";
import { rest } from "../../lib/http/route.ts";
import { createSubscription } from "../../lib/subscriptions/subscriptions.ts";
import { eventName } from "../schemas/event-types.ts";
import { consumerName } from "../schemas/consumers.ts";
import { subscriptionFields, subscriptionSchema } from "../schemas/subscriptions.ts";
import { webhookId } from "../schemas/webhooks.ts";

export default rest({
  method: "POST",
  path: "/v1/consumers/:consumer/subscriptions",
  operationId: "createSubscription",
  summary: "Create a subscription",
  tag: "Subscriptions",
  access: "admin",
  portal: true,
  params: z.object({ consumer: consumerName() }),
  body: z.object({ webhook_id: webhookId(), event_name: eventName(), ...subscriptionFields }),
  status: 201,
  response: subscriptionSchema,
  errors: [404, 409],
  async handle({ params, body: { webhook_id, event_name, ...fields } }, { app }) {
    return createSubscription(app.db, params.consumer, webhook_id, event_name, fields);
  },
});
