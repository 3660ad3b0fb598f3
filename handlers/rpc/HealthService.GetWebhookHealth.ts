// HealthService.GetWebhookHealth — state and metrics of one webhook; HEALTH_UNSPECIFIED and no metrics without history.
import { z } from "zod";
import { getWebhookHealth } from "../../lib/health/reads.ts";
import { rpc } from "../../lib/http/route.ts";
import { webhookHealthSchema } from "../schemas/health.ts";
import { namespaceName } from "../schemas/consumers.ts";
import { webhookId } from "../schemas/webhooks.ts";
import { rpcHealth } from "./shapes.ts";
import { requireConsumer } from "../../lib/consumers/consumers.ts";

export default rpc({
  service: "HealthService",
  method: "GetWebhookHealth",
  summary: "Get a webhook's health",
  input: z.object({ webhook_id: webhookId(), namespace: namespaceName() }),
  response: webhookHealthSchema,
  async handle({ webhook_id, namespace }, { app }) {
    await requireConsumer(app.db, namespace);
    const h = await getWebhookHealth(app.readDb, namespace, webhook_id);
    return {
      webhook_id: h.webhook_id,
      health: rpcHealth(h.health),
      ...(h.metrics ? { metrics: h.metrics } : {}),
      circuit: h.circuit,
      paused_reason: h.paused_reason,
    };
  },
});
