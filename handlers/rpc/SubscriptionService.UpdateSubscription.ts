// SubscriptionService.UpdateSubscription — writes the fields that are set; headers and label_filters replace.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { updateSubscription } from "../../lib/subscriptions/subscriptions.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { subscriptionChanges, subscriptionId } from "../schemas/subscriptions.ts";

export default rpc({
  service: "SubscriptionService",
  method: "UpdateSubscription",
  summary: "Update a subscription",
  input: z.object({ subscription_id: subscriptionId(), namespace: namespaceName(), ...subscriptionChanges }),
  async handle({ subscription_id, namespace, ...changes }, { app }) {
    await requireConsumer(app.db, namespace);
    await updateSubscription(app.db, namespace, subscription_id, changes);
    return {};
  },
});
