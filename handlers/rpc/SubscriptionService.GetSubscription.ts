// SubscriptionService.GetSubscription — one subscription of a namespace.
import { z } from "zod";
import { rpc } from "../../lib/http/route.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";
import { getSubscription } from "../../lib/subscriptions/subscriptions.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { subscriptionId, subscriptionSchema } from "../schemas/subscriptions.ts";
import { rpcSubscription } from "./shapes.ts";

export default rpc({
  service: "SubscriptionService",
  method: "GetSubscription",
  summary: "Get a subscription",
  input: z.object({ subscription_id: subscriptionId(), namespace: namespaceName() }),
  response: z.object({ subscription: subscriptionSchema }),
  async handle({ subscription_id, namespace }, { app }) {
    await requireConsumer(app.db, namespace);
    return { subscription: rpcSubscription(await getSubscription(app.db, namespace, subscription_id)) };
  },
});
