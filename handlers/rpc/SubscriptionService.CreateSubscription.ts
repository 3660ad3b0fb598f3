// SubscriptionService.CreateSubscription — subscribes a webhook of the same namespace to one event name.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { createSubscription } from "../../lib/subscriptions/subscriptions.ts";
import { eventName } from "../schemas/event-types.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { subscriptionFields } from "../schemas/subscriptions.ts";
import { webhookId } from "../schemas/webhooks.ts";

export default rpc({
  service: "SubscriptionService",
  method: "CreateSubscription",
  summary: "Create a subscription",
  input: z.object({
    webhook_id: webhookId(),
    event_name: eventName(),
    namespace: namespaceName(),
    ...subscriptionFields,
  }),
  response: z.object({ subscription_id: z.string(), created_at: z.string() }),
  async handle({ webhook_id, event_name, namespace, ...fields }, { app }) {
    await requireConsumer(app.db, namespace);
    const s = await createSubscription(app.db, namespace, webhook_id, event_name, fields);
    return { subscription_id: s.subscription_id, created_at: s.created_at };
  },
});
