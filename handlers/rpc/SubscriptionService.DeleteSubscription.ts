// SubscriptionService.DeleteSubscription — removes a subscription; in-flight deliveries are not cancelled.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { deleteSubscription } from "../../lib/subscriptions/subscriptions.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { subscriptionId } from "../schemas/subscriptions.ts";

export default rpc({
  service: "SubscriptionService",
  method: "DeleteSubscription",
  summary: "Delete a subscription",
  input: z.object({ subscription_id: subscriptionId(), namespace: namespaceName() }),
  async handle({ subscription_id, namespace }, { app }) {
    await requireConsumer(app.db, namespace);
    await deleteSubscription(app.db, namespace, subscription_id);
    return {};
  },
});
