// SubscriptionService.ListSubscriptions — a namespace's subscriptions, by webhook and event name.
import { z } from "zod";
import { pageInfo, paginationField } from "../../lib/http/pagination.ts";
import { rpc } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { listSubscriptions } from "../../lib/subscriptions/subscriptions.ts";
import { eventName } from "../schemas/event-types.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { subscriptionListSchema } from "../schemas/subscriptions.ts";
import { webhookId } from "../schemas/webhooks.ts";
import { rpcSubscription } from "./shapes.ts";

export default rpc({
  service: "SubscriptionService",
  method: "ListSubscriptions",
  summary: "List subscriptions",
  input: z.object({
    namespace: namespaceName(),
    webhook_id: webhookId().or(z.literal("")).optional(),
    event_name: eventName().or(z.literal("")).optional(),
    pagination: paginationField(),
  }),
  response: subscriptionListSchema,
  async handle({ namespace, webhook_id, event_name, pagination }, { app }) {
    await requireConsumer(app.db, namespace);
    const { subscriptions, total } = await listSubscriptions(
      app.db,
      namespace,
      { webhookId: webhook_id || undefined, eventName: event_name || undefined },
      pagination,
    );
    return { subscriptions: subscriptions.map(rpcSubscription), pagination: pageInfo(pagination, total) };
  },
});
